#pragma once
// The stage clocks of a model that hands each step to another framework (libtorch, Python):
// packing its inputs, the call itself, reading the results back.
#include <array>
#include <cstdint>
#include <string_view>

#include "md/core/phase_timer.hpp"
#include "md/force/stage_clocks.hpp"

namespace mdb {

class CallStages {
 public:
  /// One step, from PhaseTimer::now() ticks: before packing, before the call, after it, after
  /// reading back.
  void add(std::uint64_t before_pack, std::uint64_t before_call, std::uint64_t after_call,
           std::uint64_t after_read) {
    ticks_[0] += before_call - before_pack;
    ticks_[1] += after_call - before_call;
    ticks_[2] += after_read - after_call;
    ++calls_;
  }
  /// The three stages under the model's own names (static strings); the call is the network
  /// forward's role, so nn_network_frac is its share of a step.
  StageClocks clocks(std::string_view pack, std::string_view call, std::string_view read,
                     bool double_network = false) const {
    const double spt = PhaseTimer::seconds_per_tick();
    StageClocks c;
    c.add(pack, StageRole::Other, static_cast<double>(ticks_[0]) * spt);
    c.add(call, StageRole::NetworkForward, static_cast<double>(ticks_[1]) * spt);
    c.add(read, StageRole::Other, static_cast<double>(ticks_[2]) * spt);
    c.double_network = double_network;
    c.calls = calls_;
    return c;
  }
  void reset() {
    ticks_.fill(0);
    calls_ = 0;
  }

 private:
  std::array<std::uint64_t, 3> ticks_{};
  long long calls_ = 0;
};

}  // namespace mdb
