// The disk cache of prepared states: an entry gives back the very state stored (every array bit
// for bit, the topology too), and anything else, a damaged, truncated or foreign entry, is a miss
// rather than a wrong state.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "bench/state_cache.hpp"
#include "bench/state_digest.hpp"
#include "md/structure/velocities.hpp"
#include "md/structure/water_box.hpp"

namespace mdb::bench {
namespace {

namespace fs = std::filesystem;

class StateCacheTest : public ::testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() /
            ("mdbench-state-cache-" + std::to_string(::getpid()) + "-" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(root_);
  }
  void TearDown() override { fs::remove_all(root_); }

  // 8 water molecules with velocities, forces and the full topology.
  static System water() {
    WaterBoxSpec spec;
    spec.molecules = 8;
    spec.geometry = {1.012, 113.24, -0.82, 0.41};
    spec.seed = 4;
    System s = build_water_box(spec);
    assign_maxwell_boltzmann(s, 300.0, 5);
    for (std::size_t i = 0; i < s.size(); ++i) {
      s.fx()[i] = 0.1 * static_cast<double>(i) + 1.0 / 3.0;
      s.fy()[i] = -s.fx()[i];
      s.fz()[i] = 1e-300 * static_cast<double>(i);  // denormals and tiny values survive too
    }
    return s;
  }

  fs::path only_entry() const {
    fs::path found;
    for (const auto& e : fs::directory_iterator(root_ / "build-a")) found = e.path();
    return found;
  }

  fs::path root_;
};

void expect_same(const System& a, const System& b) {
  ASSERT_EQ(a.size(), b.size());
  EXPECT_EQ(a.box().lo(), b.box().lo());
  EXPECT_EQ(a.box().lengths(), b.box().lengths());
  ASSERT_EQ(a.species_table().size(), b.species_table().size());
  for (std::size_t k = 0; k < a.species_table().size(); ++k) {
    EXPECT_EQ(a.species_table()[k].name, b.species_table()[k].name);
    EXPECT_EQ(a.species_table()[k].mass, b.species_table()[k].mass);
  }
  auto same = [](auto u, auto v) { return std::equal(u.begin(), u.end(), v.begin(), v.end()); };
  EXPECT_TRUE(same(a.species(), b.species()));
  EXPECT_TRUE(same(a.mass(), b.mass()));
  EXPECT_TRUE(same(a.x(), b.x()) && same(a.y(), b.y()) && same(a.z(), b.z()));
  EXPECT_TRUE(same(a.vx(), b.vx()) && same(a.vy(), b.vy()) && same(a.vz(), b.vz()));
  EXPECT_TRUE(same(a.fx(), b.fx()) && same(a.fy(), b.fy()) && same(a.fz(), b.fz()));
  const Topology &ta = a.topology(), &tb = b.topology();
  EXPECT_EQ(ta.charge, tb.charge);
  EXPECT_EQ(ta.molecule, tb.molecule);
  EXPECT_EQ(ta.bonds, tb.bonds);
  EXPECT_EQ(ta.angles, tb.angles);
}

TEST_F(StateCacheTest, GivesBackTheStoredStateBitForBit) {
  const StateCache cache(root_.string(), "build-a");
  const System s = water();
  ASSERT_TRUE(cache.store("water/NVT/24", s, -12.5));
  const auto hit = cache.load("water/NVT/24", kMetalUnits);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->energy, -12.5);
  expect_same(hit->system, s);
  EXPECT_EQ(&hit->system.units(), &kMetalUnits);
  // Another key, or the same key for another build, is not there.
  EXPECT_FALSE(cache.load("water/NVT/48", kMetalUnits).has_value());
  EXPECT_FALSE(StateCache(root_.string(), "build-b").load("water/NVT/24", kMetalUnits));
}

