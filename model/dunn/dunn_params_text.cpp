#include "model/dunn/dunn_params_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <fstream>
#include <sstream>
#include <string_view>
#include <vector>

namespace mdb {
namespace {

/// The data lines of one file, in order, each split into tokens, with its 1-based line number.
class DataLines {
 public:
  explicit DataLines(const DunnParamFile& file) : file_(file) {
    std::string_view rest = file.text;
    int number = 0;
    while (!rest.empty()) {
      const std::size_t eol = rest.find('\n');
      std::string_view line = rest.substr(0, eol);
      rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
      ++number;
      const std::size_t hash = line.find('#');
      if (hash != std::string_view::npos) line = line.substr(0, hash);
      std::vector<std::string_view> tokens;
      std::size_t at = 0;
      while (true) {
        while (at < line.size() && std::isspace(static_cast<unsigned char>(line[at]))) ++at;
        if (at >= line.size()) break;
        const std::size_t start = at;
        while (at < line.size() && !std::isspace(static_cast<unsigned char>(line[at]))) ++at;
        tokens.push_back(line.substr(start, at - start));
      }
      if (!tokens.empty()) lines_.push_back({number, std::move(tokens)});
    }
    last_line_ = number;
  }

  /// The next data line, which must hold `count` tokens (any number when count < 0).
  const std::vector<std::string_view>& next(const std::string& what, int count) {
    if (at_ >= lines_.size()) fail(last_line_, "unexpected end of file, expected " + what);
    line_ = lines_[at_].number;
    const auto& tokens = lines_[at_++].tokens;
    if (count >= 0 && tokens.size() != static_cast<std::size_t>(count)) {
      fail(line_, "expected " + what + " (" + std::to_string(count) + " value" +
                      (count == 1 ? "" : "s") + "), found " + std::to_string(tokens.size()) +
                      " token" + (tokens.size() == 1 ? "" : "s"));
    }
    return tokens;
  }
  /// Fails on the first data line left over.
  void expect_end(const std::string& after) {
    if (at_ < lines_.size()) fail(lines_[at_].number, "unexpected data after " + after);
  }
  int line() const { return line_; }

  [[noreturn]] void fail(int line, const std::string& problem) const {
    throw DunnParamsError(file_.name, line, problem);
  }
  [[noreturn]] void fail(const std::string& problem) const { fail(line_, problem); }

