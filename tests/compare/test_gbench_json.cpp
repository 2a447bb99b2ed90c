#include "compare/diff/gbench_json.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <filesystem>
#include <limits>
#include <string>
#include "tests/compare/compare_test_data.hpp"

namespace mdb::compare {
namespace {

BenchmarkFile load_file(const char* name) {
  return load_benchmark_json(kData / name);
}

// Runs f, expects a JsonError, and returns its message for further checks.
template <class F>
std::string json_error_of(F&& f) {
  try {
    f();
  } catch (const JsonError& e) {
    return e.what();
  }
  ADD_FAILURE() << "no JsonError thrown";
  return {};
}

// --- parse_tolerant_json ------------------------------------------------------------------------

TEST(ParseTolerantJson, BareNonFiniteTokensBecomeNonFiniteNumbers) {
  const auto j =
      parse_tolerant_json(R"({"a": NaN, "b": Infinity, "c": -Infinity, "d": [NaN,-Infinity]})");
  ASSERT_TRUE(j["a"].is_number_float());
  EXPECT_TRUE(std::isnan(j["a"].get<double>()));
  EXPECT_EQ(j["b"].get<double>(), std::numeric_limits<double>::infinity());
  EXPECT_EQ(j["c"].get<double>(), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(j["d"][0].get<double>()));
  EXPECT_EQ(j["d"][1].get<double>(), -std::numeric_limits<double>::infinity());
  EXPECT_TRUE(std::isnan(parse_tolerant_json("NaN").get<double>()));
}

TEST(ParseTolerantJson, TokensInsideStringsAreUntouched) {
  // The escaped quote and the escaped backslash must not end the string early.
  const auto j = parse_tolerant_json(
      R"({"name": "NaN-test", "q": "say \"NaN\", Infinity", "b": "\\", "c": ["-Infinity", NaN]})");
  EXPECT_EQ(j["name"], "NaN-test");
  EXPECT_EQ(j["q"], "say \"NaN\", Infinity");
  EXPECT_EQ(j["b"], "\\");
  EXPECT_EQ(j["c"][0], "-Infinity");
  const auto quoted = parse_tolerant_json(R"(["a\", NaN, \"b"])");
  ASSERT_EQ(quoted.size(), 1u);
  EXPECT_EQ(quoted[0], R"(a", NaN, "b)");
  EXPECT_TRUE(std::isnan(j["c"][1].get<double>()));
}

TEST(ParseTolerantJson, StrictJsonStillParses) {
  const auto j = parse_tolerant_json(R"({"x": [1, -2.5e3, true, null, {"y": "z"}], "n": -0})");
  EXPECT_EQ(j["x"][0], 1);
  EXPECT_DOUBLE_EQ(j["x"][1].get<double>(), -2500.0);
  EXPECT_EQ(j["x"][2], true);
  EXPECT_TRUE(j["x"][3].is_null());
  EXPECT_EQ(j["x"][4]["y"], "z");
}

TEST(ParseTolerantJson, TokensOutsideValuePositionAreRejected) {
  // A bare NaN as a key, or glued to other characters, is not what Google Benchmark writes.
  const std::string key = json_error_of([] { parse_tolerant_json(R"({NaN: 1})"); });
  EXPECT_NE(key.find("line 1, column 2"), std::string::npos) << key;
  EXPECT_THROW(parse_tolerant_json(R"({"a": NaNx})"), JsonError);
  EXPECT_THROW(parse_tolerant_json(R"({"a": nan})"), JsonError);
}

TEST(ParseTolerantJson, StringsThatLookLikeThePlaceholderStayStrings) {
  // Whatever placeholder the parser uses internally, a real string must never turn into a number.
  for (int nonce = 0; nonce < 3; ++nonce) {
    for (int kind = 0; kind < 3; ++kind) {
      const std::string s =
          "\u0001mdb-nonfinite#" + std::to_string(nonce) + "#" + std::to_string(kind);
      const auto j = parse_tolerant_json(R"({"s": )" + nlohmann::json(s).dump() + R"(, "v": NaN})");
      EXPECT_EQ(j["s"], s);
      EXPECT_TRUE(std::isnan(j["v"].get<double>()));
    }
  }
}

