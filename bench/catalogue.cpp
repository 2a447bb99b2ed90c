#include "bench/catalogue.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "bench/force_check.hpp"
#include "bench/peers/gromacs_potential.hpp"
#include "bench/peers/lammps_script.hpp"
#include "bench/student_weights.hpp"
#include "model/eam.hpp"
#include "model/lennard_jones.hpp"
#include "model/nnp/nn_potential.hpp"
#include "model/nnp/nn_presets.hpp"
#include "model/nnp/nn_weights_json.hpp"
#include "model/stillinger_weber.hpp"
#ifdef MDB_HAVE_TORCH
#include "model/torch/torch_module.hpp"
#endif
#ifdef MDB_HAVE_PYTHON
#include "md/structure/elements.hpp"
#include "model/ase/ase_calculator.hpp"
#endif
#ifdef MDB_HAVE_WATER
#include "bench/peers/lammps_water.hpp"
#include "md/structure/water_topology.hpp"
#include "model/water/water_model.hpp"
#endif
#ifdef MDB_HAVE_KIM
#include "model/dunn/dunn_potential.hpp"
#include "model/kim/kim_dunn_params.hpp"
#include "model/kim/kim_eam_params.hpp"
#include "model/kim/kim_model.hpp"
#endif

namespace mdb::bench {

ModelAbilities ModelRecipe::abilities() const {
  ModelAbilities a;
  if (!make) return a;
  const std::unique_ptr<ForceField> model = make();
  a.cuda = model->supports(Backend::Cuda);
  a.cuda_npt = a.cuda && model->device_twin_follows_box();
  a.cuda_graph = a.cuda && model->device_twin_capturable();
  a.threads = model->splits_over_threads();
  a.mixed_precision = model->mixed_precision() != nullptr;
  return a;
}

namespace {

[[noreturn]] void bad(const std::string& what) {
  throw std::invalid_argument(what);
}

void no_argument(std::string_view kind, std::string_view argument) {
  if (!argument.empty()) {
    bad("model " + std::string(kind) + " takes no ':" + std::string(argument) + "'");
  }
}

// "a/b/c" as exactly `count` positive finite numbers, else one line naming `syntax`.
std::vector<double> positive_numbers(std::string_view text, std::size_t count,
                                     std::string_view syntax) {
  std::vector<double> out;
  std::size_t start = 0;
  while (start <= text.size()) {
    const std::size_t end = std::min(text.find('/', start), text.size());
    double v = 0.0;
    const char* first = text.data() + start;
    const char* last = text.data() + end;
    const auto r = std::from_chars(first, last, v);
    if (r.ec != std::errc() || r.ptr != last || !std::isfinite(v) || !(v > 0.0)) {
      bad("'" + std::string(text.substr(start, end - start)) + "' in " + std::string(syntax) +
          " is not a positive number");
    }
    out.push_back(v);
    start = end + 1;
  }
  if (out.size() != count) {
    bad(std::string(syntax) + " takes " + std::to_string(count) + " numbers, got " +
        std::to_string(out.size()));
  }
  return out;
}

// The species names as LAMMPS's `pair_coeff * * ... names` want them: " A B".
std::string type_names(const std::vector<std::string>& species) {
  std::string names;
  for (const std::string& s : species) names.append(" ").append(s);
  return names;
}

// lj/cut with the recipe's one parameter set, its cutoff and shift (LAMMPS's defaults otherwise).
std::function<std::vector<std::string>(const std::string&)> lammps_lj(const LjParams& p) {
  return [p](const std::string&) {
    const LjSpecies& s = p.species.front();
    std::vector<std::string> lines{
        "pair_style lj/cut " + lammps_number(p.cutoff),
        "pair_coeff * * " + lammps_number(s.epsilon) + " " + lammps_number(s.sigma)};
    if (p.shift) lines.emplace_back("pair_modify shift yes");
    return lines;
  };
}

// lj: argon (epsilon 0.0104 eV, sigma 3.405 A, cutoff 2.5 sigma, species Ar); lj:e/s/rc: those
// numbers (the case's units) for every species of the case.
ModelRecipe lj(std::string_view argument, const ModelRequest& request) {
  LjParams p;
  if (argument.empty()) {
    p = LjParams::argon();
    for (const std::string& s : request.species) {
      if (s != "Ar") {
        bad("model lj is argon's parameters (species Ar); for '" + s +
            "' give lj:<epsilon>/<sigma>/<cutoff> (eV, Angstrom, Angstrom)");
      }
    }
  } else {
    const auto v = positive_numbers(argument, 3, "lj:<epsilon>/<sigma>/<cutoff>");
    for (const std::string& s : request.species) p.species.push_back({s, v[0], v[1]});
    p.cutoff = v[2];
  }
  LennardJones<> validated(p);  // throws std::invalid_argument for bad parameters
  ModelRecipe r;
  r.family = "lj";
  r.make = [p] { return std::make_unique<LennardJones<>>(p); };
  r.lammps_pair = lammps_lj(p);
  r.gromacs = std::make_shared<const GromacsPotential>(gromacs_lj(p));
  // ASE's LJ takes one epsilon and sigma for all atoms (this kind's parameters), and shifts the
  // energy to 0 at rc: the same forces, so the same trajectory, for its Peer rows.
  r.ase_calculator =
      "ase.calculators.lj:LennardJones:{\"epsilon\": " + lammps_number(p.species.front().epsilon) +
      ", \"sigma\": " + lammps_number(p.species.front().sigma) +
      ", \"rc\": " + lammps_number(p.cutoff) + "}";
  r.force_tolerance = 1e-6;
  return r;
}

// sw: LAMMPS's Si.sw; sw:<file>: a LAMMPS .sw file. LAMMPS reads the very parameters the native
// model uses (written out exactly), not a file that might differ from them.
ModelRecipe sw(std::string_view argument, const ModelRequest& request) {
  const SwParams params =
      argument.empty() ? SwParams::silicon() : SwParams::from_file(std::string(argument));
  ModelRecipe r;
  r.family = "sw";
  r.make = [params] { return std::make_unique<StillingerWeber>(params); };
  r.lammps_pair = lammps_sw_pair(params, argument.empty() ? "Si.sw" : request.case_name + ".sw",
                                 type_names(request.species));
  r.force_tolerance = 1e-6;
  return r;
}

// The NN presets over the SW baseline (E = E_SW + E_NN, docs/MODELS.md), networks in float.
// Forces are checked against finite differences of a float network energy, so the tolerance is
// that of float rounding (a sign or factor error in the NN forces, ~0.05 eV/A, still fails).
ModelRecipe nn_preset(std::string_view preset, std::string_view argument) {
  no_argument(preset, argument);
  nn_preset_architecture(preset);  // throws for an unknown preset
  ModelRecipe r;
  r.family = std::string(preset);
  r.make = [name = r.family] {
    return std::make_unique<NnPotential<float>>(
        make_nn_preset(name), std::make_unique<StillingerWeber>(SwParams::silicon()));
  };
  r.force_tolerance = kPresetNetworkForceTolerance;
  return r;
}

ModelRecipe nn_student(std::string_view argument, const ModelRequest&) {
  return nn_preset("nn-student", argument);
}

ModelRecipe nn_teacher(std::string_view argument, const ModelRequest&) {
  return nn_preset("nn-teacher", argument);
}

// The student md_distill fitted to c-dunn (bench/data/c-nn-student.json, built into the binary),
// in float like the presets; the whole energy, so a trained network's tolerance.
ModelRecipe c_nn_student(std::string_view argument, const ModelRequest&) {
  no_argument("c-nn-student", argument);
  ModelRecipe r;
  r.family = "nn-student";
  r.make = [] { return std::make_unique<NnPotential<float>>(c_nn_student_spec()); };
  r.force_tolerance = kTrainedNetworkForceTolerance;
  return r;
}

// The student md_distill fitted to water-spcfw (bench/data/water-nn-student.json): O and H
// networks, short-ranged (no electrostatics beyond its AEV cut-off), in float.
ModelRecipe water_nn_student(std::string_view argument, const ModelRequest&) {
  no_argument("water-nn-student", argument);
  ModelRecipe r;
  r.family = "nn-student";
  r.make = [] { return std::make_unique<NnPotential<float>>(water_nn_student_spec()); };
  r.force_tolerance = kTrainedNetworkForceTolerance;
  return r;
}

std::string joined(const std::vector<std::string>& names) {
  std::string out;
  for (const std::string& n : names) out.append(out.empty() ? "" : ", ").append(n);
  return out;
}

// The optional physical baseline under a user network. A trained network's energy is the total
// energy (its energy_shifts carry the atomic reference energies), so the default is none;
// `baseline=sw[:file]` is for a network fitted to the residual over SW (delta learning) or an
// untrained cost model, as the shipped presets are.
std::optional<SwParams> nn_baseline(const std::string& baseline) {
  if (baseline == "none") return std::nullopt;
  if (baseline == "sw") return SwParams::silicon();
  if (baseline.starts_with("sw:")) return SwParams::from_file(baseline.substr(3));
  bad("baseline=" + baseline + " is not none, sw or sw:<file.sw>");
}

// nn:<weights.json>: the user's network, checked against the case's species here so that a file
// for other elements fails in the user's terms (which species the file has, which are needed).
ModelRecipe nn_file(std::string_view argument, const ModelRequest& request) {
  if (argument.empty()) bad("model=nn:<weights.json> needs a file");
  const std::string path(argument);
  auto spec = std::make_shared<const NnSpec>(read_nn_weights(path));
  for (const std::string& s : request.species) {
    if (spec->species_index(s) < 0) {
      bad(path + ": the network has no species '" + s + "' (it covers " + joined(spec->species) +
          ")");
    }
  }
  const std::optional<SwParams> sw = nn_baseline(request.baseline.value_or("none"));
  ModelRecipe r;
  r.family = "nn";
  r.make = [spec, sw]() -> std::unique_ptr<ForceField> {
    return std::make_unique<NnPotential<float>>(
        *spec, sw ? std::make_unique<StillingerWeber>(*sw) : nullptr);
  };
  r.force_tolerance = kTrainedNetworkForceTolerance;
  return r;
}

[[maybe_unused]] std::string needs_kim_model(std::string_view kind, std::string_view argument) {
  if (argument.empty()) bad("model=" + std::string(kind) + ":<KIM model name> needs a name");
  return std::string(argument);
}

// kim:<model>: a published OpenKIM model through the KIM API; LAMMPS runs the same model through
// `pair_style kim`.
ModelRecipe kim(std::string_view argument, const ModelRequest& request) {
#ifdef MDB_HAVE_KIM
  const std::string model = needs_kim_model("kim", argument);
  ModelRecipe r;
  r.family = "kim";
  r.make = [model] { return make_kim_model(model); };
  r.lammps_pair = lammps_kim_pair(model, type_names(request.species));
  r.force_tolerance = 1e-5;  // eV/A; KIM models' own double arithmetic
  return r;
#else
  static_cast<void>(argument);
  static_cast<void>(request);
  bad("md_bench was built without the KIM API (libkim-api-dev)");
#endif
}

// dunn:<KIM DUNN model>: the native DunnPotential with that model's parameter files (read once,
// on first use), in the driver's default mode: the mean over the dropout members.
ModelRecipe dunn(std::string_view argument, const ModelRequest& request) {
  static_cast<void>(request);
#ifdef MDB_HAVE_KIM
  const std::string model = needs_kim_model("dunn", argument);
  struct Loaded {
    std::once_flag once;
    std::optional<DunnParams> params;
  };
  auto loaded = std::make_shared<Loaded>();
  ModelRecipe r;
  r.family = "dunn";
  r.make = [loaded, model] {
    std::call_once(loaded->once, [&] { loaded->params = dunn_params_from_kim(model); });
    return std::make_unique<DunnPotential>(*loaded->params, kDunnEnsembleMean);
  };
  r.force_tolerance = 1e-5;  // eV/A; forces ~1 eV/A, in double throughout
  return r;
#else
  static_cast<void>(argument);
  bad("md_bench was built without the KIM API (libkim-api-dev)");
#endif
}

// eam:<file>: a LAMMPS EAM file, by its name *.eam.alloy or *.setfl (setfl), *.eam.fs
// (Finnis-Sinclair) or *.eam (funcfl, for every species of the case); eam:kim:<model>: the file
// an installed KIM EAM_Dynamo model carries. Read once here, so that a bad file or a species it
// lacks fails now; LAMMPS reads the same bytes through pair_style eam, eam/alloy or eam/fs.
ModelRecipe eam(std::string_view argument, const ModelRequest& request) {
  if (argument.empty()) bad("model=eam:<file> needs a file (or eam:kim:<KIM EAM_Dynamo model>)");
  std::shared_ptr<const EamFile> file;
  if (argument.starts_with("kim:")) {
#ifdef MDB_HAVE_KIM
    file = std::make_shared<const EamFile>(kim_eam_file(std::string(argument.substr(4))));
#else
    bad("md_bench was built without the KIM API (libkim-api-dev)");
#endif
  } else {
    file = std::make_shared<const EamFile>(read_eam_file(std::string(argument)));
  }
  const bool funcfl = file->format == EamFormat::Funcfl;
  for (const std::string& s : request.species) {
    if (!funcfl &&
        std::find(file->elements.begin(), file->elements.end(), s) == file->elements.end()) {
      bad(file->name + ": the potential has no element '" + s + "' (it covers " +
          joined(file->elements) + ")");
    }
  }
  ModelRecipe r;
  r.family = "eam";
  r.make = [file, species = request.species]() -> std::unique_ptr<ForceField> {
    if (file->format != EamFormat::Funcfl) return std::make_unique<Eam>(*file);
    std::vector<std::pair<std::string, EamFile>> per_species;
    for (const std::string& s : species) per_species.emplace_back(s, *file);
    return std::make_unique<Eam>(per_species);
  };
  r.lammps_pair =
      lammps_eam_pair(file, request.case_name, type_names(request.species), request.masses);
  r.lammps_suffixes = {"opt"};  // LAMMPS's OPT package: eam/opt, eam/alloy/opt, eam/fs/opt
  r.force_tolerance = 1e-6;
  return r;
}

// torch:<file>: a deployed TorchScript model (model/torch/, through its module), loaded once here
// so that a bad file or a species it lacks is an error now; each model the recipe makes loads the
// file again.
ModelRecipe torch_file(std::string_view argument, const ModelRequest& request) {
#ifdef MDB_HAVE_TORCH
  if (argument.empty()) bad("model=torch:<file> needs a file");
  const std::string path(argument);
  const TorchModuleApi* torch = nullptr;
  try {
    torch = &torch_module();
  } catch (const std::runtime_error& e) {
    bad(e.what());
  }
  const std::unique_ptr<ForceField> probe = torch->load(path);
  torch->check_species(*probe, request.species);
  ModelRecipe r;
  r.family = "torch";
  r.make = [torch, path] { return torch->load(path); };
  // Finite differences of a float32 energy hold ~1e-2 eV/A, as for a trained float network.
  r.force_tolerance = torch->info(*probe).double_precision ? 1e-5 : kTrainedNetworkForceTolerance;
  return r;
#else
  static_cast<void>(argument);
  static_cast<void>(request);
  bad("md_bench was built without libtorch (libtorch-dev, or -DCMAKE_PREFIX_PATH=<libtorch>)");
#endif
}

// ase:<module>:<Class>[:<JSON>]: any ASE calculator (model/ase/), made once here so that a module
// that does not import, a class that is no calculator or bad keyword arguments are an error now.
ModelRecipe ase(std::string_view argument, const ModelRequest& request) {
#ifdef MDB_HAVE_PYTHON
  const AseSpec spec = parse_ase_spec(argument);
  const AseCalculatorModel probe(spec);
  for (const std::string& s : request.species) {
    if (atomic_number(s) == 0) {
      bad("ase:" + spec.text() + ": species '" + s +
          "' is no element symbol (ASE names atoms by element)");
    }
  }
  ModelRecipe r;
  r.family = "ase";
  r.make = [spec] { return std::make_unique<AseCalculatorModel>(spec); };
  r.ase_calculator = spec.text();
  // Finite differences of a calculator's energy: float64 in ASE's own calculators, but a
  // float32 network behind one holds ~1e-2 eV/A.
  r.force_tolerance = kTrainedNetworkForceTolerance;
  return r;
#else
  static_cast<void>(argument);
  static_cast<void>(request);
  bad("md_bench was built without Python (python3-dev and pybind11-dev, for ASE calculators)");
#endif
}

// water: flexible SPC/Fw with smooth PME (model/water/); the case's species must be O and H.
// LAMMPS runs it with lj/cut/coul/long, harmonic bonds and angles and PPPM.
ModelRecipe water(std::string_view argument, const ModelRequest& request) {
#ifdef MDB_HAVE_WATER
  if (!argument.empty()) bad("model=water takes no argument (it is SPC/Fw)");
  const WaterParams params = WaterParams::spc_fw();
  for (const std::string& s : request.species) {
    if (s != params.oxygen && s != params.hydrogen) {
      bad("model=water: species '" + s + "' is neither O nor H");
    }
  }
  ModelRecipe r;
  r.family = "water";
  r.make = [params] { return std::make_unique<WaterModel>(params); };
  r.lammps_pair = lammps_water_pair(params, request.species);
  r.gromacs = std::make_shared<const GromacsPotential>(gromacs_water(params));
  r.molecular = true;
  r.infer_topology = [](System& s) { infer_water_topology(s); };
  // Forces ~1-10 eV/A from terms of ~10 eV: finite differences in double hold ~1e-6.
  r.force_tolerance = 1e-5;
  return r;
#else
  static_cast<void>(argument);
  static_cast<void>(request);
  bad("md_bench was built without FFTW (libfftw3-dev), which the water model's PME needs");
#endif
}

}  // namespace

const std::vector<CatalogueEntry>& model_catalogue() {
  static const std::vector<CatalogueEntry> entries = {
      {"lj", "lj | lj:<epsilon>/<sigma>/<cutoff>", lj},  // argon, or one set for all species
      {"sw", "sw | sw:<file.sw>", sw},                   // LAMMPS's Si.sw, or a .sw file
      {"nn-student", "nn-student", nn_student},          // ANI-style presets over Si.sw
      {"nn-teacher", "nn-teacher", nn_teacher},
      {"c-nn-student", "c-nn-student", c_nn_student},  // the carbon student fitted to DUNN
      {"water-nn-student", "water-nn-student", water_nn_student},  // fitted to SPC/Fw
      {"nn", "nn:<weights.json>", nn_file},                        // the user's ANI-style network
      {"kim", "kim:<KIM model>", kim},                             // any installed OpenKIM model
      {"dunn", "dunn:<KIM DUNN model>", dunn},        // DUNN natively, KIM's parameters
      {"torch", "torch:<file>", torch_file},          // a deployed TorchScript model
      {"ase", "ase:<module>:<Class>[:<JSON>]", ase},  // any ASE calculator
      {"eam", "eam:<file> | eam:kim:<KIM EAM_Dynamo model>", eam},  // EAM, LAMMPS's files
      {"water", "water", water},                                    // SPC/Fw with PME
  };
  return entries;
}

std::string catalogue_syntax() {
  std::string out;
  for (const CatalogueEntry& e : model_catalogue()) {
    out.append(out.empty() ? "" : ", ").append(e.syntax);
  }
  return out;
}

ModelRecipe resolve_model(std::string_view spec, const ModelRequest& request) {
  const auto colon = spec.find(':');
  const std::string_view kind = spec.substr(0, colon);
  const std::string_view argument =
      colon == std::string_view::npos ? std::string_view{} : spec.substr(colon + 1);
  if (request.baseline && kind != "nn") bad("baseline= goes with model=nn:<file> only");
  for (const CatalogueEntry& e : model_catalogue()) {
    if (e.kind != kind) continue;
    if (colon != std::string_view::npos && argument.empty() && kind != "nn") {
      bad("model=" + std::string(spec) + " has nothing after ':' (" + std::string(e.syntax) + ")");
    }
    try {
      return e.resolve(argument, request);
    } catch (const std::exception& err) {
      // Files and models report in their own exception types: one type for every bad spec.
      bad(err.what());
    }
  }
  bad("unknown model '" + std::string(spec) + "' (expected " + catalogue_syntax() + ")");
}

}  // namespace mdb::bench
