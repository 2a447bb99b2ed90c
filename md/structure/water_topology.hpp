#pragma once
// The water molecules of a structure that came without bonds (an extended XYZ file).
#include "md/core/system.hpp"

namespace mdb {

/// Bonds and angles of whole water molecules inferred from distances: each H joins the nearest
/// O within `max_oh` Angstrom (minimum image), and each O must end with exactly two H. Species
/// named O and H; sets the topology (molecule ids in O order, bonds and angles of type 0, no
/// charges: the model's). Throws std::invalid_argument naming the first atom (1-based) that
/// breaks the rule: another species, an H with no O within max_oh, an O with other than two H,
/// or a system that already has a topology.
void infer_water_topology(System& system, double max_oh = 1.3);

}  // namespace mdb
