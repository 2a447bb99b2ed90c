#pragma once
// The carbon structures a carbon student is distilled on: diamond, graphite and a dense melt.
#include <string>
#include <string_view>

#include "md/core/system.hpp"
#include "model/distill/frame_sampler.hpp"

namespace mdb {

enum class CarbonPhase { Diamond, Graphite, Liquid };

/// "diamond", "graphite", "liquid"; throws std::invalid_argument naming the three otherwise.
CarbonPhase parse_carbon_phase(std::string_view name);
std::string carbon_phase_name(CarbonPhase phase);

/// 64 atoms of the phase at rest (C, 12.011 amu), metal units:
/// - diamond: 2 x 2 x 2 conventional cells, a = 3.567 A (3.52 g/cm^3);
/// - graphite: Bernal (AB) graphite, a = 2.464 A, c = 6.711 A, as 4 x 2 x 1 orthorhombic
///   8-atom cells (two layers; 2.27 g/cm^3);
/// - liquid: diamond's sites at a = 3.95 A (2.59 g/cm^3, liquid carbon's density near melting),
///   a start to be melted (sample_carbon_frames does).
System carbon_structure(CarbonPhase phase);

/// A sampling run of the phase at `temperature` (K): its 64-atom structure, melted first for the
/// liquid.
SamplingRun carbon_run(CarbonPhase phase, double temperature, int frames, std::uint64_t seed);

/// One orthorhombic cell of AB graphite (8 atoms: a x sqrt(3) a x c, two layers of 4), the
/// repeat unit of carbon_structure(Graphite) and of md_bench's carbon cases.
System graphite_cell();

}  // namespace mdb
