// The JSON weights format: exact round trip, and one clear error per kind of bad file.
#include "model/nnp/nn_weights_json.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "tests/model/nnp/nn_test_systems.hpp"

namespace mdb {
namespace {

using nlohmann::json;

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / ("mdb_nn_" + name)).string();
}

TEST(NnWeights, RoundTripIsExactAndGivesTheSameEnergy) {
  const NnSpec spec = make_nn_preset("nn-student", {"Si", "Ge"});
  const std::string path = temp_path("roundtrip.json");
  write_nn_weights(spec, path);
  const NnSpec back = read_nn_weights(path);
  std::remove(path.c_str());
  EXPECT_EQ(back.name, spec.name);
  EXPECT_EQ(back.species, spec.species);
  EXPECT_EQ(back.aev.radial_shifts, spec.aev.radial_shifts);
  EXPECT_EQ(back.aev.angle_shifts, spec.aev.angle_shifts);
  EXPECT_EQ(back.aev.angular_shifts, spec.aev.angular_shifts);
  EXPECT_EQ(back.aev.zeta, spec.aev.zeta);
  EXPECT_EQ(back.celu_alpha, spec.celu_alpha);
  EXPECT_EQ(back.energy_shifts, spec.energy_shifts);
  ASSERT_EQ(back.networks.size(), spec.networks.size());
  for (std::size_t s = 0; s < spec.networks.size(); ++s) {
    ASSERT_EQ(back.networks[s].size(), spec.networks[s].size());
    for (std::size_t l = 0; l < spec.networks[s].size(); ++l) {
      EXPECT_EQ(back.networks[s][l].weights, spec.networks[s][l].weights);  // bit for bit
      EXPECT_EQ(back.networks[s][l].bias, spec.networks[s][l].bias);
    }
  }
  const System sys = test::jittered_si_ge(1, 0.2, 1);
  NnPotential<double> a(spec), b(back);
  EXPECT_EQ(test::evaluate(a, sys).result.energy, test::evaluate(b, sys).result.energy);
}

TEST(NnWeights, PresetsAreReproducibleAndSeedDependent) {
  const auto a = make_nn_preset("nn-teacher"), b = make_nn_preset("nn-teacher");
  EXPECT_EQ(nn_weights_to_json(a), nn_weights_to_json(b));
  const auto c = make_nn_preset("nn-teacher", {"Si"}, kNnPresetSeed + 1);
  EXPECT_NE(a.networks[0][0].weights, c.networks[0][0].weights);
  ASSERT_EQ(a.species.size(), 8u);  // ANI-2x's elements and Si: 8 x 16 + 36 x 32 AEV entries
  EXPECT_EQ(a.widths(7), (std::vector<int>{1280, 256, 192, 160, 1}));
  EXPECT_EQ(c.widths(0), (std::vector<int>{48, 256, 192, 160, 1}));
  EXPECT_EQ(make_nn_preset("nn-student").widths(0), (std::vector<int>{16, 64, 32, 1}));
  EXPECT_THROW(make_nn_preset("nn-professor"), std::invalid_argument);
}

// A valid small document to break one field at a time.
json valid_doc() {
  return json::parse(nn_weights_to_json(make_nn_preset("nn-student", {"Si", "Ge"})));
}

