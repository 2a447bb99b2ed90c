// Runs the lattice_bench binary as a user would with --lq_input: a good file gives rows that
// quantize it; every kind of bad file ends the run before any row with exit code 2 and one line
// on stderr naming the flag and the problem.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

namespace {

struct Result {
  int exit_code = -1;
  std::string out, err;
};

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("mdbench_lq_e2e_" + name + "_" + std::to_string(::getpid())))
      .string();
}

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

/// lattice_bench with `args`, stdout and stderr apart.
Result run_lattice_bench(const std::string& args) {
  const std::string out = temp_path("stdout"), err = temp_path("stderr");
  // Appended in place: GCC 12 misreads `std::string(literal) + " " + ...` as a read past the
  // temporary (-Warray-bounds).
  std::string cmd = MDB_LATTICE_BENCH_PATH;
  cmd.append(" ").append(args).append(" >").append(out).append(" 2>").append(err);
  const int status = std::system(cmd.c_str());
  Result r;
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  r.out = slurp(out);
  r.err = slurp(err);
  std::filesystem::remove(out);
  std::filesystem::remove(err);
  return r;
}

std::string write_file(const std::string& name, const std::string& text) {
  const std::string path = temp_path(name);
  std::ofstream(path, std::ios::binary) << text;
  return path;
}

constexpr const char* kFastRows =
    " --lq_lattices=D4 --lq_impls=reference,cpu --lq_batches=5 --benchmark_min_time=0.001";

TEST(LatticeBenchInput, GoodFileRunsEveryRow) {
  const std::string path = write_file("good", "0.1 -0.2 0.3 0.4\n1 2 3 4 # two D4 vectors\n");
  const Result r = run_lattice_bench("--lq_input=" + path + kFastRows +
                                     " --benchmark_format=json --benchmark_out_format=json");
  std::filesystem::remove(path);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  for (const char* row : {"Quantize/Encode/D4/q4/M2/5/reference", "Quantize/Decode/D4/q4/M2/5/cpu",
                          "Quantize/RoundTrip/D4/q4/M2/5/cpu"}) {
    EXPECT_NE(r.out.find(row), std::string::npos) << row;
  }
  EXPECT_NE(r.out.find("\"lq_input\": \"" + path + "\""), std::string::npos);  // in the context
  EXPECT_EQ(r.out.find("error_occurred"), std::string::npos);
}

TEST(LatticeBenchInput, BadFilesExitWithCodeTwoAndOneLine) {
  struct Case {
    std::string name, text, message;
  };
  const std::vector<Case> cases = {
      {"nan", "1 2 3 4\n5 nan 7 8\n", "line 2: 'nan' is not a finite number"},
      {"inf", "1 2 3 -inf\n", "line 1: '-inf' is not a finite number"},
      {"empty", "", "the file is empty"},
      {"blank", "\n  # nothing\n", "the file holds no numbers"},
      {"ragged", "1 2 3 4 5 6\n", "6 numbers do not cut into whole D4 vectors of 4"},
      {"word", "1 2 x 4\n", "line 1: 'x' is not a number"},
  };
  for (const Case& c : cases) {
    const std::string path = write_file(c.name, c.text);
    const Result r = run_lattice_bench("--lq_input=" + path + kFastRows);
    std::filesystem::remove(path);
    EXPECT_EQ(r.exit_code, 2) << c.name;
    EXPECT_EQ(r.err.rfind("lattice_bench: --lq_input=" + path + ": ", 0), 0u) << r.err;
    EXPECT_NE(r.err.find(c.message), std::string::npos) << c.name << ": " << r.err;
    EXPECT_EQ(r.err.find('\n'), r.err.size() - 1) << "one line: " << r.err;
    EXPECT_EQ(r.out.find("Quantize/"), std::string::npos) << "no row runs: " << c.name;
  }
  const Result missing =
      run_lattice_bench("--lq_input=/nonexistent/v.txt" + std::string(kFastRows));
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.err,
            "lattice_bench: --lq_input=/nonexistent/v.txt: cannot open the file (No such file or "
            "directory)\n");
}

}  // namespace
