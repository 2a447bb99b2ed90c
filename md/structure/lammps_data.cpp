// Reading LAMMPS data files; the writer is in lammps_data_write.cpp.
#include "md/structure/lammps_data.hpp"

#include <algorithm>
#include <array>
#include <cctype>
#include <climits>
#include <cmath>
#include <limits>
#include <optional>
#include <unordered_map>
#include <unordered_set>

#include "md/structure/elements.hpp"
#include "md/structure/lammps_data_topology.hpp"
#include "md/structure/structure_text.hpp"

namespace mdb {

using namespace structure_text;

namespace {

constexpr const char* kAxis[3] = {"x", "y", "z"};
constexpr long long kMaxTypes = 1000000;

/// A line split at '#': the fields before it and the text after it.
struct DataLine {
  std::vector<std::string_view> fields;
  std::string_view comment;
};

DataLine split_data_line(std::string_view text) {
  const std::size_t hash = text.find('#');
  DataLine d;
  d.fields = split_fields(text.substr(0, hash));
  if (hash != std::string_view::npos) d.comment = text.substr(hash + 1);
  return d;
}

bool is_keyword(const DataLine& d) {
  return !d.fields.empty() && std::isalpha(static_cast<unsigned char>(d.fields[0][0]));
}

std::string join(const std::vector<std::string_view>& fields, std::size_t from = 0) {
  std::string out;
  for (std::size_t i = from; i < fields.size(); ++i) {
    if (i > from) out.push_back(' ');
    out.append(fields[i]);
  }
  return out;
}

std::string first_word(std::string_view text) {
  const auto f = split_fields(text);
  return f.empty() ? std::string() : std::string(f[0]);
}

/// Where Atoms lines keep their fields, per atom style.
struct StyleLayout {
  LammpsAtomStyle style;
  const char* name;
  int n_fields;  // without image flags
  int type;
  int pos;
};
constexpr StyleLayout kLayouts[] = {{LammpsAtomStyle::Atomic, "atomic", 5, 1, 2},
                                    {LammpsAtomStyle::Charge, "charge", 6, 1, 3},
                                    {LammpsAtomStyle::Full, "full", 7, 2, 4}};

const StyleLayout& layout_of(LammpsAtomStyle style) {
  for (const StyleLayout& l : kLayouts) {
    if (l.style == style) return l;
  }
  return kLayouts[0];  // Auto resolves to atomic
}

/// What the file says about one atom type.
struct TypeInfo {
  std::optional<double> mass;
  int mass_line = 0;
  std::string mass_comment;  // first word after '#'
  std::string label;         // from Atom Type Labels
};

struct AtomRow {
  long long id;
  int type;
  std::array<double, 3> pos;
  std::array<double, 3> vel{0.0, 0.0, 0.0};
  double charge = 0.0;     // e (charge and full styles)
  long long molecule = 0;  // full style
};

/// One pass over the file: header, then sections, then the System.
class DataReader {
 public:
  DataReader(std::istream& in, const std::string& source, const StructureOptions& options)
      : r_(in, source), opt_(options) {}

  System read() {
    if (!r_.next()) r_.fail("empty file: expected a title line");
    bool more = read_header();
    check_header();
    while (more) more = read_section();
    return make_system();
  }

 private:
  /// Skips blank and comment-only lines; false at the end of the file.
  bool next_content() {
    while (r_.next()) {
      line_ = split_data_line(r_.line());
      if (!line_.fields.empty()) return true;
    }
    line_ = {};
    return false;
  }

  long long count(std::string_view what, long long max) {
    const long long v = parse_integer(line_.fields[0], what, r_);
    if (v < 0 || v > max) {
      r_.fail(cat(what, " must be 0..", max));
    }
    return v;
  }

