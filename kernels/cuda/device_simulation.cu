// DeviceSimulation: the step's kernels (thin wrappers over kernels/common/integrate_bodies.hpp and
// engine_control.hpp), the neighbour list (device_image_list.cu), the force (a DeviceForce), CUDA
// graph capture and the host side of the overflow resume. tests/kernels/emulated_engine.cpp runs
// the same bodies in the same order on the host.
#include <cuda_runtime.h>

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#include "kernels/common/lj_image_list.hpp"  // kEnergyVirialSums
#include "kernels/common/nvtx.hpp"
#include "kernels/cuda/cuda_check.hpp"
#include "kernels/cuda/device_buffer.cuh"
#include "kernels/cuda/device_image_list.cuh"
#include "kernels/cuda/device_simulation_cuda.hpp"
#include "kernels/cuda/device_step_kernels.cuh"

namespace mdb {
namespace {

using namespace device_step;  // NOLINT: the step kernels of this file

template <class T>
DeviceBuffer<T> upload(const std::vector<T>& host) {
  DeviceBuffer<T> d(host.size());
  d.copy_from_host(host.data(), host.size());
  return d;
}

void fail(const std::string& what) {
  throw std::invalid_argument("DeviceSimulation: " + what);
}

}  // namespace

struct DeviceSimulation::Impl {
  int replicas = 0, apr = 0, n = 0;
  UnitSystem units{};
  DeviceSimulationSettings settings;
  std::unique_ptr<DeviceForce> force;
  double c1 = 1.0;
  std::vector<double> volumes;
  cudaStream_t stream = nullptr;
  cudaEvent_t start_event = nullptr, stop_event = nullptr;
  DeviceBuffer<double> x, y, z, vx, vy, vz, fx, fy, fz, x0, y0, z0;
  DeviceBuffer<double> half_dt_over_m, noise_sigma, mass, box_len, sums, kinetic;
  DeviceBuffer<int> species;
  DeviceBuffer<EngineControl> ctl;
  EngineControl host_ctl;  // staging for control-block copies
  std::unique_ptr<DeviceImageList> list;
  cudaGraphExec_t graphs[2] = {nullptr, nullptr};  // by observe flag
  long long steps_enqueued = 0;
  bool last_observe = false;
  bool sums_valid = false;

  ~Impl() {
    // Errors are dropped: a destructor must not throw.
    drop_graphs();
    if (start_event) static_cast<void>(cudaEventDestroy(start_event));
    if (stop_event) static_cast<void>(cudaEventDestroy(stop_event));
    if (stream) static_cast<void>(cudaStreamDestroy(stream));
  }

  void drop_graphs() noexcept {
    for (auto& g : graphs) {
      if (g) static_cast<void>(cudaGraphExecDestroy(g));
      g = nullptr;
    }
  }

  IntegrateView integrate_view() {
    IntegrateView v;
    v.n = n;
    v.atoms_per_replica = apr;
    v.x = x.data();
    v.y = y.data();
    v.z = z.data();
    v.vx = vx.data();
    v.vy = vy.data();
    v.vz = vz.data();
    v.fx = fx.data();
    v.fy = fy.data();
    v.fz = fz.data();
    v.x0 = x0.data();
    v.y0 = y0.data();
    v.z0 = z0.data();
    v.half_dt_over_m = half_dt_over_m.data();
    v.noise_sigma = noise_sigma.data();
    v.dt = settings.dt;
    v.c1 = c1;
    v.seed = settings.ensemble.seed;
    v.ctl = ctl.data();
    return v;
  }

  void enqueue_force(bool observe) {
    MDB_NVTX_RANGE("force");
    if (observe) {
      MDB_CUDA_CHECK(cudaMemsetAsync(sums.data(), 0, sums.size() * sizeof(double), stream));
    }
    DeviceForceOutput out{fx.data(), fy.data(), fz.data(), sums.data()};
    force->compute(list->view(species.data(), box_len.data()), out, observe, stream);
  }

  void enqueue_tail() {
    MDB_NVTX_RANGE("integrate/tail");
    tail_kernel<<<blocks_for(n), kBlock, 0, stream>>>(integrate_view());
    MDB_CUDA_CHECK(cudaGetLastError());
  }

  void enqueue_step(bool observe) {
    {
      MDB_NVTX_RANGE("integrate/head");
      if (settings.ensemble.kind == DeviceEnsemble::Kind::Langevin) {
        head_kernel<true><<<blocks_for(n), kBlock, 0, stream>>>(integrate_view());
      } else {
        head_kernel<false><<<blocks_for(n), kBlock, 0, stream>>>(integrate_view());
      }
      MDB_CUDA_CHECK(cudaGetLastError());
    }
    {
      MDB_NVTX_RANGE("neighbor");
      decide_kernel<<<1, 1, 0, stream>>>(ctl.data(), settings.neighbor);
      MDB_CUDA_CHECK(cudaGetLastError());
      list->enqueue_build(stream);
    }
    enqueue_force(observe);
    enqueue_tail();
  }

