#pragma once
// The molecular part of a LAMMPS data file (atom_style full's charges and molecule ids, the Bonds
// and Angles sections), collected by atom id while the file is read and turned into a Topology
// once the atoms' order is known. Private to the data-file reader.
#include <string_view>
#include <unordered_map>
#include <vector>

#include "md/core/topology.hpp"
#include "md/structure/structure_text.hpp"

namespace mdb::lammps_data {

class TopologyRows {
 public:
  /// The header's "M bond types" and "M angle types".
  void set_types(long long bond_types, long long angle_types) {
    n_bond_types_ = bond_types;
    n_angle_types_ = angle_types;
  }

  /// One Bonds line (id type atom1 atom2) or Angles line (id type atom1 atom2 atom3).
  void bond_row(const std::vector<std::string_view>& fields, const structure_text::LineReader& r);
  void angle_row(const std::vector<std::string_view>& fields, const structure_text::LineReader& r);

  /// The bonds and angles by atom index (`index_of_id`: atom id -> index in the System); charges
  /// and molecule ids are the caller's. Fails at the row that names an atom id the Atoms section
  /// does not have.
  void resolve(const std::unordered_map<long long, std::size_t>& index_of_id,
               const structure_text::LineReader& r, Topology& out) const;

 private:
  struct Row {
    long long type;
    long long atoms[3];
    int line;
  };
  long long n_bond_types_ = 0, n_angle_types_ = 0;
  std::vector<Row> bonds_, angles_;
};

}  // namespace mdb::lammps_data
