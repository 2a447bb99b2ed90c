#pragma once
// The neighbour lists a KIM model asks for through its GetNeighborList callback.
#include <cstdint>
#include <vector>

#include "md/neighbor/cell_grid.hpp"
#include "md/neighbor/neighbor_list.hpp"

namespace mdb {

/// Serves KIM's neighbour lists from the engine's full list over extended (local + ghost) atoms.
///
/// KIM asks for the neighbours of particle i in list k (cutoff c_k); a list must contain every
/// particle within c_k and may contain more (KIM API docs, "Implementation": "the returned list
/// may contain particles beyond the cutoff distance"). Local atoms: the engine's list holds every
/// extended atom within model cutoff + skin, so a list whose cutoff is the model's is served from
/// it directly; a list with a shorter cutoff gets a sub-list filtered to c_k + skin at each
/// rebuild, as KIM warns that long lists can slow models "severely". Ghosts (padding atoms): a
/// list whose model may ask for padding atoms' neighbours (modelWillNotRequestNeighborsOf-
/// NoncontributingParticles = 0, e.g. the Tersoff_LAMMPS driver) gets, for every ghost, all
/// extended atoms within c_k + skin, binned at each rebuild; asking for a ghost's neighbours in any
/// other list is refused. Every list stays valid until the engine rebuilds, because no pair
/// separation changes by more than the skin before then. Owns its storage; grow-only.
class KimNeighborLists {
 public:
  /// KIM's per-list cutoffs and "will not request neighbours of padding atoms" flags, and the
  /// cutoff the engine's list is built with (the model's influence distance).
  void configure(const double* cutoffs, const int* will_not_request_padding, int n,
                 double model_cutoff);
  /// Re-derives the sub-lists and padding lists; call after every rebuild of `list`.
  void rebuild(const NeighborList& list);

  int count() const { return static_cast<int>(lists_.size()); }
  bool serves_padding(int k) const { return lists_[static_cast<std::size_t>(k)].padding; }
  bool filters_local(int k) const { return lists_[static_cast<std::size_t>(k)].filtered; }

  /// KIM's GetNeighborListFunction; data_object is the KimNeighborLists. Returns 1 (error) for
  /// a list or particle it cannot serve.
  static int get(void* data_object, int n_lists, const double* cutoffs, int list_index,
                 int particle, int* n_neighbors, const int** neighbors);

 private:
  struct List {
    double cutoff = 0.0;
    bool padding = false;   // serves ghosts' neighbours
    bool filtered = false;  // local atoms read a filtered sub-list, not the engine's
    std::vector<std::int64_t> local_offsets, ghost_offsets;
    std::vector<int> local_neighbors, ghost_neighbors;
  };
  void filter_local(List& l, const NeighborView& v, double range);
  void build_padding(List& l, const NeighborView& v, double range);

  std::vector<List> lists_;
  double model_cutoff_ = 0.0;
  // The engine's list as of the last rebuild (valid until the next).
  const std::int64_t* offsets_ = nullptr;
  const int* neighbors_ = nullptr;
  int n_local_ = 0, n_extended_ = 0;
  CellGrid grid_;
};

}  // namespace mdb
