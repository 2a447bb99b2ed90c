#pragma once
// Labelled frames on disk, so that minutes of teacher MD are sampled once and every later fit
// (another architecture, another loss weight) starts from the same data.
#include <string>
#include <vector>

#include "model/distill/labelled_frame.hpp"

namespace mdb {

/// Frames that belong together: the training set or one held-out set ("300 K", ...).
struct FrameSet {
  std::string name;
  std::vector<LabelledFrame> frames;
};

/// Writes the sets as JSON (metal units, every double written to round-trip exactly).
/// Throws std::runtime_error when the file cannot be written.
void write_frame_sets(const std::string& path, const std::vector<FrameSet>& sets);

/// Reads what write_frame_sets wrote. Throws std::invalid_argument with a one-line message
/// naming the file and the field when it is missing, malformed, or inconsistent (array lengths,
/// species indices, a non-positive box, non-finite numbers).
std::vector<FrameSet> read_frame_sets(const std::string& path);

}  // namespace mdb
