// `history`'s command line in process: exit codes and one-line errors for bad input.
#include <fstream>
#include <sstream>

#include <gtest/gtest.h>

#include "compare/history/history_cli.hpp"
#include "history_fixtures.hpp"

namespace mdb::history {
namespace {

struct Result {
  int rc;
  std::string out, err;
};

Result run(std::vector<std::string> args) {
  std::ostringstream out, err;
  const int rc = history_main(args, out, err);
  return {rc, out.str(), err.str()};
}

std::size_t lines(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

class HistoryCli : public ::testing::Test {
 protected:
  void SetUp() override {
    loc_ = testing::fresh_store("sqlite",
                                ::testing::UnitTest::GetInstance()->current_test_info()->name());
    if (!loc_.skip_reason.empty()) GTEST_SKIP() << loc_.skip_reason;
  }
  std::vector<std::string> db(std::vector<std::string> rest) {
    rest.insert(rest.begin(), {"--db", loc_.where});
    return rest;
  }
  testing::StoreLocation loc_;
};

TEST_F(HistoryCli, AddListShowExport) {
  const auto add = run(db({"add", testing::data_path("md_bench_real.json"), "--commit", "abc",
                           "--branch", "main", "--time", "2026-02-01T00:00:00Z"}));
  ASSERT_EQ(add.rc, 0) << add.err;
  const auto list = run(db({"list"}));
  ASSERT_EQ(list.rc, 0) << list.err;
  EXPECT_NE(list.out.find("abc"), std::string::npos);
  EXPECT_NE(list.out.find("1 runs"), std::string::npos);
  const auto show =
      run(db({"show", "Step/NVE/64/lj-ar/cpu/manual_time", "--metric", "steps_per_s"}));
  ASSERT_EQ(show.rc, 0) << show.err;
  EXPECT_NE(show.out.find("2026-02-01T00:00:00Z"), std::string::npos);
  const auto csv = run(db({"export"}));
  ASSERT_EQ(csv.rc, 0) << csv.err;
  // A header, then one line per stored value.
  EXPECT_EQ(
      csv.out.rfind("run_id,commit,branch,time,machine,benchmark,metric,repetition,value\n", 0),
      0u);
  const auto json = run(db({"export", "--format", "json"}));
  ASSERT_EQ(json.rc, 0) << json.err;
  const auto doc = nlohmann::json::parse(json.out);
  ASSERT_EQ(doc["runs"].size(), 1u);
  std::size_t values = 0;
  for (const auto& [bench, metrics] : doc["runs"][0]["values"].items()) {
    for (const auto& [metric, v] : metrics.items()) values += v.size();
  }
  EXPECT_EQ(values + 1, lines(csv.out));
}

TEST_F(HistoryCli, TheSameRunTwiceIsRefusedWithExit2) {
  ASSERT_EQ(run(db({"add", testing::data_path("md_bench_real.json")})).rc, 0);
  const auto again = run(db({"add", testing::data_path("md_bench_real.json"), "--commit", "x"}));
  EXPECT_EQ(again.rc, 2);
  EXPECT_NE(again.err.find("already stored"), std::string::npos) << again.err;
  EXPECT_EQ(lines(again.err), 1u) << again.err;
}

TEST_F(HistoryCli, AForeignFileIsRefusedInOneLineAndLeftAlone) {
  {
    std::ofstream f(loc_.where);
    f << "commit,time\nabc,1\n";
  }
  for (const char* cmd : {"list", "add"}) {
    std::vector<std::string> args = db({cmd});
    if (std::string(cmd) == "add") args.push_back(testing::data_path("md_bench_real.json"));
    const auto r = run(args);
    EXPECT_EQ(r.rc, 2) << cmd;
    EXPECT_NE(r.err.find("not an SQLite database"), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
  std::ifstream f(loc_.where);
  std::string text((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "commit,time\nabc,1\n");
}

TEST_F(HistoryCli, AnotherProgramsSqliteDatabaseIsRefusedInOneLine) {
  {
    // Someone else's database: one table of theirs, none of ours.
    auto store = open_store(loc_.where, Store::Open::kCreate);
    store->connection().exec(
        "DROP TABLE mdb_samples; DROP TABLE mdb_rows; DROP TABLE mdb_metrics;"
        " DROP TABLE mdb_benchmarks; DROP TABLE mdb_runs; DROP TABLE mdb_meta;"
        " CREATE TABLE accounts (id INTEGER PRIMARY KEY, name TEXT)");
  }
  for (const char* cmd : {"list", "add"}) {
    std::vector<std::string> args = db({cmd});
    if (std::string(cmd) == "add") args.push_back(testing::data_path("md_bench_real.json"));
    const auto r = run(args);
    EXPECT_EQ(r.rc, 2) << cmd;
    EXPECT_NE(r.err.find("not an mdbench history store"), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
}

TEST_F(HistoryCli, ACorruptStoreIsRefusedInOneLine) {
  ASSERT_EQ(run(db({"add", testing::data_path("md_bench_real.json")})).rc, 0);
  // Overwrite the header's magic bytes: SQLite no longer recognises the file.
  {
    std::fstream f(loc_.where, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(0);
    f.write("garbage garbage!", 16);
  }
  const auto r = run(db({"list"}));
  EXPECT_EQ(r.rc, 2);
  EXPECT_EQ(lines(r.err), 1u) << r.err;
}

TEST_F(HistoryCli, BadInputIsExit2InOneLine) {
  ASSERT_EQ(run(db({"add", testing::data_path("md_bench_real.json")})).rc, 0);
  const std::vector<std::vector<std::string>> cases = {
      db({"add", testing::data_path("malformed.json")}),
      db({"add", testing::data_path("no_such_file.json")}),
      db({"add"}),
      db({"frobnicate"}),
      db({"list", "--colour", "red"}),
      db({"show", "No/Such/Benchmark"}),
      db({"export", "--format", "xml"}),
      {"--db", loc_.where + ".missing", "list"},
  };
  for (const auto& args : cases) {
    const auto r = run(args);
    EXPECT_EQ(r.rc, 2) << args.back();
    EXPECT_EQ(lines(r.err), 1u) << r.err;
  }
  // Nothing was added by the bad adds.
  const auto list = run(db({"list"}));
  EXPECT_NE(list.out.find("1 runs"), std::string::npos) << list.out;
}

}  // namespace
}  // namespace mdb::history
