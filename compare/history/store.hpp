#pragma once
// The results store: runs in, runs and values out, over any SqlConnection. The schema and every
// statement live here once; the SQLite and PostgreSQL adapters only carry them.
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "compare/history/run_record.hpp"
#include "compare/history/sql_connection.hpp"

namespace mdb::history {

/// A stored run, without its values.
struct RunInfo {
  std::int64_t id = 0;
  std::string key, commit, branch, time, machine, cpu_model, gpu, build, version, source;
  std::string added_at;
  std::int64_t rows = 0;
};

/// One stored value, as `export` writes it.
struct StoredSample {
  std::int64_t run_id = 0;
  std::string benchmark;
  std::string metric;
  int repetition = 0;
  double value = 0;  // NaN where the run wrote NaN
};

/// One value of one metric, as detect and show read a metric.
struct MetricSample {
  std::int64_t run_id = 0;
  std::int64_t benchmark_id = 0;
  double value = 0;
};

class Store {
 public:
  enum class Open { kExisting, kCreate };

  /// Opens (and with kCreate, initialises) the store behind `db`, migrating an older schema in
  /// one transaction. Throws StoreError with one line when it is not a store this build reads.
  Store(std::unique_ptr<SqlConnection> db, Open mode);

  int schema_version();
  std::string describe() const { return db_->describe(); }

  /// Adds a run in one transaction; its id. Throws DuplicateRunError when a run with the same
  /// content is stored. `after_row` (tests) is called after each row's values are written,
  /// before the commit.
  std::int64_t add_run(const RunRecord& run,
                       const std::function<void(std::size_t)>& after_row = nullptr);

  /// Every run, by machine, then time, then the order added.
  std::vector<RunInfo> runs();
  /// Benchmark names by id.
  std::vector<std::pair<std::int64_t, std::string>> benchmarks();
  std::vector<std::string> metrics();
  /// Every value of `metric` (any order).
  void for_each_value(const std::string& metric,
                      const std::function<void(const MetricSample&)>& each);
  /// Every value of every metric, by run, benchmark, metric and repetition.
  void for_each_sample(const std::function<void(const StoredSample&)>& each);
  /// Rows in one of the store's tables (tests and `list` count with it).
  std::int64_t count(const std::string& table);

  SqlConnection& connection() { return *db_; }

 private:
  std::int64_t id_of(const std::string& table, const std::string& name);

  std::unique_ptr<SqlConnection> db_;
};

}  // namespace mdb::history
