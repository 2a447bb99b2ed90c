#include "bench/peers/lammps_inputs.hpp"

#include <filesystem>
#include <stdexcept>

#include "bench/peers/lammps_script.hpp"
#include "bench/peers/peer_input_files.hpp"
#include "bench/prepared_state.hpp"
#include "md/structure/lammps_data.hpp"

namespace mdb::bench {

int write_lammps_inputs(const std::vector<PlannedBenchmark>& plan, const std::string& filter,
                        const std::string& dir) {
  namespace fs = std::filesystem;
  const fs::path root = fs::absolute(dir);
  make_input_folder(root);
  std::string index;
  int written = 0;
  for (const PlannedBenchmark& p : plan) {
    const BenchmarkSpec& s = p.spec;
    if (s.family != Family::Step || s.sim_threads != 1 || s.mixed) continue;
    if (!has_lammps_peer(*s.key.spec, s.key.ensemble)) continue;
    if (!filter_selects(filter, p.name + "/manual_time")) continue;
    const std::string ens(ensemble_name(s.key.ensemble));
    const std::string atoms = std::to_string(s.key.atoms);
    const std::string name = ens + "-" + atoms + "-" + s.key.spec->name;
    const fs::path folder = root / name;
    make_input_folder(folder);
    write_lammps_data(equilibrated_system(s.key), (folder / "data.lmp").string());
    std::string in = "# md_bench state " + p.name + ": the Peer row's input, stand-alone.\n";
    in.append("# mpirun -np 2 lmp -in in.lmp -var steps 1000\n");
    in.append(lammps_data_script(*s.key.spec, "data.lmp"));
    in.append(lammps_dynamics_script(*s.key.spec, s.key.ensemble, s.key.timestep, s.key.seed,
                                     folder.string()));
    in.append("run 20\nrun ${steps}\n");
    write_input_text(folder / "in.lmp", in);
    index.append(name).append("\tPeer/").append(ens).append("/").append(atoms).append("/");
    index.append(s.key.spec->name).append("\t").append(atoms).append("\n");
    ++written;
  }
  write_input_text(root / "index.tsv", index);
  return written;
}

}  // namespace mdb::bench
