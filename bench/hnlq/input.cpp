#include "bench/hnlq/input.hpp"

#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string_view>
#include <system_error>

#include "bench/hnlq/options.hpp"

namespace mdb::bench {
namespace {

[[noreturn]] void fail(const std::string& path, const std::string& why) {
  throw LatticeOptionError("--lq_input=" + path + ": " + why);
}

/// The whole file, or a LatticeOptionError with the system's reason.
std::string read_file(const std::string& path) {
  const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(std::fopen(path.c_str(), "rb"),
                                                             &std::fclose);
  if (!file) fail(path, std::string("cannot open the file (") + std::strerror(errno) + ")");
  std::string text;
  char buffer[1 << 16];
  std::size_t got = 0;
  while ((got = std::fread(buffer, 1, sizeof buffer, file.get())) > 0) text.append(buffer, got);
  // A directory opens but does not read (EISDIR).
  if (std::ferror(file.get())) {
    fail(path, std::string("cannot read the file (") + std::strerror(errno) + ")");
  }
  return text;
}

/// The token as a user reads it, shortened if long (a binary file makes long tokens).
std::string shown(std::string_view token) {
  constexpr std::size_t kMax = 32;
  std::string s = "'";
  for (char ch : token.substr(0, kMax)) {
    s += (ch >= 0x20 && ch < 0x7f) ? ch : '?';  // one printable line whatever the file holds
  }
  if (token.size() > kMax) s += "...";
  s += '\'';
  return s;
}

bool is_space(char ch) {
  return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r' || ch == '\v' || ch == '\f';
}

/// One number, or a LatticeOptionError naming the line and the token.
float parse_number(const std::string& path, std::string_view token, std::size_t line) {
  const std::string where = "line " + std::to_string(line) + ": " + shown(token);
  std::string_view digits = token;
  if (digits.size() > 1 && digits[0] == '+' && digits[1] != '-' && digits[1] != '+') {
    digits.remove_prefix(1);  // from_chars takes no '+'; strtof does
  }
  float value = 0.0f;
  const char* end = digits.data() + digits.size();
  const auto [stop, ec] = std::from_chars(digits.data(), end, value);
  if (ec == std::errc::invalid_argument || stop != end) fail(path, where + " is not a number");
  if (ec == std::errc::result_out_of_range) {
    // from_chars reports both ends of the range; below the smallest subnormal is a zero.
    const double wide = std::strtod(std::string(digits).c_str(), nullptr);
    if (std::fabs(wide) > 1.0) fail(path, where + " is beyond float32's range (3.4e38)");
    return std::signbit(wide) ? -0.0f : 0.0f;
  }
  if (!std::isfinite(value)) {
    fail(path, where + " is not a finite number (NaN and infinities cannot be quantized)");
  }
  return value;
}

}  // namespace

std::vector<float> read_lattice_input(const std::string& path) {
  const std::string text = read_file(path);
  std::vector<float> values;
  std::size_t line = 1;
  std::size_t k = 0;
  while (k < text.size()) {
    const char ch = text[k];
    if (ch == '\n') {
      ++line;
      ++k;
    } else if (is_space(ch)) {
      ++k;
    } else if (ch == '#') {
      while (k < text.size() && text[k] != '\n') ++k;
    } else {
      const std::size_t start = k;
      while (k < text.size() && !is_space(text[k]) && text[k] != '#') ++k;
      values.push_back(parse_number(path, std::string_view(text).substr(start, k - start), line));
    }
  }
  if (values.empty()) {
    fail(path, text.empty() ? "the file is empty" : "the file holds no numbers");
  }
  return values;
}

void check_lattice_input_shape(const std::string& path, const std::vector<float>& values,
                               const std::vector<hnlq::LatticeKind>& lattices) {
  for (hnlq::LatticeKind kind : lattices) {
    const auto n = static_cast<std::size_t>(hnlq::lattice_dim(kind));
    if (values.size() % n == 0) continue;
    const std::string name(hnlq::lattice_name(kind));
    fail(path, std::to_string(values.size()) + " numbers do not cut into whole " + name +
                   " vectors of " + std::to_string(n) + " (give a multiple of " +
                   std::to_string(n) + ", or leave " + name + " out of --lq_lattices)");
  }
}

}  // namespace mdb::bench