  /// Reads header lines; true if a section keyword follows, false at the end of the file.
  bool read_header() {
    while (next_content()) {
      const auto& f = line_.fields;
      const std::string words = join(f, 1);
      if (f.size() == 2 && words == "atoms") {
        header_once(atoms_line_, "atoms");
        natoms_ = count("number of atoms", INT_MAX);
      } else if (f.size() == 3 && words == "atom types") {
        header_once(types_line_, "atom types");
        ntypes_ = count("number of atom types", kMaxTypes);
      } else if (f.size() == 2 && (words == "bonds" || words == "angles")) {
        (words == "bonds" ? n_bonds_ : n_angles_) = count(words, INT_MAX);
      } else if (f.size() == 2 &&
                 (words == "dihedrals" || words == "impropers" || words == "ellipsoids" ||
                  words == "lines" || words == "triangles" || words == "bodies")) {
        if (count(words, LLONG_MAX) != 0) {
          r_.fail(cat(words, ": dihedrals, impropers and extended particles are not supported"));
        }
      } else if (f.size() == 3 && (words == "bond types" || words == "angle types")) {
        (words == "bond types" ? n_bond_types_ : n_angle_types_) = count(words, kMaxTypes);
      } else if ((f.size() == 3 && f[2] == "types") || (f.size() == 5 && f[1] == "extra")) {
        count(words, LLONG_MAX);  // dihedral/improper type counts and "extra" room: unused
      } else if (f.size() == 4 && f[2].size() == 3 && f[3].size() == 3 && f[2].substr(1) == "lo" &&
                 f[3].substr(1) == "hi" && f[2][0] == f[3][0] && f[2][0] >= 'x' && f[2][0] <= 'z') {
        const int a = f[2][0] - 'x';
        header_once(bounds_line_[a], words);
        lo_[a] = parse_real(f[0], cat(kAxis[a], "lo"), r_);
        hi_[a] = parse_real(f[1], cat(kAxis[a], "hi"), r_);
        if (!(hi_[a] > lo_[a])) r_.fail(cat(words, ": hi must be > lo"));
        const double length = hi_[a] - lo_[a];
        if (!std::isfinite(length) || length < std::numeric_limits<double>::min()) {
          r_.fail(cat(words, ": the box length hi - lo is out of range"));
        }
      } else if (f.size() == 6 && join(f, 3) == "xy xz yz") {
        for (int k = 0; k < 3; ++k) {
          if (parse_real(f[k], f[3 + k], r_) != 0.0) {
            r_.fail(
                "non-zero tilt factors xy xz yz: triclinic cells are not supported (the "
                "engine's Box is orthorhombic)");
          }
        }
      } else if (is_keyword(line_)) {
        return true;
      } else {
        r_.fail(cat("unknown header line ", quoted(join(f))));
      }
    }
    return false;
  }

  void header_once(int& seen_at, std::string_view what) {
    if (seen_at != 0) {
      r_.fail(cat("header line '", what, "' is given twice (first on line ", seen_at, ")"));
    }
    seen_at = r_.number();
  }

  void check_header() {
    if (atoms_line_ == 0) r_.fail("the header has no 'N atoms' line");
    if (natoms_ < 1) r_.fail_at(atoms_line_, "a data file for md_bench needs at least 1 atom");
    if (types_line_ == 0) r_.fail("the header has no 'N atom types' line");
    if (ntypes_ < 1) r_.fail_at(types_line_, "number of atom types must be >= 1");
    for (int a = 0; a < 3; ++a) {
      if (bounds_line_[a] == 0) {
        r_.fail(cat("the header has no '", kAxis[a], "lo ", kAxis[a], "hi' line"));
      }
    }
    types_.resize(static_cast<std::size_t>(ntypes_));
    topology_.set_types(n_bond_types_, n_angle_types_);
  }