  /// Both step graphs (observe off / on), outside the step loop; with use_graph off, none.
  void capture_graphs() {
    drop_graphs();
    if (!settings.use_graph) return;
    for (int observe = 0; observe < 2; ++observe) graphs[observe] = capture(observe == 1);
  }

  cudaGraphExec_t capture(bool observe) {
    cudaGraph_t graph = nullptr;
    MDB_CUDA_CHECK(cudaStreamBeginCapture(stream, cudaStreamCaptureModeThreadLocal));
    try {
      enqueue_step(observe);
    } catch (...) {
      if (cudaStreamEndCapture(stream, &graph) == cudaSuccess && graph) {
        static_cast<void>(cudaGraphDestroy(graph));
      }
      throw;
    }
    MDB_CUDA_CHECK(cudaStreamEndCapture(stream, &graph));
    cudaGraphExec_t exec = nullptr;
    const cudaError_t err = cudaGraphInstantiate(&exec, graph, 0);
    static_cast<void>(cudaGraphDestroy(graph));
    MDB_CUDA_CHECK(err);
    return exec;
  }

  EngineControl read_control() {
    MDB_CUDA_CHECK(cudaStreamSynchronize(stream));
    MDB_CUDA_CHECK(cudaMemcpy(&host_ctl, ctl.data(), sizeof host_ctl, cudaMemcpyDeviceToHost));
    return host_ctl;
  }

  void write_control(const EngineControl& c) {
    host_ctl = c;
    MDB_CUDA_CHECK(cudaMemcpy(ctl.data(), &host_ctl, sizeof host_ctl, cudaMemcpyHostToDevice));
  }