void expect_error(const json& doc, const std::string& needle) {
  try {
    parse_nn_weights(doc.dump(), "bad.json");
    ADD_FAILURE() << "no error; expected one containing '" << needle << "'";
  } catch (const std::invalid_argument& e) {
    const std::string msg = e.what();
    EXPECT_EQ(msg.rfind("bad.json: ", 0), 0u) << msg;
    EXPECT_NE(msg.find(needle), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << "one line: " << msg;
  }
}

TEST(NnWeights, EveryErrorNamesTheFileAndTheProblem) {
  {
    json d = valid_doc();
    d["format"] = "torchani";
    expect_error(d, "not an mdbench NN weights file");
  }
  {
    json d = valid_doc();
    d["version"] = 2;
    expect_error(d, "unsupported version");
  }
  {
    json d = valid_doc();
    d["speceis"] = d["species"];
    expect_error(d, "unknown key 'speceis'");
  }
  {
    json d = valid_doc();
    d["networks"]["C"] = d["networks"]["Si"];
    expect_error(d, "\"networks\" names unknown species 'C'");
  }
  {
    json d = valid_doc();
    d["energy_shifts"].erase("Ge");
    expect_error(d, "\"energy_shifts\" lacks species 'Ge'");
  }
  {
    json d = valid_doc();
    d["networks"]["Ge"][1]["weights"][3].erase(0);  // a ragged row
    expect_error(d, "network 'Ge' layer 1 weights row 3 has 63 values, row 0 has 64");
  }
  {
    json d = valid_doc();
    d["networks"]["Si"][1]["bias"].erase(0);
    expect_error(d, "network 'Si' layer 1 has 31 biases, expected 32");
  }
  {
    json d = valid_doc();
    for (auto& row : d["networks"]["Si"][0]["weights"]) row.erase(0);  // input 39, AEV is 40
    expect_error(d, "network 'Si' layer 0 takes 39 inputs, expected 40 (the AEV length: ");
  }
  {
    json d = valid_doc();
    d["networks"]["Si"][2]["weights"].push_back(d["networks"]["Si"][2]["weights"][0]);
    d["networks"]["Si"][2]["bias"].push_back(0.0);
    expect_error(d, "the last layer must have 1 output");
  }
  {
    json d = valid_doc();
    d["networks"]["Si"][0]["weights"][0][0] = "nan";
    expect_error(d, "must be a number");
  }
  {
    json d = valid_doc();
    d["aev"]["radial_shifts"] = json::array();
    expect_error(d, "AEV radial_shifts is empty");
  }
  {
    json d = valid_doc();
    d["activation"]["type"] = "relu";
    expect_error(d, "activation type must be \"celu\"");
  }
  {
    json d = valid_doc();
    d["species"].push_back("Si");
    expect_error(d, "species 'Si' listed twice");
  }
}

TEST(NnWeights, NonFiniteValuesAndMalformedJsonAreRejected) {
  // JSON has no NaN literal, and nlohmann refuses numbers beyond double's range.
  json d = valid_doc();
  d["networks"]["Si"][0]["bias"][0] = 12345.5;
  std::string text = d.dump();
  std::string inf_text = text;
  inf_text.replace(inf_text.find("12345.5"), 7, "1e999");
  try {
    parse_nn_weights(inf_text, "inf.json");
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("inf.json: network 'Si' layer 0 bias entry is 1e999, "
                                         "beyond double's range"),
              std::string::npos)
        << e.what();
  }
  NnSpec spec = make_nn_preset("nn-student");
  spec.networks[0][1].weights[5] = std::nan("");
  EXPECT_THROW(spec.validate("spec"), std::invalid_argument);
  try {
    parse_nn_weights(text.substr(0, text.size() / 2), "cut.json");
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("cut.json: not valid JSON"), std::string::npos);
  }
  try {
    read_nn_weights(temp_path("does_not_exist.json"));
    ADD_FAILURE() << "no error";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("cannot open"), std::string::npos);
  }
}

// Python's json.dump writes NaN, Infinity and -Infinity for non-finite floats; the error names
// the field that holds one instead of the parser's position.
TEST(NnWeights, NonFiniteLiteralsNameTheirField) {
  json d = valid_doc();
  d["networks"]["Ge"][1]["weights"][2][5] = 12345.5;
  d["aev"]["radial_eta"] = 23456.5;
  const std::string text = d.dump();
  auto error_for = [&](const std::string& from, const std::string& to) {
    std::string t = text;
    t.replace(t.find(from), from.size(), to);
    try {
      parse_nn_weights(t, "py.json");
    } catch (const std::invalid_argument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(error_for("12345.5", "NaN"),
            "py.json: network 'Ge' layer 1 weights row 2 entry is NaN (every value must be a "
            "finite number)");
  EXPECT_EQ(error_for("12345.5", "-Infinity"),
            "py.json: network 'Ge' layer 1 weights row 2 entry is -Infinity (every value must be "
            "a finite number)");
  EXPECT_EQ(error_for("23456.5", "Infinity"),
            "py.json: aev.radial_eta is Infinity (every value must be a finite number)");
  // A quoted "NaN" is text, so the number field says so; a NaN where text goes (the description)
  // has no number to blame, and the parser's own error stands.
  EXPECT_EQ(error_for("23456.5", "\"NaN\"").rfind("py.json: aev.radial_eta must be a number", 0),
            0u);
  EXPECT_EQ(error_for("\"description\":", "\"description\": NaN, \"name\":")
                .rfind("py.json: not valid JSON", 0),
            0u);
}

TEST(NnWeights, FirstLayerErrorSpellsOutTheAevLength) {
  json d = valid_doc();
  for (auto& row : d["networks"]["Ge"][0]["weights"]) row.push_back(0.0);
  expect_error(d,
               "network 'Ge' layer 0 takes 41 inputs, expected 40 (the AEV length: 2 species x 8 "
               "radial_shifts + 3 species pairs x 4 angle_shifts x 2 angular_shifts)");
}

// read_nn_weights' message for `path` (empty when it does not throw std::invalid_argument).
std::string read_error(const std::string& path) {
  try {
    read_nn_weights(path);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "";
}

TEST(NnWeights, UnreadableFilesSaySo) {
  const std::string dir = temp_path("a_directory");
  std::filesystem::create_directories(dir);
  EXPECT_EQ(read_error(dir), dir + ": is a directory, not a weights file");
  std::filesystem::remove_all(dir);
  const std::string empty = temp_path("empty.json");
  std::ofstream(empty) << "  \n";
  EXPECT_EQ(read_error(empty), empty + ": the file is empty");
  std::remove(empty.c_str());
}

}  // namespace
}  // namespace mdb
