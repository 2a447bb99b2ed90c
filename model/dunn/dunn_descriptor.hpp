#pragma once
// The DUNN descriptor (symmetry functions) of local atoms on a full neighbour list, forward
// (values) and backward (forces from dE/dG), in double precision.
#include <vector>

#include "kernels/common/neighbor_view.hpp"
#include "model/dunn/dunn_params.hpp"

namespace mdb {

/// Integer zetas up to this use exact unrolled powers; others call pow.
inline constexpr int kDunnMaxIntZeta = 16;

/// Evaluates the symmetry functions of DunnDescriptorParams for centre atoms of a NeighborView.
///
/// Layout for speed (docs/MODELS.md, "DUNN"): per centre, the neighbours inside their pair
/// cutoff are gathered once into a short structure-of-arrays list with r, 1/r, f_c, f_c' and
/// exp(-eta r^2) per distinct eta. The three-body sum runs row by row (neighbour j, then every
/// k after it) over contiguous arrays, so every per-triplet loop vectorises: a G4/G5 term is
/// 2^(1-zeta) A_p(cos) R_r(r_ij, r_ik, r_jk), with A_p one of the distinct (lambda, zeta) angular
/// factors and R_r one of the distinct (eta, kind) radial factors, each computed once per triplet
/// and shared by the functions that use it. The backward pass recomputes a row's factors and
/// contracts them with W_pr = sum over functions (p, r) of dE/dG 2^(1-zeta), four triplets per
/// AVX2 register, into dE/dr_ij, dE/dr_ik and dE/dr_jk per triplet, storing nothing per triplet.
/// No allocation once a Scratch has seen the largest neighbour count.
class DunnDescriptor {
 public:
  explicit DunnDescriptor(const DunnDescriptorParams& params);

  int size() const { return size_; }
  /// Maps system species to descriptor species for the pair cutoffs; `of_system[s]` is the
  /// descriptor species of system species s.
  void bind(const std::vector<int>& of_system);

  /// One thread's working storage (grow-only).
  struct Scratch {
    int cap = 0;
    std::vector<int> idx, sp;
    std::vector<double> dx, dy, dz, r, inv_r, fc, dfc;
    std::vector<double> exp_eta;         // distinct eta x cap: exp(-eta r^2)
    std::vector<double> gr, gx, gy, gz;  // dE/dr and the r_jk part of dE/dx, per neighbour
    std::vector<double> row;             // per-row arrays of the triplet kernels
    std::vector<double> g, w;            // per centre: G (size) or dE/dG, and W[p][r]
  };

  /// The descriptors of local atoms [begin, end) into rows (row-major, `size()` per atom, row 0 =
  /// atom begin), centred and scaled when the parameters say so.
  void forward(const NeighborView& v, int begin, int end, double* rows, Scratch& s) const;
  /// Adds the forces -dE/dx of local atoms [begin, end) to the extended-atom arrays f, given
  /// dE/d(network input) in rows (as forward() laid them out). eV/Angstrom.
  void backward(const NeighborView& v, int begin, int end, const double* grad_rows, Scratch& s,
                double* fx, double* fy, double* fz) const;

  // The prepared functions (public for the row kernels in dunn_descriptor_triplets.cpp).
  struct TwoBody {
    DunnSymmetryKind kind;
    double eta, rs, kappa;
    int out;
  };
  struct RadialFactor {  // exp(-eta S) F over a triplet, S and F by kind (G4 or G5)
    int eta_index;
    double eta;
    bool g4;
  };
  struct AngularFactor {  // (1 + lambda cos)^zeta
    double lambda, zeta;
    int n;  // zeta as an integer in [1, kDunnMaxIntZeta], or 0
  };
  struct ThreeBody {
    int radial, angular, out;
    double coef;  // 2^(1 - zeta)
  };

 private:
  /// Gathers centre i's short list; returns its length.
  int gather(const NeighborView& v, int i, Scratch& s) const;
  /// A two-body function over the short list: its value, or (gr given) w dG/dr added to gr.
  double two_body(const TwoBody& t, int n, const Scratch& s, double w, double* gr) const;
  /// Sizes s for `cap` neighbours.
  void reserve(Scratch& s, int cap) const;
  /// Number of cap-long arrays in Scratch::row.
  std::size_t row_arrays() const;
  /// A triplet row's radial factors (E_r, R_r = E_r F) and angular factors (A_p, dA_p/dcos),
  /// after its geometry.
  void row_factors(int a, int len, Scratch& s) const;
  void forward_triplets(int n, Scratch& s) const;
  void backward_triplets(int n, Scratch& s) const;

  int size_ = 0;
  std::vector<double> cutoffs_;  // descriptor species x species
  int n_desc_species_ = 0;
  std::vector<double> cut_;  // system species x system species (after bind)
  int n_sys_species_ = 0;
  std::vector<double> etas_;  // distinct eta of the three-body functions
  std::vector<TwoBody> two_body_;
  std::vector<RadialFactor> radial_;
  std::vector<AngularFactor> angular_;
  std::vector<ThreeBody> three_body_;
  bool normalize_ = false;
  std::vector<double> mean_, inv_std_;
  bool has_g4_ = false;  // some function needs f_c(r_jk)
};

}  // namespace mdb
