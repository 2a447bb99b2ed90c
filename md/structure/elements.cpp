#include "md/structure/elements.hpp"

namespace mdb {
namespace {

struct Element {
  std::string_view symbol;
  double mass;  ///< amu; 0 where the table gives none
};

// Every element in order of atomic number (Z = index + 1). Masses: IUPAC (CIAAW) standard atomic
// weights, 2021 table, for H..Kr and the heavier elements common in MD. Elements whose weight is
// an interval (H, Li, B, C, N, O, Mg, Si, S, Cl, Ar, Br, Tl, Pb) take the CIAAW conventional
// value. ASE 3.22's table agrees to 1e-3 amu except Ar, Zr, Hf (older values 39.948, 91.224,
// 178.49); LAMMPS inputs often carry older values too (Si 28.0855), so give
// StructureOptions::masses where it matters.
constexpr Element kElements[] = {
    {"H", 1.008},
    {"He", 4.002602},
    {"Li", 6.94},
    {"Be", 9.0121831},
    {"B", 10.81},
    {"C", 12.011},
    {"N", 14.007},
    {"O", 15.999},
    {"F", 18.998403162},
    {"Ne", 20.1797},
    {"Na", 22.98976928},
    {"Mg", 24.305},
    {"Al", 26.9815384},
    {"Si", 28.085},
    {"P", 30.973761998},
    {"S", 32.06},
    {"Cl", 35.45},
    {"Ar", 39.95},
    {"K", 39.0983},
    {"Ca", 40.078},
    {"Sc", 44.955907},
    {"Ti", 47.867},
    {"V", 50.9415},
    {"Cr", 51.9961},
    {"Mn", 54.938043},
    {"Fe", 55.845},
    {"Co", 58.933194},
    {"Ni", 58.6934},
    {"Cu", 63.546},
    {"Zn", 65.38},
    {"Ga", 69.723},
    {"Ge", 72.630},
    {"As", 74.921595},
    {"Se", 78.971},
    {"Br", 79.904},
    {"Kr", 83.798},
    {"Rb", 85.4678},
    {"Sr", 87.62},
    {"Y", 88.905838},
    {"Zr", 91.222},
    {"Nb", 92.90637},
    {"Mo", 95.95},
    {"Tc", 0},
    {"Ru", 101.07},
    {"Rh", 102.90549},
    {"Pd", 106.42},
    {"Ag", 107.8682},
    {"Cd", 112.414},
    {"In", 114.818},
    {"Sn", 118.710},
    {"Sb", 121.760},
    {"Te", 127.60},
    {"I", 126.90447},
    {"Xe", 131.293},
    {"Cs", 132.90545196},
    {"Ba", 137.327},
    {"La", 0},
    {"Ce", 0},
    {"Pr", 0},
    {"Nd", 0},
    {"Pm", 0},
    {"Sm", 0},
    {"Eu", 0},
    {"Gd", 0},
    {"Tb", 0},
    {"Dy", 0},
    {"Ho", 0},
    {"Er", 0},
    {"Tm", 0},
    {"Yb", 0},
    {"Lu", 0},
    {"Hf", 178.486},
    {"Ta", 180.94788},
    {"W", 183.84},
    {"Re", 186.207},
    {"Os", 190.23},
    {"Ir", 192.217},
    {"Pt", 195.084},
    {"Au", 196.966570},
    {"Hg", 200.592},
    {"Tl", 204.38},
    {"Pb", 207.2},
    {"Bi", 0},
    {"Po", 0},
    {"At", 0},
    {"Rn", 0},
    {"Fr", 0},
    {"Ra", 0},
    {"Ac", 0},
    {"Th", 0},
    {"Pa", 0},
    {"U", 0},
    {"Np", 0},
    {"Pu", 0},
    {"Am", 0},
    {"Cm", 0},
    {"Bk", 0},
    {"Cf", 0},
    {"Es", 0},
    {"Fm", 0},
    {"Md", 0},
    {"No", 0},
    {"Lr", 0},
    {"Rf", 0},
    {"Db", 0},
    {"Sg", 0},
    {"Bh", 0},
    {"Hs", 0},
    {"Mt", 0},
    {"Ds", 0},
    {"Rg", 0},
    {"Cn", 0},
    {"Nh", 0},
    {"Fl", 0},
    {"Mc", 0},
    {"Lv", 0},
    {"Ts", 0},
    {"Og", 0},
};
constexpr int kCount = static_cast<int>(sizeof(kElements) / sizeof(kElements[0]));

}  // namespace

std::optional<double> standard_atomic_mass(std::string_view symbol) {
  const int z = atomic_number(symbol);
  if (z == 0 || kElements[z - 1].mass == 0.0) return std::nullopt;
  return kElements[z - 1].mass;
}

int atomic_number(std::string_view symbol) {
  for (int z = 1; z <= kCount; ++z) {
    if (kElements[z - 1].symbol == symbol) return z;
  }
  return 0;
}

std::string_view element_symbol(int z) {
  return z >= 1 && z <= kCount ? kElements[z - 1].symbol : std::string_view();
}

}  // namespace mdb
