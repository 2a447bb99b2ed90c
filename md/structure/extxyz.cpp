#include "md/structure/extxyz.hpp"

#include <algorithm>
#include <array>
#include <climits>
#include <cmath>
#include <limits>
#include <optional>

#include "md/structure/elements.hpp"
#include "md/structure/extxyz_comment.hpp"
#include "md/structure/structure_text.hpp"

namespace mdb {

using namespace structure_text;

namespace {

// ASE's time unit is Angstrom sqrt(amu/eV), about 10.18 fs; ase.units.fs = 0.09822694788464063
// (CODATA 2014, ASE 3.22), so one ps is 1000 fs = 98.22694788464063 ASE time units.
constexpr double kAseTimeUnitsPerPs = 98.22694788464063;

/// The cell and column layout that line 2 declares.
struct FrameHeader {
  std::array<double, 3> lo{0.0, 0.0, 0.0};
  std::array<double, 3> lengths{};
  int n_fields = 0;
  ExtxyzColumn species, pos;
  std::optional<ExtxyzColumn> velocity;  // Angstrom/ps
  std::optional<ExtxyzColumn> momenta;   // ASE units; used only without a velocity column
  std::optional<ExtxyzColumn> masses;
};

std::vector<double> numbers_in(std::string value, std::string_view key, std::size_t expected,
                               const LineReader& at) {
  std::replace(value.begin(), value.end(), ',', ' ');  // ASE also accepts commas
  const auto tokens = split_fields(value);
  if (tokens.size() != expected) {
    at.fail(cat(key, " must hold ", expected, " numbers, got ", tokens.size()));
  }
  std::vector<double> out;
  for (const auto t : tokens) out.push_back(parse_real(t, key, at));
  return out;
}

void read_cell(const std::vector<ExtxyzField>& fields, FrameHeader& h, const LineReader& at) {
  const ExtxyzField* lattice = find_extxyz_field(fields, "Lattice");
  if (lattice == nullptr) {
    at.fail(
        "no Lattice=\"ax ay az bx by bz cx cy cz\" on the comment line: a plain XYZ file has no "
        "periodic cell, and md_bench needs one");
  }
  const auto m = numbers_in(lattice->value, "Lattice", 9, at);
  double scale = 0.0;
  for (double v : m) scale = std::max(scale, std::abs(v));
  for (int r = 0; r < 3; ++r) {
    for (int c = 0; c < 3; ++c) {
      if (r != c && std::abs(m[3 * r + c]) > 1e-9 * scale) {
        at.fail(cat("Lattice ", quoted(lattice->value),
                    " is triclinic: triclinic cells are not supported (the engine's Box is "
                    "orthorhombic; off-diagonal entries must be 0)"));
      }
    }
    if (!(m[4 * r] > 0.0)) {
      at.fail(cat("Lattice ", quoted(lattice->value), ": the diagonal entries must be > 0"));
    }
    // Below the smallest normal double 1/L overflows, and wrapping into the cell gives NaN.
    if (m[4 * r] < std::numeric_limits<double>::min()) {
      at.fail(cat("Lattice ", quoted(lattice->value), ": a diagonal entry is too small"));
    }
    h.lengths[r] = m[4 * r];
  }
  if (const ExtxyzField* origin = find_extxyz_field(fields, "Origin")) {
    const auto o = numbers_in(origin->value, "Origin", 3, at);
    h.lo = {o[0], o[1], o[2]};
  }
  // Without pbc, a Lattice means periodic along all three axes (the ASE convention).
  if (const ExtxyzField* pbc = find_extxyz_field(fields, "pbc")) {
    const auto flags = split_fields(pbc->value);
    bool periodic = flags.size() == 3;
    for (const auto f : flags) {
      if (f == "F" || f == "False" || f == "false" || f == "0") {
        periodic = false;
      } else if (!(f == "T" || f == "True" || f == "true" || f == "1")) {
        at.fail(cat("pbc ", quoted(pbc->value), ": expected three flags T or F"));
      }
    }
    if (!periodic) {
      at.fail(cat("pbc ", quoted(pbc->value),
                  ": md_bench needs a cell periodic along x, y and z (pbc=\"T T T\")"));
    }
  }
}

/// The first column named one of `names`, checked for type and count.
std::optional<ExtxyzColumn> find_column(const std::vector<ExtxyzColumn>& columns,
                                        std::initializer_list<std::string_view> names, char type,
                                        int count, const LineReader& at) {
  for (const auto name : names) {
    for (const ExtxyzColumn& c : columns) {
      if (c.name != name) continue;
      if (c.type != type || c.count != count) {
        at.fail(cat("Properties: ", name, " must be ", type, ':', count));
      }
      return c;
    }
  }
  return std::nullopt;
}

FrameHeader read_frame_header(const LineReader& at) {
  const auto fields = parse_extxyz_comment(at.line(), at);
  FrameHeader h;
  read_cell(fields, h, at);
  const ExtxyzField* props = find_extxyz_field(fields, "Properties");
  const auto columns = parse_extxyz_properties(props ? props->value : "species:S:1:pos:R:3", at);
  for (const ExtxyzColumn& c : columns) h.n_fields += c.count;
  const auto species = find_column(columns, {"species"}, 'S', 1, at);
  const auto pos = find_column(columns, {"pos"}, 'R', 3, at);
  if (!species) at.fail("Properties has no species:S:1 column");
  if (!pos) at.fail("Properties has no pos:R:3 column");
  h.species = *species;
  h.pos = *pos;
  h.velocity = find_column(columns, {"velo", "vel", "velocities"}, 'R', 3, at);
  h.momenta = find_column(columns, {"momenta"}, 'R', 3, at);
  h.masses = find_column(columns, {"masses"}, 'R', 1, at);
  return h;
}

/// What the atom lines say about one species.
struct SpeciesSeen {
  std::string name;
  int first_line;
  std::optional<double> column_mass;
};

double species_mass(const SpeciesSeen& s, const StructureOptions& options, const LineReader& at) {
  if (s.column_mass) return *s.column_mass;
  if (const auto m = option_mass(options, s.name)) return *m;
  if (const auto m = standard_atomic_mass(s.name)) return *m;
  at.fail_at(s.first_line, cat("no mass for species ", quoted(s.name),
                               ": not an element symbol the built-in table knows; add a "
                               "masses:R:1 column (Properties=species:S:1:pos:R:3:masses:R:1)"));
}

/// The atoms of the frame as read, before they become a System.
struct FrameAtoms {
  std::vector<SpeciesSeen> species;
  std::vector<int> type, line;
  std::vector<std::array<double, 3>> pos, vel;
};

void read_atom(const FrameHeader& h, FrameAtoms& atoms, const LineReader& r) {
  const auto f = split_fields(r.line());
  if (static_cast<int>(f.size()) != h.n_fields) {
    r.fail(cat("atom line has ", f.size(), " fields, Properties declares ", h.n_fields));
  }
  auto& seen = atoms.species;
  const std::string_view name = f[h.species.first];
  auto it = std::find_if(seen.begin(), seen.end(), [&](const auto& s) { return s.name == name; });
  if (it == seen.end()) it = seen.insert(seen.end(), {std::string(name), r.number(), {}});
  atoms.type.push_back(static_cast<int>(it - seen.begin()));
  atoms.line.push_back(r.number());
  auto triple = [&](const ExtxyzColumn& c) {
    std::array<double, 3> v{};
    for (int a = 0; a < 3; ++a) v[a] = parse_real(f[c.first + a], c.name, r);
    return v;
  };
  atoms.pos.push_back(triple(h.pos));
  if (h.velocity || h.momenta) atoms.vel.push_back(triple(h.velocity ? *h.velocity : *h.momenta));
  if (h.masses) {
    const double m = parse_real(f[h.masses->first], "masses", r);
    if (!(m > 0.0)) r.fail(cat("masses must be > 0, got ", quoted(f[h.masses->first])));
    if (!it->column_mass) it->column_mass = m;
    if (*it->column_mass != m) {
      r.fail(cat("mass ", m, " of a ", it->name, " atom differs from the earlier ",
                 *it->column_mass, " (one mass per species)"));
    }
  }
}

}  // namespace

System read_extxyz(std::istream& in, const std::string& source, const StructureOptions& options) {
  check_structure_options(options);
  LineReader r(in, source);
  if (!r.next()) r.fail("empty file: expected the atom count on line 1");
  const auto count_fields = split_fields(r.line());
  if (count_fields.size() != 1) r.fail("line 1 must hold the atom count alone");
  const long long n = parse_integer(count_fields[0], "atom count", r);
  if (n < 1 || n > INT_MAX) r.fail(cat("atom count must be >= 1, got ", n));
  if (!r.next()) r.fail("file ends before the comment line");
  const FrameHeader h = read_frame_header(r);

  FrameAtoms atoms;
  for (long long k = 0; k < n; ++k) {
    if (!r.next()) r.fail(cat("file ends after ", k, " of ", n, " atoms"));
    read_atom(h, atoms, r);
  }
  // Lines after the first frame (more frames of a trajectory) are not read.

  System sys(Box(h.lo, h.lengths), *options.units);
  for (const SpeciesSeen& s : atoms.species) {
    sys.add_species(s.name, species_mass(s, options, r));
  }
  sys.reserve(atoms.pos.size());
  for (std::size_t i = 0; i < atoms.pos.size(); ++i) {
    sys.add_atom(atoms.type[i], atoms.pos[i][0], atoms.pos[i][1], atoms.pos[i][2]);
  }
  const auto mass = sys.mass();
  for (std::size_t i = 0; i < atoms.vel.size(); ++i) {
    // ASE momenta become velocities with the mass the atom has here.
    const double scale = h.velocity ? 1.0 : kAseTimeUnitsPerPs / mass[i];
    sys.vx()[i] = atoms.vel[i][0] * scale;
    sys.vy()[i] = atoms.vel[i][1] * scale;
    sys.vz()[i] = atoms.vel[i][2] * scale;
    if (!std::isfinite(sys.vx()[i]) || !std::isfinite(sys.vy()[i]) || !std::isfinite(sys.vz()[i])) {
      r.fail_at(atoms.line[i], "momenta / mass gives a velocity that is not finite");
    }
  }
  wrap_into_box(sys);
  return sys;
}

void write_extxyz(const System& sys, std::ostream& out) {
  check_writable_names(sys, "write_extxyz");
  const auto& lo = sys.box().lo();
  const auto& len = sys.box().lengths();
  out << sys.size() << '\n';
  out << "Lattice=\"" << format_real(len[0]) << " 0 0 0 " << format_real(len[1]) << " 0 0 0 "
      << format_real(len[2]) << '"';
  if (lo[0] != 0.0 || lo[1] != 0.0 || lo[2] != 0.0) {
    out << " Origin=\"" << format_real(lo[0]) << ' ' << format_real(lo[1]) << ' '
        << format_real(lo[2]) << '"';
  }
  out << " Properties=species:S:1:pos:R:3:masses:R:1:velo:R:3 pbc=\"T T T\"\n";
  const auto& table = sys.species_table();
  const auto type = sys.species();
  for (std::size_t i = 0; i < sys.size(); ++i) {
    out << table[type[i]].name;
    for (double v : {sys.x()[i], sys.y()[i], sys.z()[i], table[type[i]].mass, sys.vx()[i],
                     sys.vy()[i], sys.vz()[i]}) {
      out << ' ' << format_real(v);
    }
    out << '\n';
  }
}

void write_extxyz(const System& sys, const std::string& path) {
  check_writable_names(sys, "write_extxyz");
  std::ofstream out = open_structure_output(path);
  write_extxyz(sys, out);
  close_structure_output(out, path);
}

}  // namespace mdb
