// KIM adapter: loading, errors, logging, species, threads, list serving. Physics in
// test_kim_physics.cpp.
#include "model/kim/kim_model.hpp"

#include <gtest/gtest.h>
#include <unistd.h>
#include <KIM_SimulatorHeaders.hpp>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include "model/kim/kim_log.hpp"
#include "tests/model/kim/kim_test_support.hpp"
#include "tests/support/reference.hpp"

namespace mdb {
namespace {

using test::kKimSw;

template <class E>
std::string message_of(const std::function<void()>& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  }
  ADD_FAILURE() << "no exception thrown";
  return {};
}

void expect_contains(const std::string& text, std::initializer_list<std::string> parts) {
  for (const auto& p : parts) EXPECT_NE(text.find(p), std::string::npos) << text;
}

TEST(KimModel, LoadsSwAndReportsWhatItNeeds) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  KimModel sw(kKimSw);
  EXPECT_EQ(sw.name(), "kim:" + kKimSw);
  EXPECT_NEAR(sw.cutoff(), 1.8 * 2.0951, 1e-9);  // a sigma
  EXPECT_EQ(sw.neighbor_kind(), NeighborKind::Full);
  EXPECT_EQ(sw.supported_species(), std::vector<std::string>{"Si"});
  EXPECT_TRUE(sw.model_virial());
  ASSERT_EQ(sw.neighbor_lists().count(), 1);
  EXPECT_FALSE(sw.neighbor_lists().serves_padding(0));
  EXPECT_FALSE(sw.neighbor_lists().filters_local(0));
  const auto params = sw.parameters();
  const KimParameter* eps_a = find_kim_parameter(params, "A");
  ASSERT_NE(eps_a, nullptr);
  EXPECT_NEAR(eps_a->values.at(0), 7.049556277 * 2.1682, 1e-8);  // A epsilon, KIM's epsilon
}

TEST(KimModel, ListsInstalledModelsSorted) {
  const auto names = list_kim_models();
  EXPECT_TRUE(std::is_sorted(names.begin(), names.end()));
  EXPECT_FALSE(kim_model_installed("No_Such_Model__MO_000000000000_000"));
  if (!names.empty()) {
    EXPECT_TRUE(kim_model_installed(names.front()));
  }
}

TEST(KimModel, ModelNotFoundNamesTheModelAndKimsReason) {
  const std::string bogus = "No_Such_Model__MO_000000000000_000";
  const auto what = message_of<std::runtime_error>([&] { KimModel m(bogus); });
  expect_contains(what, {"kim:" + bogus + ": ", "Could not find model shared library"});
  EXPECT_EQ(what.find('\n'), std::string::npos) << "one line";
  const auto via_factory = message_of<std::runtime_error>([&] { make_kim_model("kim:" + bogus); });
  expect_contains(via_factory, {"kim:" + bogus + ": "});
  EXPECT_NE(message_of<std::invalid_argument>([] { KimModel m(""); }), "");
}

TEST(KimModel, UnsupportedSpeciesNamesSpeciesAndModel) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  KimModel sw(kKimSw);
  System ar(Box::cube(20.0), kMetalUnits);
  ar.add_species("Ar", 39.948);
  ar.add_atom(0, 1.0, 1.0, 1.0);
  expect_contains(message_of<std::invalid_argument>([&] { sw.bind(ar); }),
                  {"kim:" + kKimSw, "'Ar'", "not supported", "supports: Si"});
  System made_up(Box::cube(20.0), kMetalUnits);
  made_up.add_species("Si", 28.0855);
  made_up.add_species("Qq", 1.0);
  expect_contains(message_of<std::invalid_argument>([&] { sw.bind(made_up); }),
                  {"kim:" + kKimSw, "'Qq'", "not a KIM species name"});
}

TEST(KimModel, RejectsMisuse) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  KimModel sw(kKimSw);
  System s = test::diamond_si(1);
  NeighborList half(sw.cutoff(), NeighborKind::Half, NeighborPolicy{0.5});
  half.build(s);
  expect_contains(message_of<std::logic_error>([&] { sw.compute(s, half, {}); }), {"bind()"});
  sw.bind(s);
  expect_contains(message_of<std::invalid_argument>([&] { sw.compute(s, half, {}); }),
                  {"full neighbour list"});
  NeighborList short_list(sw.cutoff() - 0.5, NeighborKind::Full, NeighborPolicy{0.5});
  short_list.build(s);
  expect_contains(message_of<std::invalid_argument>([&] { sw.compute(s, short_list, {}); }),
                  {"below"});
}

