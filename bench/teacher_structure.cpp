#include "bench/teacher_structure.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "bench/once_per_key.hpp"
#include "bench/reference_figures.hpp"
#include "md/engine/simulation.hpp"
#include "md/structure/radial_distribution.hpp"

namespace mdb::bench {
namespace {

// In steps of the case's time step: 0.1 ps to relax, 0.4 ps of frames at water's 0.5 fs.
constexpr long kRelaxSteps = 200;
constexpr int kFrames = 80;
constexpr long kFrameStride = 10;

RadialDistribution structure_of(const CaseSpec& mover, const CaseSpec& c, const System& start,
                                const StateKey& key, int species) {
  Simulation sim(start, mover.recipe.make(),
                 make_integrator(c, Ensemble::NVT, key.timestep, key.seed + 91), mover.neighbor,
                 false);
  const double half =
      0.5 * std::min({start.box().length(0), start.box().length(1), start.box().length(2)});
  RadialDistribution rdf(std::min(kRdfRange, std::floor(half / kRdfBin) * kRdfBin), kRdfBin);
  const auto checked = [&](long steps) {
    sim.run(steps);
    const Thermo t = sim.thermo();
    if (!(t.temperature < blow_up_temperature(c))) {
      throw std::runtime_error(mover.name + "'s MD blew up (T = " + std::to_string(t.temperature) +
                               " K)");
    }
  };
  checked(kRelaxSteps);
  for (int f = 0; f < kFrames; ++f) {
    checked(kFrameStride);
    rdf.add_frame(sim.system(), species, species);
  }
  return rdf;
}

StateKey teacher_start_of(const StateKey& key, const CaseSpec& teacher) {
  StateKey from = key;
  from.spec = &teacher;
  from.ensemble = Ensemble::NVT;
  return from;
}

ReferenceStructure measure_structure(const StateKey& key, const CaseSpec& teacher) {
  const CaseSpec& c = *key.spec;
  const StateKey from = teacher_start_of(key, teacher);
  const System& start = equilibrated_system(from);
  const int species = start.find_species(c.rdf_species);
  if (species < 0) {
    throw std::runtime_error("the system has no species '" + c.rdf_species + "' (rdf_species)");
  }
  const auto compute = [&]() -> std::vector<double> {
    const RadialDistribution own = structure_of(c, c, start, key, species);
    const RadialDistribution ref = structure_of(teacher, c, start, key, species);
    return {static_cast<double>(own.frames()), own.range(), rdf_peak_position(own),
            rdf_peak_position(ref), rdf_abs_difference(own, ref)};
  };
  const std::vector<double> f = cached_reference_figures("structure/" + from.str() + "/" + c.name,
                                                         start, {&c, &teacher}, compute);
  return {teacher.name, static_cast<int>(f.at(0)), f.at(1), f.at(2), f.at(3), f.at(4)};
}

}  // namespace

std::optional<StateKey> reference_structure_start(const StateKey& key) {
  const CaseSpec& c = *key.spec;
  if (c.teacher.empty() || c.rdf_species.empty()) return std::nullopt;
  const CaseSpec* teacher = find_case(c.teacher);
  if (teacher == nullptr) return std::nullopt;
  return teacher_start_of(key, *teacher);
}

std::string reference_structure_key(const StateKey& key) {
  StateKey k = key;
  k.ensemble = Ensemble::NVT;
  return k.str();
}

std::optional<ReferenceStructure> reference_structure(const StateKey& key) {
  const CaseSpec& c = *key.spec;
  if (c.teacher.empty() || c.rdf_species.empty()) return std::nullopt;
  const CaseSpec* teacher = find_case(c.teacher);
  if (teacher == nullptr) return std::nullopt;
  static OncePerKey<ReferenceStructure> figures;
  return figures.get(reference_structure_key(key), [&] {
    try {
      return measure_structure(key, *teacher);
    } catch (const std::exception& e) {
      throw std::runtime_error("g(r) against " + teacher->name + ": " + e.what());
    }
  });
}

}  // namespace mdb::bench
