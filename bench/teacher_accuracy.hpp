#pragma once
// How far a case's model is from its teacher (or from the same potential by another route), on
// frames of MD at the case's state point: the accuracy half of a student's row.
#include <optional>
#include <string>

#include "bench/prepared_state.hpp"

namespace mdb::bench {

/// The case `c` is judged against: its teacher, else the case it shares a potential with
/// (c-dunn-kim against c-dunn), else none (nullptr). A name that is not a case gives nullptr.
const CaseSpec* accuracy_reference(const CaseSpec& c);

struct ReferenceAccuracy {
  std::string reference;  ///< the reference case's name
  int frames = 0;
  double energy_mae_mev = 0.0;  ///< meV/atom: mean over frames of |E - E_ref| / N
  double force_rmse = 0.0;      ///< eV/A over every force component of every frame
};

/// For a case with a reference: frames taken every 25 steps of Langevin MD at the case's
/// temperature from the prepared state of `key` (enough frames to hold 1,536 atoms, 2 to 8: 8 up
/// to 192 atoms, 3 of 512; 2 when the case is a slow route to the reference's potential, whose MD
/// then makes the frames), each labelled by the reference
/// model and evaluated by the case's. Cached per key, errors too. Throws std::runtime_error on a
/// blow-up or a model error; nullopt without a reference. Outside any timed region.
std::optional<ReferenceAccuracy> reference_accuracy(const StateKey& key);
/// The state the frames for `key` start from: the key's own, or the reference's when the case is a
/// slow route to it; nullopt without a reference.
std::optional<StateKey> reference_accuracy_start(const StateKey& key);
/// The key the figures for `key` are made and kept under: the frames come from NVT MD of the
/// state, so the NVE and NVT rows of one equilibrated state share them.
std::string reference_accuracy_key(const StateKey& key);

/// "student:teacher" pairs of every case with a reference, comma-separated (the JSON context's
/// `mdbench_teachers`, which md_report reads to pair rows).
std::string teachers_context();

}  // namespace mdb::bench
