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

/// A file's frames and where their labels came from (e.g. the teacher, its mode and the phases
/// sampled), so that a fit cannot silently use another teacher's frames.
struct FrameFile {
  std::string labelled_by;
  std::vector<FrameSet> sets;
};

/// Writes the file as JSON (metal units, every double written to round-trip exactly).
/// Throws std::runtime_error when the file cannot be written.
void write_frame_file(const std::string& path, const FrameFile& file);

/// Reads what write_frame_file wrote. Throws std::invalid_argument with a one-line message
/// naming the file and the field when it is missing, malformed, or inconsistent (other units,
/// array lengths, species names and indices, a non-positive box, non-finite numbers).
FrameFile read_frame_file(const std::string& path);

}  // namespace mdb
