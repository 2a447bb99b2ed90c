#include "bench/peers/gromacs_potential.hpp"

namespace mdb::bench {

GromacsPotential gromacs_lj(const LjParams& params) {
  GromacsPotential p;
  for (const LjSpecies& s : params.species) p.lj.push_back({s.name, s.sigma, s.epsilon});
  for (const LjPairCoeff& c : params.pairs) p.lj_pairs.push_back({c.a, c.b, c.sigma, c.epsilon});
  p.geometric_mixing = params.mixing == LjMixing::Geometric;
  p.cutoff = params.cutoff;
  p.shift = params.shift;
  return p;
}

GromacsPotential gromacs_water(const WaterParams& w) {
  GromacsPotential p;
  p.lj = {{w.oxygen, w.sigma_oo, w.epsilon_oo}, {w.hydrogen, 0.0, 0.0}};
  p.bonds = {{w.oxygen, w.hydrogen, w.bond_r0, w.bond_k}};
  p.angles = {{w.hydrogen, w.oxygen, w.hydrogen, w.angle_theta0, w.angle_k}};
  p.exclusions = 2;  // H-H are two bonds apart
  p.geometric_mixing = true;
  p.cutoff = w.cutoff;
  p.shift = false;
  p.pme = GromacsPotential::Pme{w.ewald.ewald_rtol, w.ewald.fourier_spacing, w.ewald.order};
  return p;
}

}  // namespace mdb::bench
