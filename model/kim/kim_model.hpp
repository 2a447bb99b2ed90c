#pragma once
// Any installed KIM portable model as a ForceField ("kim:<ModelName>").
#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "md/force/force_field.hpp"
#include "model/kim/kim_neighbor_lists.hpp"
#include "model/kim/kim_parameters.hpp"

namespace KIM {
class Model;
class ComputeArguments;
}  // namespace KIM

namespace mdb {

/// Where KimModel's virial comes from. Auto: the model's partialVirial when it supports it, else
/// sum x f over extended atoms (LAMMPS's virial_fdotr), exact for a translation-invariant energy.
enum class KimVirial { Auto, Model, Fdotr };

/// A KIM portable model (OpenKIM, KIM API 2.3) behind the ForceField interface.
///
/// KIM has no periodic boundaries, so the engine's extended atoms are the KIM configuration:
/// local atoms are contributing, ghosts (periodic images within cutoff + skin, several image
/// shells in small boxes) are non-contributing padding; the model's neighbour lists are served
/// from the engine's full list (KimNeighborLists); partial forces on padding atoms are folded onto
/// their owners. cutoff() is the model's influence distance. Units requested: Angstrom, eV, e, K,
/// ps. KIM's partialVirial (+dE/d strain, order xx yy zz yz xz xy) is converted to ours
/// (W = -dE/d strain, order xx yy zz xy xz yz).
///
/// Each object owns one KIM model and its compute-arguments object. Not thread-safe: some models
/// keep per-call scratch in the model object, so sharing one across threads gives wrong results;
/// make one KimModel per thread (md_bench builds one force field per replica). Once the buffers
/// are sized, compute() allocates nothing, never creates or destroys KIM objects and does not
/// re-point KIM's arguments (two compute-argument sets, forces only and forces + energy +
/// virial); KIM's own Compute allocates on every call (~150 times with KIM 2.3, building log
/// strings), and a driver may too.
class KimModel final : public ForceField {
 public:
  /// Loads the installed portable model `model_name` (KIM's name, no "kim:" prefix) and checks
  /// that mdbench can drive it: its required routines, compute arguments and callbacks, its units.
  /// Throws std::runtime_error "kim:<name>: <reason>" (with KIM's logged reason) when the model
  /// cannot be created or needs what the adapter does not provide, std::invalid_argument on an
  /// empty name or a KimVirial::Model request for a model without partialVirial.
  explicit KimModel(std::string model_name, KimVirial virial = KimVirial::Auto);
  ~KimModel() override;
  KimModel(const KimModel&) = delete;
  KimModel& operator=(const KimModel&) = delete;

  /// "kim:<ModelName>".
  std::string_view name() const override { return name_; }
  /// The model's influence distance (Angstrom); the neighbour list adds its skin.
  double cutoff() const override { return cutoff_; }
  NeighborKind neighbor_kind() const override { return NeighborKind::Full; }
  /// Maps each species name of the system to the model's species code. Throws
  /// std::invalid_argument "kim:<name>: species 'X' ..." for a name KIM does not know or the
  /// model does not support (listing those it supports).
  void bind(const System& system) override;
  /// One KIM Compute over the extended atoms. Throws std::logic_error before bind(),
  /// std::invalid_argument on a half list or one shorter than cutoff(), std::runtime_error with
  /// KIM's reason when the model's compute fails.
  ForceResult compute(System& system, const NeighborList& list, ComputeFlags flags) override;

  const std::string& model_name() const { return model_name_; }
  /// Species the model supports, by KIM name.
  std::vector<std::string> supported_species() const;
  /// The model's published parameters (metal units).
  std::vector<KimParameter> parameters() const;
  /// True when the virial comes from the model's partialVirial, false for sum x f.
  bool model_virial() const { return model_virial_; }
  /// The model's neighbour lists, as served (cutoffs, padding-neighbour requests, filtering).
  const KimNeighborLists& neighbor_lists() const { return lists_; }

 private:
  void release() noexcept;
  void check_routines();
  void check_arguments(KimVirial virial);
  void point_outputs();
  void set_array_pointers();
  void refresh_after_rebuild(const NeighborList& list, const NeighborView& v);

  std::string model_name_, name_;
  KIM::Model* model_ = nullptr;
  // [0] asks for forces only, [1] for forces, energy and (from the model) the virial: switching
  // sets costs nothing, while re-pointing an argument allocates inside KIM.
  std::array<KIM::ComputeArguments*, 2> args_{};
  double cutoff_ = 0.0;
  bool model_virial_ = false;
  bool needs_particle_energy_ = false, needs_particle_virial_ = false;
  bool energy_required_ = false, virial_required_ = false;
  KimNeighborLists lists_;

  std::vector<int> code_of_species_;  // KIM species code per System species index
  bool bound_ = false;
  std::uint64_t serial_ = 0;  // NeighborList::build_serial() the buffers below were made for
  int n_particles_ = 0;
  std::vector<int> codes_, contributing_;
  std::vector<double> coords_, forces_, particle_energy_, particle_virial_;
  std::array<const void*, 6> given_{};  // array pointers KIM holds (they move only on growth)
  double energy_ = 0.0;
  std::array<double, 6> kim_virial_{};
};

/// A KimModel for "kim:<ModelName>" or "<ModelName>" (for md_bench's --md_models and cases).
std::unique_ptr<ForceField> make_kim_model(std::string_view name);

}  // namespace mdb