TEST_F(StateCacheTest, ADamagedTruncatedOrForeignEntryIsAMiss) {
  const StateCache cache(root_.string(), "build-a");
  ASSERT_TRUE(cache.store("k", water(), 1.0));
  const fs::path entry = only_entry();
  std::string bytes;
  {
    std::ifstream in(entry, std::ios::binary);
    bytes.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  auto write = [&](const std::string& b) {
    std::ofstream out(entry, std::ios::binary | std::ios::trunc);
    out << b;
  };
  EXPECT_FALSE(cache.load("k", kLjUnits).has_value()) << "stored in metal units";
  std::string flipped = bytes;
  flipped[flipped.size() / 2] ^= 0x10;
  write(flipped);
  EXPECT_FALSE(cache.load("k", kMetalUnits).has_value()) << "one bit changed";
  for (std::size_t keep : {std::size_t{0}, std::size_t{10}, bytes.size() / 2, bytes.size() - 1}) {
    write(bytes.substr(0, keep));
    EXPECT_FALSE(cache.load("k", kMetalUnits).has_value()) << "cut to " << keep << " bytes";
  }
  // An entry written for another key under this key's file name (a hash collision).
  const StateCache other(root_.string(), "build-b");
  ASSERT_TRUE(other.store("another key", water(), 1.0));
  for (const auto& e : fs::directory_iterator(root_ / "build-b")) {
    fs::copy_file(e.path(), entry, fs::copy_options::overwrite_existing);
  }
  EXPECT_FALSE(cache.load("k", kMetalUnits).has_value()) << "another key's entry";
  write(bytes);
  EXPECT_TRUE(cache.load("k", kMetalUnits).has_value()) << "the entry itself again";
}

TEST_F(StateCacheTest, AStoreReplacesTheEntryAndLeavesNoTemporaryFile) {
  const StateCache cache(root_.string(), "build-a");
  System s = water();
  ASSERT_TRUE(cache.store("k", s, 1.0));
  s.x()[0] += 0.5;
  ASSERT_TRUE(cache.store("k", s, 2.0));
  const auto hit = cache.load("k", kMetalUnits);
  ASSERT_TRUE(hit.has_value());
  EXPECT_EQ(hit->energy, 2.0);
  EXPECT_EQ(hit->system.x()[0], s.x()[0]);
  int files = 0;
  for (const auto& e : fs::recursive_directory_iterator(root_)) files += e.is_regular_file();
  EXPECT_EQ(files, 1);
}

TEST_F(StateCacheTest, OffStoresNothingAndFindsNothing) {
  const StateCache off("", "build-a");
  EXPECT_FALSE(off.enabled());
  EXPECT_FALSE(off.store("k", water(), 1.0));
  EXPECT_FALSE(off.load("k", kMetalUnits).has_value());
  EXPECT_FALSE(StateCache(root_.string(), "").enabled()) << "no fingerprint, no cache";
  EXPECT_FALSE(fs::exists(root_));
}

TEST_F(StateCacheTest, ARecordComesBackWholeOrNotAtAll) {
  const StateCache cache(root_.string(), "build-a");
  std::string bytes = "figures";
  bytes += '\0';
  bytes += "\x01\xff";  // any bytes
  ASSERT_TRUE(cache.store_record("accuracy/k", bytes));
  EXPECT_EQ(cache.load_record("accuracy/k"), bytes);
  EXPECT_FALSE(cache.load_record("accuracy/other").has_value());
  EXPECT_FALSE(cache.load("accuracy/k", kMetalUnits).has_value()) << "a record is not a state";
  ASSERT_TRUE(cache.store("accuracy/k", water(), 1.0));
  EXPECT_EQ(cache.load_record("accuracy/k"), bytes) << "a state does not replace a record";
  fs::path record;
  for (const auto& e : fs::directory_iterator(root_ / "build-a")) {
    if (e.path().extension() == ".record") record = e.path();
  }
  ASSERT_FALSE(record.empty());
  std::string stored;
  {
    std::ifstream in(record, std::ios::binary);
    stored.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  }
  for (std::size_t keep : {std::size_t{0}, stored.size() / 2, stored.size() - 1}) {
    std::ofstream(record, std::ios::binary | std::ios::trunc) << stored.substr(0, keep);
    EXPECT_FALSE(cache.load_record("accuracy/k").has_value()) << "cut to " << keep << " bytes";
  }
  std::string flipped = stored;
  flipped[flipped.size() - 12] ^= 0x04;
  std::ofstream(record, std::ios::binary | std::ios::trunc) << flipped;
  EXPECT_FALSE(cache.load_record("accuracy/k").has_value()) << "one bit changed";
  EXPECT_FALSE(StateCache("", "build-a").store_record("k", bytes));
  EXPECT_FALSE(StateCache("", "build-a").load_record("k").has_value());
}

// A new build's first store keeps the builds used most recently (its own and kKeptBuilds - 1
// others) and removes the rest.
TEST_F(StateCacheTest, ANewBuildPrunesTheBuildsNotUsedLately) {
  const auto now = fs::file_time_type::clock::now();
  for (int b = 0; b < 6; ++b) {
    const fs::path dir = root_ / ("old-" + std::to_string(b));
    fs::create_directories(dir);
    std::ofstream(dir / "x.state") << "x";
    fs::last_write_time(dir, now - std::chrono::hours(10 * (b + 1)));  // old-0 newest
  }
  ASSERT_TRUE(StateCache(root_.string(), "new").store("k", water(), 1.0));
  std::vector<std::string> left;
  for (const auto& e : fs::directory_iterator(root_)) left.push_back(e.path().filename());
  std::sort(left.begin(), left.end());
  EXPECT_EQ(left, (std::vector<std::string>{"new", "old-0", "old-1", "old-2"}));
}

TEST(StateDigest, IsSixteenHexDigits) {
  const std::string digest = state_digest();
  ASSERT_EQ(digest.size(), 16u);
  EXPECT_EQ(digest.find_first_not_of("0123456789abcdef"), std::string::npos);
}

}  // namespace
}  // namespace mdb::bench
