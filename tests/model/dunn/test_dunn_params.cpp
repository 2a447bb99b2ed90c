// The DUNN parameter files: what the reader makes of them, and a one-line error naming file and
// line for each kind of malformed input.
#include <gtest/gtest.h>

#include <string>

#include "model/dunn/dunn_params_text.hpp"
#include "tests/model/dunn/dunn_test_support.hpp"

namespace mdb {
namespace {

TEST(DunnParams, SyntheticFilesParseToTheirValues) {
  const DunnParams p = parse_dunn_params(test::synthetic_dunn_files());
  const DunnDescriptorParams& d = p.descriptor;
  ASSERT_EQ(d.species, (std::vector<std::string>{"C", "Si"}));
  EXPECT_EQ(d.cutoff(0, 0), 3.2);
  EXPECT_EQ(d.cutoff(0, 1), 3.6);
  EXPECT_EQ(d.cutoff(1, 0), 3.6);
  EXPECT_EQ(d.cutoff(1, 1), 4.0);
  using K = DunnSymmetryKind;
  const K kinds[] = {K::G1, K::G2, K::G2, K::G3, K::G4, K::G4, K::G4, K::G5, K::G5};
  ASSERT_EQ(d.size(), 9);
  for (int f = 0; f < 9; ++f) EXPECT_EQ(d.functions[f].kind, kinds[f]) << f;
  EXPECT_EQ(d.functions[2].eta, 1.2);
  EXPECT_EQ(d.functions[2].rs, 1.8);
  EXPECT_EQ(d.functions[3].kappa, 1.3);
  EXPECT_EQ(d.functions[6].zeta, 3.5);
  EXPECT_EQ(d.functions[6].lambda, 1.0);
  EXPECT_EQ(d.functions[6].eta, 0.02);
  EXPECT_EQ(d.functions[7].lambda, -1.0);
  ASSERT_TRUE(d.normalize);
  EXPECT_EQ(d.mean[3], -0.1);
  EXPECT_EQ(d.stdev[7], 2.0);

  const DunnNetworkParams& n = p.network;
  ASSERT_EQ(n.layers.size(), 3u);
  EXPECT_EQ(n.layers[0].in, 9);
  EXPECT_EQ(n.layers[0].out, 6);
  EXPECT_EQ(n.layers[2].out, 1);
  EXPECT_EQ(n.activation, DunnActivation::Tanh);
  EXPECT_EQ(n.keep_prob, (std::vector<double>{1.0, 0.8, 0.75}));
  ASSERT_EQ(n.ensemble_size(), 3);
  EXPECT_FALSE(n.drops(0));
  EXPECT_TRUE(n.drops(1));
  for (const auto& member : n.masks) {
    ASSERT_EQ(member.size(), 3u);
    EXPECT_EQ(member[0], std::vector<std::uint8_t>(9, 1));  // keep 1: the file's ones
    EXPECT_EQ(member[2].size(), 5u);
  }
}

// The first weight row of layer 1 holds the file's first numbers after the keep line.
TEST(DunnParams, WeightsKeepTheFileLayoutInputRowsTimesOutputColumns) {
  const DunnParamFiles files = test::synthetic_dunn_files();
  const DunnParams p = parse_dunn_params(files);
  const std::string& t = files.network.text;
  const std::size_t row = t.find('\n', t.find("# weights of layer 1")) + 1;
  const std::string first = t.substr(row, t.find(' ', row) - row);
  EXPECT_EQ(p.network.layers[0].weights[0], std::stod(first));
  EXPECT_EQ(p.network.layers[0].weights.size(), 9u * 6u);
  EXPECT_EQ(p.network.layers[0].bias.size(), 6u);
}

TEST(DunnParams, CarriageReturnsAndCommentsAreWhitespace) {
  DunnParamFiles crlf = test::synthetic_dunn_files();
  for (auto* f : {&crlf.descriptor, &crlf.network, &crlf.dropout}) {
    std::string out;
    for (char c : f->text) out += c == '\n' ? std::string("  # note\r\n") : std::string(1, c);
    f->text = out;
  }
  const DunnParams a = parse_dunn_params(test::synthetic_dunn_files());
  const DunnParams b = parse_dunn_params(crlf);
  EXPECT_EQ(a.network.layers[1].weights, b.network.layers[1].weights);
  EXPECT_EQ(a.network.masks, b.network.masks);
  EXPECT_EQ(a.descriptor.stdev, b.descriptor.stdev);
}

/// Which file to break, the text to replace (its first occurrence; "<end>" appends, "<cut>" cuts
/// the file from `from` on) and by what, and what the message must say after "<file>:<line>: ",
/// where line is that of the last character of `marker` in the broken text (empty: its last
/// line).
struct BadFile {
  const char* name;
  int file;  // 0 descriptor, 1 network, 2 dropout
  std::string from, to, marker, problem;
};

void PrintTo(const BadFile& b, std::ostream* os) {
  *os << b.name;
}

int line_of(const std::string& text, const std::string& marker) {
  std::size_t at = marker.empty() ? text.size() - 1 : text.find(marker);
  if (at == std::string::npos) throw std::logic_error("marker not in text: " + marker);
  if (!marker.empty()) at += marker.size() - 1;
  return 1 + static_cast<int>(std::count(text.begin(), text.begin() + at, '\n'));
}

std::string bad_file_name(const ::testing::TestParamInfo<BadFile>& p) {
  return p.param.name;
}

class DunnBadFile : public ::testing::TestWithParam<BadFile> {};

TEST_P(DunnBadFile, ThrowsNamingFileAndLine) {
  const BadFile& b = GetParam();
  DunnParamFiles files = test::synthetic_dunn_files();
  DunnParamFile* f = b.file == 0   ? &files.descriptor
                     : b.file == 1 ? &files.network
                                   : &files.dropout;
  if (b.from == "<end>") {
    f->text += b.to;
  } else if (b.to == "<cut>") {
    f->text.resize(f->text.find(b.from));
  } else {
    const std::size_t at = f->text.find(b.from);
    ASSERT_NE(at, std::string::npos) << b.from;
    f->text.replace(at, b.from.size(), b.to);
  }
  // An empty marker means the file's last line (an unexpected end of file).
  std::string text = f->text;
  while (b.marker.empty() && !text.empty() && text.back() == '\n') text.pop_back();
  const std::string where = f->name + ":" + std::to_string(line_of(text, b.marker)) + ": ";
  try {
    parse_dunn_params(files);
    FAIL() << "no error";
  } catch (const DunnParamsError& e) {
    const std::string what = e.what();
    EXPECT_EQ(what.rfind(where, 0), 0u) << what << "\nexpected prefix " << where;
    EXPECT_NE(what.find(b.problem), std::string::npos) << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << "one line: " << what;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Cases, DunnBadFile,
    ::testing::Values(
        BadFile{"CutoffType", 0, "COS", "gauss", "gauss", "cutoff type 'gauss' is not supported"},
        BadFile{"NegativeCutoff", 0, "C Si 3.6", "C Si -3.6", "C Si -3.6", "cutoff must be > 0"},
        BadFile{"ThirdSpecies", 0, "C Si 3.6", "C Ge 3.6", "Si Si", "'Si' is one too many"},
        BadFile{"CutoffGivenTwice", 0, "C Si 3.6", "Si C 3.6\nC C 3.2", "Si C 3.6\nC C",
                "given twice"},
        BadFile{"UnknownFunction", 0, "G3 1 1", "g7 1 1", "g7 1 1", "unsupported symmetry"},
        BadFile{"WrongColumnCount", 0, "g4 3 3", "g4 3 2", "g4 3 2", "g4 takes 3 parameters"},
        BadFile{"NotANumber", 0, "2 1 0.1", "2 1 0.1x", "0.1x", "'0.1x' is not a finite number"},
        BadFile{"MissingParameter", 0, "2 1 0.1", "2 1", "\n2 1\n", "found 2 tokens"},
        BadFile{"ZeroDeviation", 0, "2.0\n0.9", "0.0\n0.9", "0.0\n", "must be > 0"},
        BadFile{"MeanCount", 0, "True\n9\n", "True\n8\n", "\n8\n", "8 means and deviations"},
        BadFile{"NormaliseFlag", 0, "True", "maybe", "center_and", "expected true or false"},
        BadFile{"DescriptorTrailing", 0, "<end>", "7\n", "", "unexpected data after"},
        BadFile{"LastLayerWidth", 1, "6 5 1", "6 5 2", "6 5 2", "last layer must have 1 unit"},
        BadFile{"HugeLayer", 1, "6 5 1", "1000000 1000000 1", "1000000 1000000 1",
                "layer 2 would hold 1000000 x 1000000 weights, more than 2^24"},
        BadFile{"LayerCount", 1, "6 5 1", "6 5", "\n6 5\n", "expected the layer widths (3 values)"},
        BadFile{"Activation", 1, "tanh", "swish", "swish", "unsupported activation 'swish'"},
        BadFile{"KeepProbability", 1, "0.8", "1.5", "1.5", "keep probability must be in"},
        BadFile{"LongWeightRow", 1, "# weights of layer 1\n", "# weights of layer 1\n0.1 ",
                "layer 1\n0.1 ", "expected layer 1 weights (6 values), found 7 tokens"},
        BadFile{"TruncatedNetwork", 1, "# weights of layer 3", "<cut>", "",
                "unexpected end of file, expected layer 3 weights"},
        BadFile{"MaskEntry", 2, "0 ", "2 ", "2 ", "mask entry '2' is not 0 or 1"},
        BadFile{"MaskWidth", 2, "# instance 1\n1 1 1 1 1 1 1 1 1 ",
                "# instance 1\n1 1 1 1 1 1 1 1 ", "# instance 1\n1",
                "expected a dropout mask (9 values), found 8"},
        BadFile{"EnsembleSize", 2, "3 # ensemble size", "4 # ensemble size", "",
                "unexpected end of file, expected a dropout mask"},
        BadFile{"DropoutTrailing", 2, "<end>", "1 1\n", "", "unexpected data after the last mask"}),
    bad_file_name);

TEST(DunnParams, MissingFileIsReportedByPath) {
  try {
    read_dunn_param_files("/nonexistent/descriptor.params", "b", "c");
    FAIL() << "no error";
  } catch (const DunnParamsError& e) {
    EXPECT_STREQ(e.what(), "/nonexistent/descriptor.params: cannot open");
  }
}

TEST(DunnParams, ValidateRejectsInconsistentParameters) {
  const DunnParams good = parse_dunn_params(test::synthetic_dunn_files());
  EXPECT_NO_THROW(good.validate("x"));
  DunnParams p = good;
  p.descriptor.cutoffs[1] = 3.0;  // C-Si 3.0, Si-C 3.6
  EXPECT_THROW(p.validate("x"), std::invalid_argument);
  p = good;
  p.network.masks[1][2].pop_back();
  EXPECT_THROW(p.validate("x"), std::invalid_argument);
  p = good;
  p.network.layers[1].in = 7;
  EXPECT_THROW(p.validate("x"), std::invalid_argument);
  p = good;
  p.descriptor.stdev[0] = 0.0;
  EXPECT_THROW(p.validate("x"), std::invalid_argument);
}

}  // namespace
}  // namespace mdb
