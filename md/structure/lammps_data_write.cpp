// Writing LAMMPS data files (atom_style atomic); the reader is in lammps_data.cpp.
#include "md/structure/lammps_data.hpp"
#include "md/structure/structure_text.hpp"

namespace mdb {

using namespace structure_text;

void write_lammps_data(const System& sys, std::ostream& out) {
  check_writable_names(sys, "write_lammps_data");
  const auto& lo = sys.box().lo();
  const auto& len = sys.box().lengths();
  const auto& table = sys.species_table();
  // LAMMPS skips the first line; say where the file came from and in which units.
  out << "LAMMPS data file written by mdbench (units " << sys.units().name << ")\n\n";
  out << sys.size() << " atoms\n" << table.size() << " atom types\n\n";
  constexpr const char* kBounds[3] = {"xlo xhi", "ylo yhi", "zlo zhi"};
  for (int a = 0; a < 3; ++a) {
    out << format_real(lo[a]) << ' ' << format_real(lo[a] + len[a]) << ' ' << kBounds[a] << '\n';
  }
  out << "\nMasses\n\n";
  for (std::size_t s = 0; s < table.size(); ++s) {
    out << s + 1 << ' ' << format_real(table[s].mass) << " # " << table[s].name << '\n';
  }
  out << "\nAtoms # atomic\n\n";
  const auto type = sys.species();
  for (std::size_t i = 0; i < sys.size(); ++i) {
    out << i + 1 << ' ' << type[i] + 1 << ' ' << format_real(sys.x()[i]) << ' '
        << format_real(sys.y()[i]) << ' ' << format_real(sys.z()[i]) << " 0 0 0\n";
  }
  out << "\nVelocities\n\n";
  for (std::size_t i = 0; i < sys.size(); ++i) {
    out << i + 1 << ' ' << format_real(sys.vx()[i]) << ' ' << format_real(sys.vy()[i]) << ' '
        << format_real(sys.vz()[i]) << '\n';
  }
}

void write_lammps_data(const System& sys, const std::string& path) {
  check_writable_names(sys, "write_lammps_data");
  std::ofstream out = open_structure_output(path);
  write_lammps_data(sys, out);
  close_structure_output(out, path);
}

}  // namespace mdb
