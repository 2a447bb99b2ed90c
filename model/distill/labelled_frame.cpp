#include "model/distill/labelled_frame.hpp"

#include <cmath>
#include <stdexcept>

#include "md/neighbor/neighbor_list.hpp"

namespace mdb {
namespace {

// Energy and forces of `model` on `system` (forces left in the system).
double evaluate(ForceField& model, System& system) {
  NeighborList list(model.cutoff(), model.neighbor_kind(), NeighborPolicy{});
  model.bind(system);
  list.build(system);
  ComputeFlags flags;
  flags.energy = true;
  return model.compute(system, list, flags).energy;
}

}  // namespace

LabelledFrame label_frame(System system, ForceField& reference, std::string source) {
  LabelledFrame f{std::move(system), 0.0, {}, {}, {}, std::move(source)};
  f.energy = evaluate(reference, f.system);
  const auto fx = f.system.fx(), fy = f.system.fy(), fz = f.system.fz();
  f.fx.assign(fx.begin(), fx.end());
  f.fy.assign(fy.begin(), fy.end());
  f.fz.assign(fz.begin(), fz.end());
  bool finite = std::isfinite(f.energy);
  for (std::size_t i = 0; i < f.fx.size(); ++i) {
    finite = finite && std::isfinite(f.fx[i]) && std::isfinite(f.fy[i]) && std::isfinite(f.fz[i]);
  }
  if (!finite) {
    throw std::invalid_argument(
        "label_frame: the reference model gave a non-finite energy or "
        "force on frame '" +
        f.source + "'");
  }
  return f;
}

FrameAccuracy accuracy_against(ForceField& model, const std::vector<LabelledFrame>& frames) {
  FrameAccuracy a;
  double sq = 0.0, components = 0.0;
  for (const auto& f : frames) {
    System s = f.system;
    const double e = evaluate(model, s);
    const double n = static_cast<double>(s.size());
    a.energy_mae += std::abs(e - f.energy) / n;
    const auto fx = s.fx(), fy = s.fy(), fz = s.fz();
    for (std::size_t i = 0; i < s.size(); ++i) {
      for (const double d : {fx[i] - f.fx[i], fy[i] - f.fy[i], fz[i] - f.fz[i]}) {
        sq += d * d;
        if (std::abs(d) > a.force_max) {
          a.force_max = std::abs(d);
          a.force_max_source = f.source;
        }
      }
    }
    components += 3.0 * n;
    ++a.frames;
  }
  if (a.frames > 0) {
    a.energy_mae /= a.frames;
    a.force_rmse = std::sqrt(sq / components);
  }
  return a;
}

}  // namespace mdb
