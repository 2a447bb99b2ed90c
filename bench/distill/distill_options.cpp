#include "bench/distill/distill_options.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <stdexcept>
#include <string_view>

namespace mdb::distill {
namespace {

[[noreturn]] void bad(std::string_view flag, std::string_view what, std::string_view got) {
  throw std::invalid_argument("--" + std::string(flag) + " must be " + std::string(what) +
                              ", got '" + std::string(got) + "'");
}

long whole(std::string_view flag, std::string_view v, long lo, long hi) {
  long out = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || end != v.data() + v.size() || out < lo || out > hi) {
    bad(flag, "a whole number in [" + std::to_string(lo) + ", " + std::to_string(hi) + "]", v);
  }
  return out;
}

double positive(std::string_view flag, std::string_view v) {
  double out = 0;
  const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), out);
  if (ec != std::errc() || end != v.data() + v.size() || !std::isfinite(out) || !(out > 0)) {
    bad(flag, "a number > 0", v);
  }
  return out;
}

std::vector<int> widths(std::string_view flag, std::string_view v) {
  std::vector<int> out;
  while (!v.empty()) {
    const auto comma = v.find(',');
    out.push_back(static_cast<int>(whole(flag, v.substr(0, comma), 1, 4096)));
    if (comma == std::string_view::npos) break;
    v.remove_prefix(comma + 1);
  }
  if (out.empty()) bad(flag, "widths like 32,32", v);
  return out;
}

}  // namespace

std::string distill_usage() {
  return R"(md_distill: distil a fast NN student from a teacher (docs/MODELS.md)
  --teacher=MODEL        installed KIM DUNN model (default DUNN_WenTadmor_2019v1_C__MO_584345505904_000),
                         or water-spcfw: SPC/Fw water with PME (md_bench's water case), sampled
                         as 64-molecule boxes at 300 and 400 K (two boxes each; --phases unused)
  --member=M             -1 ensemble mean (default), 0 fully connected, 1..M one dropout member
  --out=FILE             student weights, the project's JSON format (default c-nn-student.json;
                         water-nn-student.json for the water teacher, and --name likewise)
  --curve=FILE.svg       learning curve;  --csv=FILE.csv  the same figures as a table
  --name=NAME            the student's name in the file (default c-nn-student)
  --frames_out=FILE      keep the sampled (and student-MD) frames, labelled, as JSON
  --frames_in=FILE       fit to a --frames_out file instead of sampling (minutes saved)
  --phases=P,P           carbon phases to sample: graphite (default), diamond, liquid; crystals
                         run at 300, 1000 and 2000 K, the liquid at 3000 K
  --frames=N             frames per training run (default 40);  --test_frames=N  per held-out run (12)
  --stride=N             MD steps between frames (default 20, 0.5 fs steps)
  --equilibration=N      steps before the first frame (default 200, water 1000);  --melt_steps=N (1000)
  --radial=N --angles=N --angular_radial=N   AEV term counts (16, 4, 4)
  --rc=A --rca=A         radial and angular cutoffs in Angstrom (5.0, 3.5)
  --hidden=W,W           hidden layer widths (default 32,32)
  --celu_alpha=X         CELU's alpha in the hidden layers (default 0.1, ANI's)
  --epochs=N --batch=N   epochs (100) and frames per Adam step (4)
  --lr=X --final_lr=X    learning rate, decaying exponentially to final_lr (2e-3, 5e-5)
  --energy_weight=X --force_weight=X   loss weights of energy (per (eV/atom)^2) and forces (1000, 1)
  --relative_forces=on|off   divide each frame's force error by its mean squared force plus
                         --force_floor^2 (default on, floor 0.3 eV/A), so cold frames count
  --rounds=N             active learning: N rounds of the student's own MD at the training
                         phases and temperatures, labelled by the teacher, then a refit (0)
  --round_frames=N --round_epochs=N --round_lr=X   per round: frames per run (20), epochs of
                         the refit (100) and its starting learning rate (5e-4)
  --threads=N            threads for sampling and fitting (default 1)
  --seed=N               sampling and fitting seed
)";
}

