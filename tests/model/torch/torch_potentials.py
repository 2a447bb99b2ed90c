"""Potentials written in torch for md_bench's torch tests: each an energy core that takes edge
vectors and returns per-atom energies, so that one core can be deployed in every convention
(torch_conventions.py). Written from the papers and mdbench's own file formats, independently of
the C++ models they are tested against.

A core's forward(vec, edge_index, types, n_atoms) -> (n_atoms,) atomic energies, where vec[e] is
the vector from atom edge_index[0][e] to its neighbour edge_index[1][e] (Angstrom, full list: each
pair from both sides) and types the model's type index of each atom. Forces and virials come from
autograd in the convention wrappers.
"""
import json
import math
from typing import List, Tuple

import torch


def edge_pairs(centre: torch.Tensor, n_atoms: int) -> Tuple[torch.Tensor, torch.Tensor]:
    """Every unordered pair of edges (a, b) that share a centre atom, a listed once with b: the
    triplets j-i-k of a three-body term over a full edge list."""
    n_edges = centre.shape[0]
    if n_edges == 0:
        empty = torch.zeros((0,), dtype=torch.long, device=centre.device)
        return empty, empty
    sorted_centre, order = torch.sort(centre, stable=True)
    counts = torch.bincount(sorted_centre, minlength=n_atoms)
    start = torch.cumsum(counts, 0) - counts
    rank = torch.arange(n_edges, device=centre.device) - start[sorted_centre]
    widest = int(counts.max().item())
    slot = torch.arange(widest, device=centre.device).unsqueeze(0).expand(n_edges, widest)
    valid = (slot > rank.unsqueeze(1)) & (slot < counts[sorted_centre].unsqueeze(1))
    first = torch.arange(n_edges, device=centre.device).unsqueeze(1).expand(n_edges, widest)
    second = start[sorted_centre].unsqueeze(1) + slot
    return order[first[valid]], order[second[valid]]


class LennardJones(torch.nn.Module):
    """12-6 Lennard-Jones, geometric mixing of epsilon and sigma, cut at r_max and, with shift,
    shifted to 0 there (LAMMPS's pair_modify shift yes)."""

    def __init__(self, epsilon: List[float], sigma: List[float], r_max: float,
                 dtype: torch.dtype, shift: bool = True):
        super().__init__()
        self.shift = 1.0 if shift else 0.0
        eps = torch.tensor(epsilon, dtype=dtype)
        sig = torch.tensor(sigma, dtype=dtype)
        self.register_buffer("eps_ij", torch.sqrt(eps[:, None] * eps[None, :]))
        self.register_buffer("sig_ij", torch.sqrt(sig[:, None] * sig[None, :]))
        self.r_max = r_max

    def forward(self, vec: torch.Tensor, edge_index: torch.Tensor, types: torch.Tensor,
                n_atoms: int) -> torch.Tensor:
        i = edge_index[0]
        ti = types[i]
        tj = types[edge_index[1]]
        r2 = (vec * vec).sum(dim=1)
        sig2 = self.sig_ij[ti, tj] ** 2
        s6 = (sig2 / r2) ** 3
        c6 = (sig2 / (self.r_max * self.r_max)) ** 3
        inside = (r2 < self.r_max * self.r_max).to(vec.dtype)
        # Each pair twice: half its energy to each centre.
        pair = 0.5 * 4.0 * self.eps_ij[ti, tj] * ((s6 * s6 - s6) - self.shift * (c6 * c6 - c6)) \
            * inside
        return torch.zeros((n_atoms,), dtype=vec.dtype, device=vec.device).index_add(0, i, pair)


