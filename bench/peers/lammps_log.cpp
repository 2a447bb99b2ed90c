#include "bench/peers/lammps_log.hpp"

#include <charconv>
#include <stdexcept>
#include <string>

namespace mdb::bench {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

// The number that starts `s` (after blanks); throws naming `what` when there is none.
double number_at(std::string_view s, const char* what) {
  s = trim(s);
  double v = 0.0;
  const auto r = std::from_chars(s.data(), s.data() + s.size(), v);
  if (r.ec != std::errc()) {
    std::string msg = "LAMMPS log: no number for ";
    throw std::runtime_error(msg.append(what));
  }
  return v;
}

// The n-th '|'-separated field of a breakdown row ("Pair    | min | avg | max |%varavg| %total").
std::string_view field(std::string_view row, int n) {
  for (int i = 0; i < n; ++i) {
    const auto bar = row.find('|');
    if (bar == std::string_view::npos) return {};
    row.remove_prefix(bar + 1);
  }
  return row.substr(0, row.find('|'));
}

}  // namespace

LammpsRunStats parse_lammps_run_stats(std::string_view log) {
  const auto loop_at = log.rfind("Loop time of ");
  if (loop_at == std::string_view::npos)
    throw std::runtime_error(
        "LAMMPS log: no \"Loop time of\" line (was the run made with post yes?)");
  std::string_view rest = log.substr(loop_at);
  LammpsRunStats st;
  st.loop = number_at(rest.substr(13), "the loop time");
  if (const auto f = rest.find(" for "); f != std::string_view::npos)
    st.steps = static_cast<long>(number_at(rest.substr(f + 5), "the step count"));
  int sections = 0;
  while (!rest.empty()) {
    const auto eol = rest.find('\n');
    const std::string_view line = rest.substr(0, eol);
    rest = eol == std::string_view::npos ? std::string_view{} : rest.substr(eol + 1);
    const std::string_view name = trim(line.substr(0, line.find('|')));
    if (line.find('|') == std::string_view::npos) {
      if (line.starts_with("Total # of neighbors = "))
        st.neighbors = number_at(line.substr(23), "the neighbour count");
      continue;
    }
    double* slot = name == "Pair"     ? &st.pair
                   : name == "Neigh"  ? &st.neigh
                   : name == "Comm"   ? &st.comm
                   : name == "Output" ? &st.output
                   : name == "Modify" ? &st.modify
                   : name == "Other"  ? &st.other
                                      : nullptr;
    if (slot == nullptr) continue;
    *slot = number_at(field(line, 2), "a timing section");
    ++sections;
  }
  if (sections < 6) throw std::runtime_error("LAMMPS log: incomplete timing breakdown");
  return st;
}

}  // namespace mdb::bench