  /// Reads the section whose keyword is line_; true if another section follows.
  bool read_section() {
    const std::string keyword = join(line_.fields);
    const std::string comment = first_word(line_.comment);
    const int at = r_.number();
    if (keyword == "Masses") {
      section_once(masses_line_, keyword);
      read_rows(keyword, ntypes_, "atom types", [&](const DataLine& d) { mass_row(d); });
    } else if (keyword == "Atom Type Labels") {
      section_once(labels_line_, keyword);
      read_rows(keyword, ntypes_, "atom types", [&](const DataLine& d) { label_row(d); });
    } else if (keyword == "Atoms") {
      section_once(atoms_section_line_, keyword);
      const StyleLayout& layout = atom_style(comment);
      read_rows(keyword, natoms_, "atoms", [&](const DataLine& d) { atom_row(d, layout); });
    } else if (keyword == "Velocities") {
      if (atoms_section_line_ == 0) r_.fail("Velocities section before the Atoms section");
      section_once(velocities_line_, keyword);
      read_rows(keyword, natoms_, "atoms", [&](const DataLine& d) { velocity_row(d); });
    } else if (keyword.size() > 7 && keyword.ends_with(" Coeffs")) {
      // Force-field parameters: the benchmark case chooses the force field.
      while (next_content()) {
        if (is_keyword(line_)) return true;
      }
      return false;
    } else if (keyword == "Bonds") {
      section_once(bonds_line_, keyword);
      read_rows(keyword, n_bonds_, "bonds",
                [&](const DataLine& d) { topology_.bond_row(d.fields, r_); });
    } else if (keyword == "Angles") {
      section_once(angles_line_, keyword);
      read_rows(keyword, n_angles_, "angles",
                [&](const DataLine& d) { topology_.angle_row(d.fields, r_); });
    } else if (keyword == "Dihedrals" || keyword == "Impropers") {
      r_.fail_at(at, cat(keyword, " section: dihedrals and impropers are not supported"));
    } else {
      r_.fail_at(at, cat("unknown section ", quoted(keyword)));
    }
    if (!next_content()) return false;
    if (!is_keyword(line_)) {
      r_.fail(cat("more lines in the ", keyword, " section than the header declares"));
    }
    return true;
  }

  void section_once(int& seen_at, const std::string& section) {
    if (seen_at != 0) {
      r_.fail(cat("second ", section, " section (first on line ", seen_at, ")"));
    }
    seen_at = r_.number();
  }

  template <class Row>
  void read_rows(const std::string& section, long long n, const char* what, Row row) {
    for (long long k = 0; k < n; ++k) {
      if (!next_content() || is_keyword(line_)) {
        r_.fail(
            cat(section, " section ends after ", k, " lines; the header declares ", n, ' ', what));
      }
      row(line_);
    }
  }

  void expect_fields(const DataLine& d, std::size_t n, const char* section) {
    if (d.fields.size() != n) {
      r_.fail(cat(section, " line has ", d.fields.size(), " fields, expected ", n));
    }
  }

  int type_index(std::string_view token) {
    if (std::isalpha(static_cast<unsigned char>(token[0]))) {
      for (std::size_t t = 0; t < types_.size(); ++t) {
        if (types_[t].label == token) return static_cast<int>(t);
      }
      r_.fail(cat("atom type ", quoted(token),
                  " is neither a number nor a label from the Atom Type Labels section"));
    }
    const long long t = parse_integer(token, "atom type", r_);
    if (t < 1 || t > ntypes_) {
      r_.fail(cat("atom type ", token, " is outside 1..", ntypes_));
    }
    return static_cast<int>(t - 1);
  }

  void mass_row(const DataLine& d) {
    expect_fields(d, 2, "Masses");
    TypeInfo& t = types_[type_index(d.fields[0])];
    if (t.mass) r_.fail(cat("second mass for type ", d.fields[0]));
    const double m = parse_real(d.fields[1], "mass", r_);
    if (!(m > 0.0)) r_.fail(cat("mass must be > 0, got ", quoted(d.fields[1])));
    t.mass = m;
    t.mass_line = r_.number();
    t.mass_comment = first_word(d.comment);
  }

  void label_row(const DataLine& d) {
    expect_fields(d, 2, "Atom Type Labels");
    TypeInfo& t = types_[type_index(d.fields[0])];
    if (!t.label.empty()) r_.fail(cat("second label for type ", d.fields[0]));
    t.label = std::string(d.fields[1]);
  }

