#pragma once
// Fits an NN student's networks to a teacher's energies and forces on labelled frames.
#include <cstdint>
#include <memory>
#include <vector>

#include "model/distill/adam_optimizer.hpp"
#include "model/distill/frame_geometry.hpp"
#include "model/distill/labelled_frame.hpp"
#include "model/distill/trainable_network.hpp"
#include "model/nnp/aev.hpp"
#include "model/nnp/nn_spec.hpp"

namespace mdb {

/// How the fit runs. The loss of a frame of N atoms is
///   energy_weight ((E - E_ref) / N)^2 + force_weight sum_k |F_k - F_ref,k|^2 / (3N s_f),
/// with s_f = 1, or with relative_forces the frame's mean squared reference force component plus
/// force_floor^2: a 3,000 K melt's forces are ~10x a 300 K crystal's, and in plain squared error
/// the hot frames would decide the fit of the cold ones. Averaged over a batch of frames, minimised
/// by Adam with a learning rate that decays exponentially from learning_rate to final_learning_rate
/// over the epochs.
struct TrainingSettings {
  int epochs = 100;
  int batch_frames = 4;
  double learning_rate = 2e-3;
  double final_learning_rate = 5e-5;
  double energy_weight = 1000.0;  ///< per (eV/atom)^2: 10 meV/atom weighs as a 30 % force error
  double force_weight = 1.0;      ///< per (eV/A)^2, or dimensionless with relative_forces
  bool relative_forces = true;
  double force_floor = 0.3;  ///< eV/A
  std::uint64_t seed = 1;    ///< the frame order of each epoch
  int threads = 1;           ///< frames of a batch are split over this many threads
  /// Hidden widths of fresh networks (a student given without networks starts from
  /// Glorot-uniform weights drawn from `seed`); ignored when the student has networks.
  std::vector<int> hidden = {32, 32};
};

/// One epoch's figures (eV/atom and eV/A): the training frames' as seen during the epoch, with
/// the weights of each batch's start.
struct EpochFigures {
  int epoch = 0;
  double seconds = 0.0;  ///< wall time of the epoch
  double learning_rate = 0.0;
  double loss = 0.0;
  double energy_mae = 0.0;
  double force_rmse = 0.0;
};

/// Trains the networks of `student` (its species, AEV and starting layers) on frames labelled by
/// a teacher. The networks learn in a standardised input space (each AEV entry centred and scaled
/// by its spread over the training atoms); student() folds that into the first layer. Per-species
/// energy shifts are the least-squares fit of the frames' energies to their composition, so the
/// networks learn only what the composition does not explain. Energies and forces are both fit:
/// forces carry 3N numbers per frame and are what MD follows; the energy keeps the networks'
/// sum anchored, which forces alone leave free by a constant.
class StudentTrainer {
 public:
  /// A student with no networks gets fresh ones of settings.hidden widths; one with networks
  /// continues from them. Throws std::invalid_argument when there are no frames, a frame holds a
  /// species the student has no network for, or the settings are out of range.
  StudentTrainer(NnSpec start, const std::vector<LabelledFrame>& training,
                 const TrainingSettings& settings);
  ~StudentTrainer();

  /// One pass over the training frames in a seeded random order, one Adam step per batch.
  EpochFigures run_epoch();
  /// The current weights (in double) on other frames.
  FrameAccuracy evaluate(const std::vector<LabelledFrame>& frames);
  /// The current weights as a spec that NnPotential and the weights file take.
  NnSpec student() const;
  int epochs_done() const { return epoch_; }

  /// The mean loss over training frames `frames` and its gradient with respect to every
  /// network parameter (species in order, each in TrainableNetwork's layout). For tests.
  double loss_and_gradient(const std::vector<int>& frames, std::vector<double>& gradient);
  /// The parameters in the same layout (to perturb in tests; changes take effect at once).
  std::vector<double*> parameter_pointers();

 private:
  struct Frame;
  struct Worker;
  struct Pass {
    double loss = 0.0, abs_energy = 0.0, force_sq = 0.0, components = 0.0, force_max = 0.0;
  };
  // A trainer over other frames with `trained`'s weights and standardisation (evaluate()).
  StudentTrainer(const StudentTrainer& trained, const std::vector<LabelledFrame>& frames);
  void add_frames(const std::vector<LabelledFrame>& frames);
  void make_workers();
  Pass gradient_pass(const std::vector<int>& frames, std::vector<double>& gradient);
  Pass frame_pass(Worker& w, const Frame& f, double weight, bool gradient);
  Pass batch_pass(const std::vector<int>& frames, bool gradient);
  void sync_workers();

  NnSpec spec_;
  TrainingSettings settings_;
  std::vector<Frame> frames_;
  std::vector<std::vector<double>> mean_, scale_;  // per species, per AEV entry
  std::vector<TrainableNetwork> nets_;             // the weights being trained
  std::vector<std::unique_ptr<Worker>> workers_;
  std::vector<double*> params_;  // into nets_, in parameter_pointers() order
  std::unique_ptr<AdamOptimizer> adam_;
  int epoch_ = 0;
  std::uint64_t order_state_;
};

}  // namespace mdb
