#include "model/distill/student_trainer.hpp"

#include <Eigen/Dense>
#include <algorithm>
#include <chrono>
#include <cmath>
#include <exception>
#include <stdexcept>
#include <thread>

#include "md/core/random.hpp"
#include "model/distill/input_standardisation.hpp"

namespace mdb {

struct StudentTrainer::Frame {
  FrameGeometry geometry;
  std::vector<int> species_map;  // system species -> student species
  std::vector<int> row_of;       // atom -> row, rows grouped by student species
  std::vector<int> group_begin;  // first row of each species (n_species + 1)
  double energy = 0.0;
  std::vector<double> fx, fy, fz;
  double force_scale = 1.0;  // s_f of the loss (TrainingSettings)
};

struct StudentTrainer::Worker {
  AevComputer<double> aev;
  std::vector<TrainableNetwork> nets;
  std::vector<double> g, x, dx, t;     // rows x AEV length
  std::vector<double> ex, ey, ez;      // extended forces
  std::vector<double> fx, fy, fz;      // folded onto atoms
  std::vector<double> wx, wy, wz;      // force residual per extended atom
  std::vector<double> e_seed, t_seed;  // per row
};

StudentTrainer::StudentTrainer(NnSpec start, const std::vector<LabelledFrame>& training,
                               const TrainingSettings& settings)
    : spec_(std::move(start)), settings_(settings), order_state_(settings.seed) {
  const std::string who = spec_.name.empty() ? std::string("student") : spec_.name;
  const bool fresh = spec_.networks.empty();
  if (fresh) {
    spec_.aev.validate(who);
    if (spec_.species.empty()) throw std::invalid_argument(who + ": no species");
    spec_.energy_shifts.assign(spec_.species.size(), 0.0);
  } else {
    spec_.validate(who);
  }
  if (training.empty()) throw std::invalid_argument("StudentTrainer: no training frames");
  if (settings_.epochs < 0 || settings_.batch_frames < 1 || settings_.threads < 1 ||
      !(settings_.learning_rate > 0) || !(settings_.final_learning_rate > 0) ||
      !(settings_.energy_weight >= 0) || !(settings_.force_weight >= 0) ||
      !(settings_.force_floor > 0)) {
    throw std::invalid_argument(
        "StudentTrainer: epochs >= 0, batch >= 1, threads >= 1, "
        "positive learning rates and non-negative weights are needed");
  }
  add_frames(training);
  const int n_species = static_cast<int>(spec_.species.size());

  // Energy shifts: least squares of E_f = sum_s n_fs e_s (a minimum-norm solution when the
  // frames do not tell species apart).
  Eigen::MatrixXd counts(static_cast<Eigen::Index>(frames_.size()), n_species);
  Eigen::VectorXd energies(static_cast<Eigen::Index>(frames_.size()));
  for (std::size_t f = 0; f < frames_.size(); ++f) {
    for (int s = 0; s < n_species; ++s) {
      counts(static_cast<Eigen::Index>(f), s) =
          frames_[f].group_begin[s + 1] - frames_[f].group_begin[s];
    }
    energies(static_cast<Eigen::Index>(f)) = frames_[f].energy;
  }
  // A student that continues keeps its own shifts: its networks were fitted around them.
  if (fresh) {
    const Eigen::VectorXd shifts = counts.completeOrthogonalDecomposition().solve(energies);
    spec_.energy_shifts.assign(shifts.data(), shifts.data() + n_species);
  }

  // Input standardisation from the training atoms' AEVs.
  AevComputer<double> aev;
  aev.configure(spec_.aev, n_species);
  const int d = aev.length();
  InputStandardisation standardisation(n_species, d);
  std::vector<double> rows;
  for (const auto& f : frames_) {
    rows.assign(static_cast<std::size_t>(f.geometry.n_local()) * d, 0.0);
    aev.forward(f.geometry.view(), f.species_map.data(), f.row_of.data(), rows.data(), d);
    for (int s = 0; s < n_species; ++s) {
      for (int r = f.group_begin[s]; r < f.group_begin[s + 1]; ++r) {
        standardisation.add(s, rows.data() + static_cast<std::size_t>(r) * d);
      }
    }
  }
  mean_ = standardisation.means();
  scale_ = standardisation.scales();
  // Train in the standardised space: start from the given layers with the standardisation
  // taken back out of the first one (the inverse of export_layers' fold).
  for (int s = 0; s < n_species && fresh; ++s) {
    std::vector<int> widths{d};
    widths.insert(widths.end(), settings_.hidden.begin(), settings_.hidden.end());
    widths.push_back(1);
    // Atomic energies start near 0.01 eV: the shifts carry the rest.
    nets_.emplace_back(widths, spec_.celu_alpha, settings_.seed + 7919 * s, 0.01);
  }
  for (int s = 0; s < n_species && !fresh; ++s) {
    auto layers = spec_.networks[s];
    auto& first = layers.front();
    for (int o = 0; o < first.out; ++o) {
      for (int k = 0; k < first.in; ++k) {
        double& w = first.weights[static_cast<std::size_t>(o) * first.in + k];
        first.bias[o] += w * mean_[s][k];
        w *= scale_[s][k];
      }
    }
    nets_.emplace_back(layers, spec_.celu_alpha);
  }
  params_ = parameter_pointers();
  adam_ = std::make_unique<AdamOptimizer>(params_.size());
  make_workers();
  if (fresh) {
    spec_ = student();
    spec_.validate(who);
  }
}

void StudentTrainer::add_frames(const std::vector<LabelledFrame>& frames) {
  const int n_species = static_cast<int>(spec_.species.size());
  const double cutoff = spec_.aev.max_cutoff();
  frames_.reserve(frames_.size() + frames.size());
  for (const auto& lf : frames) {
    const auto& table = lf.system.species_table();
    std::vector<int> map(table.size());
    for (std::size_t s = 0; s < table.size(); ++s) {
      map[s] = spec_.species_index(table[s].name);
      if (map[s] < 0) {
        throw std::invalid_argument("StudentTrainer: frame '" + lf.source + "' holds species '" +
                                    table[s].name + "', which the student has no network for");
      }
    }
    const int n = static_cast<int>(lf.system.size());
    std::vector<int> group(n_species + 1, 0), row_of(n);
    for (int i = 0; i < n; ++i) ++group[map[lf.system.species()[i]] + 1];
    for (int s = 0; s < n_species; ++s) group[s + 1] += group[s];
    std::vector<int> next(group.begin(), group.end() - 1);
    for (int i = 0; i < n; ++i) row_of[i] = next[map[lf.system.species()[i]]]++;
    double scale = 1.0;
    if (settings_.relative_forces) {
      double sq = 0.0;
      for (int i = 0; i < n; ++i)
        sq += lf.fx[i] * lf.fx[i] + lf.fy[i] * lf.fy[i] + lf.fz[i] * lf.fz[i];
      scale = sq / (3.0 * n) + settings_.force_floor * settings_.force_floor;
    }
    frames_.push_back(Frame{FrameGeometry(lf.system, cutoff), std::move(map), std::move(row_of),
                            std::move(group), lf.energy, lf.fx, lf.fy, lf.fz, scale});
  }
}

void StudentTrainer::make_workers() {
  workers_.clear();
  for (int t = 0; t < settings_.threads; ++t) {
    auto w = std::make_unique<Worker>();
    w->aev.configure(spec_.aev, static_cast<int>(spec_.species.size()));
    w->nets = nets_;
    workers_.push_back(std::move(w));
  }
}

StudentTrainer::StudentTrainer(const StudentTrainer& trained,
                               const std::vector<LabelledFrame>& frames)
    : spec_(trained.spec_),
      settings_(trained.settings_),
      mean_(trained.mean_),
      scale_(trained.scale_),
      nets_(trained.nets_),
      order_state_(0) {
  add_frames(frames);
  make_workers();
}

StudentTrainer::~StudentTrainer() = default;

void StudentTrainer::sync_workers() {
  for (auto& w : workers_) {
    for (std::size_t s = 0; s < nets_.size(); ++s) w->nets[s].parameters() = nets_[s].parameters();
  }
}

StudentTrainer::Pass StudentTrainer::frame_pass(Worker& w, const Frame& f, double weight,
                                                bool gradient) {
  const NeighborView v = f.geometry.view();
  const int d = w.aev.length();
  const int n = v.n_local;
  const std::size_t n_ext = static_cast<std::size_t>(f.geometry.n_extended());
  const std::size_t cells = static_cast<std::size_t>(n) * d;
  w.g.resize(cells);
  w.x.resize(cells);
  w.dx.resize(cells);
  w.t.resize(cells);
  w.aev.forward(v, f.species_map.data(), f.row_of.data(), w.g.data(), d);
  const int n_species = static_cast<int>(nets_.size());
  double energy = 0.0;
  for (int s = 0; s < n_species; ++s) {
    const int r0 = f.group_begin[s], rows = f.group_begin[s + 1] - r0;
    if (rows == 0) continue;
    for (int r = r0; r < r0 + rows; ++r) {
      for (int k = 0; k < d; ++k) {
        const std::size_t at = static_cast<std::size_t>(r) * d + k;
        w.x[at] = (w.g[at] - mean_[s][k]) / scale_[s][k];
      }
    }
    const std::size_t at = static_cast<std::size_t>(r0) * d;
    const double* e = w.nets[s].forward(w.x.data() + at, rows);
    for (int r = 0; r < rows; ++r) energy += e[r];
    energy += rows * spec_.energy_shifts[s];
    w.nets[s].input_gradient(w.dx.data() + at);
    for (int r = r0; r < r0 + rows; ++r) {
      for (int k = 0; k < d; ++k) w.dx[static_cast<std::size_t>(r) * d + k] /= scale_[s][k];
    }
  }
  w.ex.assign(n_ext, 0.0);
  w.ey.assign(n_ext, 0.0);
  w.ez.assign(n_ext, 0.0);
  w.aev.backward(v, f.row_of.data(), w.dx.data(), d, w.ex.data(), w.ey.data(), w.ez.data());
  w.fx.assign(n, 0.0);
  w.fy.assign(n, 0.0);
  w.fz.assign(n, 0.0);
  const auto& owner = f.geometry.owner();
  for (std::size_t e = 0; e < n_ext; ++e) {
    w.fx[owner[e]] += w.ex[e];
    w.fy[owner[e]] += w.ey[e];
    w.fz[owner[e]] += w.ez[e];
  }
  Pass p;
  const double de = (energy - f.energy) / n;
  for (int i = 0; i < n; ++i) {
    w.fx[i] -= f.fx[i];  // now the residual F - F_ref
    w.fy[i] -= f.fy[i];
    w.fz[i] -= f.fz[i];
    p.force_sq += w.fx[i] * w.fx[i] + w.fy[i] * w.fy[i] + w.fz[i] * w.fz[i];
    p.force_max = std::max({p.force_max, std::abs(w.fx[i]), std::abs(w.fy[i]), std::abs(w.fz[i])});
  }
  p.abs_energy = std::abs(de);
  p.components = 3.0 * n;
  p.loss = weight * (settings_.energy_weight * de * de +
                     settings_.force_weight * p.force_sq / (p.components * f.force_scale));
  if (!gradient) return p;

  // dL/dE_r = 2 w_E de / N for every row. The force term: with residual r moved onto every
  // image, dL = (2 w_F / 3N) sum_k r_k . dF_k = -(2 w_F / 3N) sum_r d(dE_r/dG_r) . (J_r r), and
  // J_r r is the AEV's tangent along r; the networks turn that into a weight gradient.
  w.wx.resize(n_ext);
  w.wy.resize(n_ext);
  w.wz.resize(n_ext);
  for (std::size_t e = 0; e < n_ext; ++e) {
    w.wx[e] = w.fx[owner[e]];
    w.wy[e] = w.fy[owner[e]];
    w.wz[e] = w.fz[owner[e]];
  }
  w.aev.tangent(v, f.row_of.data(), w.wx.data(), w.wy.data(), w.wz.data(), w.t.data(), d);
  const double e_seed = weight * 2.0 * settings_.energy_weight * de / n;
  const double t_seed = -weight * 2.0 * settings_.force_weight / (p.components * f.force_scale);
  for (int s = 0; s < n_species; ++s) {
    const int r0 = f.group_begin[s], rows = f.group_begin[s + 1] - r0;
    if (rows == 0) continue;
    for (int r = r0; r < r0 + rows; ++r) {
      for (int k = 0; k < d; ++k) w.t[static_cast<std::size_t>(r) * d + k] /= scale_[s][k];
    }
    const std::size_t at = static_cast<std::size_t>(r0) * d;
    // The tangent reuses the activations of this species' forward() above.
    w.nets[s].tangent(w.t.data() + at);
    w.e_seed.assign(rows, e_seed);
    w.t_seed.assign(rows, t_seed);
    w.nets[s].accumulate(w.e_seed.data(), w.t_seed.data());
  }
  return p;
}

StudentTrainer::Pass StudentTrainer::batch_pass(const std::vector<int>& frames, bool gradient) {
  const double weight = 1.0 / static_cast<double>(frames.size());
  const int n_workers =
      std::min(static_cast<int>(workers_.size()), static_cast<int>(frames.size()));
  std::vector<Pass> passes(n_workers);
  std::vector<std::exception_ptr> errors(n_workers);
  // A worker's exception is carried out of its thread (an escaping one would terminate).
  auto work = [&](int k) noexcept {
    try {
      Worker& w = *workers_[k];
      for (auto& net : w.nets) net.zero_gradient();
      for (std::size_t i = k; i < frames.size(); i += n_workers) {
        const Pass p = frame_pass(w, frames_[frames[i]], weight, gradient);
        passes[k].loss += p.loss;
        passes[k].abs_energy += p.abs_energy;
        passes[k].force_sq += p.force_sq;
        passes[k].components += p.components;
        passes[k].force_max = std::max(passes[k].force_max, p.force_max);
      }
    } catch (...) {
      errors[k] = std::current_exception();
    }
  };
  {
    std::vector<std::jthread> threads;
    for (int k = 1; k < n_workers; ++k) threads.emplace_back(work, k);
    work(0);
  }
  for (const auto& e : errors) {
    if (e) std::rethrow_exception(e);
  }
  Pass total;
  for (const auto& p : passes) {
    total.loss += p.loss;
    total.abs_energy += p.abs_energy;
    total.force_sq += p.force_sq;
    total.components += p.components;
    total.force_max = std::max(total.force_max, p.force_max);
  }
  // Workers beyond n_workers hold stale gradients: zero them so a sum over all is right.
  for (std::size_t k = n_workers; k < workers_.size(); ++k) {
    for (auto& net : workers_[k]->nets) net.zero_gradient();
  }
  return total;
}

StudentTrainer::Pass StudentTrainer::gradient_pass(const std::vector<int>& frames,
                                                   std::vector<double>& gradient) {
  sync_workers();
  const Pass p = batch_pass(frames, true);
  gradient.clear();
  for (std::size_t s = 0; s < nets_.size(); ++s) {
    const std::size_t at = gradient.size();
    gradient.resize(at + nets_[s].parameters().size(), 0.0);
    for (const auto& w : workers_) {
      const auto& g = w->nets[s].gradient();
      for (std::size_t q = 0; q < g.size(); ++q) gradient[at + q] += g[q];
    }
  }
  return p;
}

double StudentTrainer::loss_and_gradient(const std::vector<int>& frames,
                                         std::vector<double>& gradient) {
  return gradient_pass(frames, gradient).loss;
}

std::vector<double*> StudentTrainer::parameter_pointers() {
  std::vector<double*> out;
  for (auto& net : nets_) {
    for (double& p : net.parameters()) out.push_back(&p);
  }
  return out;
}

EpochFigures StudentTrainer::run_epoch() {
  const auto start = std::chrono::steady_clock::now();
  const int n = static_cast<int>(frames_.size());
  std::vector<int> order(n);
  for (int i = 0; i < n; ++i) order[i] = i;
  for (int i = n - 1; i > 0; --i) {
    std::swap(order[i], order[static_cast<int>(splitmix64(order_state_) % (i + 1))]);
  }
  const double progress =
      settings_.epochs > 1 ? static_cast<double>(epoch_) / (settings_.epochs - 1) : 0.0;
  const double lr =
      settings_.learning_rate *
      std::pow(settings_.final_learning_rate / settings_.learning_rate, std::min(progress, 1.0));
  Pass total;
  std::vector<double> grad;
  std::vector<int> batch;
  for (int b = 0; b < n; b += settings_.batch_frames) {
    batch.assign(order.begin() + b, order.begin() + std::min(n, b + settings_.batch_frames));
    const Pass p = gradient_pass(batch, grad);
    total.loss += p.loss * static_cast<double>(batch.size());
    total.abs_energy += p.abs_energy;
    total.force_sq += p.force_sq;
    total.components += p.components;
    adam_->step(params_, grad, lr);
  }
  ++epoch_;
  EpochFigures fig;
  fig.epoch = epoch_;
  fig.loss = total.loss / n;
  fig.energy_mae = total.abs_energy / n;
  fig.force_rmse = std::sqrt(total.force_sq / total.components);
  fig.learning_rate = lr;
  fig.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return fig;
}

FrameAccuracy StudentTrainer::evaluate(const std::vector<LabelledFrame>& frames) {
  FrameAccuracy a;
  if (frames.empty()) return a;
  StudentTrainer probe(*this, frames);
  const int n = static_cast<int>(frames.size());
  std::vector<int> all(n);
  for (int i = 0; i < n; ++i) all[i] = i;
  const Pass p = probe.batch_pass(all, false);
  a.frames = n;
  a.energy_mae = p.abs_energy / n;
  a.force_rmse = std::sqrt(p.force_sq / p.components);
  a.force_max = p.force_max;
  return a;
}

NnSpec StudentTrainer::student() const {
  NnSpec out = spec_;
  out.networks.resize(nets_.size());
  for (std::size_t s = 0; s < nets_.size(); ++s) {
    out.networks[s] = nets_[s].export_layers(mean_[s], scale_[s]);
  }
  return out;
}

}  // namespace mdb