  const StyleLayout& atom_style(const std::string& comment) {
    LammpsAtomStyle style = opt_.atom_style;
    if (!comment.empty()) {
      const StyleLayout* named = nullptr;
      for (const StyleLayout& l : kLayouts) {
        if (comment == l.name) named = &l;
      }
      if (named == nullptr) {
        r_.fail(cat("atom style ", quoted(comment), " is not supported (atomic, charge or full)"));
      }
      if (style != LammpsAtomStyle::Auto && style != named->style) {
        r_.fail(cat("Atoms section says '# ", comment, "' but StructureOptions::atom_style is ",
                    layout_of(style).name));
      }
      style = named->style;
    }
    style_ = layout_of(style).style;
    return layout_of(style);
  }

  void atom_row(const DataLine& d, const StyleLayout& l) {
    const auto& f = d.fields;
    const int n = static_cast<int>(f.size());
    if (n != l.n_fields && n != l.n_fields + 3) {
      r_.fail(cat("Atoms line has ", n, " fields; atom style ", l.name, " needs ", l.n_fields,
                  ", or ", l.n_fields + 3, " with image flags"));
    }
    AtomRow a{parse_integer(f[0], "atom id", r_), type_index(f[l.type]), {}};
    if (a.id < 1) r_.fail(cat("atom id must be >= 1, got ", f[0]));
    if (l.style == LammpsAtomStyle::Full) {
      a.molecule = parse_integer(f[1], "molecule id", r_);
      if (a.molecule < 0 || a.molecule > INT_MAX)
        r_.fail(cat("molecule id ", f[1], " is out of range"));
    }
    if (l.style != LammpsAtomStyle::Atomic) a.charge = parse_real(f[l.pos - 1], "charge", r_);
    for (int k = 0; k < 3; ++k) a.pos[k] = parse_real(f[l.pos + k], kAxis[k], r_);
    for (int k = l.n_fields; k < n; ++k) parse_integer(f[k], "image flag", r_);
    const auto [it, fresh] = row_of_id_.emplace(a.id, atoms_.size());
    if (!fresh) {
      r_.fail(cat("duplicate atom id ", f[0], " (first on line ", atom_lines_[it->second], ")"));
    }
    atoms_.push_back(a);
    atom_lines_.push_back(r_.number());
  }

  void velocity_row(const DataLine& d) {
    expect_fields(d, 4, "Velocities");
    const long long id = parse_integer(d.fields[0], "atom id", r_);
    const auto it = row_of_id_.find(id);
    if (it == row_of_id_.end()) {
      r_.fail(cat("velocity for atom id ", d.fields[0], ", which the Atoms section does not have"));
    }
    if (!velocity_seen_.emplace(id).second) {
      r_.fail(cat("second velocity for atom id ", d.fields[0]));
    }
    for (int k = 0; k < 3; ++k) {
      atoms_[it->second].vel[k] = parse_real(d.fields[1 + k], cat('v', kAxis[k]), r_);
    }
  }

  std::string type_name(std::size_t t) const {
    if (!opt_.type_names.empty()) return opt_.type_names[t];
    if (!types_[t].label.empty()) return types_[t].label;
    if (!types_[t].mass_comment.empty()) return types_[t].mass_comment;
    r_.fail_at(masses_line_ != 0 ? types_[t].mass_line : types_line_,
               cat("no name for atom type ", t + 1,
                   ": name the types in order (md_bench --md_case ...,types=Si/C, as pair_coeff "
                   "* * file Si C) or put the element after each mass (1 28.0855 # Si)"));
  }