DistillOptions parse_distill_options(int argc, const char* const* argv, bool& help) {
  DistillOptions o;
  help = false;
  bool named = false, out_given = false, equilibration_given = false, phases_given = false;
  for (int a = 1; a < argc; ++a) {
    const std::string_view arg = argv[a];
    if (arg == "--help" || arg == "-h") {
      help = true;
      continue;
    }
    const auto eq = arg.find('=');
    if (arg.substr(0, 2) != "--" || eq == std::string_view::npos) {
      throw std::invalid_argument("unknown argument '" + std::string(arg) +
                                  "' (flags are --name=value; see --help)");
    }
    if (eq + 1 == arg.size()) {
      throw std::invalid_argument(std::string(arg.substr(0, eq)) + " needs a value");
    }
    const std::string_view flag = arg.substr(2, eq - 2), v = arg.substr(eq + 1);
    if (flag == "teacher")
      o.teacher = v;
    else if (flag == "member")
      o.teacher_member = static_cast<int>(whole(flag, v, -1, 100000));
    else if (flag == "out") {
      o.out = v;
      out_given = true;
    } else if (flag == "curve")
      o.curve_svg = v;
    else if (flag == "csv")
      o.curve_csv = v;
    else if (flag == "name") {
      o.name = v;
      named = true;
    } else if (flag == "frames_in")
      o.frames_in = v;
    else if (flag == "frames_out")
      o.frames_out = v;
    else if (flag == "phases") {
      phases_given = true;
      o.phases.clear();
      for (std::string_view rest = v;;) {
        const auto comma = rest.find(',');
        const std::string_view name = rest.substr(0, comma);
        CarbonPhase phase{};
        try {
          phase = parse_carbon_phase(name);
        } catch (const std::invalid_argument& e) {
          throw std::invalid_argument("--phases: " + std::string(e.what()));
        }
        if (std::find(o.phases.begin(), o.phases.end(), phase) != o.phases.end()) {
          bad(flag, "phases named once each", v);
        }
        o.phases.push_back(phase);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
      }
    } else if (flag == "frames")
      o.frames = static_cast<int>(whole(flag, v, 1, 100000));
    else if (flag == "test_frames")
      o.test_frames = static_cast<int>(whole(flag, v, 1, 100000));
    else if (flag == "stride")
      o.sampling.stride = static_cast<int>(whole(flag, v, 1, 100000));
    else if (flag == "equilibration") {
      o.sampling.equilibration_steps = static_cast<int>(whole(flag, v, 0, 10000000));
      equilibration_given = true;
    } else if (flag == "melt_steps")
      o.sampling.melt_steps = static_cast<int>(whole(flag, v, 0, 10000000));
    else if (flag == "radial")
      o.radial_shifts = static_cast<int>(whole(flag, v, 1, 256));
    else if (flag == "angles")
      o.angle_shifts = static_cast<int>(whole(flag, v, 1, 32));
    else if (flag == "angular_radial")
      o.angular_radial_shifts = static_cast<int>(whole(flag, v, 1, 16));
    else if (flag == "rc")
      o.radial_cutoff = positive(flag, v);
    else if (flag == "rca")
      o.angular_cutoff = positive(flag, v);
    else if (flag == "celu_alpha")
      o.celu_alpha = positive(flag, v);
    else if (flag == "hidden")
      o.training.hidden = widths(flag, v);
    else if (flag == "epochs")
      o.training.epochs = static_cast<int>(whole(flag, v, 1, 1000000));
    else if (flag == "batch")
      o.training.batch_frames = static_cast<int>(whole(flag, v, 1, 100000));
    else if (flag == "lr")
      o.training.learning_rate = positive(flag, v);
    else if (flag == "final_lr")
      o.training.final_learning_rate = positive(flag, v);
    else if (flag == "rounds")
      o.rounds = static_cast<int>(whole(flag, v, 0, 1000));
    else if (flag == "round_frames")
      o.round_frames = static_cast<int>(whole(flag, v, 1, 100000));
    else if (flag == "round_epochs")
      o.round_epochs = static_cast<int>(whole(flag, v, 1, 1000000));
    else if (flag == "round_lr")
      o.round_learning_rate = positive(flag, v);
    else if (flag == "energy_weight")
      o.training.energy_weight = positive(flag, v);
    else if (flag == "force_weight")
      o.training.force_weight = positive(flag, v);
    else if (flag == "force_floor")
      o.training.force_floor = positive(flag, v);
    else if (flag == "relative_forces") {
      if (v != "on" && v != "off") bad(flag, "on or off", v);
      o.training.relative_forces = v == "on";
    } else if (flag == "threads") {
      o.training.threads = static_cast<int>(whole(flag, v, 1, 1024));
      o.sampling.threads = o.training.threads;
    } else if (flag == "seed") {
      o.seed = static_cast<std::uint64_t>(whole(flag, v, 0, 1L << 62));
    } else {
      throw std::invalid_argument("unknown flag --" + std::string(flag) + " (see --help)");
    }
  }
  if (o.angular_cutoff > o.radial_cutoff) {
    throw std::invalid_argument(
        "--rca must not exceed --rc (the angular terms lie inside the "
        "radial cutoff)");
  }
  if (o.water_teacher()) {
    if (phases_given) {
      throw std::invalid_argument("--phases names carbon phases; the water teacher samples water");
    }
    if (!named) o.name = "water-nn-student";
    if (!out_given) o.out = "water-nn-student.json";
    // md_bench's water case equilibrates its randomly turned molecules for 1,000 steps.
    if (!equilibration_given) o.sampling.equilibration_steps = 1000;
  }
  o.training.seed = o.seed;
  return o;
}

}  // namespace mdb::distill