// KIM writes ./kim.log unless its print function is replaced before objects are created. Run
// the adapter (successful and failing loads, a compute) in an empty directory.
TEST(KimModel, LeavesNoKimLogInTheWorkingDirectory) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  namespace fs = std::filesystem;
  const fs::path old = fs::current_path();
  std::string tmpl = (fs::temp_directory_path() / "mdb_kim_log_XXXXXX").string();
  ASSERT_NE(::mkdtemp(tmpl.data()), nullptr);
  const fs::path dir = tmpl;
  fs::current_path(dir);
  {
    KimModel sw(kKimSw);
    test::evaluate(sw, test::diamond_si(1));
    EXPECT_THROW(KimModel("No_Such_Model__MO_000000000000_000"), std::runtime_error);
    (void)list_kim_models();
  }
  const bool log_written = fs::exists(dir / "kim.log");
  fs::current_path(old);
  fs::remove_all(dir);
  EXPECT_FALSE(log_written);
}

// Installation is process-wide: KIM objects made by anyone (here the KIM API called directly, as
// LAMMPS's pair kim would) log through our function to the sink, with KIM's prefix stripped.
TEST(KimLog, RoutesEveryKimUserThroughTheSink) {
  install_kim_log();
  std::vector<std::pair<KimLogLevel, std::string>> got;
  KimLogSink old = set_kim_log_sink(
      [&](KimLogLevel l, std::string_view m) { got.emplace_back(l, std::string(m)); });
  int accepted = 0;
  KIM::Model* model = nullptr;
  const int error =
      KIM::Model::Create(KIM::NUMBERING::zeroBased, KIM::LENGTH_UNIT::A, KIM::ENERGY_UNIT::eV,
                         KIM::CHARGE_UNIT::e, KIM::TEMPERATURE_UNIT::K, KIM::TIME_UNIT::ps,
                         "No_Such_Model__MO_000000000000_000", &accepted, &model);
  set_kim_log_sink(std::move(old));
  EXPECT_TRUE(error);
  bool found = false;
  for (const auto& [level, message] : got) {
    EXPECT_EQ(message.find(" * "), std::string::npos) << message;
    found = found || (level == KimLogLevel::Error &&
                      message.find("Could not find model shared library") != std::string::npos);
  }
  EXPECT_TRUE(found) << got.size() << " messages";
}

TEST(KimLog, ParsesKimEntries) {
  const auto l = parse_kim_log_line(
      "2026-01-02:03:04:05UTC * 3 * error * 0x55d_Collections * KIM_Collections.cpp:775 * "
      "Unable to find item. a * b");
  EXPECT_EQ(l.level, KimLogLevel::Error);
  EXPECT_EQ(l.message, "Unable to find item. a * b");
  EXPECT_EQ(parse_kim_log_line("x * 1 * warning * id * f:1 * m").level, KimLogLevel::Warning);
  EXPECT_EQ(parse_kim_log_line("free text").message, "free text");
  EXPECT_EQ(parse_kim_log_line("free text").level, KimLogLevel::Other);
  KimLogCapture outer;
  {
    KimLogCapture inner;
    inner.add("first");
    inner.add("second");
    EXPECT_EQ(inner.reason(), "first; second");
  }
  EXPECT_EQ(outer.reason(), "KIM gave no reason");
}

// Two instances, and two threads each with its own instance, give bit-identical results.
TEST(KimModel, IndependentInstancesAndThreadsAgreeExactly) {
  MDB_REQUIRE_KIM_MODEL(kKimSw);
  System s = test::diamond_si(2);
  test::jitter(s, 0.15, 41);
  KimModel a(kKimSw), b(kKimSw);
  const auto ea = test::evaluate(a, s);
  const auto eb = test::evaluate(b, s);
  EXPECT_EQ(ea.result.energy, eb.result.energy);
  EXPECT_EQ(ea.fx, eb.fx);
  EXPECT_EQ(ea.fz, eb.fz);
  EXPECT_EQ(ea.result.virial, eb.result.virial);
  std::vector<test::Evaluation> per_thread(2);
  std::vector<std::thread> threads;
  for (int t = 0; t < 2; ++t) {
    threads.emplace_back([&, t] {
      KimModel m(kKimSw);
      for (int rep = 0; rep < 20; ++rep)
        per_thread[static_cast<std::size_t>(t)] = test::evaluate(m, s);
    });
  }
  for (auto& th : threads) th.join();
  for (const auto& e : per_thread) {
    EXPECT_EQ(e.result.energy, ea.result.energy);
    EXPECT_EQ(e.fy, ea.fy);
  }
}

// The multi-cutoff example: the short list (padding neighbours requested) is filtered and served
// for ghosts too; the long one is the engine's list restricted to its cutoff.
TEST(KimModel, ServesSeveralCutoffsAndPaddingNeighbours) {
  MDB_REQUIRE_KIM_MODEL(test::kKimMultiCutoff);
  KimModel m(test::kKimMultiCutoff);
  ASSERT_EQ(m.neighbor_lists().count(), 2);
  EXPECT_TRUE(m.neighbor_lists().serves_padding(0));
  EXPECT_FALSE(m.neighbor_lists().serves_padding(1));
  EXPECT_TRUE(m.neighbor_lists().filters_local(0));
  EXPECT_TRUE(m.neighbor_lists().filters_local(1));
  EXPECT_FALSE(m.model_virial());
  EXPECT_THROW(KimModel(test::kKimMultiCutoff, KimVirial::Model), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
