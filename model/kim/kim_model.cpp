#include "model/kim/kim_model.hpp"

#include <KIM_SimulatorHeaders.hpp>

#include <algorithm>
#include <cmath>
#include <mutex>
#include <stdexcept>

#include "md/core/grow.hpp"
#include "model/kim/kim_api_lock.hpp"
#include "model/kim/kim_log.hpp"

namespace mdb {
namespace {

// The routines a simulator must be able to use when a model marks them required. We never
// change parameters (so never need Refresh), but a required Refresh only means "call it after
// changing them", which holds trivially; Extension and WriteParameterizedModel we never call.
bool routine_we_handle(const KIM::ModelRoutineName& r) {
  namespace R = KIM::MODEL_ROUTINE_NAME;
  return r == R::Create || r == R::ComputeArgumentsCreate || r == R::Compute || r == R::Refresh ||
         r == R::ComputeArgumentsDestroy || r == R::Destroy;
}

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) {
    if (!out.empty()) out.append(" ");
    out.append(s);
  }
  return out.empty() ? std::string("none") : out;
}

}  // namespace

KimModel::KimModel(std::string model_name, KimVirial virial) : model_name_(std::move(model_name)) {
  if (model_name_.empty()) throw std::invalid_argument("KimModel: empty model name");
  name_ = "kim:";
  name_.append(model_name_);
  install_kim_log();
  int accepted = 0;
  {
    const std::lock_guard<std::mutex> lock(kim_api_mutex());
    KimLogCapture capture;
    if (KIM::Model::Create(KIM::NUMBERING::zeroBased, KIM::LENGTH_UNIT::A, KIM::ENERGY_UNIT::eV,
                           KIM::CHARGE_UNIT::e, KIM::TEMPERATURE_UNIT::K, KIM::TIME_UNIT::ps,
                           model_name_, &accepted, &model_)) {
      model_ = nullptr;
      throw std::runtime_error(name_ + ": KIM cannot create the model: " + capture.reason() +
                               " (installed models: kim-api-collections-management list)");
    }
    for (KIM::ComputeArguments*& a : args_) {
      if (model_->ComputeArgumentsCreate(&a)) {
        a = nullptr;
        const std::string reason = capture.reason();
        release();
        throw std::runtime_error(name_ + ": KIM cannot create the compute arguments: " + reason);
      }
    }
  }
  try {
    if (!accepted) {
      // KIM then runs the model in its own units; fine if they agree where it uses them.
      KIM::LengthUnit length;
      KIM::EnergyUnit energy;
      KIM::ChargeUnit charge;
      KIM::TemperatureUnit temperature;
      KIM::TimeUnit time;
      model_->GetUnits(&length, &energy, &charge, &temperature, &time);
      const bool ok = length == KIM::LENGTH_UNIT::A && energy == KIM::ENERGY_UNIT::eV &&
                      (charge == KIM::CHARGE_UNIT::e || charge == KIM::CHARGE_UNIT::unused) &&
                      (temperature == KIM::TEMPERATURE_UNIT::K ||
                       temperature == KIM::TEMPERATURE_UNIT::unused) &&
                      (time == KIM::TIME_UNIT::ps || time == KIM::TIME_UNIT::unused);
      if (!ok) {
        throw std::runtime_error(name_ + ": the model refused metal units (it works in " +
                                 length.ToString() + ", " + energy.ToString() + ", " +
                                 charge.ToString() + ", " + temperature.ToString() + ", " +
                                 time.ToString() + ")");
      }
    }
    check_routines();
    check_arguments(virial);

    double influence = 0.0;
    model_->GetInfluenceDistance(&influence);
    int n_lists = 0;
    const double* cutoffs = nullptr;
    const int* no_padding = nullptr;
    model_->GetNeighborListPointers(&n_lists, &cutoffs, &no_padding);
    cutoff_ = influence;
    for (int k = 0; k < n_lists; ++k) cutoff_ = std::max(cutoff_, cutoffs[k]);
    if (!std::isfinite(cutoff_) || !(cutoff_ > 0.0)) {
      throw std::runtime_error(name_ + ": the model's influence distance " +
                               std::to_string(cutoff_) + " is not a positive length");
    }
    lists_.configure(cutoffs, no_padding, n_lists, cutoff_);
    point_outputs();
  } catch (...) {
    const std::lock_guard<std::mutex> lock(kim_api_mutex());
    release();
    throw;
  }
}

