#pragma once
// Student's t distribution and the two-sample t-test, for the significance of a change point.
#include <cstddef>

namespace mdb::history {

/// The regularised incomplete beta function I_x(a, b), a, b > 0, 0 <= x <= 1 (Lentz's continued
/// fraction); accurate to ~1e-12 relative.
double incomplete_beta(double x, double a, double b);

/// P(|T| >= |t|) for Student's t with `df` > 0 degrees of freedom: I_{df/(df+t^2)}(df/2, 1/2).
double student_t_two_sided_p(double t, double df);

/// Summary of one side of a split.
struct SampleStats {
  std::size_t n = 0;
  double mean = 0;
  double stddev = 0;  // sample standard deviation (n - 1); 0 for n < 2
};

SampleStats sample_stats(const double* values, std::size_t n);

/// Two-sided p-value of the pooled-variance (Student) two-sample t-test, as Hunter uses: equal
/// variances are the null's own assumption (nothing changed). Two constant sides give 0 when
/// their means differ and 1 when they agree; fewer than three values in all give 1.
double two_sample_t_test(const SampleStats& a, const SampleStats& b);

}  // namespace mdb::history
