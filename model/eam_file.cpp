#include "model/eam_file.hpp"

#include <charconv>
#include <cmath>
#include <fstream>
#include <sstream>
#include <system_error>

namespace mdb {
namespace {

constexpr int kMinKnots = 5;  // LAMMPS's spline reads two knots either side of an interior one

std::string located(const std::string& file, int line, const std::string& problem) {
  std::string s = file;
  if (line > 0) s.append(":").append(std::to_string(line));
  s.append(": ").append(problem);
  return s;
}

bool ends_with(std::string_view s, std::string_view tail) {
  return s.size() >= tail.size() && s.substr(s.size() - tail.size()) == tail;
}

// Built by append: GCC 12 warns (falsely, -Wrestrict) about "'" + std::string + ... here.
std::string quoted(std::string_view token) {
  std::string s = "'";
  s.append(token).append("'");
  return s;
}

bool is_space(char c) {
  return c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v';
}

/// The text as lines of whitespace-separated tokens, read in order: whole lines for headers,
/// token by token (across lines) for tables.
class Reader {
 public:
  Reader(const std::string& name, std::string_view text) : name_(name), text_(text) {}

  [[noreturn]] void fail(const std::string& problem) const {
    throw EamFileError(name_, line_ > 0 ? line_ : 1, problem);
  }
  [[noreturn]] void fail_at(int line, const std::string& problem) const {
    throw EamFileError(name_, line, problem);
  }

  /// Skips one line whatever it holds (the comment lines).
  void skip_line(const char* what) {
    if (!next_raw_line()) fail("unexpected end of file: expected " + std::string(what));
  }

  /// The tokens of the next line, which must start a new line (no table values left over).
  std::vector<std::string_view> header(const std::string& what) {
    if (pending_ < tokens_.size()) {
      fail("more values on this line than the table before " + what + " takes");
    }
    if (!next_raw_line()) fail("unexpected end of file: expected " + what);
    split();
    pending_ = tokens_.size();
    return tokens_;
  }

  /// n values of a table, over as many lines as they take, starting on a new line.
  void table(std::vector<double>& out, int n, const std::string& what) {
    if (pending_ < tokens_.size()) {
      fail("more values on this line than the table before " + what + " takes");
    }
    out.resize(static_cast<std::size_t>(n));
    for (int k = 0; k < n; ++k) {
      while (pending_ >= tokens_.size()) {
        if (!next_raw_line()) {
          fail("unexpected end of file: " + what + " has " + std::to_string(k) + " of its " +
               std::to_string(n) + " values");
        }
        split();
        pending_ = 0;
      }
      out[static_cast<std::size_t>(k)] = number(tokens_[pending_++], what);
    }
  }

  /// Nothing but blank lines after the last table.
  void expect_end() {
    if (pending_ < tokens_.size()) fail("more values on this line than the last table takes");
    while (next_raw_line()) {
      split();
      if (!tokens_.empty()) fail("unexpected text after the last table");
    }
  }

  double number(std::string_view token, const std::string& what) const {
    std::string_view t = token;
    if (!t.empty() && t.front() == '+') t.remove_prefix(1);
    double v = 0.0;
    const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
    if (r.ec != std::errc() || r.ptr != t.data() + t.size() || !std::isfinite(v)) {
      fail(quoted(token).append(" in ").append(what).append(" is not a finite number"));
    }
    return v;
  }

  int count(std::string_view token, const std::string& what) const {
    int v = 0;
    const auto r = std::from_chars(token.data(), token.data() + token.size(), v);
    if (r.ec != std::errc() || r.ptr != token.data() + token.size()) {
      fail(quoted(token).append(" in ").append(what).append(" is not a whole number"));
    }
    return v;
  }

  int line() const { return line_; }

 private:
  bool next_raw_line() {
    if (pos_ >= text_.size()) return false;
    const std::size_t end = std::min(text_.find('\n', pos_), text_.size());
    current_ = text_.substr(pos_, end - pos_);
    pos_ = end + 1;
    ++line_;
    return true;
  }
  void split() {
    tokens_.clear();
    std::size_t k = 0;
    while (k < current_.size()) {
      while (k < current_.size() && is_space(current_[k])) ++k;
      const std::size_t start = k;
      while (k < current_.size() && !is_space(current_[k])) ++k;
      if (k > start) tokens_.push_back(current_.substr(start, k - start));
    }
  }