TEST(ParseTolerantJson, MalformedInputGivesOneLineErrorWithPosition) {
  const std::string msg =
      json_error_of([] { parse_tolerant_json("{\n  \"a\": NaN,\n  \"b\": }"); });
  EXPECT_NE(msg.find("line 3, column 8"), std::string::npos) << msg;
  EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  // The internal placeholder for a replaced token must not show up in the message.
  const std::string glued = json_error_of([] { parse_tolerant_json(R"({"a": NaN NaN})"); });
  EXPECT_NE(glued.find("column 11"), std::string::npos) << glued;
  EXPECT_EQ(glued.find("nonfinite"), std::string::npos) << glued;
  EXPECT_THROW(parse_tolerant_json(""), JsonError);
  EXPECT_THROW(parse_tolerant_json("  \n "), JsonError);
}

// --- Field mapping ------------------------------------------------------------------------------

TEST(ReadBenchmarkJson, ContextIsKeptAsIs) {
  const auto f = load_file("iterations.json");
  EXPECT_EQ(f.context["host_name"], "bench-node-07");
  EXPECT_EQ(f.context["mdbench_schema"], "1");
  EXPECT_EQ(f.context["caches"].size(), 4u);
  EXPECT_EQ(f.source, (kData / "iterations.json").string());
  EXPECT_EQ(f.runs.size(), 5u);
}

TEST(ReadBenchmarkJson, IterationRowFields) {
  const auto f = load_file("iterations.json");
  const BenchmarkRun& r = f.runs.at(0);
  EXPECT_EQ(r.name, "Step/NVE/64/lj-ar/cpu/manual_time");
  EXPECT_EQ(r.run_name, r.name);
  EXPECT_EQ(r.run_type, "iteration");
  EXPECT_FALSE(r.is_aggregate());
  EXPECT_FALSE(r.is_complexity());
  EXPECT_EQ(r.aggregate_name, "");
  EXPECT_EQ(r.family_index, 0);
  EXPECT_EQ(r.per_family_instance_index, 0);
  EXPECT_EQ(r.repetitions, 1);
  EXPECT_EQ(r.repetition_index, 0);
  EXPECT_EQ(r.threads, 1);
  EXPECT_EQ(r.iterations, 52311);
  EXPECT_DOUBLE_EQ(r.real_time, 13.375);
  EXPECT_DOUBLE_EQ(r.cpu_time, 13.4012268928134);
  EXPECT_EQ(r.time_unit, "us");
  EXPECT_FALSE(r.error_occurred);
  EXPECT_EQ(r.label, "NaN-test \"Infinity\" \\");
  EXPECT_EQ(f.runs.at(2).threads, 4);
}

TEST(ReadBenchmarkJson, CountersHoldUserAndMemoryKeysButNoStandardKeys) {
  const auto f = load_file("iterations.json");
  const auto& c = f.runs.at(0).counters;
  EXPECT_EQ(c.size(), 6u);
  EXPECT_DOUBLE_EQ(c.at("atoms"), 64.0);
  EXPECT_DOUBLE_EQ(c.at("neighbors_per_atom"), 39.5);
  EXPECT_TRUE(std::isnan(c.at("frac_Neighbor")));
  EXPECT_EQ(c.at("us_per_atom_step"), -std::numeric_limits<double>::infinity());
  for (const char* k :
       {"name", "family_index", "per_family_instance_index", "repetitions", "repetition_index",
        "threads", "iterations", "real_time", "cpu_time", "time_unit", "label"}) {
    EXPECT_EQ(c.count(k), 0u) << k;
  }
  const auto& mem = f.runs.at(1).counters;
  EXPECT_DOUBLE_EQ(mem.at("allocs_per_iter"), 0.0);
  EXPECT_DOUBLE_EQ(mem.at("max_bytes_used"), 0.0);
}

TEST(ReadBenchmarkJson, ErrorRowKeepsMessageAndTimes) {
  const auto f = load_file("iterations.json");
  const BenchmarkRun& r = f.runs.at(4);
  EXPECT_TRUE(r.error_occurred);
  EXPECT_EQ(r.error_message, "CUDA backend not built");
  EXPECT_EQ(r.iterations, 1);
  EXPECT_EQ(r.real_time, 0.0);
  EXPECT_TRUE(r.counters.empty());
}

