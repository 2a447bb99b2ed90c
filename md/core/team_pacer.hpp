#pragma once
// When a thread team is worth waking: the rule by which ThreadTeam gives up its workers on an
// oversubscribed machine, kept apart from the threads so it can be tested with made-up clocks.
#include <cstdint>

namespace mdb {

/// Decides, phase by phase, whether a team runs a phase together or the calling thread runs
/// every part alone. On a machine with more runnable threads than cores, a worker is preempted
/// in the middle of its part now and then, and the caller, done with its own parts, waits a whole
/// scheduler time slice (milliseconds) for a phase of microseconds: Batched replicas:2 beside two
/// CPU hogs fell to a quarter of its fair share. The rule: over a window of at least
/// `window_ticks`, compare the team's wall time with what the caller alone would have taken (its
/// own time per part times all parts); when the team was slower, run alone for a period, which
/// doubles (up to `max_solo_ticks`) each time the team loses again after it, and returns to
/// `first_solo_ticks` when the team wins. An idle machine never goes solo: there a team of T
/// finishes in about 1/T of the caller's alone time.
class TeamPacer {
 public:
  TeamPacer(std::uint64_t window_ticks, std::uint64_t first_solo_ticks,
            std::uint64_t max_solo_ticks)
      : window_(window_ticks),
        first_solo_(first_solo_ticks),
        max_solo_(max_solo_ticks),
        solo_length_(first_solo_ticks) {}

  /// Whether the phase starting at `now` runs on the caller alone.
  bool solo(std::uint64_t now) const { return now < solo_until_; }

  /// Records a phase the team ran together: started at `start`, the caller finished its own
  /// `own_parts` of the `parts` at `own_end` and the last part finished at `end` (ticks).
  void team_phase(std::uint64_t start, std::uint64_t own_end, std::uint64_t end, int own_parts,
                  int parts) {
    wall_ += end - start;
    own_ += own_end - start;
    own_parts_ += static_cast<std::uint64_t>(own_parts);
    parts_ += static_cast<std::uint64_t>(parts);
    if (++phases_ < kMinPhases || wall_ < window_) return;
    // Alone, the caller would have run every part at its own pace.
    const bool team_lost =
        own_parts_ > 0 && static_cast<double>(wall_) > static_cast<double>(own_) *
                                                           static_cast<double>(parts_) /
                                                           static_cast<double>(own_parts_);
    if (team_lost) {
      solo_until_ = end + solo_length_;
      solo_length_ = solo_length_ * 2 < max_solo_ ? solo_length_ * 2 : max_solo_;
    } else {
      solo_length_ = first_solo_;
    }
    wall_ = own_ = own_parts_ = parts_ = 0;
    phases_ = 0;
  }

  /// The current solo period's length (ticks): what the next loss would run alone for.
  std::uint64_t solo_length() const { return solo_length_; }

 private:
  static constexpr int kMinPhases = 8;
  std::uint64_t window_, first_solo_, max_solo_;
  std::uint64_t solo_length_;
  std::uint64_t solo_until_ = 0;
  std::uint64_t wall_ = 0, own_ = 0, own_parts_ = 0, parts_ = 0;
  int phases_ = 0;
};

}  // namespace mdb
