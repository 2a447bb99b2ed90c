#include "model/sw_params.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace mdb {
namespace {

constexpr int kTokensPerEntry = 14;  // 3 element names + 11 numbers
constexpr const char* kValueNames[11] = {"epsilon", "sigma", "a", "lambda", "gamma", "costheta0",
                                         "A",       "B",     "p", "q",      "tol"};

struct Token {
  std::string_view text;
  int line;
};

std::string triplet(const SwEntry& e) {
  return e.e1 + " " + e.e2 + " " + e.e3;
}

std::string number(double v) {
  std::ostringstream s;
  s.precision(17);
  s << v;
  return s.str();
}

/// The 11 values in file order.
std::array<double*, 11> values_of(SwEntry& e) {
  return {&e.epsilon, &e.sigma, &e.a, &e.lambda, &e.gamma, &e.costheta0,
          &e.A,       &e.B,     &e.p, &e.q,      &e.tol};
}
std::array<double, 11> values_of(const SwEntry& e) {
  return {e.epsilon, e.sigma, e.a, e.lambda, e.gamma, e.costheta0, e.A, e.B, e.p, e.q, e.tol};
}

/// Range checks of one entry; `where` prefixes the message ("<source>: entry N (...)").
void check_entry(const SwEntry& e, const std::string& where) {
  const auto v = values_of(e);
  for (int k = 0; k < 11; ++k) {
    if (!std::isfinite(v[k])) {
      throw std::invalid_argument(where + ": " + kValueNames[k] + " is not finite (" +
                                  number(v[k]) + ")");
    }
  }
  auto require = [&](double value, const char* name, bool strict) {
    if (strict ? !(value > 0.0) : !(value >= 0.0)) {
      throw std::invalid_argument(where + ": " + name +
                                  (strict ? " must be > 0" : " must be >= 0") + " (got " +
                                  number(value) + ")");
    }
  };
  const bool pair_entry = e.e2 == e.e3;  // carries the two-body term and the radial range
  require(e.epsilon, "epsilon", true);
  require(e.sigma, "sigma", pair_entry);
  require(e.a, "a", pair_entry);
  require(e.lambda, "lambda", false);
  require(e.gamma, "gamma", false);
  require(e.A, "A", false);
  require(e.B, "B", false);
  require(e.p, "p", false);
  require(e.q, "q", false);
  require(e.tol, "tol", false);
  if (pair_entry && e.tol > 0.0) {
    // LAMMPS shortens the range to a sigma + min(gamma, 1) sigma / ln(min(tol, 0.01)).
    const double t = std::min(e.tol, 0.01);
    if (!(e.a + std::min(e.gamma, 1.0) / std::log(t) > 0.0)) {
      throw std::invalid_argument(where + ": tol " + number(e.tol) + " leaves no range with a " +
                                  number(e.a));
    }
  }
}

bool same_triplet(const SwEntry& x, const SwEntry& y) {
  return x.e1 == y.e1 && x.e2 == y.e2 && x.e3 == y.e3;
}

double parse_number(const Token& t, const std::string& where, const char* name) {
  std::string_view s = t.text;
  if (s.size() > 1 && s[0] == '+' && s[1] != '-') s.remove_prefix(1);  // from_chars rejects '+'
  double v = 0.0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (ec == std::errc::result_out_of_range) {
    throw std::invalid_argument(where + ": " + name + " '" + std::string(t.text) +
                                "' is out of range (line " + std::to_string(t.line) + ")");
  }
  if (ec != std::errc() || ptr != s.data() + s.size()) {
    throw std::invalid_argument(where + ": " + name + " '" + std::string(t.text) +
                                "' is not a number (line " + std::to_string(t.line) + ")");
  }
  return v;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

}  // namespace

SwParams SwParams::silicon() {
  SwParams p;
  p.entries.push_back({"Si", "Si", "Si", 2.1683, 2.0951, 1.80, 21.0, 1.20, -0.333333333333,
                       7.049556277, 0.6022245584, 4.0, 0.0, 0.0});
  return p;
}

SwParams SwParams::parse(std::string_view text, const std::string& source) {
  SwParams out;
  std::vector<Token> pending;
  std::vector<int> entry_lines;
  int line_no = 0;
  auto finish_entry = [&] {
    const int n = static_cast<int>(out.entries.size()) + 1;
    SwEntry e{};
    e.e1 = pending[0].text;
    e.e2 = pending[1].text;
    e.e3 = pending[2].text;
    const std::string where = source + ": entry " + std::to_string(n) + " (line " +
                              std::to_string(pending[0].line) + ", " + triplet(e) + ")";
    if (pending.size() > kTokensPerEntry) {
      throw std::invalid_argument(where + ": " + std::to_string(pending.size()) +
                                  " tokens, expected 14 (3 element names and 11 numbers)");
    }
    const auto slots = values_of(e);
    for (int k = 0; k < 11; ++k) *slots[k] = parse_number(pending[3 + k], where, kValueNames[k]);
    check_entry(e, where);
    for (std::size_t m = 0; m < out.entries.size(); ++m) {
      if (same_triplet(out.entries[m], e)) {
        throw std::invalid_argument(where + ": duplicate of entry " + std::to_string(m + 1) +
                                    " (line " + std::to_string(entry_lines[m]) + ")");
      }
    }
    out.entries.push_back(std::move(e));
    entry_lines.push_back(pending[0].line);
    pending.clear();
  };

  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    if (eol == std::string_view::npos) eol = text.size();
    std::string_view line = text.substr(pos, eol - pos);
    pos = eol + 1;
    ++line_no;
    if (const auto hash = line.find('#'); hash != std::string_view::npos) {
      line = line.substr(0, hash);
    }
    std::size_t k = 0;
    while (k < line.size()) {
      while (k < line.size() && is_space(line[k])) ++k;
      const std::size_t start = k;
      while (k < line.size() && !is_space(line[k])) ++k;
      if (k > start) pending.push_back({line.substr(start, k - start), line_no});
    }
    // An entry ends on the line where it reaches 14 tokens (LAMMPS reads whole lines).
    if (pending.size() >= kTokensPerEntry) finish_entry();
  }
  if (!pending.empty()) {
    throw std::invalid_argument(
        source + ": entry " + std::to_string(out.entries.size() + 1) + " (line " +
        std::to_string(pending[0].line) + ") is incomplete at end of file: " +
        std::to_string(pending.size()) + " of 14 tokens (3 element names and 11 numbers)");
  }
  return out;
}