TEST(ReadBenchmarkJson, AggregateRows) {
  const auto f = load_file("repetitions.json");
  ASSERT_EQ(f.runs.size(), 7u);
  EXPECT_EQ(f.runs[2].repetition_index, 2);
  const std::string base = "Step/NVE/64/lj-ar/cpu/repeats:3/manual_time";
  const char* names[] = {"mean", "median", "stddev", "cv"};
  for (int i = 0; i < 4; ++i) {
    const BenchmarkRun& r = f.runs[3 + i];
    EXPECT_EQ(r.name, base + "_" + names[i]);
    EXPECT_EQ(r.run_name, base);
    EXPECT_TRUE(r.is_aggregate());
    EXPECT_FALSE(r.is_complexity());
    EXPECT_EQ(r.aggregate_name, names[i]);
    EXPECT_EQ(r.aggregate_unit, i == 3 ? "percentage" : "time");
    EXPECT_EQ(r.repetitions, 3);
    EXPECT_EQ(r.repetition_index, -1);  // 1.7.x writes none on aggregates
    EXPECT_EQ(r.iterations, 3);
  }
  EXPECT_DOUBLE_EQ(f.runs[6].real_time, 1.0 / 14.0);
}

TEST(ReadBenchmarkJson, ComplexityRows) {
  const auto f = load_file("complexity.json");
  ASSERT_EQ(f.runs.size(), 4u);
  EXPECT_TRUE(f.context["caches"].empty());

  const BenchmarkRun& big_o = f.runs[2];
  EXPECT_TRUE(big_o.is_aggregate());
  EXPECT_TRUE(big_o.is_complexity());
  EXPECT_EQ(big_o.aggregate_name, "BigO");
  EXPECT_EQ(big_o.big_o, "N");
  EXPECT_EQ(big_o.time_unit, "ns");
  EXPECT_EQ(big_o.run_name, "Scaling/lj-melt/cpu");
  EXPECT_DOUBLE_EQ(big_o.counters.at("cpu_coefficient"), 180.7);
  EXPECT_DOUBLE_EQ(big_o.counters.at("real_coefficient"), 180.85);
  EXPECT_EQ(big_o.counters.size(), 2u);
  EXPECT_TRUE(std::isnan(big_o.real_time));  // 1.7.x writes coefficients, not times
  EXPECT_EQ(big_o.iterations, 0);

  const BenchmarkRun& rms = f.runs[3];
  EXPECT_TRUE(rms.is_complexity());
  EXPECT_EQ(rms.aggregate_name, "RMS");
  EXPECT_EQ(rms.aggregate_unit, "percentage");
  EXPECT_DOUBLE_EQ(rms.counters.at("rms"), 0.05);
  EXPECT_EQ(rms.time_unit, "");
  EXPECT_TRUE(std::isnan(rms.real_time_ns()));
}

TEST(ReadBenchmarkJson, MissingOptionalKeysGetDefaults) {
  // Older writers omit run_name, run_type and the index keys.
  const auto f = read_benchmark_json(R"({"benchmarks": [{"name": "a_mean", "aggregate_name":
      "mean", "real_time": 2, "cpu_time": 3, "time_unit": "ns"}, {"name": "b"}]})");
  EXPECT_TRUE(f.context.is_object());
  EXPECT_TRUE(f.context.empty());
  EXPECT_EQ(f.source, "<string>");
  EXPECT_EQ(f.runs[0].run_name, "a_mean");
  EXPECT_TRUE(f.runs[0].is_aggregate());
  EXPECT_EQ(f.runs[0].family_index, -1);
  EXPECT_EQ(f.runs[1].run_type, "iteration");
  EXPECT_EQ(f.runs[1].threads, 1);
}

// --- Units --------------------------------------------------------------------------------------

TEST(TimeUnits, SecondsPerUnit) {
  EXPECT_DOUBLE_EQ(seconds_per_time_unit("ns"), 1e-9);
  EXPECT_DOUBLE_EQ(seconds_per_time_unit("us"), 1e-6);
  EXPECT_DOUBLE_EQ(seconds_per_time_unit("ms"), 1e-3);
  EXPECT_DOUBLE_EQ(seconds_per_time_unit("s"), 1.0);
  EXPECT_THROW(seconds_per_time_unit("min"), JsonError);
  EXPECT_THROW(seconds_per_time_unit(""), JsonError);
}

