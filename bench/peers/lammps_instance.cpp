#include "bench/peers/lammps_instance.hpp"

#include <library.h>

#include <cmath>
#include <cstdlib>
#include <fstream>
#include <mutex>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace mdb::bench {
namespace {

// LAMMPS's create_atoms keeps only atoms inside [lo, hi); positions a step past a face (the engine
// wraps at neighbour-list rebuilds) come back in, and rounding onto hi goes to lo.
double wrap(double x, double lo, double len) {
  double s = std::fmod(x - lo, len);
  if (s < 0) s += len;
  if (s >= len) s = 0;
  return lo + s;
}

}  // namespace

void LammpsInstance::finalize_mpi_at_exit() {
  static std::once_flag once;
  std::call_once(once, [] { std::atexit([] { lammps_mpi_finalize(); }); });
}

LammpsInstance::LammpsInstance() {
  const char* args[] = {"mdbench", "-log", "none", "-screen", "none", "-nocite"};
  handle_ = lammps_open_no_mpi(6, const_cast<char**>(args), nullptr);
  if (handle_ == nullptr) throw std::runtime_error("LAMMPS: lammps_open_no_mpi failed");
  finalize_mpi_at_exit();
}

LammpsInstance::~LammpsInstance() {
  if (handle_ != nullptr) lammps_close(handle_);
}

void LammpsInstance::commands(const std::string& script) {
  lammps_commands_string(handle_, script.c_str());
}

void LammpsInstance::create_atoms(const System& s) {
  const int n = static_cast<int>(s.size());
  const Box& box = s.box();
  std::vector<int> id(n), type(n);
  std::vector<double> x(3 * static_cast<std::size_t>(n)), v(x.size());
  for (int i = 0; i < n; ++i) {
    id[i] = i + 1;
    type[i] = s.species()[i] + 1;
    x[3 * i + 0] = wrap(s.x()[i], box.lo()[0], box.length(0));
    x[3 * i + 1] = wrap(s.y()[i], box.lo()[1], box.length(1));
    x[3 * i + 2] = wrap(s.z()[i], box.lo()[2], box.length(2));
    v[3 * i + 0] = s.vx()[i];
    v[3 * i + 1] = s.vy()[i];
    v[3 * i + 2] = s.vz()[i];
  }
  const int made =
      lammps_create_atoms(handle_, n, id.data(), type.data(), x.data(), v.data(), nullptr, 0);
  if (made != n || static_cast<int>(natoms()) != n) {
    throw std::runtime_error("LAMMPS created " + std::to_string(made) + " of " + std::to_string(n) +
                             " atoms");
  }
}

void LammpsInstance::run(long steps, bool setup) {
  std::string cmd = "run " + std::to_string(steps);
  if (!setup) cmd.append(" pre no post no");
  lammps_command(handle_, cmd.c_str());
}

double LammpsInstance::thermo(const char* keyword) {
  return lammps_get_thermo(handle_, keyword);
}

std::vector<double> LammpsInstance::forces() {
  std::vector<double> f(3 * static_cast<std::size_t>(natoms()));
  lammps_gather_atoms(handle_, const_cast<char*>("f"), 1, 3, f.data());
  return f;
}

double LammpsInstance::natoms() {
  return lammps_get_natoms(handle_);
}

LammpsRunStats LammpsInstance::run_with_stats(long steps, const std::string& log_path) {
  commands("log " + log_path);
  lammps_command(handle_, ("run " + std::to_string(steps) + " pre no post yes").c_str());
  commands("log none");
  std::ifstream in(log_path);
  std::ostringstream text;
  text << in.rdbuf();
  return parse_lammps_run_stats(text.str());
}

bool LammpsInstance::has_style(const char* category, const char* name) {
  return lammps_has_style(handle_, category, name) != 0;
}

}  // namespace mdb::bench
