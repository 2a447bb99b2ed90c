#include "bench/teacher_accuracy.hpp"

#include <algorithm>
#include <stdexcept>

#include "bench/once_per_key.hpp"
#include "bench/reference_figures.hpp"
#include "md/engine/simulation.hpp"
#include "model/distill/labelled_frame.hpp"

namespace mdb::bench {
namespace {

// Frames enough to hold kFrameAtoms atoms, kMinFrames to kMaxFrames: the figures are per atom
// (meV/atom, eV/A per component) and their sample is frames x atoms (a larger system's frame
// also averages its energy error over more atoms), so 8 frames up to 192 atoms (water's box), 3
// of 512 and 2 beyond 768 measure at least alike; labelling 8 frames of 512 atoms with DUNN took
// 2.5 s.
constexpr int kFrameAtoms = 1536;
constexpr int kMinFrames = 2;
constexpr int kMaxFrames = 8;
constexpr int kSlowRouteFrames = 2;  // a KIM step costs ~1 s: two evaluations of the slow route
constexpr long kStride = 25;         // steps between frames (12.5 fs at carbon's 0.5 fs)

bool slow_route(const CaseSpec& c, const CaseSpec& reference) {
  return reference.name == c.same_potential_as;
}

// The frames come from MD with the faster of the two models: the case's own (a student runs
// where its own dynamics take it), or the reference's when the case is a slow route to it.
StateKey start_of(const StateKey& key, const CaseSpec& reference) {
  StateKey from = key;
  if (slow_route(*key.spec, reference)) from.spec = &reference;
  return from;
}

ReferenceAccuracy measure(const StateKey& key, const CaseSpec& reference) {
  const CaseSpec& c = *key.spec;
  const StateKey from = start_of(key, reference);
  const CaseSpec& mover = *from.spec;
  const int n_frames = slow_route(c, reference)
                           ? kSlowRouteFrames
                           : std::clamp((kFrameAtoms + key.atoms - 1) / std::max(key.atoms, 1),
                                        kMinFrames, kMaxFrames);
  const System& start = equilibrated_system(from);
  const auto compute = [&]() -> std::vector<double> {
    Simulation sim(start, mover.recipe.make(),
                   make_integrator(mover, Ensemble::NVT, key.timestep, key.seed + 77),
                   mover.neighbor, false);
    auto labeller = reference.recipe.make();
    std::vector<LabelledFrame> frames;
    for (int f = 0; f < n_frames; ++f) {
      sim.run(kStride);
      const Thermo t = sim.thermo();
      if (!(t.temperature < blow_up_temperature(mover))) {
        throw std::runtime_error("MD for the frames blew up (T = " + std::to_string(t.temperature) +
                                 ")");
      }
      frames.push_back(label_frame(sim.system(), *labeller, c.name));
    }
    auto model = c.recipe.make();
    const FrameAccuracy a = accuracy_against(*model, frames);
    return {static_cast<double>(a.frames), 1e3 * a.energy_mae, a.force_rmse};
  };
  const std::vector<double> f =
      cached_reference_figures("accuracy/" + equilibration_key(key).str() + "/" + reference.name,
                               start, {&c, &reference}, compute);
  return {reference.name, static_cast<int>(f.at(0)), f.at(1), f.at(2)};
}

}  // namespace

const CaseSpec* accuracy_reference(const CaseSpec& c) {
  if (!c.teacher.empty()) return find_case(c.teacher);
  if (!c.same_potential_as.empty()) return find_case(c.same_potential_as);
  return nullptr;
}

std::optional<StateKey> reference_accuracy_start(const StateKey& key) {
  const CaseSpec* reference = accuracy_reference(*key.spec);
  if (reference == nullptr) return std::nullopt;
  return start_of(key, *reference);
}

std::string reference_accuracy_key(const StateKey& key) {
  return equilibration_key(key).str();
}

std::optional<ReferenceAccuracy> reference_accuracy(const StateKey& key) {
  const CaseSpec* reference = accuracy_reference(*key.spec);
  if (reference == nullptr) return std::nullopt;
  static OncePerKey<ReferenceAccuracy> figures;
  return figures.get(reference_accuracy_key(key), [&] {
    try {
      return measure(key, *reference);
    } catch (const std::exception& e) {
      throw std::runtime_error("accuracy against " + reference->name + ": " + e.what());
    }
  });
}

std::string teachers_context() {
  std::string out;
  for (const CaseSpec& c : case_table()) {
    const CaseSpec* r = accuracy_reference(c);
    if (r == nullptr) continue;
    if (!out.empty()) out += ",";
    out += c.name + ":" + r->name;
  }
  return out;
}

}  // namespace mdb::bench
