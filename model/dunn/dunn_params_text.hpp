#pragma once
// The parameter files of the OpenKIM DUNN driver (DUNN__MD_292677547454_000): descriptor.params,
// NN.params and dropout_binary.params, read as the driver reads them.
#include <stdexcept>
#include <string>

#include "model/dunn/dunn_params.hpp"

namespace mdb {

/// A malformed or unreadable DUNN parameter file. what() is one line, "<file>:<line>: <problem>",
/// or "<file>: <problem>" when the problem is the file as a whole.
class DunnParamsError : public std::runtime_error {
 public:
  /// line is 1-based; 0 leaves it out of the message.
  DunnParamsError(const std::string& file, int line, const std::string& problem);

  const std::string& file() const { return file_; }
  int line() const { return line_; }

 private:
  std::string file_;
  int line_;
};

/// One parameter file: the name its messages use (a path, or e.g. "kim:<Model>/NN.params") and
/// its text.
struct DunnParamFile {
  std::string name;
  std::string text;
};

/// The three files, in the order the driver takes them.
struct DunnParamFiles {
  DunnParamFile descriptor;  ///< descriptor.params
  DunnParamFile network;     ///< NN.params
  DunnParamFile dropout;     ///< dropout_binary.params
};

/// Parses the three files. Their layout, as the driver reads it: a data line is any line whose
/// first non-blank character is not '#', with everything from '#' on removed.
///
///  - descriptor: cutoff type (`cos`, any case); number of species n; n(n+1)/2 lines
///    `species species cutoff`; number of blocks; per block a line `g1`, or `gK rows cols` (cols
///    2 for g2, 1 for g3, 3 for g4 and g5) then `rows` lines of `cols` numbers (g2: eta R_s; g3:
///    kappa; g4, g5: zeta lambda eta); a line `<name> true|false` (centre and normalise); when
///    true, the number of functions, then that many means and that many standard deviations, one
///    per line.
///  - network: number of layers L (hidden + output); L widths (the last 1); the activation
///    (sigmoid, tanh, relu, elu); L keep probabilities; per layer, `in` lines of `out` weights
///    (layer 1's `in` is the descriptor size) and one line of `out` biases.
///  - dropout: the ensemble size M; per member, per layer, one line of 0/1 per input unit.
///
/// Stricter than the driver where it would read garbage: a line must hold exactly the tokens its
/// place asks for, numbers must be whole tokens (locale-independent), and values must pass
/// DunnParams::validate. Throws DunnParamsError "<file>:<line>: <problem>" (the line of the
/// offending value, or the last line at an unexpected end of file).
DunnParams parse_dunn_params(const DunnParamFiles& files);

/// Reads the three files from disk. Throws DunnParamsError "<path>: cannot open" when one is
/// unreadable.
DunnParamFiles read_dunn_param_files(const std::string& descriptor_path,
                                     const std::string& network_path,
                                     const std::string& dropout_path);

}  // namespace mdb
