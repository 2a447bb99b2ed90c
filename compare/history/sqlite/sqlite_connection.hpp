#pragma once
// The one file pair that includes SQLite's API (target mdb_history_sqlite).
#include <memory>
#include <string>

#include "compare/history/sql_connection.hpp"

namespace mdb::history {

/// Opens the SQLite file at `path` in WAL mode with a busy timeout, so concurrent writers queue.
/// With `create`, a missing file is created; without, it is a StoreError. A file that is not an
/// SQLite database is a StoreError with one line.
std::unique_ptr<SqlConnection> open_sqlite(const std::string& path, bool create);

}  // namespace mdb::history
