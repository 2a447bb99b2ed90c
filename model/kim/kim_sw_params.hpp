#pragma once
// Our Stillinger-Weber parameters from those a KIM SW model publishes.
#include <string>
#include <vector>

#include "model/kim/kim_parameters.hpp"
#include "model/sw_params.hpp"

namespace mdb {

/// SwParams for StillingerWeber that give the energy of a KIM model of the SW driver
/// (SW__MD_335816936951), from its published parameters (A, B, p, q, sigma, lambda, gamma,
/// costheta0, cutoff). That driver writes
///   phi2 = A [B (r/sigma)^-p - (r/sigma)^-q] exp(sigma / (r - rc)),
///   phi3 = lambda (cos theta - costheta0)^2 exp(gamma / (r_ij - rc) + gamma / (r_ik - rc)),
/// so its A and lambda already include epsilon (eV), its gamma is a length (LAMMPS's gamma *
/// sigma) and rc is LAMMPS's a * sigma. The entry is therefore epsilon = 1 eV, A = A,
/// lambda = lambda, gamma = gamma / sigma, a = rc / sigma, tol = 0, for species triplet
/// (species, species, species). Single-species models only: for several species the driver
/// mixes lambda as sqrt(lambda_ij lambda_ik) and takes costheta0 from the (i, j) pair, which
/// LAMMPS-style triplet entries do not express. Throws std::invalid_argument on a missing
/// parameter or one with more than one value.
SwParams sw_params_from_kim(const std::vector<KimParameter>& params, const std::string& species);

}  // namespace mdb
