#include "bench/reference_figures.hpp"

#include <atomic>
#include <cstring>
#include <memory>
#include <optional>

#include "bench/force_check.hpp"
#include "bench/prepared_state.hpp"
#include "bench/state_cache.hpp"

namespace mdb::bench {
namespace {

std::atomic<long> g_from_cache{0};

// The models' energies, then the figures, as doubles in native byte order (a record is only read
// by the binary that wrote it).
std::string encode(const std::vector<double>& energies, const std::vector<double>& figures) {
  std::string bytes;
  const auto put = [&](double v) { bytes.append(reinterpret_cast<const char*>(&v), sizeof v); };
  put(static_cast<double>(energies.size()));
  for (double e : energies) put(e);
  for (double f : figures) put(f);
  return bytes;
}

std::optional<std::vector<double>> figures_if_same_models(const std::string& bytes,
                                                          const std::vector<double>& energies) {
  if (bytes.size() % sizeof(double) != 0 || bytes.empty()) return std::nullopt;
  std::vector<double> v(bytes.size() / sizeof(double));
  std::memcpy(v.data(), bytes.data(), bytes.size());
  if (v[0] != static_cast<double>(energies.size()) || v.size() < 1 + energies.size()) {
    return std::nullopt;
  }
  for (std::size_t m = 0; m < energies.size(); ++m) {
    if (!same_model_energy(energies[m], v[1 + m])) return std::nullopt;
  }
  return std::vector<double>(v.begin() + 1 + static_cast<std::ptrdiff_t>(energies.size()), v.end());
}

}  // namespace

std::vector<double> cached_reference_figures(const std::string& key, const System& start,
                                             const std::vector<const CaseSpec*>& models,
                                             const std::function<std::vector<double>()>& compute) {
  const StateCache& disk = state_cache();
  bool cacheable = disk.enabled();
  for (const CaseSpec* c : models) cacheable = cacheable && !c->custom;
  if (!cacheable) return compute();
  std::vector<double> energies;
  for (const CaseSpec* c : models) {
    const std::unique_ptr<ForceField> model = c->recipe.make();
    energies.push_back(energy_of(*model, start));
  }
  const std::string record_key = "reference-figures/" + key;
  if (const auto bytes = disk.load_record(record_key)) {
    if (auto figures = figures_if_same_models(*bytes, energies)) {
      g_from_cache.fetch_add(1, std::memory_order_relaxed);
      return *figures;
    }
  }
  std::vector<double> figures = compute();
  disk.store_record(record_key, encode(energies, figures));
  return figures;
}

long reference_figures_from_cache() {
  return g_from_cache.load(std::memory_order_relaxed);
}

}  // namespace mdb::bench
