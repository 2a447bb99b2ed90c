#pragma once
// What a student's own dynamics give up in structure against its teacher's: the radial
// distribution of the case's rdf_species (water: O-O) from runs of the two models of the same
// length from the same start. The structural half of a student's Trajectory row.
#include <optional>
#include <string>

#include "bench/prepared_state.hpp"

namespace mdb::bench {

struct ReferenceStructure {
  std::string reference;        ///< the teacher case's name
  int frames = 0;               ///< frames in each g(r)
  double range = 0.0;           ///< A: g(r) spans 0 to this
  double peak = 0.0;            ///< A: g's highest bin (the first peak), the case's model's MD
  double peak_reference = 0.0;  ///< A: the same, the teacher's MD
  double abs_difference = 0.0;  ///< A: the integral of |g - g_teacher| over 0 to range
};

/// The g(r) bins (A) and the range asked for (A; half the box's shortest side if that is less).
inline constexpr double kRdfBin = 0.05;
inline constexpr double kRdfRange = 6.0;

/// For a case with a teacher and an rdf_species: from the teacher's prepared NVT state of the
/// key's size, seed and time step, Langevin MD at the case's temperature with the case's model
/// and, separately, with the teacher's (the same thermostat seed), each relaxing 200 steps and
/// then adding a frame every 10 steps for 800 more (0.1 and 0.4 ps at water's 0.5 fs); the
/// species' like-pair g(r) of each
/// (md/structure/radial_distribution.hpp). Cached per state (errors too), outside any timed
/// region. Throws std::runtime_error on a blow-up; nullopt for other cases.
std::optional<ReferenceStructure> reference_structure(const StateKey& key);
/// The state the figures for `key` start from (the teacher's NVT state); nullopt where the case
/// has none.
std::optional<StateKey> reference_structure_start(const StateKey& key);
/// The key the figures for `key` are made and kept under: rows of every ensemble at one size share
/// them (NVT runs from the teacher's NVT state).
std::string reference_structure_key(const StateKey& key);

}  // namespace mdb::bench
