#!/usr/bin/python3
"""Writes the TorchScript models md_bench's torch tests load, in the conventions deployed models
use, with Debian's PyTorch (python3-torch). Run by the build (tests/CMakeLists.txt):

    make_torch_models.py OUT_DIR

Written here:
  lj_nequip.pth     Lennard-Jones for Ar and Kr (geometric mixing, cutoff 8.5 A, shifted to 0 at
                    the cutoff, float64) as
                    nequip-deploy (<= 0.6) writes a model: metadata files nequip_version, r_max,
                    n_species, type_names, model_dtype; a dictionary input (pos, edge_index,
                    edge_cell_shift, cell, atom_types) over a full list of edges with cell shifts;
                    outputs total_energy, atomic_energy, forces and virial (-dE/d strain, eV),
                    forces and virial by autograd as NequIP's StressForceOutput does.
  lj_nequip_f32.pth the same in float32 (model_dtype float32).
  no_metadata.pth   the same module saved without metadata: a file in no known convention.
"""
import os
import sys
from typing import Dict, List, Optional

import torch


class LennardJonesNequip(torch.nn.Module):
    def __init__(self, epsilon: List[float], sigma: List[float], r_max: float, dtype: torch.dtype):
        super().__init__()
        eps = torch.tensor(epsilon, dtype=dtype)
        sig = torch.tensor(sigma, dtype=dtype)
        # Geometric mixing for both, as mdbench's LennardJones by default.
        self.register_buffer("eps_ij", torch.sqrt(eps[:, None] * eps[None, :]))
        self.register_buffer("sig_ij", torch.sqrt(sig[:, None] * sig[None, :]))
        self.r_max = r_max

    def forward(self, data: Dict[str, torch.Tensor]) -> Dict[str, torch.Tensor]:
        pos = data["pos"]
        edge_index = data["edge_index"]
        shift = data["edge_cell_shift"]
        cell = data["cell"]
        types = data["atom_types"]
        # A homogeneous strain of positions and cell, so that dE/d(strain) is the virial.
        strain = torch.zeros((3, 3), dtype=pos.dtype, device=pos.device)
        strain.requires_grad_(True)
        sym = 0.5 * (strain + strain.transpose(0, 1))
        pos_in = pos.detach().requires_grad_(True)
        p = pos_in + torch.matmul(pos_in, sym)
        c = cell + torch.matmul(cell, sym)
        i = edge_index[0]
        j = edge_index[1]
        vec = p[j] - p[i] + torch.matmul(shift, c)
        r2 = (vec * vec).sum(dim=1)
        ti = types[i]
        tj = types[j]
        sig2 = self.sig_ij[ti, tj] ** 2
        s6 = (sig2 / r2) ** 3
        c6 = (sig2 / (self.r_max * self.r_max)) ** 3
        inside = (r2 < self.r_max * self.r_max).to(pos.dtype)
        # Full list: each pair twice, half its energy to each centre atom; shifted so that the
        # energy is continuous at the cutoff (LAMMPS's pair_modify shift yes).
        pair = 0.5 * 4.0 * self.eps_ij[ti, tj] * ((s6 * s6 - s6) - (c6 * c6 - c6)) * inside
        atomic = torch.zeros((pos.shape[0],), dtype=pos.dtype, device=pos.device)
        atomic = atomic.index_add(0, i, pair)
        total = atomic.sum()
        grads = torch.autograd.grad([total], [pos_in, strain])
        g_pos = grads[0]
        g_strain = grads[1]
        forces = torch.zeros_like(pos)
        if g_pos is not None:
            forces = -g_pos
        virial = torch.zeros((3, 3), dtype=pos.dtype, device=pos.device)
        if g_strain is not None:
            virial = -g_strain
        return {
            "total_energy": total.reshape(1, 1).detach(),
            "atomic_energy": atomic.reshape(-1, 1).detach(),
            "forces": forces.detach(),
            "virial": virial.reshape(1, 3, 3).detach(),
        }


def metadata(dtype: str) -> Dict[str, str]:
    return {
        "nequip_version": "0.6.0",
        "r_max": "8.5",
        "n_species": "2",
        "type_names": "Ar Kr",
        "model_dtype": dtype,
        "allow_tf32": "0",
    }


def main() -> int:
    if len(sys.argv) != 2:
        print("usage: make_torch_models.py OUT_DIR", file=sys.stderr)
        return 2
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    eps, sig = [0.0104, 0.0141], [3.405, 3.65]
    for name, dtype, label in (("lj_nequip.pth", torch.float64, "float64"),
                               ("lj_nequip_f32.pth", torch.float32, "float32")):
        model = torch.jit.script(LennardJonesNequip(eps, sig, 8.5, dtype))
        torch.jit.save(model, os.path.join(out, name), _extra_files=metadata(label))
    model = torch.jit.script(LennardJonesNequip(eps, sig, 8.5, torch.float64))
    torch.jit.save(model, os.path.join(out, "no_metadata.pth"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