  const std::string& name_;
  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 0;
  std::string_view current_;
  std::vector<std::string_view> tokens_;
  std::size_t pending_ = 0;  // next unread token of tokens_
};

/// `nrho drho nr dr cut`.
void read_grid(Reader& in, EamFile& f) {
  const char* what = "the grid line 'nrho drho nr dr cut'";
  const auto t = in.header(what);
  if (t.size() != 5) {
    in.fail(std::string(what) + " has " + std::to_string(t.size()) + " values, expected 5");
  }
  f.nrho = in.count(t[0], "nrho");
  f.drho = in.number(t[1], "drho");
  f.nr = in.count(t[2], "nr");
  f.dr = in.number(t[3], "dr");
  f.cut = in.number(t[4], "cut");
  if (f.nrho < kMinKnots || f.nr < kMinKnots) {
    in.fail("nrho and nr must be at least " + std::to_string(kMinKnots) + " (got " +
            std::to_string(f.nrho) + " and " + std::to_string(f.nr) + ")");
  }
  if (!(f.drho > 0.0) || !(f.dr > 0.0) || !(f.cut > 0.0)) {
    in.fail("drho, dr and cut must be > 0");
  }
}

/// `Z mass [a lattice]`: the element's mass.
double read_element_line(Reader& in, const std::string& element) {
  const std::string what = "the line 'Z mass a lattice' of " + element;
  const auto t = in.header(what);
  if (t.size() < 2) in.fail(what + " needs at least Z and the mass");
  in.number(t[0], "Z of " + element);
  const double mass = in.number(t[1], "the mass of " + element);
  if (!(mass > 0.0)) in.fail("the mass of " + element + " must be > 0");
  return mass;
}

void read_funcfl(Reader& in, EamFile& f) {
  in.skip_line("the comment line");
  f.masses = {read_element_line(in, "the element")};
  read_grid(in, f);
  f.frho.resize(1);
  f.rhor.resize(1);
  f.z2r.resize(1);
  in.table(f.frho[0], f.nrho, "F(rho)");
  in.table(f.z2r[0], f.nr, "Z(r)");
  in.table(f.rhor[0], f.nr, "rho(r)");
}

void read_setfl(Reader& in, EamFile& f) {
  for (int k = 0; k < 3; ++k) in.skip_line("three comment lines");
  const auto t = in.header("the element line 'N name_1 ... name_N'");
  if (t.empty()) in.fail("the element line 'N name_1 ... name_N' is empty");
  const int n = in.count(t[0], "the element count");
  if (n < 1) in.fail("the element count must be at least 1");
  if (static_cast<int>(t.size()) != n + 1) {
    in.fail("the element line names " + std::to_string(t.size() - 1) + " elements, expected " +
            std::to_string(n));
  }
  for (int a = 1; a <= n; ++a) {
    const std::string name(t[static_cast<std::size_t>(a)]);
    for (const std::string& seen : f.elements) {
      if (seen == name) in.fail("element " + name + " is named twice");
    }
    f.elements.push_back(name);
  }
  read_grid(in, f);
  const int n_rho = f.format == EamFormat::Fs ? n : 1;  // density functions per element
  f.frho.resize(static_cast<std::size_t>(n));
  f.rhor.resize(static_cast<std::size_t>(n * n_rho));
  for (int a = 0; a < n; ++a) {
    const std::string& e = f.elements[static_cast<std::size_t>(a)];
    f.masses.push_back(read_element_line(in, e));
    in.table(f.frho[static_cast<std::size_t>(a)], f.nrho, "F(rho) of " + e);
    for (int b = 0; b < n_rho; ++b) {
      const std::string what =
          n_rho == 1 ? "rho(r) of " + e : "rho(r) " + std::to_string(b + 1) + " of " + e;
      in.table(f.rhor[static_cast<std::size_t>(a * n_rho + b)], f.nr, what);
    }
  }
  f.z2r.resize(static_cast<std::size_t>(n * (n + 1) / 2));
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b <= a; ++b) {
      in.table(f.z2r[static_cast<std::size_t>(a * (a + 1) / 2 + b)], f.nr,
               "r*phi(r) of " + f.elements[static_cast<std::size_t>(a)] + "-" +
                   f.elements[static_cast<std::size_t>(b)]);
    }
  }
}

}  // namespace

EamFileError::EamFileError(const std::string& file, int line, const std::string& problem)
    : std::runtime_error(located(file, line, problem)), file_(file), line_(line) {}

std::string_view eam_pair_style(EamFormat format) {
  switch (format) {
    case EamFormat::Funcfl:
      return "eam";
    case EamFormat::Setfl:
      return "eam/alloy";
    case EamFormat::Fs:
      return "eam/fs";
  }
  return "eam";
}

EamFormat eam_format_of(const std::string& name) {
  if (ends_with(name, ".eam.alloy") || ends_with(name, ".setfl")) return EamFormat::Setfl;
  if (ends_with(name, ".eam.fs")) return EamFormat::Fs;
  if (ends_with(name, ".eam")) return EamFormat::Funcfl;
  throw EamFileError(name, 0,
                     "cannot tell the EAM format from the name (expected *.eam funcfl, "
                     "*.eam.alloy or *.setfl setfl, *.eam.fs Finnis-Sinclair)");
}

EamFile parse_eam_file(std::string name, std::string text, EamFormat format) {
  EamFile f;
  f.name = std::move(name);
  f.text = std::move(text);
  f.format = format;
  Reader in(f.name, f.text);
  if (format == EamFormat::Funcfl) {
    read_funcfl(in, f);
  } else {
    read_setfl(in, f);
  }
  in.expect_end();
  return f;
}

EamFile read_eam_file(const std::string& path) {
  return read_eam_file(path, eam_format_of(path));
}

EamFile read_eam_file(const std::string& path, EamFormat format) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw EamFileError(path, 0, "cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw EamFileError(path, 0, "cannot read");
  return parse_eam_file(path, text.str(), format);
}

}  // namespace mdb
