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

}  // namespace mdb::bench
