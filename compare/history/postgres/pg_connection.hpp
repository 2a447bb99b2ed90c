#pragma once
// The one file pair that includes libpq (target mdb_history_pg).
#include <memory>
#include <string>

#include "compare/history/sql_connection.hpp"

namespace mdb::history {

/// Connects to PostgreSQL with a libpq connection string or URL (postgresql://user@host/db).
/// Writers take a transaction-scoped advisory lock, so concurrent runners queue. Throws
/// StoreError with one line (the URL without its password) when the server cannot be reached.
std::unique_ptr<SqlConnection> open_postgres(const std::string& conninfo);

/// The URL with any password removed, for messages.
std::string redact_password(const std::string& conninfo);

}  // namespace mdb::history
