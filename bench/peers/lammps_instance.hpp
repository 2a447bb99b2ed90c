#pragma once
// One in-process LAMMPS, driven through its C library interface (liblammps). Plain C++: the
// LAMMPS and MPI headers stay inside lammps_instance.cpp.
#include <array>
#include <string>
#include <vector>

#include "bench/peers/lammps_log.hpp"
#include "md/core/system.hpp"

namespace mdb::bench {

/// A LAMMPS instance with no log file and no screen output. Debian's liblammps is built without
/// C++ exceptions, so a LAMMPS error ends the process: callers hand it only inputs they have
/// checked (styles, files, models). Not thread-safe; one instance per benchmark at a time.
class LammpsInstance {
 public:
  LammpsInstance();
  ~LammpsInstance();
  LammpsInstance(const LammpsInstance&) = delete;
  /// liblammps initialises MPI on the first open (a singleton, no mpirun); MPI wants one
  /// MPI_Finalize before the process ends, after every instance is closed (PPPM frees MPI
  /// communicators when it closes). Registers it with atexit, once: a static that will hold an
  /// instance calls this before it is constructed, so it is destroyed first.
  static void finalize_mpi_at_exit();
  LammpsInstance& operator=(const LammpsInstance&) = delete;

  /// Runs a block of input-script lines.
  void commands(const std::string& script);
  /// Creates the system's atoms (ids 1..N, type = species index + 1, positions wrapped into
  /// the box, velocities) in a box that `commands` already created with matching bounds.
  /// Throws std::runtime_error when LAMMPS did not create all of them.
  void create_atoms(const System& system);
  /// `run <steps>`; `setup` false adds `pre no post no` (LAMMPS skips the set-up between
  /// consecutive runs, as one long run would).
  void run(long steps, bool setup);
  /// Thermo keyword value after a run (e.g. "pe", which LAMMPS evaluates on a run's last step).
  double thermo(const char* keyword);
  double natoms();
  /// Per-atom forces ordered by atom id (x0 y0 z0 x1 ...), in LAMMPS's force units.
  std::vector<double> forces();
  /// `run <steps> pre no post yes` with the log sent to `log_path` for that run only, and what
  /// LAMMPS's own timer and neighbour statistics said of it. (The C interface exposes neither
  /// the timer nor the list size, and Debian's LAMMPS C++ headers do not compile against
  /// Debian's fmt, so the log is the interface.)
  LammpsRunStats run_with_stats(long steps, const std::string& log_path);
  /// Whether this LAMMPS has a style, e.g. ("pair", "sw").
  bool has_style(const char* category, const char* name);

 private:
  void* handle_ = nullptr;
};

}  // namespace mdb::bench
