// --lq_input: users' own vectors for lattice_bench. The reader against strtof on every number
// format it accepts, one-line errors for every kind of bad file, the shape check per lattice, and
// rows built from the file: cycled to the batch and encoded as the reference encodes them.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "bench/hnlq/input.hpp"
#include "bench/hnlq/options.hpp"
#include "bench/hnlq/workload.hpp"
#include "kernels/hnlq/common/lattice_dispatch.hpp"
#include "kernels/hnlq/cpu/reference.hpp"

namespace mdb::bench {
namespace {

/// A file in the temporary directory holding `text`, removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::string& text, const char* name = "input") {
    path_ = (std::filesystem::temp_directory_path() /
             ("mdbench_lq_" + std::string(name) + "_" + std::to_string(::getpid()) + ".txt"))
                .string();
    std::ofstream(path_, std::ios::binary) << text;
  }
  ~TempFile() { std::filesystem::remove(path_); }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::string& path() const { return path_; }

 private:
  std::string path_;
};

std::string error_reading(const std::string& path) {
  try {
    read_lattice_input(path);
  } catch (const LatticeOptionError& e) {
    return e.what();
  }
  return "";
}

TEST(LatticeInput, ReadsEveryNumberAsStrtofDoes) {
  const std::vector<std::string> tokens = {
      "0.1",     "-0.2", "+3",    "1e-3",   "-4.5E+2",
      "7",       "0",    "-0",    "1e-40",  "3.4028234e38",
      ".5",      "5.",   "1e-50", "-1e-60", "0.333333333333333333333",
      "16777217"};
  std::string text = "# a header line\n";
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    text += tokens[k];
    text += k % 4 == 3 ? "\r\n" : (k % 2 == 0 ? " \t" : "  # comment 1 2 3\n");
  }
  const TempFile file(text);
  const std::vector<float> values = read_lattice_input(file.path());
  ASSERT_EQ(values.size(), tokens.size());
  for (std::size_t k = 0; k < tokens.size(); ++k) {
    const float expected = std::strtof(tokens[k].c_str(), nullptr);  // the C library's reading
    EXPECT_EQ(values[k], expected) << tokens[k];
    EXPECT_EQ(std::signbit(values[k]), std::signbit(expected)) << tokens[k];
  }
}

TEST(LatticeInput, BadFilesGiveOneLineNamingTheFlagAndTheProblem) {
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"", "the file is empty"},
      {"  \n\t# only a comment\n", "the file holds no numbers"},
      {"1 2 3\n4 nan 6", "line 2: 'nan' is not a finite number"},
      {"1 2 3 NaN", "line 1: 'NaN' is not a finite number"},
      {"1\n2\n\ninf", "line 4: 'inf' is not a finite number"},
      {"-infinity 1", "line 1: '-infinity' is not a finite number"},
      {"1 2 1e39 4", "line 1: '1e39' is beyond float32's range"},
      {"1 2 -3.5e38", "'-3.5e38' is beyond float32's range"},
      {"1, 2, 3", "line 1: '1,' is not a number"},
      {"0x1p3", "'0x1p3' is not a number"},
      {"1 2 three", "'three' is not a number"},
      {std::string("1 \x01\x02\xff 3"), "line 1: '\x3f\x3f\x3f' is not a number"},  // shown as ???
  };
  for (const auto& [text, message] : cases) {
    const TempFile file(text);
    const std::string error = error_reading(file.path());
    EXPECT_EQ(error.rfind("--lq_input=" + file.path() + ": ", 0), 0u) << error;
    EXPECT_NE(error.find(message), std::string::npos) << text << " gave: " << error;
    EXPECT_EQ(error.find('\n'), std::string::npos) << "one line: " << error;
  }
}

TEST(LatticeInput, UnreadableFilesAreReportedWithTheSystemsReason) {
  const std::string missing = "/nonexistent/mdbench/vectors.txt";
  EXPECT_EQ(error_reading(missing),
            "--lq_input=" + missing + ": cannot open the file (No such file or directory)");
  const std::string directory = std::filesystem::temp_directory_path().string();
  EXPECT_EQ(error_reading(directory),
            "--lq_input=" + directory + ": cannot read the file (Is a directory)");
}