KimModel::~KimModel() {
  const std::lock_guard<std::mutex> lock(kim_api_mutex());
  release();
}

// Callers hold kim_api_mutex().
void KimModel::release() noexcept {
  KimLogCapture quiet;  // nobody to report to
  for (KIM::ComputeArguments*& a : args_) {
    if (a != nullptr) model_->ComputeArgumentsDestroy(&a);
  }
  if (model_ != nullptr) KIM::Model::Destroy(&model_);
}

void KimModel::check_routines() {
  int n = 0;
  KIM::MODEL_ROUTINE_NAME::GetNumberOfModelRoutineNames(&n);
  for (int i = 0; i < n; ++i) {
    KIM::ModelRoutineName r;
    KIM::MODEL_ROUTINE_NAME::GetModelRoutineName(i, &r);
    int present = 0, required = 0;
    if (model_->IsRoutinePresent(r, &present, &required)) {
      throw std::runtime_error(name_ + ": KIM cannot tell whether routine " + r.ToString() +
                               " is present");
    }
    if (present && required && !routine_we_handle(r)) {
      throw std::runtime_error(name_ + ": the model requires the KIM routine " + r.ToString() +
                               ", which mdbench does not use");
    }
  }
}

void KimModel::check_arguments(KimVirial virial) {
  namespace A = KIM::COMPUTE_ARGUMENT_NAME;
  namespace S = KIM::SUPPORT_STATUS;
  bool has_virial = false;
  int n = 0;
  A::GetNumberOfComputeArgumentNames(&n);
  for (int i = 0; i < n; ++i) {
    KIM::ComputeArgumentName a;
    A::GetComputeArgumentName(i, &a);
    KIM::SupportStatus s;
    if (args_[0]->GetArgumentSupportStatus(a, &s)) {
      throw std::runtime_error(name_ + ": KIM gives no support status for " + a.ToString());
    }
    if (a == A::numberOfParticles || a == A::particleSpeciesCodes || a == A::particleContributing ||
        a == A::coordinates) {
      continue;  // required by the API: always given
    }
    if ((a == A::partialEnergy || a == A::partialForces) && s == S::notSupported) {
      throw std::runtime_error(name_ + ": the model does not compute " + a.ToString() +
                               ", which molecular dynamics needs");
    }
    if (a == A::partialEnergy) {
      energy_required_ = s == S::required;
    } else if (a == A::partialVirial) {
      has_virial = s != S::notSupported;
      virial_required_ = s == S::required;
    } else if (a == A::partialParticleEnergy) {
      needs_particle_energy_ = s == S::required;  // given scratch when required, else not asked
    } else if (a == A::partialParticleVirial) {
      needs_particle_virial_ = s == S::required;
    } else if (a != A::partialForces && s == S::required) {
      throw std::runtime_error(name_ + ": the model requires the compute argument " + a.ToString() +
                               ", which mdbench does not provide");
    }
  }
  int nc = 0;
  KIM::COMPUTE_CALLBACK_NAME::GetNumberOfComputeCallbackNames(&nc);
  for (int i = 0; i < nc; ++i) {
    KIM::ComputeCallbackName c;
    KIM::COMPUTE_CALLBACK_NAME::GetComputeCallbackName(i, &c);
    KIM::SupportStatus s;
    if (args_[0]->GetCallbackSupportStatus(c, &s)) {
      throw std::runtime_error(name_ + ": KIM gives no support status for " + c.ToString());
    }
    if (c != KIM::COMPUTE_CALLBACK_NAME::GetNeighborList && s == S::required) {
      throw std::runtime_error(name_ + ": the model requires the KIM callback " + c.ToString() +
                               ", which mdbench does not provide");
    }
  }
  if (virial == KimVirial::Model && !has_virial) {
    throw std::invalid_argument(name_ + ": the model does not compute partialVirial");
  }
  model_virial_ = has_virial && virial != KimVirial::Fdotr;
}

