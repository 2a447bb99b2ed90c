#include "model/distill/carbon_structures.hpp"

#include <cmath>
#include <memory>
#include <stdexcept>

#include "md/structure/lattice.hpp"
#include "md/structure/replicate.hpp"

namespace mdb {

CarbonPhase parse_carbon_phase(std::string_view name) {
  if (name == "diamond") return CarbonPhase::Diamond;
  if (name == "graphite") return CarbonPhase::Graphite;
  if (name == "liquid") return CarbonPhase::Liquid;
  throw std::invalid_argument("unknown carbon phase '" + std::string(name) +
                              "' (known: diamond, graphite, liquid)");
}

std::string carbon_phase_name(CarbonPhase phase) {
  switch (phase) {
    case CarbonPhase::Diamond:
      return "diamond";
    case CarbonPhase::Graphite:
      return "graphite";
    case CarbonPhase::Liquid:
      return "liquid";
  }
  return "?";
}

System carbon_structure(CarbonPhase phase) {
  const Species carbon{"C", 12.011};
  if (phase != CarbonPhase::Graphite) {
    const double a = phase == CarbonPhase::Diamond ? 3.567 : 3.95;
    return build_lattice(LatticeSpec{LatticeKind::Diamond, a, 2, 2, 2}, carbon, kMetalUnits);
  }
  return replicate(graphite_cell(), {4, 2, 1});
}

SamplingRun carbon_run(CarbonPhase phase, double temperature, int frames, std::uint64_t seed) {
  return {carbon_phase_name(phase),
          std::make_shared<const System>(carbon_structure(phase)),
          phase == CarbonPhase::Liquid,
          temperature,
          frames,
          seed};
}

System graphite_cell() {
  // Layer A has atoms at (0, 0), (a/2, sqrt3 a/6), (a/2, sqrt3 a/2), (0, 2 sqrt3 a/3) (in-plane
  // fractions of the rectangle: (0,0), (1/2,1/6), (1/2,1/2), (0,2/3)); layer B is layer A shifted
  // by (0, sqrt3 a/3) (one bond length along y).
  const double a = 2.464, c = 6.711, b = std::sqrt(3.0) * a;
  System s(Box({0, 0, 0}, {a, b, c}), kMetalUnits);
  const int t = s.add_species("C", 12.011);
  const double layer_a[4][2] = {{0.0, 0.0}, {0.5, 1.0 / 6.0}, {0.5, 0.5}, {0.0, 2.0 / 3.0}};
  s.reserve(8);
  for (int layer = 0; layer < 2; ++layer) {
    for (const auto& p : layer_a) {
      const double fy = std::fmod(p[1] + (layer == 1 ? 1.0 / 3.0 : 0.0), 1.0);
      s.add_atom(t, p[0] * a, fy * b, layer * 0.5 * c);
    }
  }
  return s;
}

}  // namespace mdb