class StillingerWeber(torch.nn.Module):
    """Stillinger & Weber (Phys. Rev. B 31, 5262 (1985)) for one element, in LAMMPS's
    pair_style sw form: phi2 = A eps (B (sigma/r)^p - (sigma/r)^q) exp(sigma / (r - a sigma)),
    phi3 = lambda eps (cos theta_jik - cos theta0)^2 exp(gamma sigma / (r_ij - a sigma))
    exp(gamma sigma / (r_ik - a sigma)), over every pair and every triplet inside a sigma."""

    def __init__(self, epsilon: float, sigma: float, a: float, lam: float, gamma: float,
                 costheta0: float, big_a: float, big_b: float, p: float, q: float):
        super().__init__()
        self.epsilon, self.sigma, self.a, self.lam, self.gamma = epsilon, sigma, a, lam, gamma
        self.costheta0, self.big_a, self.big_b, self.p, self.q = costheta0, big_a, big_b, p, q
        self.r_max = a * sigma

    def forward(self, vec: torch.Tensor, edge_index: torch.Tensor, types: torch.Tensor,
                n_atoms: int) -> torch.Tensor:
        r = torch.sqrt((vec * vec).sum(dim=1))
        inside = r < self.r_max
        # Outside the range every term is 0; a safe r there keeps autograd free of NaN.
        rs = torch.where(inside, r, torch.full_like(r, 0.5 * self.r_max))
        on = inside.to(vec.dtype)
        s = self.sigma / rs
        phi2 = self.big_a * self.epsilon * (self.big_b * s ** self.p - s ** self.q) * \
            torch.exp(self.sigma / (rs - self.r_max))
        i = edge_index[0]
        atomic = torch.zeros((n_atoms,), dtype=vec.dtype, device=vec.device)
        atomic = atomic.index_add(0, i, 0.5 * phi2 * on)
        near = torch.nonzero(inside).flatten()
        first, second = edge_pairs(i[near], n_atoms)
        e1 = near[first]
        e2 = near[second]
        cos = (vec[e1] * vec[e2]).sum(dim=1) / (rs[e1] * rs[e2])
        radial = torch.exp(self.gamma * self.sigma / (rs[e1] - self.r_max)) * \
            torch.exp(self.gamma * self.sigma / (rs[e2] - self.r_max))
        phi3 = self.lam * self.epsilon * (cos - self.costheta0) ** 2 * radial
        return atomic.index_add(0, i[e1], phi3)


def _pair_block(a: torch.Tensor, b: torch.Tensor, n_species: int) -> torch.Tensor:
    lo = torch.minimum(a, b)
    hi = torch.maximum(a, b)
    return torch.div(lo * (2 * n_species - lo - 1), 2, rounding_mode="floor") + hi