  double number(std::string_view t, const std::string& what) const {
    std::string_view s = t;
    if (s.size() > 1 && s[0] == '+' && s[1] != '-') s.remove_prefix(1);  // from_chars rejects '+'
    double v = 0.0;
    const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || ptr != s.data() + s.size() || !std::isfinite(v)) {
      fail(what + " '" + std::string(t) + "' is not a finite number");
    }
    return v;
  }
  int integer(std::string_view t, const std::string& what, int min, int max) const {
    int v = 0;
    const auto [ptr, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
    if (ec != std::errc() || ptr != t.data() + t.size()) {
      fail(what + " '" + std::string(t) + "' is not an integer");
    }
    if (v < min || v > max) {
      fail(what + " " + std::to_string(v) + " is out of range [" + std::to_string(min) + ", " +
           std::to_string(max) + "]");
    }
    return v;
  }
  /// The only token of the next line, as an integer in [min, max].
  int count(const std::string& what, int min, int max) {
    return integer(next(what, 1)[0], what, min, max);
  }
  /// The next line as exactly n numbers.
  void numbers(const std::string& what, int n, double* out) {
    const auto& t = next(what, n);
    for (int k = 0; k < n; ++k) out[k] = number(t[static_cast<std::size_t>(k)], what);
  }

 private:
  struct Line {
    int number;
    std::vector<std::string_view> tokens;
  };
  const DunnParamFile& file_;
  std::vector<Line> lines_;
  std::size_t at_ = 0;
  int line_ = 0, last_line_ = 0;
};

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// Generous bounds: a count beyond them is a corrupt file, not a model.
constexpr int kMaxSpecies = 128;
constexpr int kMaxCount = 1 << 20;
constexpr std::int64_t kMaxWeights = std::int64_t{1} << 24;  // per layer; DUNN's are ~1e3

DunnDescriptorParams parse_descriptor(const DunnParamFile& file) {
  DataLines in(file);
  DunnDescriptorParams d;
  const std::string type = lower(in.next("the cutoff type", 1)[0]);
  if (type != "cos") in.fail("cutoff type '" + type + "' is not supported (only 'cos')");
  const int ns = in.count("the number of species", 1, kMaxSpecies);
  d.cutoffs.assign(static_cast<std::size_t>(ns) * ns, 0.0);
  std::vector<bool> given(d.cutoffs.size(), false);
  auto code = [&](std::string_view name) {
    const int c = d.species_index(std::string(name));
    if (c >= 0) return c;
    if (d.n_species() == ns) in.fail("species '" + std::string(name) + "' is one too many");
    d.species.emplace_back(name);
    return d.n_species() - 1;
  };
  for (int p = 0; p < ns * (ns + 1) / 2; ++p) {
    const auto& t = in.next("'species species cutoff'", 3);
    const int a = code(t[0]), b = code(t[1]);
    const double c = in.number(t[2], "cutoff");
    if (!(c > 0.0)) in.fail("cutoff must be > 0");
    const std::size_t ab = static_cast<std::size_t>(a) * ns + b,
                      ba = static_cast<std::size_t>(b) * ns + a;
    if (given[ab]) in.fail("cutoff of " + d.species[a] + "-" + d.species[b] + " given twice");
    given[ab] = given[ba] = true;
    d.cutoffs[ab] = d.cutoffs[ba] = c;
  }
  if (std::find(given.begin(), given.end(), false) != given.end()) {
    in.fail("not every species pair has a cutoff");
  }

  const int blocks = in.count("the number of symmetry-function blocks", 1, kMaxCount);
  for (int b = 0; b < blocks; ++b) {
    const auto& head = in.next("a symmetry-function block header", -1);
    const std::string name = lower(head[0]);
    if (name == "g1") {  // one function, no parameters; the driver reads only the name
      d.functions.push_back({DunnSymmetryKind::G1});
      continue;
    }
    struct Kind {
      const char* name;
      DunnSymmetryKind kind;
      int cols;
    };
    static constexpr Kind kKinds[] = {{"g2", DunnSymmetryKind::G2, 2},
                                      {"g3", DunnSymmetryKind::G3, 1},
                                      {"g4", DunnSymmetryKind::G4, 3},
                                      {"g5", DunnSymmetryKind::G5, 3}};
    const Kind* kind = nullptr;
    for (const Kind& k : kKinds) {
      if (name == k.name) kind = &k;
    }
    if (kind == nullptr) in.fail("unsupported symmetry function '" + std::string(head[0]) + "'");
    if (head.size() != 3) in.fail("expected '" + name + " rows cols'");
    const int rows = in.integer(head[1], name + " rows", 1, kMaxCount);
    const int cols = in.integer(head[2], name + " cols", 0, kMaxCount);
    if (cols != kind->cols) {
      in.fail(name + " takes " + std::to_string(kind->cols) + " parameters per row, not " +
              std::to_string(cols));
    }
    for (int r = 0; r < rows; ++r) {
      double v[3] = {};
      in.numbers(name + " parameters", cols, v);
      DunnSymmetryFunction f{kind->kind};
      switch (kind->kind) {
        case DunnSymmetryKind::G2:
          f.eta = v[0];
          f.rs = v[1];
          break;
        case DunnSymmetryKind::G3:
          f.kappa = v[0];
          break;
        default:  // G4, G5
          f.zeta = v[0];
          f.lambda = v[1];
          f.eta = v[2];
      }
      d.functions.push_back(f);
    }
  }

  const auto& flag = in.next("'center_and_normalize true|false'", 2);
  const std::string on = lower(flag[1]);
  if (on != "true" && on != "false") in.fail("expected true or false, found '" + on + "'");
  d.normalize = on == "true";
  if (d.normalize) {
    const int n = in.count("the number of means and deviations", 0, kMaxCount);
    if (n != d.size()) {
      in.fail(std::to_string(n) + " means and deviations for " + std::to_string(d.size()) +
              " symmetry functions");
    }
    d.mean.resize(static_cast<std::size_t>(n));
    d.stdev.resize(static_cast<std::size_t>(n));
    for (double& m : d.mean) in.numbers("a mean", 1, &m);
    for (double& s : d.stdev) {
      in.numbers("a standard deviation", 1, &s);
      if (!(s > 0.0)) in.fail("standard deviation must be > 0");
    }
  }
  in.expect_end("the descriptor definition");
  return d;
}

DunnNetworkParams parse_network(const DunnParamFile& file, int input_width) {
  DataLines in(file);
  DunnNetworkParams n;
  const int n_layers = in.count("the number of layers", 1, 1024);
  const auto& widths = in.next("the layer widths", n_layers);
  n.layers.resize(static_cast<std::size_t>(n_layers));
  int width = input_width;
  for (int l = 0; l < n_layers; ++l) {
    DunnLayer& layer = n.layers[static_cast<std::size_t>(l)];
    layer.in = width;
    layer.out = in.integer(widths[static_cast<std::size_t>(l)], "a layer width", 1, kMaxCount);
    // Checked here, on the widths line, before any storage is sized for the weights.
    if (static_cast<std::int64_t>(layer.in) * layer.out > kMaxWeights) {
      in.fail("layer " + std::to_string(l + 1) + " would hold " + std::to_string(layer.in) + " x " +
              std::to_string(layer.out) + " weights, more than 2^24");
    }
    width = layer.out;
  }
  if (width != 1)
    in.fail("the last layer must have 1 unit (the atomic energy), not " + std::to_string(width));
  const std::string act = lower(in.next("the activation function", 1)[0]);
  if (act == "sigmoid") {
    n.activation = DunnActivation::Sigmoid;
  } else if (act == "tanh") {
    n.activation = DunnActivation::Tanh;
  } else if (act == "relu") {
    n.activation = DunnActivation::Relu;
  } else if (act == "elu") {
    n.activation = DunnActivation::Elu;
  } else {
    in.fail("unsupported activation '" + act + "' (sigmoid, tanh, relu or elu)");
  }
  n.keep_prob.resize(static_cast<std::size_t>(n_layers));
  in.numbers("the keep probabilities", n_layers, n.keep_prob.data());
  for (double k : n.keep_prob) {
    if (!(k > 0.0 && k <= 1.0)) in.fail("keep probability must be in (0, 1]");
  }
  for (int l = 0; l < n_layers; ++l) {
    DunnLayer& layer = n.layers[static_cast<std::size_t>(l)];
    const std::string name = "layer " + std::to_string(l + 1);
    layer.weights.resize(static_cast<std::size_t>(layer.in) * layer.out);
    for (int r = 0; r < layer.in; ++r) {
      in.numbers(name + " weights", layer.out, layer.weights.data() + std::size_t(r) * layer.out);
    }
    layer.bias.resize(static_cast<std::size_t>(layer.out));
    in.numbers(name + " biases", layer.out, layer.bias.data());
  }
  in.expect_end("the last layer");
  return n;
}

void parse_dropout(const DunnParamFile& file, DunnNetworkParams& n) {
  DataLines in(file);
  const int members = in.count("the ensemble size", 0, kMaxCount);
  n.masks.assign(static_cast<std::size_t>(members), {});
  for (auto& member : n.masks) {
    for (const DunnLayer& layer : n.layers) {
      const auto& t = in.next("a dropout mask", layer.in);
      std::vector<std::uint8_t> mask(t.size());
      for (std::size_t u = 0; u < t.size(); ++u) {
        if (t[u] != "0" && t[u] != "1")
          in.fail("mask entry '" + std::string(t[u]) + "' is not 0 or 1");
        mask[u] = t[u] == "1" ? 1 : 0;
      }
      member.push_back(std::move(mask));
    }
  }
  in.expect_end("the last mask");
}

std::string error_text(const std::string& file, int line, const std::string& problem) {
  std::string text = file;
  if (line > 0) text.append(":").append(std::to_string(line));
  return text.append(": ").append(problem);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw DunnParamsError(path, 0, "cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw DunnParamsError(path, 0, "read failed");
  return text.str();
}

}  // namespace

DunnParamsError::DunnParamsError(const std::string& file, int line, const std::string& problem)
    : std::runtime_error(error_text(file, line, problem)), file_(file), line_(line) {}

DunnParams parse_dunn_params(const DunnParamFiles& files) {
  DunnParams p;
  p.descriptor = parse_descriptor(files.descriptor);
  p.network = parse_network(files.network, p.descriptor.size());
  parse_dropout(files.dropout, p.network);
  try {
    p.validate("DunnParams");
  } catch (const std::invalid_argument& e) {  // every check is made above with its line
    throw DunnParamsError(files.descriptor.name, 0, e.what());
  }
  return p;
}

DunnParamFiles read_dunn_param_files(const std::string& descriptor_path,
                                     const std::string& network_path,
                                     const std::string& dropout_path) {
  return {{descriptor_path, read_file(descriptor_path)},
          {network_path, read_file(network_path)},
          {dropout_path, read_file(dropout_path)}};
}

}  // namespace mdb