  void synchronize() {
    for (;;) {
      EngineControl c = read_control();
      if (c.bad_position) {
        throw std::runtime_error("DeviceSimulation: a position became non-finite by step " +
                                 std::to_string(c.step + 1) + " (the run blew up)");
      }
      if (!c.halted) return;
      // A build outgrew the list: grow, build again, finish the interrupted step and replay the
      // steps that the halted engine skipped.
      drop_graphs();  // they hold the old storage's pointers
      list->grow(c.needed);
      c.halted = 0;
      c.rebuild = 1;
      write_control(c);
      list->enqueue_build(stream);
      if (c.step < steps_enqueued) {
        const long long remaining = steps_enqueued - c.step - 1;
        enqueue_force(remaining == 0 && last_observe);
        enqueue_tail();
        for (long long k = 0; k < remaining; ++k) enqueue_step(k == remaining - 1 && last_observe);
      }
      MDB_CUDA_CHECK(cudaStreamSynchronize(stream));
      capture_graphs();  // on the grown storage
    }
  }
};

DeviceSimulation::DeviceSimulation(const std::vector<System>& reps,
                                   std::unique_ptr<DeviceForce> force,
                                   const DeviceSimulationSettings& settings)
    : impl_(std::make_unique<Impl>()) {
  Impl& d = *impl_;
  if (reps.empty()) fail("no replicas");
  if (!force) fail("no force field");
  if (!(settings.dt > 0.0) || !std::isfinite(settings.dt)) fail("time step must be > 0");
  const auto& pol = settings.neighbor;
  if (!(pol.skin >= 0.0) || pol.every < 1) fail("skin must be >= 0 and every >= 1");
  const DeviceEnsemble& ens = settings.ensemble;
  if (ens.kind == DeviceEnsemble::Kind::Langevin) {
    if (!(ens.temperature >= 0.0) || !std::isfinite(ens.temperature)) {
      fail("temperature must be >= 0");
    }
    if (!(ens.friction > 0.0) || !std::isfinite(ens.friction)) fail("friction must be > 0");
    d.c1 = std::exp(-ens.friction * settings.dt);
  }
  d.replicas = static_cast<int>(reps.size());
  d.apr = static_cast<int>(reps[0].size());
  if (d.apr == 0) fail("the systems have no atoms");
  if (static_cast<long long>(d.apr) * d.replicas > (1LL << 30)) fail("too many atoms");
  d.n = d.apr * d.replicas;
  d.units = reps[0].units();
  d.settings = settings;
  d.force = std::move(force);
  const double range = d.force->cutoff() + pol.skin;

  std::vector<double> hx, hy, hz, hvx, hvy, hvz, hdt, hsig, hm, hlen;
  std::vector<int> hs;
  std::vector<ReplicaCellGrid> grids;
  int cells = 0;
  for (const System& s : reps) {
    if (static_cast<int>(s.size()) != d.apr) fail("replicas differ in atom count");
    if (s.units().name != d.units.name) fail("replicas differ in units");
    const auto& len = s.box().lengths();
    for (int a = 0; a < 3; ++a) {
      if (std::ceil(range / len[a]) > kImageShellMax) fail("box too small for the cutoff + skin");
    }
    auto append = [](std::vector<double>& to, std::span<const double> from) {
      to.insert(to.end(), from.begin(), from.end());
    };
    append(hx, s.x());
    append(hy, s.y());
    append(hz, s.z());
    append(hvx, s.vx());
    append(hvy, s.vy());
    append(hvz, s.vz());
    hs.insert(hs.end(), s.species().begin(), s.species().end());
    for (double m : s.mass()) {
      hm.push_back(m);
      hdt.push_back(0.5 * settings.dt * d.units.ftm2v / m);
      hsig.push_back(std::sqrt((1.0 - d.c1 * d.c1) * d.units.boltzmann * ens.temperature /
                               (m * d.units.mvv2e)));
    }
    hlen.insert(hlen.end(), len.begin(), len.end());
    d.volumes.push_back(s.box().volume());
    grids.push_back(make_replica_cell_grid(s.box().lo().data(), len.data(), range, cells));
    cells += grids.back().num_cells();
  }

  MDB_CUDA_CHECK(cudaStreamCreateWithFlags(&d.stream, cudaStreamNonBlocking));
  MDB_CUDA_CHECK(cudaEventCreate(&d.start_event));
  MDB_CUDA_CHECK(cudaEventCreate(&d.stop_event));
  d.x = upload(hx);
  d.y = upload(hy);
  d.z = upload(hz);
  d.vx = upload(hvx);
  d.vy = upload(hvy);
  d.vz = upload(hvz);
  d.x0 = upload(hx);
  d.y0 = upload(hy);
  d.z0 = upload(hz);
  const auto un = static_cast<std::size_t>(d.n);
  d.fx = DeviceBuffer<double>(un);
  d.fy = DeviceBuffer<double>(un);
  d.fz = DeviceBuffer<double>(un);
  d.half_dt_over_m = upload(hdt);
  d.noise_sigma = upload(hsig);
  d.mass = upload(hm);
  d.box_len = upload(hlen);
  d.species = upload(hs);
  d.sums = DeviceBuffer<double>(static_cast<std::size_t>(kEnergyVirialSums) * d.replicas);
  d.kinetic = DeviceBuffer<double>(static_cast<std::size_t>(d.replicas));
  d.ctl = DeviceBuffer<EngineControl>(1);
  d.list = std::make_unique<DeviceImageList>(grids, d.n, d.apr, range, d.x.data(), d.y.data(),
                                             d.z.data(), d.x0.data(), d.y0.data(), d.z0.data(),
                                             d.ctl.data());
  d.force->reserve(d.n, d.apr);

  // The initial build (its first attempt overflows the empty storage and sizes it) and forces.
  EngineControl c;
  c.rebuild = 1;
  c.builds = 1;
  d.write_control(c);
  d.list->enqueue_build(d.stream);
  d.synchronize();
  d.enqueue_force(true);
  d.sums_valid = true;
  d.synchronize();
  d.capture_graphs();
}

DeviceSimulation::~DeviceSimulation() = default;

void DeviceSimulation::step(bool observe) {
  Impl& d = *impl_;
  ++d.steps_enqueued;
  d.last_observe = observe;
  d.sums_valid = observe;
  if (!d.settings.use_graph) {
    d.enqueue_step(observe);
    return;
  }
  MDB_CUDA_CHECK(cudaGraphLaunch(d.graphs[observe ? 1 : 0], d.stream));
}

void DeviceSimulation::run(long n) {
  for (long k = 0; k < n; ++k) step(k == n - 1);
  synchronize();
}

void DeviceSimulation::synchronize() {
  impl_->synchronize();
}

std::vector<DeviceThermo> DeviceSimulation::thermo() {
  Impl& d = *impl_;
  d.synchronize();
  if (!d.sums_valid) {
    d.enqueue_force(true);
    d.sums_valid = true;
  }
  MDB_CUDA_CHECK(cudaMemsetAsync(d.kinetic.data(), 0, d.kinetic.size() * sizeof(double), d.stream));
  const dim3 grid(blocks_for(d.apr), static_cast<unsigned>(d.replicas));
  kinetic_kernel<<<grid, kBlock, 0, d.stream>>>(
      d.vx.data(), d.vy.data(), d.vz.data(), d.mass.data(), d.units.mvv2e, d.apr, d.kinetic.data());
  MDB_CUDA_CHECK(cudaGetLastError());
  MDB_CUDA_CHECK(cudaStreamSynchronize(d.stream));
  std::vector<double> sums(d.sums.size()), ke(d.kinetic.size());
  d.sums.copy_to_host(sums.data(), sums.size());
  d.kinetic.copy_to_host(ke.data(), ke.size());
  const long long step = d.read_control().step;
  const bool nve = d.settings.ensemble.kind == DeviceEnsemble::Kind::Nve;
  const double dof = 3.0 * d.apr - (nve ? 3.0 : 0.0);
  std::vector<DeviceThermo> out(static_cast<std::size_t>(d.replicas));
  for (int r = 0; r < d.replicas; ++r) {
    DeviceThermo& t = out[r];
    const double* s = sums.data() + kEnergyVirialSums * r;
    t.step = step;
    t.potential = s[0];
    t.kinetic = ke[r];
    t.total = t.potential + t.kinetic;
    t.temperature = dof > 0.0 ? 2.0 * t.kinetic / (dof * d.units.boltzmann) : 0.0;
    for (int c = 0; c < 6; ++c) t.virial[c] = s[1 + c];
    t.pressure = (2.0 * t.kinetic + s[1] + s[2] + s[3]) / (3.0 * d.volumes[r]) * d.units.nktv2p;
  }
  return out;
}

void DeviceSimulation::download(int replica, System& into) {
  Impl& d = *impl_;
  if (replica < 0 || replica >= d.replicas) fail("replica index out of range");
  if (static_cast<int>(into.size()) != d.apr) fail("download into a system of another size");
  d.synchronize();
  const auto first = static_cast<std::size_t>(replica) * d.apr;
  const auto count = static_cast<std::size_t>(d.apr);
  auto copy = [&](const DeviceBuffer<double>& from, std::span<double> to) {
    MDB_CUDA_CHECK(
        cudaMemcpy(to.data(), from.data() + first, count * sizeof(double), cudaMemcpyDeviceToHost));
  };
  copy(d.x, into.x());
  copy(d.y, into.y());
  copy(d.z, into.z());
  copy(d.vx, into.vx());
  copy(d.vy, into.vy());
  copy(d.vz, into.vz());
  copy(d.fx, into.fx());
  copy(d.fy, into.fy());
  copy(d.fz, into.fz());
}

void DeviceSimulation::download_list(std::vector<std::int64_t>& offsets,
                                     std::vector<int>& neighbors,
                                     std::vector<std::uint32_t>& images) {
  Impl& d = *impl_;
  d.synchronize();
  const ImageNeighborView l = d.list->view(d.species.data(), d.box_len.data());
  offsets.resize(static_cast<std::size_t>(d.n) + 1);
  MDB_CUDA_CHECK(cudaMemcpy(offsets.data(), l.offsets, offsets.size() * sizeof(std::int64_t),
                            cudaMemcpyDeviceToHost));
  const auto entries = static_cast<std::size_t>(offsets.back());
  neighbors.resize(entries);
  images.resize(entries);
  if (entries == 0) return;
  MDB_CUDA_CHECK(
      cudaMemcpy(neighbors.data(), l.neighbors, entries * sizeof(int), cudaMemcpyDeviceToHost));
  MDB_CUDA_CHECK(
      cudaMemcpy(images.data(), l.images, entries * sizeof(std::uint32_t), cudaMemcpyDeviceToHost));
}

void DeviceSimulation::record_start() {
  MDB_CUDA_CHECK(cudaEventRecord(impl_->start_event, impl_->stream));
}
void DeviceSimulation::record_stop() {
  MDB_CUDA_CHECK(cudaEventRecord(impl_->stop_event, impl_->stream));
}
double DeviceSimulation::elapsed_ms() {
  MDB_CUDA_CHECK(cudaEventSynchronize(impl_->stop_event));
  float ms = 0.0f;
  MDB_CUDA_CHECK(cudaEventElapsedTime(&ms, impl_->start_event, impl_->stop_event));
  return ms;
}

std::size_t DeviceSimulation::device_memory_used() {
  std::size_t free_bytes = 0, total_bytes = 0;
  MDB_CUDA_CHECK(cudaMemGetInfo(&free_bytes, &total_bytes));
  return total_bytes - free_bytes;
}

long long DeviceSimulation::steps() {
  synchronize();
  return impl_->read_control().step;
}
long long DeviceSimulation::builds() {
  synchronize();
  return impl_->read_control().builds;
}
long long DeviceSimulation::dangerous_builds() {
  synchronize();
  return impl_->read_control().dangerous_builds;
}
std::int64_t DeviceSimulation::list_capacity() const {
  return impl_->list->capacity();
}
int DeviceSimulation::replicas() const {
  return impl_->replicas;
}
int DeviceSimulation::atoms_per_replica() const {
  return impl_->apr;
}
CUstream_st* DeviceSimulation::stream() const {
  return impl_->stream;
}
DeviceForce& DeviceSimulation::force() {
  return *impl_->force;
}

}  // namespace mdb
