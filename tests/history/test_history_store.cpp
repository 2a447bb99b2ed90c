// The results store on every backend: round trip, duplicate runs, schema versions, concurrent
// writers and a writer killed mid-run. The same bodies run on SQLite and PostgreSQL.
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include "compare/diff/gbench_json.hpp"
#include "compare/history/schema.hpp"
#include "compare/history/store.hpp"
#include "history_fixtures.hpp"

namespace mdb::history {
namespace {

using testing::fresh_store;
using testing::synthetic_run;

class StoreTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    loc_ = fresh_store(GetParam(), ::testing::UnitTest::GetInstance()->current_test_info()->name());
    if (!loc_.skip_reason.empty()) GTEST_SKIP() << loc_.skip_reason;
  }
  std::unique_ptr<Store> open(Store::Open mode = Store::Open::kCreate) {
    return open_store(loc_.where, mode);
  }
  testing::StoreLocation loc_;
};

TEST_P(StoreTest, KeepsEveryRowRepetitionAndCounterOfARealRun) {
  const auto file = compare::load_benchmark_json(testing::data_path("md_bench_real.json"));
  const RunRecord record = make_run_record(file, {"abc123", "main", "", ""});
  auto store = open();
  const std::int64_t id = store->add_run(record);
  const auto runs = store->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].id, id);
  EXPECT_EQ(runs[0].commit, "abc123");
  EXPECT_EQ(runs[0].branch, "main");
  EXPECT_EQ(runs[0].time, file.context["date"].get<std::string>());
  EXPECT_EQ(runs[0].machine, "AMD EPYC");
  EXPECT_EQ(runs[0].source, "md_bench");
  // The file has 5 benchmarks of 3 repetitions: every value of every one is there.
  EXPECT_EQ(runs[0].rows, 5);
  EXPECT_EQ(store->count("mdb_samples"), static_cast<std::int64_t>(record.sample_count()));
  // A value read back is the value in the file (real_time in ns; the file writes us).
  const auto* row = file.find("Step/NVE/64/lj-ar/cpu/manual_time");
  ASSERT_NE(row, nullptr);
  bool found = false;
  store->for_each_sample([&](const StoredSample& s) {
    if (s.benchmark == row->run_name && s.metric == "real_time" && s.repetition == 0) {
      EXPECT_DOUBLE_EQ(s.value, row->real_time_ns());
      found = true;
    }
  });
  EXPECT_TRUE(found);
  // The whole context is kept.
  std::string context;
  store->connection().query("SELECT context FROM mdb_runs", {},
                            [&](const SqlRow& r) { context = r.text(0); });
  EXPECT_EQ(nlohmann::json::parse(context), file.context);
}

TEST_P(StoreTest, RefusesTheSameRunTwiceAndKeepsTheFirst) {
  auto store = open();
  store->add_run(synthetic_run("same", 3, 2, 2, 1.0));
  const auto samples = store->count("mdb_samples");
  EXPECT_THROW(store->add_run(synthetic_run("same", 3, 2, 2, 1.0)), DuplicateRunError);
  EXPECT_EQ(store->count("mdb_runs"), 1);
  EXPECT_EQ(store->count("mdb_samples"), samples);
  store->add_run(synthetic_run("other", 3, 2, 2, 2.0));  // the store still takes new runs
  EXPECT_EQ(store->count("mdb_runs"), 2);
}

TEST_P(StoreTest, NaNValuesComeBackAsNaN) {
  auto store = open();
  RunRecord r = synthetic_run("nan", 1, 1, 2, 1.0);
  r.rows[0].metrics[0].values[1] = std::nan("");
  store->add_run(r);
  int nans = 0;
  store->for_each_sample([&](const StoredSample& s) { nans += std::isnan(s.value); });
  EXPECT_EQ(nans, 1);
}

TEST_P(StoreTest, MigratesAStoreWrittenByTheFirstSchema) {
  {
    // A version-1 store with one run in it: open (current schema), drop it, write version 1.
    auto store = open();
    auto& db = store->connection();
    db.exec(
        "DROP TABLE mdb_samples; DROP TABLE mdb_rows; DROP TABLE mdb_metrics;"
        " DROP TABLE mdb_benchmarks; DROP TABLE mdb_runs; DROP TABLE mdb_meta");
    db.begin_write();
    create_schema(db, 1);
    db.query(
        "INSERT INTO mdb_runs (run_key, commit_sha, branch, run_time, machine, cpu_model,"
        " gpu, build, version, source, context, added_at) VALUES ('k1', 'c1', 'main',"
        " '2026-01-01', 'm', '', '', '', '1', 'md_bench', '{}', '2026-01-01')",
        {}, [](const SqlRow&) {});
    db.exec("COMMIT");
    EXPECT_EQ(stored_schema_version(db), 1);
  }
  auto store = open(Store::Open::kExisting);
  EXPECT_EQ(store->schema_version(), kSchemaVersion);
  const auto runs = store->runs();
  ASSERT_EQ(runs.size(), 1u);
  EXPECT_EQ(runs[0].commit, "c1");
  store->add_run(synthetic_run("after-migration", 2, 1, 1, 1.0));
  EXPECT_EQ(store->count("mdb_runs"), 2);
}

