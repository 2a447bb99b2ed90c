#include "compare/history/store.hpp"

#include <chrono>
#include <ctime>

#include "compare/history/schema.hpp"

namespace mdb::history {
namespace {

std::string utc_now() {
  const std::time_t t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

// Rolls back unless committed: a failure or an exception anywhere in add_run leaves the store
// as it was.
class WriteTransaction {
 public:
  explicit WriteTransaction(SqlConnection& db) : db_(db) { db_.begin_write(); }
  ~WriteTransaction() {
    if (open_) {
      try {
        db_.exec("ROLLBACK");
      } catch (...) {  // the connection is gone: the database rolls back on its own
      }
    }
  }
  WriteTransaction(const WriteTransaction&) = delete;
  WriteTransaction& operator=(const WriteTransaction&) = delete;
  void commit() {
    db_.exec("COMMIT");
    open_ = false;
  }

 private:
  SqlConnection& db_;
  bool open_ = true;
};

}  // namespace

Store::Store(std::unique_ptr<SqlConnection> db, Open mode) : db_(std::move(db)) {
  int version = stored_schema_version(*db_);
  if (version == kSchemaVersion) return;
  if (version == 0 && mode == Open::kExisting) {
    throw StoreError(db_->describe() + ": holds no mdbench history yet (add a run first)");
  }
  WriteTransaction tx(*db_);
  version = stored_schema_version(*db_);  // another writer may have got there first
  if (version == 0) {
    create_schema(*db_, kSchemaVersion);
  } else if (version < kSchemaVersion) {
    migrate_schema(*db_, version);
  }
  tx.commit();
}

int Store::schema_version() {
  return stored_schema_version(*db_);
}

std::int64_t Store::id_of(const std::string& table, const std::string& name) {
  db_->query("INSERT INTO " + table + " (name) VALUES ($1) ON CONFLICT (name) DO NOTHING", {name},
             [](const SqlRow&) {});
  return query_integer(*db_, "SELECT id FROM " + table + " WHERE name = $1", {name}, -1);
}

std::int64_t Store::add_run(const RunRecord& run,
                            const std::function<void(std::size_t)>& after_row) {
  WriteTransaction tx(*db_);
  std::string existing;
  db_->query("SELECT id, commit_sha, added_at FROM mdb_runs WHERE run_key = $1", {run.key},
             [&](const SqlRow& row) {
               existing = "run " + std::to_string(row.integer(0)) + " (commit " +
                          (row.text(1).empty() ? "unknown" : row.text(1)) + ", added " +
                          row.text(2) + ")";
             });
  if (!existing.empty()) {
    throw DuplicateRunError("this run is already stored as " + existing);
  }
  const std::int64_t run_id = query_integer(
      *db_,
      "INSERT INTO mdb_runs (run_key, commit_sha, branch, run_time, machine, cpu_model, gpu,"
      " build, version, source, context, added_at)"
      " VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) RETURNING id",
      {run.key, run.commit, run.branch, run.time, run.machine, run.cpu_model, run.gpu, run.build,
       run.version, run.source, run.context.dump(), utc_now()},
      -1);
  std::size_t done = 0;
  for (const auto& row : run.rows) {
    const std::int64_t bench_id = id_of("mdb_benchmarks", row.name);
    db_->query(
        "INSERT INTO mdb_rows (run_id, benchmark_id, status, message, time_unit)"
        " VALUES ($1, $2, $3, $4, $5)",
        {run_id, bench_id, row.status, row.message, row.time_unit}, [](const SqlRow&) {});
    std::vector<std::vector<SqlValue>> values;
    for (const auto& m : row.metrics) {
      const std::int64_t metric_id = id_of("mdb_metrics", m.metric);
      for (std::size_t rep = 0; rep < m.values.size(); ++rep) {
        values.push_back(
            {run_id, bench_id, metric_id, static_cast<std::int64_t>(rep), sql_real(m.values[rep])});
      }
    }
    db_->execute_many(
        "INSERT INTO mdb_samples (run_id, benchmark_id, metric_id, repetition, value)"
        " VALUES ($1, $2, $3, $4, $5)",
        values);
    ++done;
    if (after_row) after_row(done);
  }
  tx.commit();
  return run_id;
}

std::vector<RunInfo> Store::runs() {
  std::vector<RunInfo> out;
  db_->query(
      "SELECT r.id, r.run_key, r.commit_sha, r.branch, r.run_time, r.machine, r.cpu_model, r.gpu,"
      " r.build, r.version, r.source, r.added_at,"
      " (SELECT count(*) FROM mdb_rows w WHERE w.run_id = r.id)"
      " FROM mdb_runs r ORDER BY r.machine, r.run_time, r.id",
      {}, [&](const SqlRow& row) {
        RunInfo r;
        r.id = row.integer(0);
        r.key = row.text(1);
        r.commit = row.text(2);
        r.branch = row.text(3);
        r.time = row.text(4);
        r.machine = row.text(5);
        r.cpu_model = row.text(6);
        r.gpu = row.text(7);
        r.build = row.text(8);
        r.version = row.text(9);
        r.source = row.text(10);
        r.added_at = row.text(11);
        r.rows = row.integer(12);
        out.push_back(std::move(r));
      });
  return out;
}

std::vector<std::pair<std::int64_t, std::string>> Store::benchmarks() {
  std::vector<std::pair<std::int64_t, std::string>> out;
  db_->query("SELECT id, name FROM mdb_benchmarks ORDER BY id", {},
             [&](const SqlRow& row) { out.emplace_back(row.integer(0), row.text(1)); });
  return out;
}

std::vector<std::string> Store::metrics() {
  std::vector<std::string> out;
  db_->query("SELECT name FROM mdb_metrics ORDER BY name", {},
             [&](const SqlRow& row) { out.push_back(row.text(0)); });
  return out;
}

void Store::for_each_value(const std::string& metric,
                           const std::function<void(const MetricSample&)>& each) {
  const std::int64_t metric_id =
      query_integer(*db_, "SELECT id FROM mdb_metrics WHERE name = $1", {metric}, -1);
  if (metric_id < 0) return;
  db_->query("SELECT run_id, benchmark_id, value FROM mdb_samples WHERE metric_id = $1",
             {metric_id}, [&](const SqlRow& row) {
               each(MetricSample{row.integer(0), row.integer(1), row.real(2)});
             });
}

void Store::for_each_sample(const std::function<void(const StoredSample&)>& each) {
  db_->query(
      "SELECT s.run_id, b.name, m.name, s.repetition, s.value FROM mdb_samples s"
      " JOIN mdb_benchmarks b ON b.id = s.benchmark_id JOIN mdb_metrics m ON m.id = s.metric_id"
      " ORDER BY s.run_id, b.name, m.name, s.repetition",
      {}, [&](const SqlRow& row) {
        each(StoredSample{row.integer(0), row.text(1), row.text(2),
                          static_cast<int>(row.integer(3)), row.real(4)});
      });
}

std::int64_t Store::count(const std::string& table) {
  return query_integer(*db_, "SELECT count(*) FROM " + table, {}, 0);
}

std::int64_t query_integer(SqlConnection& db, std::string_view sql,
                           const std::vector<SqlValue>& params, std::int64_t fallback) {
  std::int64_t out = fallback;
  db.query(sql, params, [&](const SqlRow& row) {
    if (!row.is_null(0)) out = row.integer(0);
  });
  return out;
}

}  // namespace mdb::history
