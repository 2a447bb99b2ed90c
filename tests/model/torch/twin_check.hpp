#pragma once
// What the tests of a TorchScript model's device twin share (test_torch_device_twin.cpp on the
// host, test_torch_cuda.cpp on a GPU): the files they run, and the check of a twin's output for
// replicas packed back to back against the model evaluated on the CPU, replica by replica.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <span>
#include <string>
#include <vector>

#include "kernels/common/image_neighbors.hpp"
#include "md/force/force_field.hpp"
#include "tests/model/torch/torch_test_systems.hpp"
#include "tests/support/reference.hpp"

namespace mdb::test {

struct TwinCase {
  const char* name;
  const char* file;
  System (*system)();
  double tolerance;  ///< relative: of the energy, the largest force, the largest virial term
};

/// Every convention, the per-type cutoffs, a three-body term and the exported student: float64
/// files held to `float64_tolerance` (summation order), float32 ones to float rounding.
inline std::vector<TwinCase> twin_cases(double float64_tolerance) {
  const double f32 = 2e-5, f64 = float64_tolerance;
  return {{"lj_nequip", "lj_nequip.pth", ar_kr, f64},
          {"lj_nequip_f32", "lj_nequip_f32.pth", ar_kr, f32},
          {"lj_nequip_compile", "lj.nequip.pth", ar_kr, f64},
          {"lj_pair_cutoffs", "lj_pair_cut.nequip.pth", ar_kr, f64},
          {"lj_mace", "lj.mace.pt", ar_kr, f64},
          {"sw_si_nequip", "sw_si.nequip.pth", silicon, f64},
          {"c_nn_student_f64", "c_nn_student_f64.nequip.pth", graphite, f64},
          {"c_nn_student_f32", "c_nn_student.nequip.pth", graphite, f32}};
}

/// `replicas` with atom 1 of each a box length away in x: the device engine keeps positions
/// unwrapped, and a twin must read the separations through the list's images alone.
inline std::vector<System> unwrapped(std::vector<System> replicas) {
  for (System& s : replicas) s.x()[1] += s.box().lengths()[0];
  return replicas;
}

inline std::string twin_case_name(const testing::TestParamInfo<TwinCase>& p) {
  return p.param.name;
}

/// A twin's forces and sums (kEnergyVirialSums per replica) for `replicas`, back to back, equal
/// `model`'s on the CPU for each replica within `tolerance`.
inline void expect_twin_output_is_the_models(ForceField& model, const std::vector<System>& replicas,
                                             std::span<const double> fx, std::span<const double> fy,
                                             std::span<const double> fz,
                                             std::span<const double> sums, double tolerance) {
  for (std::size_t r = 0; r < replicas.size(); ++r) {
    SCOPED_TRACE("replica " + std::to_string(r));
    const Evaluation cpu = evaluate(model, replicas[r]);
    const double* s = sums.data() + kEnergyVirialSums * r;
    EXPECT_NEAR(s[0], cpu.result.energy, tolerance * std::abs(cpu.result.energy));
    double fmax = 0.0, wmax = 0.0;
    for (double f : cpu.fx) fmax = std::max(fmax, std::abs(f));
    for (double w : cpu.result.virial) wmax = std::max(wmax, std::abs(w));
    ASSERT_GT(fmax, 1e-3);
    const std::size_t first = r * replicas[r].size();
    for (std::size_t i = 0; i < replicas[r].size(); ++i) {
      ASSERT_NEAR(fx[first + i], cpu.fx[i], tolerance * fmax) << i;
      ASSERT_NEAR(fy[first + i], cpu.fy[i], tolerance * fmax) << i;
      ASSERT_NEAR(fz[first + i], cpu.fz[i], tolerance * fmax) << i;
    }
    for (int k = 0; k < 6; ++k) {
      EXPECT_NEAR(s[1 + k], cpu.result.virial[k], tolerance * wmax) << "virial " << k;
    }
  }
}

}  // namespace mdb::test
