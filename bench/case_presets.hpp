#pragma once
// Building blocks the case files share (bench/cases.cpp, bench/cases_carbon.cpp).
#include <deque>
#include <string>
#include <string_view>

#include "bench/cases.hpp"

namespace mdb::bench {

/// A crystal in metal units at the state point the many-body cases share: 300 K, 1 bar, 1 fs,
/// Langevin friction 5/ps, skin 1 A, 500 thermostatted equilibration steps; the barostat's
/// compressibility 1e-6/bar is a stiff solid's (bulk modulus ~100 GPa).
CaseSpec metal_crystal(LatticeKind lattice, double a, const std::string& species, double mass);

/// Sets the case's model from the catalogue (bench/catalogue.hpp), resolved against its species
/// (set c.name and the species or structure first), and c.model to the model's family.
void use_catalogue_model(CaseSpec& c, std::string_view spec);

/// Appends the carbon cases this build and machine can run: the distilled student c-nn-student
/// always; c-dunn and c-dunn-kim where the KIM DUNN model is installed.
void add_carbon_cases(std::deque<CaseSpec>& table);

/// Appends water-spcfw (SPC/Fw with PME) where this build has the water model (FFTW).
void add_water_cases(std::deque<CaseSpec>& table);

}  // namespace mdb::bench
