#pragma once
// The model catalogue: one table from a model name to everything md_bench needs of a model, its
// factory, its LAMMPS pair lines, its force-check tolerance and its abilities. The built-in
// cases (bench/cases*.cpp) and --md_case custom cases both resolve their model here, so a new
// model kind is one entry (and its file under model/).
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "md/force/force_field.hpp"

namespace mdb::bench {

struct GromacsPotential;  // bench/peers/gromacs_potential.hpp

/// What a model can run on, asked of the model itself (ForceField::supports,
/// splits_over_threads, mixed_precision): the case's rows follow from these.
struct ModelAbilities {
  bool cuda = false;             ///< cuda rows (a GPU twin in this build)
  bool cuda_npt = false;         ///< cuda NPT rows (its twin follows a moving box)
  bool cuda_graph = false;       ///< cuda-graph rows (its twin can be captured)
  bool threads = false;          ///< cpu-t<T> rows (splits its loops over a team)
  bool mixed_precision = false;  ///< cpu-mixed rows (a float-arithmetic variant)
};

/// A resolved model: how to make it and how md_bench checks and compares it.
struct ModelRecipe {
  /// The model's family, the name --md_models selects and md_bench's JSON reports: "lj", "sw",
  /// "nn-student", "nn-teacher", "nn", "kim", "dunn", "torch", "ase".
  std::string family;
  /// A new, unbound model.
  std::function<std::unique_ptr<ForceField>()> make;
  /// The same potential in LAMMPS (bench/peers/): pair_style / pair_coeff lines, writing any file
  /// they read into the given scratch directory. Empty: LAMMPS has no such model.
  std::function<std::vector<std::string>(const std::string& scratch_dir)> lammps_pair;
  /// The same potential as an ASE calculator, `module:Class[:<JSON keyword arguments>]`, for
  /// the ase Peer rows (ASE's own MD loop). Empty: ASE has no such calculator.
  std::string ase_calculator;
  /// LAMMPS accelerator suffixes (`-sf <suffix>`, e.g. "opt") that also run this model's pair
  /// style: each gives the case a second Peer row, `.../lammps-<suffix>`.
  std::vector<std::string> lammps_suffixes;
  /// The model reads the System's topology (charges, bonds, angles): LAMMPS gets the state as a
  /// data file in atom_style full.
  bool molecular = false;
  /// For a molecular model: finds the molecules of a structure that came without a topology (an
  /// extended XYZ file), or throws std::invalid_argument saying why it cannot. Empty: none.
  std::function<void(System&)> infer_topology;
  /// The same potential in GROMACS (md_bench --md_gromacs_inputs), in the case's units. Null:
  /// GROMACS has no such model.
  std::shared_ptr<const GromacsPotential> gromacs;
  /// The force check's absolute tolerance (force units; a relative 1e-4 is added).
  double force_tolerance = 0.0;

  /// The model's abilities, asked of a model made for the question (cheap: unbound). A recipe
  /// without a factory can do nothing.
  ModelAbilities abilities() const;
};

/// What a model spec is resolved against.
struct ModelRequest {
  std::string case_name;             ///< names the files written for LAMMPS
  std::vector<std::string> species;  ///< the case's species names, in type order
  /// Their masses (amu), in type order: a LAMMPS pair_coeff that sets masses from its file (the
  /// eam styles) is followed by the case's own.
  std::vector<double> masses;
  /// `baseline=` of a custom case: none (default) | sw | sw:<file>; only nn:<file> takes one.
  std::optional<std::string> baseline;
};

/// One catalogue entry: a model kind and how to resolve `kind` or `kind:<argument>`.
struct CatalogueEntry {
  std::string_view kind;    ///< the spec before any ':'
  std::string_view syntax;  ///< how to write it, e.g. "sw | sw:<file.sw>"
  ModelRecipe (*resolve)(std::string_view argument, const ModelRequest& request);
};

/// Every model kind, in a stable order (built-in kinds first).
const std::vector<CatalogueEntry>& model_catalogue();

/// The recipe of a model spec ("lj", "lj:0.0104/3.405/8.51", "sw:Si.sw", "nn:w.json",
/// "kim:<KIM model>", ...). Throws std::invalid_argument with one line in the user's terms for an
/// unknown kind (listing the known ones), a bad argument, or a file that cannot be read.
ModelRecipe resolve_model(std::string_view spec, const ModelRequest& request);

/// "lj, sw | sw:<file.sw>, ..." for error messages and help.
std::string catalogue_syntax();

}  // namespace mdb::bench
