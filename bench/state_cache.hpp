#pragma once
// Equilibrated states kept on disk between runs of md_bench. Preparing the default suite's 56
// states (equilibration and force checks) is minutes of one core, and every build made from the
// same sources that make them (state_digest.hpp) makes them bit for bit the same; a later run, of
// that build or of one whose harness alone changed, loads them instead. Beside them, records:
// small results computed from those states (reference_figures.hpp).
#include <optional>
#include <string>

#include "md/core/system.hpp"

namespace mdb::bench {

/// A state as stored: the system (positions, velocities, forces, box, species, topology) and the
/// model's energy on it when it was made, which a later run recomputes to accept the entry (so a
/// model that changed outside the binary, e.g. an upgraded KIM model, is never given a state
/// made with its predecessor).
struct CachedState {
  System system;
  double energy = 0.0;
};

/// States under <root>/<build_id>/, md_bench's build_id being its state_digest(): builds made from
/// the same engine, model, case and preparation sources with the same toolchain share a folder
/// (a rebuild after a change to the harness alone, the gate's baseline binary when only the
/// harness differs); another build has its own, and folders not used lately are pruned so that at
/// most kKeptBuilds remain.
class StateCache {
 public:
  static constexpr int kKeptBuilds = 4;

  /// A cache in `root` for the build identified by `build_id`; an empty root turns it off (loads
  /// miss, stores do nothing).
  StateCache(std::string root, std::string build_id);

  bool enabled() const { return !dir_.empty(); }
  const std::string& dir() const { return dir_; }

  /// The entry stored under `key`, or nothing: no entry, another key under the same file name,
  /// a file that is truncated or damaged (a checksum covers every byte), or units other than
  /// `units`.
  std::optional<CachedState> load(const std::string& key, const UnitSystem& units) const;

  /// Stores `system` under `key` with the model's energy on it: written to a temporary file in
  /// the same folder and renamed over the entry, so a reader sees the old entry, the new one or
  /// none, never half of one. Returns false (and leaves nothing behind) when it cannot write.
  bool store(const std::string& key, const System& system, double energy) const;

  /// The record stored under `key` (its bytes as given to store_record), or nothing: no record,
  /// another key under the same file name, or a damaged file (the same checksum as a state's).
  std::optional<std::string> load_record(const std::string& key) const;
  /// Stores `bytes` under `key` as store() stores a state: whole or not at all.
  bool store_record(const std::string& key, const std::string& bytes) const;

 private:
  std::string path_of(const std::string& key, const char* suffix = ".state") const;
  bool write_entry(const std::string& path, const std::string& bytes) const;
  void prune_other_builds() const;

  std::string root_;
  std::string dir_;
};

/// The cache directory md_bench uses unless told otherwise: $XDG_CACHE_HOME/mdbench/states, else
/// $HOME/.cache/mdbench/states, else "" (off).
std::string default_state_cache_root();

/// The process's cache: set once by main (set_state_cache_root; "" or "off" turns it off), read
/// by equilibrated_system. Off until set.
void set_state_cache_root(const std::string& root);
const StateCache& state_cache();

}  // namespace mdb::bench