TEST(TimeUnits, RunsConvertToNanoseconds) {
  const auto f = load_file("iterations.json");
  EXPECT_DOUBLE_EQ(f.runs[0].real_time_ns(), 13375.0);   // us
  EXPECT_DOUBLE_EQ(f.runs[1].real_time_ns(), 152.5);     // ns
  EXPECT_DOUBLE_EQ(f.runs[2].real_time_ns(), 8.0625e6);  // ms
  EXPECT_DOUBLE_EQ(f.runs[2].cpu_time_ns(), 3.196875e7);
  EXPECT_DOUBLE_EQ(f.runs[3].real_time_ns(), 1.25e9);  // s
}

TEST(TimeUnits, UnknownOrMissingUnitIsAnError) {
  const std::string msg = json_error_of([] {
    read_benchmark_json(
        R"({"benchmarks": [{"name": "x", "real_time": 1, "cpu_time": 1, "time_unit": "min"}]})",
        "r.json");
  });
  EXPECT_NE(msg.find("r.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("\"min\""), std::string::npos) << msg;
  EXPECT_THROW(read_benchmark_json(R"({"benchmarks": [{"name": "x", "real_time": 1}]})"),
               JsonError);
}

// --- find ---------------------------------------------------------------------------------------

TEST(BenchmarkFile, FindReturnsFirstExactMatch) {
  const auto f = load_file("repetitions.json");
  const BenchmarkRun* r = f.find("Step/NVE/64/lj-ar/cpu/repeats:3/manual_time");
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(r, &f.runs[0]);
  const BenchmarkRun* cv = f.find("Step/NVE/64/lj-ar/cpu/repeats:3/manual_time_cv");
  ASSERT_NE(cv, nullptr);
  EXPECT_EQ(cv->aggregate_name, "cv");
  EXPECT_EQ(f.find("Step/NVE/64/lj-ar/cpu"), nullptr);  // no prefix matching
}

// --- Errors -------------------------------------------------------------------------------------

TEST(ReadErrors, MalformedFileNamesFileAndLine) {
  const std::string msg = json_error_of([] { load_file("malformed.json"); });
  EXPECT_NE(msg.find("malformed.json"), std::string::npos) << msg;
  EXPECT_NE(msg.find("line 14"), std::string::npos) << msg;
}

TEST(ReadErrors, MissingOrNonArrayBenchmarks) {
  const std::string msg = json_error_of([] { load_file("no_benchmarks.json"); });
  EXPECT_NE(msg.find("benchmarks"), std::string::npos) << msg;
  EXPECT_NE(msg.find("no_benchmarks.json"), std::string::npos) << msg;
  EXPECT_THROW(read_benchmark_json(R"({"benchmarks": {}})"), JsonError);
  EXPECT_THROW(read_benchmark_json("[1, 2]"), JsonError);
  EXPECT_THROW(read_benchmark_json(""), JsonError);
}

TEST(ReadErrors, RowWithoutNameNamesItsIndex) {
  const std::string msg = json_error_of(
      [] { read_benchmark_json(R"({"benchmarks": [{"name": "a"}, {"iterations": 3}]})"); });
  EXPECT_NE(msg.find("benchmarks[1]"), std::string::npos) << msg;
  EXPECT_NE(msg.find("name"), std::string::npos) << msg;
}

TEST(ReadErrors, WrongTypeForStandardKey) {
  EXPECT_THROW(read_benchmark_json(R"({"benchmarks": [{"name": "a", "iterations": "many"}]})"),
               JsonError);
  EXPECT_THROW(read_benchmark_json(R"({"benchmarks": [{"name": "a", "threads": 1.5}]})"),
               JsonError);
}

TEST(ReadErrors, MissingPathIsNamed) {
  const auto path = kData / "does_not_exist.json";
  const std::string msg = json_error_of([&] { load_benchmark_json(path); });
  EXPECT_NE(msg.find("cannot open"), std::string::npos) << msg;
  EXPECT_NE(msg.find(path.string()), std::string::npos) << msg;
  const std::string dir = json_error_of([] { load_benchmark_json(kData); });
  EXPECT_NE(dir.find("directory"), std::string::npos) << dir;
}

// --- Hostile input -------------------------------------------------------------------------------

