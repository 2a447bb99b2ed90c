#include "bench/peers/lammps_state.hpp"

#include <filesystem>
#include <stdexcept>

#include "bench/peers/lammps_script.hpp"
#include "md/structure/lammps_data.hpp"

namespace mdb::bench {

void load_lammps_state(LammpsInstance& lmp, const CaseSpec& c, const System& system,
                       const std::string& scratch_dir) {
  if (!c.recipe.molecular) {
    lmp.commands(lammps_box_script(c, system));
    lmp.create_atoms(system);
    return;
  }
  const std::string path = (std::filesystem::path(scratch_dir) / (c.name + ".data")).string();
  write_lammps_data(system, path);
  lmp.commands(lammps_data_script(c, path));
  if (lmp.natoms() != static_cast<double>(system.size())) {
    throw std::runtime_error("LAMMPS read " + std::to_string(lmp.natoms()) + " atoms of " +
                             std::to_string(system.size()) + " from " + path);
  }
}

}  // namespace mdb::bench
