#include "bench/options.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <sstream>
#include <string>
#include <string_view>
#include <vector>

#include "bench/custom_case.hpp"
#include "bench/gbench_flags.hpp"

namespace mdb::bench {
namespace {

// Owns argv strings for parse_md_options, which edits argv in place.
struct Args {
  std::vector<std::string> storage;
  std::vector<char*> argv;
  int argc = 0;
  explicit Args(std::vector<std::string> a) : storage(std::move(a)) {
    for (auto& s : storage) argv.push_back(s.data());
    argv.push_back(nullptr);
    argc = static_cast<int>(storage.size());
  }
  MdOptions parse() { return parse_md_options(argc, argv.data()); }
};

TEST(RequestedRepetitions, FlagOverEnvironmentOverOne) {
  unsetenv("BENCHMARK_REPETITIONS");
  Args none({"md_bench", "--benchmark_filter=NVE"});
  EXPECT_EQ(read_gbench_flags(none.argc, none.argv.data()).repetitions, 1);
  Args flag({"md_bench", "--benchmark_repetitions=3", "--benchmark_repetitions=10"});
  EXPECT_EQ(read_gbench_flags(flag.argc, flag.argv.data()).repetitions, 10);  // the last one counts
  // Google Benchmark reads only --flag=value and ignores values it cannot parse.
  Args bad({"md_bench", "--benchmark_repetitions", "5", "--benchmark_repetitions=x"});
  EXPECT_EQ(read_gbench_flags(bad.argc, bad.argv.data()).repetitions, 1);
  setenv("BENCHMARK_REPETITIONS", "4", 1);
  EXPECT_EQ(read_gbench_flags(none.argc, none.argv.data()).repetitions, 4);
  EXPECT_EQ(read_gbench_flags(flag.argc, flag.argv.data()).repetitions, 10);
  unsetenv("BENCHMARK_REPETITIONS");
}

TEST(GbenchFlags, ReadAsGoogleBenchmarkReadsThem) {
  for (const char* v : {"BENCHMARK_MIN_TIME", "BENCHMARK_OUT", "BENCHMARK_OUT_FORMAT",
                        "BENCHMARK_ENABLE_RANDOM_INTERLEAVING", "BENCHMARK_FORMAT",
                        "BENCHMARK_DISPLAY_AGGREGATES_ONLY", "BENCHMARK_REPORT_AGGREGATES_ONLY"}) {
    unsetenv(v);
  }
  Args none({"b"});
  const GbenchFlags d = read_gbench_flags(none.argc, none.argv.data());
  EXPECT_DOUBLE_EQ(d.min_time_s, 0.5);
  EXPECT_EQ(d.out, "");
  EXPECT_EQ(d.out_format, "json");
  EXPECT_FALSE(d.random_interleaving);
  EXPECT_FALSE(d.display_aggregates_only);
  EXPECT_FALSE(d.report_aggregates_only);
  Args set({"b", "--benchmark_min_time=0.2", "--benchmark_min_time=x", "--benchmark_out=r.json",
            "--benchmark_out_format=csv", "--benchmark_enable_random_interleaving",
            "--benchmark_display_aggregates_only", "--benchmark_report_aggregates_only=false"});
  const GbenchFlags f = read_gbench_flags(set.argc, set.argv.data());
  EXPECT_DOUBLE_EQ(f.min_time_s, 0.2);         // a value it cannot parse is ignored
  Args zero({"b", "--benchmark_min_time=0"});  // Google Benchmark's "report the first run"
  EXPECT_DOUBLE_EQ(read_gbench_flags(zero.argc, zero.argv.data()).min_time_s, 0.0);
  EXPECT_EQ(f.out, "r.json");
  EXPECT_EQ(f.out_format, "csv");
  EXPECT_TRUE(f.random_interleaving);
  EXPECT_TRUE(f.display_aggregates_only);
  EXPECT_FALSE(f.report_aggregates_only);
  setenv("BENCHMARK_REPORT_AGGREGATES_ONLY", "1", 1);
  EXPECT_TRUE(read_gbench_flags(none.argc, none.argv.data()).report_aggregates_only);
  EXPECT_FALSE(read_gbench_flags(set.argc, set.argv.data()).report_aggregates_only);
  unsetenv("BENCHMARK_REPORT_AGGREGATES_ONLY");
  setenv("BENCHMARK_MIN_TIME", "2", 1);
  EXPECT_DOUBLE_EQ(read_gbench_flags(none.argc, none.argv.data()).min_time_s, 2.0);
  EXPECT_DOUBLE_EQ(read_gbench_flags(set.argc, set.argv.data()).min_time_s, 0.2);
  unsetenv("BENCHMARK_MIN_TIME");
}

// Google Benchmark 1.7.1 reads BENCHMARK_OUT when the library loads, so only an explicit flag
// keeps it from writing a file md_bench writes itself: none, or /dev/null when md_bench wants a
// file reporter.
TEST(GbenchFlags, InitializeGetsAnExplicitOutFlagInPlaceOfTheUsers) {
  Args a({"b", "--benchmark_out=r.json", "--benchmark_filter=NVE", "--benchmark_out_format=csv",
          "--benchmark_out"});
  for (bool file : {false, true}) {
    const std::vector<char*> v = gbench_argv(a.argc, a.argv.data(), file);
    ASSERT_EQ(v.size(), 6u);
    EXPECT_STREQ(v[0], "b");
    EXPECT_STREQ(v[1], file ? "--benchmark_out=/dev/null" : "--benchmark_out=");
    EXPECT_STREQ(v[2], "--benchmark_filter=NVE");
    EXPECT_STREQ(v[3], "--benchmark_out_format=csv");
    EXPECT_STREQ(v[4], "--benchmark_out");  // no value: Google Benchmark's to refuse
    EXPECT_EQ(v[5], nullptr);
  }
}

// Splits a command as a POSIX shell would for words with single quotes only, and says whether a
// character the shell would take as syntax (a subshell, a pipe, a redirection) stands unquoted.
std::vector<std::string> shell_words(const std::string& command, bool& unquoted_syntax) {
  std::vector<std::string> words;
  std::string word;
  bool quoted = false, in_word = false;
  unquoted_syntax = false;
  for (const char ch : command) {
    if (ch == '\'') {
      quoted = !quoted;
      in_word = true;
    } else if (!quoted && (ch == ' ' || ch == '\t')) {
      if (in_word) words.push_back(word);
      word.clear();
      in_word = false;
    } else {
      if (!quoted && std::string_view("()|&<>").find(ch) != std::string_view::npos) {
        unquoted_syntax = true;
      }
      word += ch;
      in_word = true;
    }
  }
  if (in_word) words.push_back(word);
  return words;
}

// --help's examples are commands users paste: each must be valid shell as written, and its
// --md_* flags must parse (the one naming a structure file the reader would open is left out).
// A --md_case is parsed on its own rather than added to the process's case table, which the
// tests after this one read; the --md_cases naming it then leave its name out.
TEST(MdOptions, HelpExamplesParse) {
  const std::string help = md_options_help();
  const auto examples = help.find("Examples:");
  ASSERT_NE(examples, std::string::npos);
  std::istringstream lines(help.substr(examples));
  int checked = 0;
  for (std::string line; std::getline(lines, line);) {
    if (line.rfind("  md_bench ", 0) != 0) continue;
    bool unquoted_syntax = false;
    const std::vector<std::string> words =
        shell_words(line.substr(0, line.find(';')), unquoted_syntax);
    EXPECT_FALSE(unquoted_syntax) << "quote it: " << line;
    if (line.find("structure=") != std::string::npos) continue;
    std::vector<std::string> argv{"md_bench"}, defined;
    for (const std::string& w : words) {
      if (w.rfind("--md_case=", 0) != 0) continue;
      const std::string spec = w.substr(std::string("--md_case=").size());
      EXPECT_NO_THROW(parse_custom_case(spec)) << line;
      defined.push_back(spec.substr(0, spec.find(':')));
    }
    for (const std::string& w : words) {
      if (w.rfind("--md_case=", 0) == 0 || w.rfind("--", 0) != 0) continue;
      if (w.rfind("--md_cases=", 0) == 0 && !defined.empty()) {
        std::string kept;
        std::istringstream names(w.substr(std::string("--md_cases=").size()));
        for (std::string n; std::getline(names, n, ',');) {
          if (std::find(defined.begin(), defined.end(), n) != defined.end()) continue;
          kept += (kept.empty() ? "" : ",") + n;
        }
        if (!kept.empty()) argv.push_back("--md_cases=" + kept);
        continue;
      }
      argv.push_back(w);
    }
    Args a(argv);
    EXPECT_NO_THROW(a.parse()) << line;
    ++checked;
  }
  EXPECT_GE(checked, 6);
}

TEST(MdOptions, ParsesEachSuite) {
  for (auto [text, suite] : {std::pair{"quick", MdOptions::Suite::Quick},
                             std::pair{"default", MdOptions::Suite::Default},
                             std::pair{"full", MdOptions::Suite::Full}}) {
    Args a({"md_bench", std::string("--md_suite=") + text});
    EXPECT_EQ(a.parse().suite, suite) << text;
  }
  EXPECT_EQ(Args({"md_bench"}).parse().suite, MdOptions::Suite::Default);
  EXPECT_EQ(Args({"md_bench"}).parse().steps, 0);  // each case's own trajectory length
}

TEST(MdOptions, ParsesAndRemovesItsFlags) {
  Args a({"md_bench", "--benchmark_filter=NVE/64", "--md_steps=50", "--md_sizes=32,64",
          "--md_cases=lj-ar", "--md_models=lj", "--md_ensembles=NVE,NPT", "--md_replicas=1,3",
          "--md_threads=1,2,2", "--md_seed=7", "--md_timestep=0.001", "--md_suite=full",
          "--benchmark_min_time=0.1", "--md_samples_out=s.json"});
  const MdOptions o = a.parse();
  EXPECT_EQ(o.steps, 50);
  EXPECT_EQ(o.sizes, (std::vector<int>{32, 64}));
  EXPECT_EQ(o.cases, (std::vector<std::string>{"lj-ar"}));
  EXPECT_EQ(o.models, (std::vector<std::string>{"lj"}));
  EXPECT_EQ(o.ensembles, (std::vector<std::string>{"NVE", "NPT"}));
  EXPECT_EQ(o.replicas, (std::vector<int>{1, 3}));
  EXPECT_EQ(o.threads, (std::vector<int>{1, 2}));  // duplicates dropped
  EXPECT_EQ(o.seed, 7u);
  EXPECT_DOUBLE_EQ(o.timestep, 0.001);
  EXPECT_EQ(o.suite, MdOptions::Suite::Full);
  EXPECT_EQ(o.list, MdOptions::List::None);
  EXPECT_EQ(o.samples_out, "s.json");
  ASSERT_EQ(a.argc, 3);  // only Google Benchmark's flags are left
  EXPECT_STREQ(a.argv[1], "--benchmark_filter=NVE/64");
  EXPECT_STREQ(a.argv[2], "--benchmark_min_time=0.1");
  EXPECT_EQ(a.argv[3], nullptr);
}

TEST(MdOptions, ListModes) {
  EXPECT_EQ(Args({"b", "--md_list"}).parse().list, MdOptions::List::Text);
  EXPECT_EQ(Args({"b", "--md_list=json"}).parse().list, MdOptions::List::Json);
}

TEST(MdOptions, BadValuesAreOptionErrors) {
  for (const char* bad :
       {"--md_steps=abc",     "--md_steps=0",      "--md_steps=",       "--md_steps",
        "--md_sizes=32,x",    "--md_sizes=-4",     "--md_cases=nope",   "--md_models=zz",
        "--md_ensembles=NVX", "--md_timestep=-1",  "--md_timestep=nan", "--md_suite=huge",
        "--md_list=xml",      "--md_unknown=1",    "--md_seed=1e3",     "--md_cases=lj-ar,",
        "--md_samples_out",   "--md_samples_out=", "--md_threads=0",    "--md_threads=",
        "--md_threads=2,x",   "--md_threads=1000"}) {
    EXPECT_THROW(Args({"b", bad}).parse(), OptionError) << bad;
  }
}

TEST(MdOptions, PeersAreASlashList) {
  const MdOptions all = Args({"b"}).parse();
  EXPECT_TRUE(all.lammps_peers && all.ase_peers && all.openmm_peers);
  const MdOptions ase = Args({"b", "--md_peers=ase"}).parse();
  EXPECT_TRUE(!ase.lammps_peers && ase.ase_peers && !ase.openmm_peers);
  const MdOptions lammps = Args({"b", "--md_peers=lammps"}).parse();
  EXPECT_TRUE(lammps.lammps_peers && !lammps.ase_peers && !lammps.openmm_peers);
  const MdOptions openmm = Args({"b", "--md_peers=openmm"}).parse();
  EXPECT_TRUE(!openmm.lammps_peers && !openmm.ase_peers && openmm.openmm_peers);
  const MdOptions none = Args({"b", "--md_peers=none"}).parse();
  EXPECT_TRUE(!none.lammps_peers && !none.ase_peers && !none.openmm_peers);
  const MdOptions slash = Args({"b", "--md_peers=ase/lammps"}).parse();
  EXPECT_TRUE(slash.lammps_peers && slash.ase_peers && !slash.openmm_peers);
  try {
    Args({"b", "--md_peers=lammps/gromacs"}).parse();
    FAIL() << "no error";
  } catch (const OptionError& e) {
    EXPECT_NE(std::string(e.what()).find("unknown peer 'gromacs'"), std::string::npos);
  }
}

TEST(MdOptions, ErrorsNameTheFlagAndValue) {
  try {
    Args({"b", "--md_steps=abc"}).parse();
    FAIL() << "no error";
  } catch (const OptionError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("--md_steps"), std::string::npos);
    EXPECT_NE(msg.find("abc"), std::string::npos);
    EXPECT_EQ(msg.find('\n'), std::string::npos);  // one line
  }
}

}  // namespace
}  // namespace mdb::bench
