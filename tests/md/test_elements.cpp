// The element table against what chemistry fixes: atomic numbers of landmarks across the table,
// symbol <-> number round trips, and masses only where the table has a standard weight.
#include "md/structure/elements.hpp"

#include <gtest/gtest.h>

#include <string>

namespace mdb {
namespace {

TEST(Elements, AtomicNumbersOfLandmarks) {
  EXPECT_EQ(atomic_number("H"), 1);
  EXPECT_EQ(atomic_number("C"), 6);
  EXPECT_EQ(atomic_number("Si"), 14);
  EXPECT_EQ(atomic_number("Ar"), 18);
  EXPECT_EQ(atomic_number("Fe"), 26);
  EXPECT_EQ(atomic_number("Kr"), 36);
  EXPECT_EQ(atomic_number("Tc"), 43);
  EXPECT_EQ(atomic_number("La"), 57);
  EXPECT_EQ(atomic_number("Lu"), 71);
  EXPECT_EQ(atomic_number("Hf"), 72);
  EXPECT_EQ(atomic_number("Au"), 79);
  EXPECT_EQ(atomic_number("U"), 92);
  EXPECT_EQ(atomic_number("Og"), 118);
}

TEST(Elements, SymbolsAndNumbersRoundTrip) {
  for (int z = 1; z <= 118; ++z) {
    const std::string_view s = element_symbol(z);
    ASSERT_FALSE(s.empty()) << z;
    EXPECT_EQ(atomic_number(s), z) << s;
  }
  EXPECT_TRUE(element_symbol(0).empty());
  EXPECT_TRUE(element_symbol(119).empty());
}

TEST(Elements, NotElements) {
  EXPECT_EQ(atomic_number("SI"), 0);  // case as written
  EXPECT_EQ(atomic_number("X"), 0);
  EXPECT_EQ(atomic_number(""), 0);
  EXPECT_FALSE(standard_atomic_mass("Xx").has_value());
}

TEST(Elements, MassesWhereTheTableHasThem) {
  EXPECT_DOUBLE_EQ(standard_atomic_mass("C").value(), 12.011);
  EXPECT_DOUBLE_EQ(standard_atomic_mass("Pb").value(), 207.2);
  // An element the table gives no standard weight (Tc has no stable isotope).
  EXPECT_FALSE(standard_atomic_mass("Tc").has_value());
  // Masses rise with Z across the covered elements but for the known inversions (Ar/K, Co/Ni,
  // Te/I): a shifted row in the table would break this.
  double last = 0.0;
  int inversions = 0;
  for (int z = 1; z <= 118; ++z) {
    const auto m = standard_atomic_mass(element_symbol(z));
    if (!m) continue;
    if (*m < last) ++inversions;
    last = *m;
  }
  EXPECT_EQ(inversions, 3);
}

}  // namespace
}  // namespace mdb
