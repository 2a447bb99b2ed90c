#include "model/eam_tables.hpp"

#include <algorithm>
#include <stdexcept>

namespace mdb {
namespace {

/// Index of the pair (a, b) in a lower-triangle list (a >= b after ordering).
int triangle(int a, int b) {
  if (a < b) std::swap(a, b);
  return a * (a + 1) / 2 + b;
}

/// Splines `functions` tables of n values each into `rows`.
void spline_all(const std::vector<std::vector<double>>& functions, int n, double delta,
                std::vector<double>& rows) {
  const std::size_t per = static_cast<std::size_t>(n) * kEamRowStride;
  rows.assign(functions.size() * per, 0.0);
  for (std::size_t k = 0; k < functions.size(); ++k) {
    eam_spline(functions[k].data(), n, delta, rows.data() + k * per);
  }
}

/// A funcfl file's table (1-based in LAMMPS, here 0-based) at r on LAMMPS's 4-point Lagrange
/// interpolation (file2array): the base knot is clamped so that all four lie in the table.
double lagrange(const std::vector<double>& table, double x, double spacing) {
  constexpr double sixth = 1.0 / 6.0;
  const int n = static_cast<int>(table.size());
  double p = x / spacing + 1.0;
  int k = static_cast<int>(p);
  k = std::min(k, n - 2);
  k = std::max(k, 2);
  p -= k;
  p = std::min(p, 2.0);
  const double cof1 = -sixth * p * (p - 1.0) * (p - 2.0);
  const double cof2 = 0.5 * (p * p - 1.0) * (p - 2.0);
  const double cof3 = -0.5 * p * (p + 1.0) * (p - 2.0);
  const double cof4 = sixth * p * (p * p - 1.0);
  // LAMMPS's 1-based k-1 .. k+2 are 0-based k-2 .. k+1.
  return cof1 * table[static_cast<std::size_t>(k - 2)] +
         cof2 * table[static_cast<std::size_t>(k - 1)] + cof3 * table[static_cast<std::size_t>(k)] +
         cof4 * table[static_cast<std::size_t>(k + 1)];
}

void finish_grid(EamTables& t) {
  t.rdr = 1.0 / t.dr;
  t.rdrho = 1.0 / t.drho;
}

}  // namespace

int EamTables::element(const std::string& name) const {
  for (std::size_t a = 0; a < elements.size(); ++a) {
    if (elements[a] == name) return static_cast<int>(a);
  }
  return -1;
}

void eam_spline(const double* f, int n, double delta, double* rows) {
  auto c = [&](int k, int j) -> double& {
    return rows[static_cast<std::size_t>(k) * kEamRowStride + j];
  };
  for (int k = 0; k < n; ++k) {
    c(k, 6) = f[k];
    c(k, 7) = 0.0;
  }
  c(0, 5) = c(1, 6) - c(0, 6);
  c(1, 5) = 0.5 * (c(2, 6) - c(0, 6));
  c(n - 2, 5) = 0.5 * (c(n - 1, 6) - c(n - 3, 6));
  c(n - 1, 5) = c(n - 1, 6) - c(n - 2, 6);
  for (int k = 2; k <= n - 3; ++k) {
    c(k, 5) = ((c(k - 2, 6) - c(k + 2, 6)) + 8.0 * (c(k + 1, 6) - c(k - 1, 6))) / 12.0;
  }
  for (int k = 0; k <= n - 2; ++k) {
    c(k, 4) = 3.0 * (c(k + 1, 6) - c(k, 6)) - 2.0 * c(k, 5) - c(k + 1, 5);
    c(k, 3) = c(k, 5) + c(k + 1, 5) - 2.0 * (c(k + 1, 6) - c(k, 6));
  }
  c(n - 1, 4) = 0.0;
  c(n - 1, 3) = 0.0;
  for (int k = 0; k < n; ++k) {
    c(k, 2) = c(k, 5) / delta;
    c(k, 1) = 2.0 * c(k, 4) / delta;
    c(k, 0) = 3.0 * c(k, 3) / delta;
  }
}

EamTables eam_tables(const EamFile& file) {
  if (file.format == EamFormat::Funcfl) {
    throw std::invalid_argument(file.name +
                                ": a funcfl file names no element; give one per "
                                "element (eam_tables(funcfl_by_element))");
  }
  EamTables t;
  const int n = file.n_elements();
  t.elements = file.elements;
  t.masses = file.masses;
  t.nrho = file.nrho;
  t.drho = file.drho;
  t.nr = file.nr;
  t.dr = file.dr;
  t.rhomax = (t.nrho - 1) * t.drho;
  t.cut = file.cut;
  finish_grid(t);
  spline_all(file.frho, t.nrho, t.drho, t.frho);
  spline_all(file.rhor, t.nr, t.dr, t.rhor);
  spline_all(file.z2r, t.nr, t.dr, t.z2r);
  t.rho_index.resize(static_cast<std::size_t>(n * n));
  t.z2r_index.resize(static_cast<std::size_t>(n * n));
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      t.rho_index[static_cast<std::size_t>(a * n + b)] =
          file.format == EamFormat::Fs ? a * n + b : a;
      t.z2r_index[static_cast<std::size_t>(a * n + b)] = triangle(a, b);
    }
  }
  return t;
}

