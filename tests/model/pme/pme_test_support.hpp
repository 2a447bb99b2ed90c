#pragma once
// Runs a Pme on the tests' charges and reads the result in the reference's shape.
#include <array>
#include <cmath>
#include <vector>

#include "model/pme/pme.hpp"
#include "tests/model/pme/ewald_reference.hpp"

namespace mdb::testing {

inline PmeParams pme_params(double beta, int grid, int order) {
  PmeParams p;
  p.cutoff = 9.0;
  p.beta = beta;
  p.grid = {grid, grid, grid};
  p.order = order;
  p.fft_planning = FftPlanning::Estimate;  // instant, and the same plan in every run
  return p;
}

inline EwaldPart run_pme(Pme& pme, const Box& box, const Charges& c,
                         ComputeFlags flags = {true, true}) {
  EwaldPart out;
  out.fx.assign(c.size(), 0.0);
  out.fy.assign(c.size(), 0.0);
  out.fz.assign(c.size(), 0.0);
  const ForceResult r = pme.compute(box, c.x.data(), c.y.data(), c.z.data(), c.q.data(), c.size(),
                                    out.fx.data(), out.fy.data(), out.fz.data(), flags);
  out.energy = r.energy;
  out.virial = r.virial;
  return out;
}

inline EwaldPart run_pme(const PmeParams& params, const Box& box, const Charges& c) {
  Pme pme(params);
  return run_pme(pme, box, c);
}

/// sqrt(mean |a_i - b_i|^2) and sqrt(mean |b_i|^2) of two force sets.
struct ForceDifference {
  double rms_difference = 0.0;
  double rms_reference = 0.0;
  double relative() const { return rms_difference / rms_reference; }
};

inline ForceDifference force_difference(const EwaldPart& a, const EwaldPart& b) {
  ForceDifference d;
  const std::size_t n = a.fx.size();
  for (std::size_t i = 0; i < n; ++i) {
    d.rms_difference += std::pow(a.fx[i] - b.fx[i], 2) + std::pow(a.fy[i] - b.fy[i], 2) +
                        std::pow(a.fz[i] - b.fz[i], 2);
    d.rms_reference += b.fx[i] * b.fx[i] + b.fy[i] * b.fy[i] + b.fz[i] * b.fz[i];
  }
  d.rms_difference = std::sqrt(d.rms_difference / n);
  d.rms_reference = std::sqrt(d.rms_reference / n);
  return d;
}

}  // namespace mdb::testing