// Fixed for the object's life: the neighbour-list callback, the particle count, and which
// outputs each argument set asks for (required ones always; an output left unset, null, is not
// wanted).
void KimModel::point_outputs() {
  namespace A = KIM::COMPUTE_ARGUMENT_NAME;
  for (std::size_t k = 0; k < args_.size(); ++k) {
    KIM::ComputeArguments* a = args_[k];
    const bool observe = k == 1;
    const bool energy = observe || energy_required_;
    const bool virial = (observe && model_virial_) || virial_required_;
    if (a->SetCallbackPointer(KIM::COMPUTE_CALLBACK_NAME::GetNeighborList, KIM::LANGUAGE_NAME::cpp,
                              reinterpret_cast<KIM::Function*>(&KimNeighborLists::get), &lists_) ||
        a->SetArgumentPointer(A::numberOfParticles, &n_particles_) ||
        (energy && a->SetArgumentPointer(A::partialEnergy, &energy_)) ||
        (virial && a->SetArgumentPointer(A::partialVirial, kim_virial_.data()))) {
      throw std::runtime_error(name_ + ": KIM refused the callback or an output argument");
    }
  }
}

std::vector<std::string> KimModel::supported_species() const {
  KimLogCapture quiet;  // an unsupported name is an answer, not an error to print
  std::vector<std::string> out;
  int n = 0;
  KIM::SPECIES_NAME::GetNumberOfSpeciesNames(&n);
  for (int i = 0; i < n; ++i) {
    KIM::SpeciesName s;
    KIM::SPECIES_NAME::GetSpeciesName(i, &s);
    int supported = 0, code = 0;
    if (!model_->GetSpeciesSupportAndCode(s, &supported, &code) && supported) {
      out.push_back(s.ToString());
    }
  }
  return out;
}

std::vector<KimParameter> KimModel::parameters() const {
  return read_kim_parameters(*model_);
}

void KimModel::bind(const System& system) {
  const auto& species = system.species_table();
  if (species.empty()) throw std::invalid_argument(name_ + ": the system has no species");
  std::vector<int> codes(species.size());
  for (std::size_t s = 0; s < species.size(); ++s) {
    const std::string& sp = species[s].name;
    const KIM::SpeciesName kim_name(sp);
    int supported = 0;
    {
      KimLogCapture quiet;
      if (!kim_name.Known() || model_->GetSpeciesSupportAndCode(kim_name, &supported, &codes[s])) {
        supported = 0;
      }
    }
    if (!supported) {
      throw std::invalid_argument(
          name_ + ": species '" + sp + "' is " +
          (kim_name.Known() ? "not supported by the model" : "not a KIM species name") +
          " (the model supports: " + join(supported_species()) + ")");
    }
  }
  code_of_species_ = std::move(codes);
  bound_ = true;
  serial_ = 0;  // the next compute re-derives everything from its list
  coords_.reserve(3 * system.size());
  forces_.reserve(3 * system.size());
}

// Only when a buffer moved (it grows rarely): KIM's SetArgumentPointer allocates.
void KimModel::set_array_pointers() {
  namespace A = KIM::COMPUTE_ARGUMENT_NAME;
  const std::array<const void*, 6> now{codes_.data(),           contributing_.data(),
                                       coords_.data(),          forces_.data(),
                                       particle_energy_.data(), particle_virial_.data()};
  if (now == given_) return;
  for (KIM::ComputeArguments* a : args_) {
    int error = a->SetArgumentPointer(A::particleSpeciesCodes, codes_.data()) ||
                a->SetArgumentPointer(A::particleContributing, contributing_.data()) ||
                a->SetArgumentPointer(A::coordinates, coords_.data()) ||
                a->SetArgumentPointer(A::partialForces, forces_.data());
    if (needs_particle_energy_) {
      error = error || a->SetArgumentPointer(A::partialParticleEnergy, particle_energy_.data());
    }
    if (needs_particle_virial_) {
      error = error || a->SetArgumentPointer(A::partialParticleVirial, particle_virial_.data());
    }
    if (error) throw std::logic_error(name_ + ": KIM refused an argument pointer");
  }
  given_ = now;
}

