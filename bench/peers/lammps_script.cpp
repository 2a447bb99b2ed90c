#include "bench/peers/lammps_script.hpp"

#include <array>
#include <charconv>
#include <filesystem>
#include <fstream>
#include <stdexcept>

namespace mdb::bench {

std::function<std::vector<std::string>(const std::string&)> lammps_sw_pair(SwParams params,
                                                                           std::string file_name,
                                                                           std::string elements) {
  return [params = std::move(params), file_name = std::move(file_name),
          elements = std::move(elements)](const std::string& scratch_dir) {
    const std::string path = (std::filesystem::path(scratch_dir) / file_name).string();
    std::ofstream out(path);
    out << params.to_lammps_text();
    if (!out.flush()) throw std::runtime_error(path + ": cannot write the LAMMPS .sw file");
    return std::vector<std::string>{"pair_style sw", "pair_coeff * * " + path + elements};
  };
}

std::function<std::vector<std::string>(const std::string&)> lammps_kim_pair(std::string model,
                                                                            std::string elements) {
  return [model = std::move(model), elements = std::move(elements)](const std::string&) {
    return std::vector<std::string>{"pair_style kim " + model, "pair_coeff * *" + elements};
  };
}

std::function<std::vector<std::string>(const std::string&)> lammps_eam_pair(
    std::shared_ptr<const EamFile> file, std::string file_stem, std::string elements,
    std::vector<double> masses) {
  return [file = std::move(file), file_stem = std::move(file_stem), elements = std::move(elements),
          masses = std::move(masses)](const std::string& dir) {
    const char* ext = file->format == EamFormat::Funcfl ? ".eam"
                      : file->format == EamFormat::Fs   ? ".eam.fs"
                                                        : ".eam.alloy";
    const std::string path = (std::filesystem::path(dir) / (file_stem + ext)).string();
    std::ofstream out(path, std::ios::binary);
    out << file->text;
    if (!out.flush()) throw std::runtime_error(path + ": cannot write the LAMMPS EAM file");
    std::vector<std::string> lines{"pair_style " + std::string(eam_pair_style(file->format))};
    // pair_style eam takes one funcfl file per type pair i i; the others name their elements.
    lines.push_back("pair_coeff * * " + path +
                    (file->format == EamFormat::Funcfl ? std::string() : elements));
    for (std::size_t t = 0; t < masses.size(); ++t) {
      lines.push_back("mass " + std::to_string(t + 1) + " " + lammps_number(masses[t]));
    }
    return lines;
  };
}

bool lammps_available() {
#ifdef MDB_HAVE_LAMMPS
  return true;
#else
  return false;
#endif
}

bool has_lammps_peer(const CaseSpec& c, Ensemble e) {
  return static_cast<bool>(c.recipe.lammps_pair) && (e == Ensemble::NVE || e == Ensemble::NVT);
}

std::string lammps_number(double v) {
  std::array<char, 32> buf{};
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), v);
  return std::string(buf.data(), r.ptr);
}

namespace {
std::string lammps_header(const CaseSpec& c) {
  std::string s;
  s.append("units ").append(c.units == &kLjUnits ? "lj" : "metal").append("\n");
  s.append(c.recipe.molecular ? "atom_style full\n" : "atom_style atomic\n");
  s.append("atom_modify map array\nboundary p p p\n");
  return s;
}
}  // namespace

std::string lammps_data_script(const CaseSpec& c, const std::string& data_file) {
  return lammps_header(c).append("read_data ").append(data_file).append("\n");
}

std::string lammps_box_script(const CaseSpec& c, const System& system) {
  const Box& b = system.box();
  std::string s = lammps_header(c);
  s.append("region box block");
  for (int a = 0; a < 3; ++a) {
    s.append(" ").append(lammps_number(b.lo()[a]));
    s.append(" ").append(lammps_number(b.lo()[a] + b.length(a)));
  }
  s.append(" units box\n");
  const auto& species = system.species_table();
  s.append("create_box ").append(std::to_string(species.size())).append(" box\n");
  for (std::size_t t = 0; t < species.size(); ++t) {
    s.append("mass ").append(std::to_string(t + 1)).append(" ");
    s.append(lammps_number(species[t].mass)).append("\n");
  }
  return s;
}

std::string lammps_dynamics_script(const CaseSpec& c, Ensemble e, double timestep,
                                   std::uint64_t seed, const std::string& scratch_dir) {
  if (!has_lammps_peer(c, e)) {
    std::string what = "case ";
    what.append(c.name).append(" has no LAMMPS counterpart for ").append(ensemble_name(e));
    throw std::invalid_argument(what);
  }
  std::string s;
  for (const std::string& line : c.recipe.lammps_pair(scratch_dir)) s.append(line).append("\n");
  const NeighborPolicy& n = c.neighbor;
  s.append("neighbor ").append(lammps_number(n.skin)).append(" bin\n");
  s.append("neigh_modify delay 0 every ").append(std::to_string(n.check ? 1 : n.every));
  s.append(n.check ? " check yes\n" : " check no\n");
  s.append("timestep ").append(lammps_number(timestep)).append("\n");
  s.append("fix integrate all nve\n");
  if (e == Ensemble::NVT) {
    // LAMMPS seeds must lie in [1, 900000000).
    const std::uint64_t lmp_seed = 1 + seed % 899999998u;
    s.append("fix thermostat all langevin ").append(lammps_number(c.temperature)).append(" ");
    s.append(lammps_number(c.temperature)).append(" ").append(lammps_number(1.0 / c.friction));
    s.append(" ").append(std::to_string(lmp_seed)).append("\n");
  }
  // norm no: LJ units would otherwise report energies per atom.
  s.append("thermo 0\nthermo_modify lost ignore norm no\n");
  return s;
}

}  // namespace mdb::bench
