#include "md/structure/lammps_data_topology.hpp"

namespace mdb::lammps_data {

using namespace structure_text;

namespace {

/// Reads "id type a1 .. an"; the type must be within 1..n_types.
template <class Row>
Row parse_row(const std::vector<std::string_view>& f, int n_atoms, long long n_types,
              const char* section, const LineReader& r) {
  if (static_cast<int>(f.size()) != 2 + n_atoms) {
    r.fail(cat(section, " line has ", f.size(), " fields, expected ", 2 + n_atoms, " (id type",
               n_atoms == 2 ? " atom1 atom2)" : " atom1 atom2 atom3)"));
  }
  Row row{};
  parse_integer(f[0], cat(section, " id"), r);
  row.type = parse_integer(f[1], cat(section, " type"), r);
  if (row.type < 1 || row.type > n_types) {
    r.fail(cat(section, " type ", f[1], " is outside 1..", n_types, " (the header's ",
               n_atoms == 2 ? "bond" : "angle", " types)"));
  }
  for (int k = 0; k < n_atoms; ++k) row.atoms[k] = parse_integer(f[2 + k], "atom id", r);
  row.line = r.number();
  return row;
}

}  // namespace

void TopologyRows::bond_row(const std::vector<std::string_view>& fields, const LineReader& r) {
  bonds_.push_back(parse_row<Row>(fields, 2, n_bond_types_, "Bonds", r));
}

void TopologyRows::angle_row(const std::vector<std::string_view>& fields, const LineReader& r) {
  angles_.push_back(parse_row<Row>(fields, 3, n_angle_types_, "Angles", r));
}

void TopologyRows::resolve(const std::unordered_map<long long, std::size_t>& index_of_id,
                           const LineReader& r, Topology& out) const {
  auto index = [&](const Row& row, int k, const char* section) {
    const auto it = index_of_id.find(row.atoms[k]);
    if (it == index_of_id.end()) {
      r.fail_at(row.line, cat(section, " line names atom id ", row.atoms[k],
                              ", which the Atoms section does not have"));
    }
    return static_cast<int>(it->second);
  };
  out.bonds.reserve(bonds_.size());
  for (const Row& b : bonds_) {
    const Bond bond{index(b, 0, "Bonds"), index(b, 1, "Bonds"), static_cast<int>(b.type - 1)};
    if (bond.i == bond.j) r.fail_at(b.line, "Bonds line joins an atom to itself");
    out.bonds.push_back(bond);
  }
  out.angles.reserve(angles_.size());
  for (const Row& a : angles_) {
    const Angle angle{index(a, 0, "Angles"), index(a, 1, "Angles"), index(a, 2, "Angles"),
                      static_cast<int>(a.type - 1)};
    if (angle.i == angle.j || angle.j == angle.k || angle.i == angle.k) {
      r.fail_at(a.line, "Angles line names an atom twice");
    }
    out.angles.push_back(angle);
  }
}

}  // namespace mdb::lammps_data