  System make_system() {
    const int end = r_.number();
    if (atoms_section_line_ == 0) r_.fail_at(end, "no Atoms section");
    if (!opt_.type_names.empty() && opt_.type_names.size() != types_.size()) {
      r_.fail_at(types_line_, cat("types= gives ", opt_.type_names.size(), " names for ", ntypes_,
                                  " atom types"));
    }
    System sys(Box(lo_, {hi_[0] - lo_[0], hi_[1] - lo_[1], hi_[2] - lo_[2]}), *opt_.units);
    std::vector<int> species_of_type;
    for (std::size_t t = 0; t < types_.size(); ++t) {
      const std::string name = type_name(t);
      // The file's mass, else one given for the name, else the element's standard weight (ASE
      // writes data files without a Masses section).
      std::optional<double> m = types_[t].mass ? types_[t].mass : option_mass(opt_, name);
      if (!m) m = standard_atomic_mass(name);
      if (!m) {
        r_.fail_at(end, cat("no mass for atom type ", t + 1, " (", name,
                            "): not an element symbol the built-in table knows; add a Masses "
                            "section (",
                            t + 1, " <mass> # ", name, ")"));
      }
      int s = sys.find_species(name);
      if (s < 0) {
        s = sys.add_species(name, *m);
      } else if (sys.species_table()[s].mass != *m) {
        r_.fail_at(types_[t].mass_line, cat("atom type ", t + 1, " is ", name,
                                            " like an earlier type, but with a different mass"));
      }
      species_of_type.push_back(s);
    }
    std::sort(atoms_.begin(), atoms_.end(),
              [](const auto& a, const auto& b) { return a.id < b.id; });
    sys.reserve(atoms_.size());
    for (std::size_t i = 0; i < atoms_.size(); ++i) {
      const AtomRow& a = atoms_[i];
      sys.add_atom(species_of_type[a.type], a.pos[0], a.pos[1], a.pos[2]);
      sys.vx()[i] = a.vel[0];
      sys.vy()[i] = a.vel[1];
      sys.vz()[i] = a.vel[2];
    }
    if (n_bonds_ > 0 && bonds_line_ == 0)
      r_.fail_at(end,
                 cat("the header declares ", n_bonds_, " bonds but there is no Bonds section"));
    if (n_angles_ > 0 && angles_line_ == 0)
      r_.fail_at(end,
                 cat("the header declares ", n_angles_, " angles but there is no Angles section"));
    sys.set_topology(make_topology());
    wrap_into_box(sys);
    return sys;
  }

  /// Charges (charge and full styles), molecule ids (full) and bonds and angles, in id order.
  Topology make_topology() {
    Topology t;
    if (style_ != LammpsAtomStyle::Atomic) {
      for (const AtomRow& a : atoms_) t.charge.push_back(a.charge);
    }
    if (style_ == LammpsAtomStyle::Full) {
      for (const AtomRow& a : atoms_) t.molecule.push_back(static_cast<int>(a.molecule));
    }
    if (n_bonds_ > 0 || n_angles_ > 0) {
      std::unordered_map<long long, std::size_t> index_of_id;
      for (std::size_t i = 0; i < atoms_.size(); ++i) index_of_id.emplace(atoms_[i].id, i);
      topology_.resolve(index_of_id, r_, t);
    }
    return t;
  }

  LineReader r_;
  const StructureOptions& opt_;
  DataLine line_;
  long long natoms_ = 0, ntypes_ = 0;
  int atoms_line_ = 0, types_line_ = 0;
  std::array<int, 3> bounds_line_{0, 0, 0};
  std::array<double, 3> lo_{}, hi_{};
  int masses_line_ = 0, labels_line_ = 0, atoms_section_line_ = 0, velocities_line_ = 0;
  int bonds_line_ = 0, angles_line_ = 0;
  long long n_bonds_ = 0, n_angles_ = 0, n_bond_types_ = 0, n_angle_types_ = 0;
  LammpsAtomStyle style_ = LammpsAtomStyle::Atomic;
  lammps_data::TopologyRows topology_;
  std::vector<TypeInfo> types_;
  std::vector<AtomRow> atoms_;
  std::vector<int> atom_lines_;
  std::unordered_map<long long, std::size_t> row_of_id_;
  std::unordered_set<long long> velocity_seen_;
};

}  // namespace

System read_lammps_data(std::istream& in, const std::string& source,
                        const StructureOptions& options) {
  check_structure_options(options);
  return DataReader(in, source, options).read();
}

}  // namespace mdb