TEST_P(StoreTest, RefusesAStoreFromANewerSchemaInOneLine) {
  {
    auto store = open();
    store->connection().exec("UPDATE mdb_meta SET value = '99' WHERE key = 'schema_version'");
  }
  try {
    open(Store::Open::kExisting);
    FAIL() << "a schema-99 store was opened";
  } catch (const StoreError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find("newer"), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
}

TEST_P(StoreTest, RefusesAForeignMetaTable) {
  {
    auto store = open();
    store->connection().exec(
        "UPDATE mdb_meta SET value = 'someone-else' WHERE key = 'application'");
  }
  EXPECT_THROW(open(Store::Open::kExisting), StoreError);
}

TEST_P(StoreTest, AnEmptyStoreIsNotOpenedForReading) {
  EXPECT_THROW(open(Store::Open::kExisting), StoreError);
}

// Writers in separate processes, each adding its runs through its own connection: every run
// and every value arrives.
TEST_P(StoreTest, ConcurrentWritersLoseNothing) {
  open().reset();  // create the store first, so the writers race on runs, not on creation
  constexpr int kWriters = 4, kRunsEach = 6, kRows = 20, kMetrics = 3, kReps = 3;
  std::vector<pid_t> children;
  for (int w = 0; w < kWriters; ++w) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int rc = 0;
      try {
        auto store = open_store(loc_.where, Store::Open::kExisting);
        for (int k = 0; k < kRunsEach; ++k) {
          const std::string key = "w" + std::to_string(w) + "-" + std::to_string(k);
          store->add_run(synthetic_run(key, kRows, kMetrics, kReps, w * 100.0 + k));
        }
      } catch (const std::exception& e) {
        std::fprintf(stderr, "writer %d: %s\n", w, e.what());
        rc = 1;
      }
      ::_exit(rc);
    }
    children.push_back(pid);
  }
  for (const pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer failed";
  }
  auto store = open(Store::Open::kExisting);
  EXPECT_EQ(store->count("mdb_runs"), kWriters * kRunsEach);
  EXPECT_EQ(store->count("mdb_rows"), kWriters * kRunsEach * kRows);
  EXPECT_EQ(store->count("mdb_samples"), kWriters * kRunsEach * kRows * kMetrics * kReps);
}

// A writer killed (SIGKILL: no destructor, no rollback of its own) after half its rows leaves
// the store exactly as it was, and the next writer is not blocked by it.
TEST_P(StoreTest, AWriterKilledMidRunLeavesTheStoreAsItWas) {
  {
    auto store = open();
    store->add_run(synthetic_run("before", 10, 2, 2, 1.0));
  }
  const auto before_runs = open(Store::Open::kExisting)->count("mdb_runs");
  const auto before_samples = open(Store::Open::kExisting)->count("mdb_samples");
  const pid_t pid = ::fork();
  ASSERT_GE(pid, 0);
  if (pid == 0) {
    auto store = open_store(loc_.where, Store::Open::kExisting);
    store->add_run(synthetic_run("killed", 40, 2, 2, 2.0), [](std::size_t rows_written) {
      if (rows_written == 20) ::raise(SIGKILL);
    });
    ::_exit(0);  // not reached
  }
  int status = 0;
  ASSERT_EQ(::waitpid(pid, &status, 0), pid);
  ASSERT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL) << "the writer was not killed";
  auto store = open(Store::Open::kExisting);
  EXPECT_EQ(store->count("mdb_runs"), before_runs);
  EXPECT_EQ(store->count("mdb_samples"), before_samples);
  EXPECT_EQ(store->count("mdb_rows"), 10);
  // The killed run was never stored, so it can be added now, whole.
  store->add_run(synthetic_run("killed", 40, 2, 2, 2.0));
  EXPECT_EQ(store->count("mdb_rows"), 50);
}

INSTANTIATE_TEST_SUITE_P(Backends, StoreTest, ::testing::Values("sqlite", "postgres"),
                         [](const auto& p) { return p.param; });

}  // namespace
}  // namespace mdb::history