EamTables eam_tables(const std::vector<std::pair<std::string, EamFile>>& funcfl_by_element) {
  if (funcfl_by_element.empty()) throw std::invalid_argument("eam_tables: no funcfl file");
  // The distinct files, in the order they first appear (LAMMPS's funcfl list), and each
  // element's file.
  std::vector<const EamFile*> files;
  std::vector<int> file_of;
  EamTables t;
  for (const auto& [element, file] : funcfl_by_element) {
    if (file.format != EamFormat::Funcfl) {
      throw std::invalid_argument(file.name + ": not a funcfl file");
    }
    if (t.element(element) >= 0) {
      throw std::invalid_argument("eam_tables: element " + element + " is given twice");
    }
    int index = -1;
    for (std::size_t k = 0; k < files.size(); ++k) {
      if (files[k]->name == file.name) index = static_cast<int>(k);
    }
    if (index < 0) {
      index = static_cast<int>(files.size());
      files.push_back(&file);
    }
    file_of.push_back(index);
    t.elements.push_back(element);
    t.masses.push_back(file.masses.front());
  }
  double rmax = 0.0;
  for (const EamFile* f : files) {
    t.dr = std::max(t.dr, f->dr);
    t.drho = std::max(t.drho, f->drho);
    rmax = std::max(rmax, (f->nr - 1) * f->dr);
    t.rhomax = std::max(t.rhomax, (f->nrho - 1) * f->drho);
    t.cut = std::max(t.cut, f->cut);
  }
  // 0.5 for round-off in the divide, as LAMMPS.
  t.nr = static_cast<int>(rmax / t.dr + 0.5);
  t.nrho = static_cast<int>(t.rhomax / t.drho + 0.5);
  finish_grid(t);

  const std::size_t nf = files.size();
  std::vector<std::vector<double>> frho(nf), rhor(nf), z2r(nf * (nf + 1) / 2);
  for (std::size_t k = 0; k < nf; ++k) {
    const EamFile& f = *files[k];
    frho[k].resize(static_cast<std::size_t>(t.nrho));
    for (int m = 0; m < t.nrho; ++m) {
      frho[k][static_cast<std::size_t>(m)] = lagrange(f.frho[0], m * t.drho, f.drho);
    }
    rhor[k].resize(static_cast<std::size_t>(t.nr));
    for (int m = 0; m < t.nr; ++m) {
      rhor[k][static_cast<std::size_t>(m)] = lagrange(f.rhor[0], m * t.dr, f.dr);
    }
  }
  for (std::size_t a = 0; a < nf; ++a) {
    for (std::size_t b = 0; b <= a; ++b) {
      std::vector<double>& out = z2r[a * (a + 1) / 2 + b];
      out.resize(static_cast<std::size_t>(t.nr));
      for (int m = 0; m < t.nr; ++m) {
        const double r = m * t.dr;
        const double za = lagrange(files[a]->z2r[0], r, files[a]->dr);
        const double zb = lagrange(files[b]->z2r[0], r, files[b]->dr);
        out[static_cast<std::size_t>(m)] = 27.2 * 0.529 * za * zb;
      }
    }
  }
  spline_all(frho, t.nrho, t.drho, t.frho);
  spline_all(rhor, t.nr, t.dr, t.rhor);
  spline_all(z2r, t.nr, t.dr, t.z2r);
  const int n = t.n_elements();
  t.rho_index.resize(static_cast<std::size_t>(n * n));
  t.z2r_index.resize(static_cast<std::size_t>(n * n));
  for (int a = 0; a < n; ++a) {
    for (int b = 0; b < n; ++b) {
      t.rho_index[static_cast<std::size_t>(a * n + b)] = file_of[static_cast<std::size_t>(a)];
      t.z2r_index[static_cast<std::size_t>(a * n + b)] =
          triangle(file_of[static_cast<std::size_t>(a)], file_of[static_cast<std::size_t>(b)]);
    }
  }
  // The F table is per element below; funcfl elements share their file's.
  std::vector<double> per_element;
  const std::size_t per = static_cast<std::size_t>(t.nrho) * kEamRowStride;
  per_element.resize(static_cast<std::size_t>(n) * per);
  for (int a = 0; a < n; ++a) {
    std::copy_n(
        t.frho.begin() + static_cast<std::ptrdiff_t>(
                             static_cast<std::size_t>(file_of[static_cast<std::size_t>(a)]) * per),
        per, per_element.begin() + static_cast<std::ptrdiff_t>(a * per));
  }
  t.frho = std::move(per_element);
  return t;
}

}  // namespace mdb
