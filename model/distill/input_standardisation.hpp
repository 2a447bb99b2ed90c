#pragma once
// The networks learn in a standardised input space: each AEV entry centred and scaled by its
// spread over the training atoms of its species.
#include <vector>

namespace mdb {

/// Per species and AEV entry: mean and standard deviation of the rows added.
class InputStandardisation {
 public:
  InputStandardisation(int species, int entries);
  /// One atom's AEV row (`entries` values) of species s.
  void add(int s, const double* row);
  /// Means, and spreads; an entry that never varies (a shell no atom reaches) gets scale 1:
  /// nothing to learn there. A species with no rows gets means 0 and scales 1.
  std::vector<std::vector<double>> means() const;
  std::vector<std::vector<double>> scales() const;

 private:
  int entries_;
  std::vector<double> sum_, sq_, count_;
};

}  // namespace mdb