class AniNetwork(torch.nn.Module):
    """An ANI-style network (Smith, Isayev & Roitberg, Chem. Sci. 8, 3192 (2017)) as mdbench's
    md_distill writes it (format mdbench-nnp, version 1): radial terms
    G_k = sum_j 1/4 exp(-eta_R (r_ij - R_k)^2) f_c(r_ij) per neighbour species, angular terms
    2 f_c(r_ij) f_c(r_ik) exp(-eta_A ((r_ij + r_ik)/2 - R_a)^2) ((1 + cos(theta' - theta_z))/2)^zeta
    per unordered neighbour-species pair, cos theta' = 0.95 cos theta_jik, f_c = (cos(pi r/R_c) +
    1)/2; one dense network per species (CELU between layers), plus a per-species energy shift."""

    def __init__(self, spec: dict, dtype: torch.dtype):
        super().__init__()
        aev = spec["aev"]
        self.species: List[str] = list(spec["species"])
        self.n_species = len(self.species)
        self.rc_r = float(aev["radial_cutoff"])
        self.rc_a = float(aev["angular_cutoff"])
        self.eta_r = float(aev["radial_eta"])
        self.eta_a = float(aev["angular_eta"])
        self.zeta = float(aev["zeta"])
        self.r_max = self.rc_r
        self.register_buffer("radial_shifts", torch.tensor(aev["radial_shifts"], dtype=dtype))
        self.register_buffer("angular_shifts", torch.tensor(aev["angular_shifts"], dtype=dtype))
        theta = torch.tensor(aev["angle_shifts"], dtype=torch.float64)
        self.register_buffer("cos_z", torch.cos(theta).to(dtype))
        self.register_buffer("sin_z", torch.sin(theta).to(dtype))
        self.register_buffer("energy_shifts", torch.tensor(
            [spec["energy_shifts"][s] for s in self.species], dtype=dtype))
        alpha = float(spec["activation"]["alpha"])
        nets = []
        for s in self.species:
            layers = []
            specs = spec["networks"][s]
            for k, layer in enumerate(specs):
                w = torch.tensor(layer["weights"], dtype=dtype)
                lin = torch.nn.Linear(w.shape[1], w.shape[0], dtype=dtype)
                with torch.no_grad():
                    lin.weight.copy_(w)
                    lin.bias.copy_(torch.tensor(layer["bias"], dtype=dtype))
                layers.append(lin)
                if k + 1 < len(specs):
                    layers.append(torch.nn.CELU(alpha))
            nets.append(torch.nn.Sequential(*layers))
        self.nets = torch.nn.ModuleList(nets)

    def cutoff_fn(self, r: torch.Tensor, rc: float) -> torch.Tensor:
        return 0.5 * torch.cos(math.pi / rc * r) + 0.5

    def forward(self, vec: torch.Tensor, edge_index: torch.Tensor, types: torch.Tensor,
                n_atoms: int) -> torch.Tensor:
        dtype = self.radial_shifts.dtype
        vec = vec.to(dtype)
        i = edge_index[0]
        r = torch.sqrt((vec * vec).sum(dim=1))
        n_r = self.radial_shifts.shape[0]
        radial = 0.25 * torch.exp(-self.eta_r * (r.unsqueeze(1) - self.radial_shifts) ** 2) * \
            self.cutoff_fn(r, self.rc_r).unsqueeze(1)
        one_hot = torch.nn.functional.one_hot(types[edge_index[1]], self.n_species).to(dtype)
        radial_rows = (one_hot.unsqueeze(2) * radial.unsqueeze(1)).reshape(-1, self.n_species * n_r)
        g_radial = torch.zeros((n_atoms, self.n_species * n_r), dtype=dtype, device=vec.device)
        g_radial = g_radial.index_add(0, i, radial_rows)

        near = torch.nonzero(r < self.rc_a).flatten()
        first, second = edge_pairs(i[near], n_atoms)
        e1 = near[first]
        e2 = near[second]
        r1 = r[e1]
        r2 = r[e2]
        c = 0.95 * (vec[e1] * vec[e2]).sum(dim=1) / (r1 * r2)
        s = torch.sqrt(1.0 - c * c)
        angle = (0.5 * (1.0 + c.unsqueeze(1) * self.cos_z + s.unsqueeze(1) * self.sin_z)) ** self.zeta
        fcc = 2.0 * self.cutoff_fn(r1, self.rc_a) * self.cutoff_fn(r2, self.rc_a)
        shell = fcc.unsqueeze(1) * torch.exp(
            -self.eta_a * ((0.5 * (r1 + r2)).unsqueeze(1) - self.angular_shifts) ** 2)
        terms = (shell.unsqueeze(2) * angle.unsqueeze(1)).reshape(shell.shape[0], -1)
        n_terms = terms.shape[1]
        n_pairs = self.n_species * (self.n_species + 1) // 2
        tj = types[edge_index[1][e1]]
        tk = types[edge_index[1][e2]]
        block = torch.nn.functional.one_hot(_pair_block(tj, tk, self.n_species), n_pairs).to(dtype)
        angular_rows = (block.unsqueeze(2) * terms.unsqueeze(1)).reshape(-1, n_pairs * n_terms)
        g_angular = torch.zeros((n_atoms, n_pairs * n_terms), dtype=dtype, device=vec.device)
        g_angular = g_angular.index_add(0, i[e1], angular_rows)

        aev = torch.cat([g_radial, g_angular], dim=1)
        energy = self.energy_shifts[types]
        for s_index, net in enumerate(self.nets):
            mine = torch.nonzero(types == s_index).flatten()
            energy = energy.index_add(0, mine, net(aev[mine]).squeeze(1))
        return energy


def read_nnp(path: str) -> dict:
    with open(path, encoding="utf-8") as f:
        spec = json.load(f)
    if spec.get("format") != "mdbench-nnp" or spec.get("version") != 1:
        raise ValueError(f"{path}: not an mdbench-nnp version 1 file")
    if spec["activation"]["type"] != "celu":
        raise ValueError(f"{path}: activation {spec['activation']['type']} is not celu")
    return spec
