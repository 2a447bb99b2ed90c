#include "md/engine/engine.hpp"

#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

#ifdef MDB_HAVE_CUDA
#include "kernels/cuda/device_info_cuda.hpp"
#endif

namespace mdb {

void Engine::run(long n) {
  for (long k = 0; k < n; ++k) step(k == n - 1);
  synchronize();
}

std::optional<std::string> thermo_health(const std::vector<Thermo>& th, double max_temperature) {
  for (std::size_t r = 0; r < th.size(); ++r) {
    if (!std::isfinite(th[r].total)) return "replica " + std::to_string(r) + ": energy not finite";
    if (max_temperature > 0.0 && th[r].temperature > max_temperature) {
      return "replica " + std::to_string(r) + ": temperature " + std::to_string(th[r].temperature) +
             " (blew up)";
    }
  }
  return std::nullopt;
}

bool cuda_engine_built() {
#ifdef MDB_HAVE_CUDA
  return true;
#else
  return false;
#endif
}

bool cuda_device_usable() noexcept {
#ifdef MDB_HAVE_CUDA
  return cuda_device_available();
#else
  return false;
#endif
}

std::string cuda_unusable_reason() noexcept {
#ifdef MDB_HAVE_CUDA
  return cuda_unavailable_reason();
#else
  return "built without the CUDA toolkit";
#endif
}

void select_cuda_device(int index) {
#ifdef MDB_HAVE_CUDA
  cuda_select_device(index);
#else
  static_cast<void>(index);
  throw std::invalid_argument("built without the CUDA toolkit: no CUDA device to select");
#endif
}

}  // namespace mdb