// Species codes, contributing flags and buffer sizes change only when the list is rebuilt.
void KimModel::refresh_after_rebuild(const NeighborList& list, const NeighborView& v) {
  n_particles_ = v.n_local + v.n_ghost;
  const auto n = static_cast<std::size_t>(n_particles_);
  resize_with_headroom(codes_, n);
  resize_with_headroom(contributing_, n);
  resize_with_headroom(coords_, 3 * n);
  resize_with_headroom(forces_, 3 * n);
  if (needs_particle_energy_) resize_with_headroom(particle_energy_, n);
  if (needs_particle_virial_) resize_with_headroom(particle_virial_, 6 * n);
  for (int i = 0; i < n_particles_; ++i) {
    codes_[static_cast<std::size_t>(i)] = code_of_species_[static_cast<std::size_t>(v.species[i])];
    contributing_[static_cast<std::size_t>(i)] = i < v.n_local ? 1 : 0;
  }
  lists_.rebuild(list);
  set_array_pointers();
  serial_ = list.build_serial();
}

ForceResult KimModel::compute(System& system, const NeighborList& list, ComputeFlags flags) {
  if (!bound_) throw std::logic_error(name_ + ": compute() before bind()");
  if (list.kind() != NeighborKind::Full) {
    throw std::invalid_argument(name_ + ": needs a full neighbour list");
  }
  if (list.cutoff() < cutoff_) {
    throw std::invalid_argument(name_ + ": neighbour list cutoff " + std::to_string(list.cutoff()) +
                                " is below " + std::to_string(cutoff_));
  }
  if (system.species_table().size() != code_of_species_.size()) {
    throw std::logic_error(name_ + ": species changed since bind()");
  }
  const NeighborView v = list.view();
  if (list.build_serial() != serial_ || serial_ == 0) refresh_after_rebuild(list, v);

  const int n_ext = n_particles_;
  double* c = coords_.data();
  for (int i = 0; i < n_ext; ++i) {
    c[3 * i] = v.x[i];
    c[3 * i + 1] = v.y[i];
    c[3 * i + 2] = v.z[i];
  }
  {
    KimLogCapture capture;
    if (model_->Compute(args_[flags.energy || flags.virial ? 1 : 0])) {
      throw std::runtime_error(name_ + ": the model's compute failed: " + capture.reason());
    }
  }

  ForceResult r;
  const double* f = forces_.data();
  if (flags.energy) r.energy = energy_;
  if (flags.virial && model_virial_) {
    // KIM: V = sum (dE/dr) (x) r = -sum f (x) r, order xx yy zz yz xz xy; ours W = -V.
    const auto& k = kim_virial_;
    r.virial = {-k[0], -k[1], -k[2], -k[5], -k[4], -k[3]};
  } else if (flags.virial) {
    auto& w = r.virial;
    for (int i = 0; i < n_ext; ++i) {
      const double* ci = c + 3 * i;
      const double* fi = f + 3 * i;
      w[0] += ci[0] * fi[0];
      w[1] += ci[1] * fi[1];
      w[2] += ci[2] * fi[2];
      w[3] += ci[0] * fi[1];
      w[4] += ci[0] * fi[2];
      w[5] += ci[1] * fi[2];
    }
  }
  // Partial forces on padding atoms belong to the atoms they are images of.
  auto fx = system.fx(), fy = system.fy(), fz = system.fz();
  for (int i = 0; i < v.n_local; ++i) {
    fx[i] = f[3 * i];
    fy[i] = f[3 * i + 1];
    fz[i] = f[3 * i + 2];
  }
  for (int g = v.n_local; g < n_ext; ++g) {
    const int o = v.owner[g];
    fx[o] += f[3 * g];
    fy[o] += f[3 * g + 1];
    fz[o] += f[3 * g + 2];
  }
  return r;
}

std::unique_ptr<ForceField> make_kim_model(std::string_view name) {
  if (name.starts_with("kim:")) name.remove_prefix(4);
  return std::make_unique<KimModel>(std::string(name));
}

}  // namespace mdb
