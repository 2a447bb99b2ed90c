#include "md/structure/structure_text.hpp"

#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <stdexcept>
#include <system_error>

namespace mdb::structure_text {

bool LineReader::next() {
  ++number_;
  if (!std::getline(*in_, line_)) {
    line_.clear();
    return false;
  }
  if (!line_.empty() && line_.back() == '\r') line_.pop_back();
  return true;
}

void LineReader::fail_at(int line, const std::string& problem) const {
  throw StructureFileError(source_, line, problem);
}

std::vector<std::string_view> split_fields(std::string_view text) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    const std::size_t start = i;
    while (i < text.size() && !std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back(text.substr(start, i - start));
  }
  return out;
}

std::string quoted(std::string_view token) {
  constexpr std::size_t kMax = 40;
  std::string out("'");
  out.append(token.substr(0, kMax));
  if (token.size() > kMax) out.append("...");
  out.append("'");
  return out;
}

double parse_real(std::string_view token, std::string_view what, const LineReader& at) {
  std::string_view t = token;
  if (t.size() > 1 && t.front() == '+') t.remove_prefix(1);
  double v = 0.0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec == std::errc::result_out_of_range) at.fail(cat(what, " is out of range: ", quoted(token)));
  if (ec != std::errc() || end != t.data() + t.size()) {
    at.fail(cat(what, ": expected a number, got ", quoted(token)));
  }
  if (!std::isfinite(v)) at.fail(cat(what, " is not finite: ", quoted(token)));
  return v;
}

long long parse_integer(std::string_view token, std::string_view what, const LineReader& at) {
  std::string_view t = token;
  if (t.size() > 1 && t.front() == '+') t.remove_prefix(1);
  long long v = 0;
  const auto [end, ec] = std::from_chars(t.data(), t.data() + t.size(), v);
  if (ec == std::errc::result_out_of_range) at.fail(cat(what, " is out of range: ", quoted(token)));
  if (ec != std::errc() || end != t.data() + t.size()) {
    at.fail(cat(what, ": expected an integer, got ", quoted(token)));
  }
  return v;
}

std::string format_real(double v) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::general, 17);
  // 64 characters always hold 17 digits, sign, point and exponent.
  return ec == std::errc() ? std::string(buf, end) : std::string("nan");
}

namespace {
std::string open_failure(int err) {
  return cat("cannot open (", err != 0 ? std::strerror(err) : "unknown error", ")");
}
}  // namespace

std::ifstream open_structure_input(const std::string& path) {
  std::error_code ec;
  // An ifstream opens a directory without complaint and then reads nothing.
  if (std::filesystem::is_directory(path, ec)) {
    throw StructureFileError(path, 0, open_failure(EISDIR));
  }
  errno = 0;
  std::ifstream in(path);
  if (!in) throw StructureFileError(path, 0, open_failure(errno));
  return in;
}

std::ofstream open_structure_output(const std::string& path) {
  errno = 0;
  std::ofstream out(path);
  if (!out) throw StructureFileError(path, 0, open_failure(errno));
  return out;
}

void close_structure_output(std::ofstream& out, const std::string& path) {
  out.flush();
  if (!out) throw StructureFileError(path, 0, "write failed");
}

void check_structure_options(const StructureOptions& options) {
  if (options.units == nullptr) {
    throw std::invalid_argument("StructureOptions: units must not be null");
  }
  for (const auto& [name, mass] : options.masses) {
    if (!std::isfinite(mass) || mass <= 0.0) {
      throw std::invalid_argument(cat("StructureOptions: mass of '", name, "' must be > 0"));
    }
  }
  for (const auto& name : options.type_names) {
    if (split_fields(name).size() != 1 || split_fields(name).front() != name) {
      throw std::invalid_argument(cat("StructureOptions: type name '", name, "' must be one word"));
    }
  }
}

std::optional<double> option_mass(const StructureOptions& options, std::string_view name) {
  const auto it = options.masses.find(name);
  if (it == options.masses.end()) return std::nullopt;
  return it->second;
}

void check_writable_names(const System& sys, std::string_view format) {
  for (const Species& s : sys.species_table()) {
    if (split_fields(s.name).size() != 1 || s.name.find('#') != std::string::npos) {
      throw std::invalid_argument(
          cat(format, ": species name '", s.name, "' must be one word without '#'"));
    }
  }
}

void wrap_into_box(System& sys) {
  const OrthoBoxView& box = sys.box().view();
  auto x = sys.x(), y = sys.y(), z = sys.z();
  for (std::size_t i = 0; i < sys.size(); ++i) {
    box.wrap(x[i], 0);
    box.wrap(y[i], 1);
    box.wrap(z[i], 2);
  }
}

}  // namespace mdb::structure_text
