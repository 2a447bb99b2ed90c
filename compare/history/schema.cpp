#include "compare/history/schema.hpp"

#include <vector>

namespace mdb::history {
namespace {

// Version 1: the first store. `rows` and `samples` reference the run so a run is one unit.
std::string schema_v1(const std::string& id) {
  return "CREATE TABLE mdb_meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);"
         "CREATE TABLE mdb_runs (id " +
         id +
         ", run_key TEXT NOT NULL UNIQUE,"
         " commit_sha TEXT NOT NULL, branch TEXT NOT NULL, run_time TEXT NOT NULL,"
         " machine TEXT NOT NULL, cpu_model TEXT NOT NULL, gpu TEXT NOT NULL,"
         " build TEXT NOT NULL, version TEXT NOT NULL, source TEXT NOT NULL,"
         " context TEXT NOT NULL, added_at TEXT NOT NULL);"
         "CREATE TABLE mdb_benchmarks (id " +
         id +
         ", name TEXT NOT NULL UNIQUE);"
         "CREATE TABLE mdb_metrics (id " +
         id +
         ", name TEXT NOT NULL UNIQUE);"
         "CREATE TABLE mdb_rows (run_id BIGINT NOT NULL REFERENCES mdb_runs(id),"
         " benchmark_id BIGINT NOT NULL REFERENCES mdb_benchmarks(id), status TEXT NOT NULL,"
         " message TEXT NOT NULL, time_unit TEXT NOT NULL, PRIMARY KEY (run_id, benchmark_id));"
         "CREATE TABLE mdb_samples (run_id BIGINT NOT NULL REFERENCES mdb_runs(id),"
         " benchmark_id BIGINT NOT NULL REFERENCES mdb_benchmarks(id),"
         " metric_id BIGINT NOT NULL REFERENCES mdb_metrics(id), repetition INTEGER NOT NULL,"
         " value DOUBLE PRECISION, PRIMARY KEY (run_id, benchmark_id, metric_id, repetition));";
}

// Each step takes the store from version i + 1 to i + 2. Version 2: detect and list read runs
// per machine in time order.
const std::vector<std::string>& migrations() {
  static const std::vector<std::string> steps = {
      "CREATE INDEX mdb_runs_by_machine ON mdb_runs (machine, run_time, id);",
  };
  return steps;
}

void set_version(SqlConnection& db, int version) {
  db.query("UPDATE mdb_meta SET value = $1 WHERE key = 'schema_version'", {std::to_string(version)},
           [](const SqlRow&) {});
}

// Runs the migration steps that take a store from version `from` to version `to`.
void step_up(SqlConnection& db, int from, int to) {
  for (int v = from; v < to; ++v) {
    db.exec(migrations()[static_cast<std::size_t>(v - 1)]);
    set_version(db, v + 1);
  }
}

bool has_table(SqlConnection& db, const std::string& name) {
  const std::string sql =
      db.dialect() == "sqlite"
          ? "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name = $1"
          : "SELECT count(*) FROM information_schema.tables WHERE "
            "table_schema = current_schema() AND table_name = $1";
  return query_integer(db, sql, {name}, 0) > 0;
}

}  // namespace

int stored_schema_version(SqlConnection& db) {
  if (!has_table(db, "mdb_meta")) {
    // A PostgreSQL database is shared: other tools' tables do not make it foreign. An SQLite
    // file is the store itself: anything in it that is not ours means it is someone else's.
    if (db.dialect() == "sqlite" &&
        query_integer(db, "SELECT count(*) FROM sqlite_master", {}, 0) > 0) {
      throw StoreError(db.describe() + ": an SQLite database, but not an mdbench history store");
    }
    return 0;
  }
  std::string app, version;
  db.query("SELECT key, value FROM mdb_meta", {}, [&](const SqlRow& row) {
    if (row.text(0) == "application") app = row.text(1);
    if (row.text(0) == "schema_version") version = row.text(1);
  });
  if (app != kApplication || version.empty()) {
    throw StoreError(db.describe() + ": has an mdb_meta table, but not an mdbench history store's");
  }
  int v = 0;
  try {
    v = std::stoi(version);
  } catch (const std::exception&) {
    throw StoreError(db.describe() + ": schema version '" + version + "' is not a number");
  }
  if (v > kSchemaVersion) {
    throw StoreError(db.describe() + ": written by a newer mdbench (store schema " + version +
                     "; this build reads up to " + std::to_string(kSchemaVersion) + ")");
  }
  if (v < 1) throw StoreError(db.describe() + ": schema version " + version + " is not valid");
  return v;
}

void create_schema(SqlConnection& db, int version) {
  if (version < 1 || version > kSchemaVersion) {
    throw StoreError("cannot create schema version " + std::to_string(version));
  }
  db.exec(schema_v1(db.id_column()));
  db.query("INSERT INTO mdb_meta (key, value) VALUES ('application', $1), ('schema_version', '1')",
           {std::string(kApplication)}, [](const SqlRow&) {});
  step_up(db, 1, version);
}

void migrate_schema(SqlConnection& db, int from) {
  step_up(db, from, kSchemaVersion);
}

}  // namespace mdb::history