SwParams SwParams::from_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw std::runtime_error(path + ": cannot open");
  std::ostringstream buf;
  buf << in.rdbuf();
  if (in.bad()) throw std::runtime_error(path + ": read failed");
  return parse(buf.str(), path);
}

void SwParams::validate(const std::string& source) const {
  for (std::size_t m = 0; m < entries.size(); ++m) {
    const std::string where =
        source + ": entry " + std::to_string(m + 1) + " (" + triplet(entries[m]) + ")";
    check_entry(entries[m], where);
    for (std::size_t k = 0; k < m; ++k) {
      if (same_triplet(entries[k], entries[m])) {
        throw std::invalid_argument(where + ": duplicate of entry " + std::to_string(k + 1));
      }
    }
  }
}

const SwEntry* SwParams::find(std::string_view e1, std::string_view e2, std::string_view e3) const {
  for (const auto& e : entries) {
    if (e.e1 == e1 && e.e2 == e2 && e.e3 == e3) return &e;
  }
  return nullptr;
}

double SwParams::max_cutoff() const {
  double c = 0.0;
  for (const auto& e : entries) c = std::max(c, e.a * e.sigma);
  return c;
}

std::string SwParams::to_lammps_text() const {
  // std::to_chars gives the shortest text that reads back to the same double, independent of the
  // locale, so a round trip through LAMMPS or parse() is exact.
  std::string out =
      "# element1 element2 element3 epsilon sigma a lambda gamma costheta0 A B p q tol\n";
  for (const SwEntry& e : entries) {
    out.append(e.e1).append(" ").append(e.e2).append(" ").append(e.e3);
    for (double v :
         {e.epsilon, e.sigma, e.a, e.lambda, e.gamma, e.costheta0, e.A, e.B, e.p, e.q, e.tol}) {
      std::array<char, 32> buf{};
      const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
      out.append(" ").append(buf.data(), r.ptr);
    }
    out.append("\n");
  }
  return out;
}

}  // namespace mdb