TEST(LatticeInput, ShapeMustCutIntoWholeVectorsOfEveryLattice) {
  using hnlq::LatticeKind;
  const std::vector<float> twelve(12, 1.0f);
  EXPECT_NO_THROW(check_lattice_input_shape("f", twelve, {LatticeKind::Z2, LatticeKind::D4}));
  try {
    check_lattice_input_shape("f", twelve, {LatticeKind::Z2, LatticeKind::D4, LatticeKind::E8});
    FAIL() << "12 numbers accepted for E8";
  } catch (const LatticeOptionError& e) {
    EXPECT_EQ(std::string(e.what()),
              "--lq_input=f: 12 numbers do not cut into whole E8 vectors of 8 (give a multiple "
              "of 8, or leave E8 out of --lq_lattices)");
  }
  EXPECT_THROW(check_lattice_input_shape("f", std::vector<float>(7), {LatticeKind::Z2}),
               LatticeOptionError);
}

TEST(LatticeInput, FlagSetsThePathOnly) {
  std::vector<std::string> args = {"lattice_bench", "--lq_input=/some/where.txt",
                                   "--benchmark_filter=x"};
  std::vector<char*> argv;
  for (auto& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  int argc = static_cast<int>(args.size());
  const LatticeOptions o = parse_lattice_options(argc, argv.data());
  EXPECT_EQ(o.input_path, "/some/where.txt");
  EXPECT_EQ(o.input, nullptr);  // main reads it, after --help had its chance
  EXPECT_EQ(argc, 2);
}

TEST(LatticeInput, RowsCycleThroughTheFileAndEncodeAsTheReference) {
  // 3 D4 vectors from the file, a batch of 8: vectors 0 1 2 0 1 2 0 1, in both layouts; the
  // workload's codes (made by the batched quantizer) equal the reference's on those vectors.
  const std::vector<float> values = {0.1f, -0.7f, 2.5f, 3.0f,  1.5f,  -1.5f,
                                     0.5f, 0.25f, 9.0f, -8.0f, 0.01f, 100.0f};
  const hnlq::HnlqParams p = hnlq::make_hnlq_params(4, 2, 1.0);
  const std::size_t batch = 8;
  const LatticeWorkload w = make_lattice_workload(hnlq::LatticeKind::D4, p, batch, 0.5, 1, &values);
  std::vector<std::uint8_t> codes(batch * 2 * 4), t(batch);
  const std::size_t overloaded =
      hnlq::reference_encode<hnlq::D4Lattice>(p, w.x_rows.data(), batch, codes.data(), t.data());
  EXPECT_EQ(w.overloaded, overloaded);
  EXPECT_GT(overloaded, 0u);  // 100 and 9 lie outside the q^M = 16 region
  for (std::size_t i = 0; i < batch; ++i) {
    for (std::size_t c = 0; c < 4; ++c) {
      ASSERT_EQ(w.x_rows[i * 4 + c], values[(i % 3) * 4 + c]) << i;
      ASSERT_EQ(w.x_columns[c * batch + i], values[(i % 3) * 4 + c]) << i;
    }
  }
  EXPECT_EQ(w.codes_rows, codes);
  EXPECT_EQ(w.t_rows, t);
}

TEST(LatticeInput, WorkloadRefusesNonFiniteValues) {
  // main rejects such a file first; the workload is the backstop for other callers.
  const std::vector<float> values = {1.0f, 2.0f, std::numeric_limits<float>::quiet_NaN(), 4.0f};
  const hnlq::HnlqParams p = hnlq::make_hnlq_params(4, 2, 1.0);
  EXPECT_THROW(make_lattice_workload(hnlq::LatticeKind::Z2, p, 5, 0.5, 1, &values),
               std::invalid_argument);
}

}  // namespace
}  // namespace mdb::bench
