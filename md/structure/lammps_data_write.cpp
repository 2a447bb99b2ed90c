// Writing LAMMPS data files (atom_style atomic, charge or full: whatever the topology holds);
// the reader is in lammps_data.cpp.
#include <algorithm>

#include "md/structure/lammps_data.hpp"
#include "md/structure/structure_text.hpp"

namespace mdb {

using namespace structure_text;

namespace {

/// Types are 0-based in a Topology, 1-based in the file; a file with bonds declares at least one.
template <class Term>
int type_count(const std::vector<Term>& terms) {
  int n = 0;
  for (const Term& t : terms) n = std::max(n, t.type + 1);
  return n;
}

}  // namespace

void write_lammps_data(const System& sys, std::ostream& out) {
  check_writable_names(sys, "write_lammps_data");
  const auto& lo = sys.box().lo();
  const auto& len = sys.box().lengths();
  const auto& table = sys.species_table();
  // LAMMPS skips the first line; say where the file came from and in which units.
  out << "LAMMPS data file written by mdbench (units " << sys.units().name << ")\n\n";
  const Topology& topo = sys.topology();
  const bool full = !topo.molecule.empty() || !topo.bonds.empty() || !topo.angles.empty();
  const bool charged = full || !topo.charge.empty();
  out << sys.size() << " atoms\n" << table.size() << " atom types\n";
  if (full) {
    out << topo.bonds.size() << " bonds\n" << type_count(topo.bonds) << " bond types\n";
    out << topo.angles.size() << " angles\n" << type_count(topo.angles) << " angle types\n";
  }
  out << '\n';
  constexpr const char* kBounds[3] = {"xlo xhi", "ylo yhi", "zlo zhi"};
  for (int a = 0; a < 3; ++a) {
    out << format_real(lo[a]) << ' ' << format_real(lo[a] + len[a]) << ' ' << kBounds[a] << '\n';
  }
  out << "\nMasses\n\n";
  for (std::size_t s = 0; s < table.size(); ++s) {
    out << s + 1 << ' ' << format_real(table[s].mass) << " # " << table[s].name << '\n';
  }
  out << "\nAtoms # " << (full ? "full" : charged ? "charge" : "atomic") << "\n\n";
  const auto type = sys.species();
  for (std::size_t i = 0; i < sys.size(); ++i) {
    out << i + 1 << ' ';
    if (full) out << (topo.molecule.empty() ? 0 : topo.molecule[i]) << ' ';
    out << type[i] + 1 << ' ';
    if (charged) out << format_real(topo.charge.empty() ? 0.0 : topo.charge[i]) << ' ';
    out << format_real(sys.x()[i]) << ' ' << format_real(sys.y()[i]) << ' '
        << format_real(sys.z()[i]) << " 0 0 0\n";
  }
  out << "\nVelocities\n\n";
  for (std::size_t i = 0; i < sys.size(); ++i) {
    out << i + 1 << ' ' << format_real(sys.vx()[i]) << ' ' << format_real(sys.vy()[i]) << ' '
        << format_real(sys.vz()[i]) << '\n';
  }
  if (!topo.bonds.empty()) out << "\nBonds\n\n";
  for (std::size_t b = 0; b < topo.bonds.size(); ++b) {
    const Bond& bond = topo.bonds[b];
    out << b + 1 << ' ' << bond.type + 1 << ' ' << bond.i + 1 << ' ' << bond.j + 1 << '\n';
  }
  if (!topo.angles.empty()) out << "\nAngles\n\n";
  for (std::size_t a = 0; a < topo.angles.size(); ++a) {
    const Angle& angle = topo.angles[a];
    out << a + 1 << ' ' << angle.type + 1 << ' ' << angle.i + 1 << ' ' << angle.j + 1 << ' '
        << angle.k + 1 << '\n';
  }
}

void write_lammps_data(const System& sys, const std::string& path) {
  check_writable_names(sys, "write_lammps_data");
  std::ofstream out = open_structure_output(path);
  write_lammps_data(sys, out);
  close_structure_output(out, path);
}

}  // namespace mdb