// Deep nesting is refused before anything recursive walks the tree: a NaN inside 75,000 levels
// once overflowed the stack in the NaN-restoring pass, and 10^6 levels in "context" while the
// context was copied.
TEST(HostileInput, DeepNestingIsAOneLineError) {
  for (const std::size_t levels : {std::size_t{75'000}, std::size_t{1'000'000}}) {
    const std::string deep = std::string(levels, '[') + "NaN" + std::string(levels, ']');
    const std::string msg = json_error_of([&] { parse_tolerant_json(deep); });
    EXPECT_NE(msg.find("nested deeper than 256 levels"), std::string::npos) << msg;
    EXPECT_NE(msg.find("line 1, column 257"), std::string::npos) << msg;
    const std::string file = R"({"context": {"a": )" + std::string(levels, '{') + "\"x\"" +
                             std::string(levels, '}') + R"(}, "benchmarks": []})";
    EXPECT_NE(json_error_of([&] { read_benchmark_json(file, "deep.json"); }).find("deep.json"),
              std::string::npos);
  }
}

TEST(HostileInput, NestingUpToTheLimitParsesAndBracketsInStringsDoNotCount) {
  const int n = kMaxJsonDepth;
  const auto j = parse_tolerant_json(std::string(n, '[') + "NaN" + std::string(n, ']'));
  const nlohmann::json* inner = &j;
  for (int k = 1; k < n; ++k) inner = &(*inner)[0];
  EXPECT_TRUE(std::isnan((*inner)[0].get<double>()));
  EXPECT_NE(json_error_of([&] {
              parse_tolerant_json(std::string(n + 1, '[') + std::string(n + 1, ']'));
            }).find("nested deeper"),
            std::string::npos);
  const std::string brackets(5000, '[');
  const auto s = parse_tolerant_json("{\"name\": \"" + brackets + "\\\"[{\"}");
  EXPECT_EQ(s["name"].get<std::string>(), brackets + "\"[{");
}

TEST(HostileInput, QuotedForMessageEscapesAndCuts) {
  EXPECT_EQ(quoted_for_message("ns"), "\"ns\"");
  EXPECT_EQ(quoted_for_message("a\nb\tc\"d\\e\x01"), "\"a\\nb\\tc\\\"d\\\\e\\x01\"");
  const std::string cut = quoted_for_message(std::string(100, 'x'), 10);
  EXPECT_EQ(cut, "\"xxxxxxxxxx\"... (90 more bytes)");
  // A two-byte character across the cut is left out whole: the message stays valid UTF-8 (a JSON
  // report that carries it would refuse half a character).
  const std::string micro = std::string(9, 'x') + "\xc2\xb5s";  // "xxxxxxxxxµs"
  EXPECT_EQ(quoted_for_message(micro, 10), "\"xxxxxxxxx\"... (3 more bytes)");
  EXPECT_NO_THROW(nlohmann::json(quoted_for_message(micro, 10)).dump());
}

// Strings from the file reach messages escaped and cut: one line, bounded length.
TEST(HostileInput, UntrustedStringsInErrorsStayOnOneShortLine) {
  auto row = [](const std::string& name, const std::string& unit) {
    nlohmann::json r = {{"name", name},
                        {"real_time", 1.0},
                        {"cpu_time", 1.0},
                        {"time_unit", unit},
                        {"iterations", 1}};
    return nlohmann::json{{"benchmarks", {r}}}.dump();
  };
  const std::string newline_unit =
      json_error_of([&] { read_benchmark_json(row("a", "u\ns"), "f"); });
  EXPECT_EQ(newline_unit.find('\n'), std::string::npos) << newline_unit;
  EXPECT_NE(newline_unit.find("\"u\\ns\""), std::string::npos) << newline_unit;
  const std::string newline_name =
      json_error_of([&] { read_benchmark_json(row("a\nb", "x"), "f"); });
  EXPECT_EQ(newline_name.find('\n'), std::string::npos) << newline_name;
  const std::string huge = json_error_of([&] {
    read_benchmark_json(row(std::string(10'000'000, 'n'), std::string(10'000'000, 'u')), "f");
  });
  EXPECT_LT(huge.size(), 400u) << huge.substr(0, 400);
  EXPECT_NE(huge.find("more bytes"), std::string::npos);
}

}  // namespace
}  // namespace mdb::compare
