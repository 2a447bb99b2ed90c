// Replays every seed (corpus/<target>/) and every input a fuzzer once crashed on
// (regressions/<target>/) through the harnesses' own entry points, built with the normal
// compiler and no libFuzzer: each must come back or throw a std::exception, with no broken
// promise (docs/FUZZING.md). A crash here is a regression of a fixed fuzzer finding.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "tests/fuzz/fuzz_targets.hpp"

namespace mdb::fuzz {
namespace {

namespace fs = std::filesystem;

std::string bytes_of(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

std::vector<fs::path> inputs(const std::string& kind, const std::string& target) {
  std::vector<fs::path> out;
  const fs::path dir = fs::path(MDB_FUZZ_DIR) / kind / target;
  if (!fs::is_directory(dir)) return out;
  for (const auto& e : fs::directory_iterator(dir)) {
    // README.md and the like describe a folder; every other regular file is an input.
    if (e.is_regular_file() && e.path().extension() != ".md") out.push_back(e.path());
  }
  return out;
}

class FuzzInputs : public testing::TestWithParam<const char*> {};

TEST_P(FuzzInputs, SeedsAndRegressionsReturnOrThrow) {
  const Feed feed = feed_for(GetParam());
  ASSERT_NE(feed, nullptr);
  const auto seeds = inputs("corpus", GetParam());
  EXPECT_FALSE(seeds.empty()) << "no seed corpus for " << GetParam();
  auto all = seeds;
  const auto crashes = inputs("regressions", GetParam());
  all.insert(all.end(), crashes.begin(), crashes.end());
  for (const auto& p : all) {
    SCOPED_TRACE(p.string());
    EXPECT_EQ(feed(bytes_of(p)), "");
  }
}

INSTANTIATE_TEST_SUITE_P(Readers, FuzzInputs,
                         testing::Values("gbench_json", "policy", "extxyz", "lammps_data"),
                         [](const auto& p) { return std::string(p.param); });

}  // namespace
}  // namespace mdb::fuzz
