#pragma once
// The store's tables, their version, and the path from each older version to this one. Every
// table is prefixed mdb_ so a store can share a PostgreSQL database with other tools.
#include <string>

#include "compare/history/sql_connection.hpp"

namespace mdb::history {

/// The version this build writes; a store with a higher one is refused, a lower one migrated.
inline constexpr int kSchemaVersion = 2;
/// What mdb_meta's "application" says, so a foreign database with an mdb_meta is still refused.
inline constexpr const char* kApplication = "mdbench-history";

/// The version stored in `db`: 0 when the database holds no tables at all (a new store).
/// Throws StoreError (one line) for a database that holds other tables but no mdbench store,
/// one whose mdb_meta belongs to something else, and one written by a newer schema.
int stored_schema_version(SqlConnection& db);

/// Creates the tables of schema `version` (1..kSchemaVersion) in an empty database, inside the
/// caller's transaction. Tests use older versions to check migration.
void create_schema(SqlConnection& db, int version);

/// Brings a store from `from` to kSchemaVersion, inside the caller's transaction.
void migrate_schema(SqlConnection& db, int from);

}  // namespace mdb::history
