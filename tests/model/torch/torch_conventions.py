"""The conventions deployed TorchScript potentials follow, as wrappers around an energy core of
torch_potentials.py, written from what the LAMMPS plugins that load them send and read:

  NequipLegacy  nequip-deploy <= 0.6 (pair_nequip, pair_allegro of that era): metadata files
                nequip_version, r_max, n_species, type_names, model_dtype; input dictionary pos,
                edge_index, edge_cell_shift, cell (3 x 3), atom_types in the model's dtype;
                outputs total_energy, atomic_energy, forces, virial.
  Nequip        nequip-compile (NequIP >= 0.7, Allegro alike; pair_nequip_allegro): metadata
                r_max, type_names, num_types, per_edge_type_cutoff, allow_tf32; inputs in float64
                whatever the model computes in, cell (1 x 3 x 3); the energy is the sum of
                atomic_energy.
  LammpsMace    MACE's LAMMPS export (create_lammps_model.py, pair_mace): buffers r_max,
                num_interactions, atomic_numbers and the dtype of model.node_embedding.linear.weight;
                forward(data, local_or_ghost, compute_virials) over the dictionary pair_mace
                builds (positions, cell, edge_index, shifts, unit_shifts, node_attrs one-hot over
                atomic_numbers, batch, ptr, weight, energy, forces); outputs total_energy_local,
                node_energy, forces, virials (1 x 3 x 3).

Every wrapper strains positions and cell homogeneously so that the virial is -dE/d strain (eV),
as NequIP's StressForceOutput and MACE's displacement do.
"""
from typing import Dict, List, Optional, Tuple

import torch


def _strain(dtype: torch.dtype, device: torch.device) -> torch.Tensor:
    strain = torch.zeros((3, 3), dtype=dtype, device=device)
    strain.requires_grad_(True)
    return strain


def _strained_edges(pos: torch.Tensor, cell: torch.Tensor, edge_index: torch.Tensor,
                    unit_shifts: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor, torch.Tensor]:
    """Edge vectors (neighbour - centre + shift . cell) of positions and cell strained by a
    symmetric strain at zero, and the leaves to differentiate: (vec, positions, strain)."""
    strain = _strain(pos.dtype, pos.device)
    sym = 0.5 * (strain + strain.transpose(0, 1))
    pos_in = pos.detach().requires_grad_(True)
    p = pos_in + torch.matmul(pos_in, sym)
    c = cell + torch.matmul(cell, sym)
    vec = p[edge_index[1]] - p[edge_index[0]] + torch.matmul(unit_shifts, c)
    return vec, pos_in, strain


def _forces_and_virial(total: torch.Tensor, pos_in: torch.Tensor,
                       strain: torch.Tensor) -> Tuple[torch.Tensor, torch.Tensor]:
    """-dE/dpos and -dE/dstrain (the virial), zero where the energy does not depend on them."""
    grads = torch.autograd.grad([total], [pos_in, strain])
    forces = torch.zeros_like(pos_in)
    virial = torch.zeros_like(strain)
    g_pos = grads[0]
    g_strain = grads[1]
    if g_pos is not None:
        forces = -g_pos
    if g_strain is not None:
        virial = -g_strain
    return forces.detach(), virial.detach()


class NequipLegacy(torch.nn.Module):
    def __init__(self, core: torch.nn.Module, with_virial: bool = True):
        super().__init__()
        self.core = core
        self.with_virial = with_virial

    def forward(self, data: Dict[str, torch.Tensor]) -> Dict[str, torch.Tensor]:
        pos = data["pos"]
        edge_index = data["edge_index"]
        vec, pos_in, strain = _strained_edges(pos, data["cell"], edge_index,
                                              data["edge_cell_shift"])
        atomic = self.core(vec, edge_index, data["atom_types"], pos.shape[0])
        total = atomic.sum()
        forces, virial = _forces_and_virial(total, pos_in, strain)
        out = {
            "total_energy": total.reshape(1, 1).detach(),
            "atomic_energy": atomic.reshape(-1, 1).detach(),
            "forces": forces,
        }
        if self.with_virial:
            out["virial"] = virial.reshape(1, 3, 3)
        return out


class Nequip(torch.nn.Module):
    """Computes in `dtype`, takes and gives float64."""

    def __init__(self, core: torch.nn.Module, dtype: torch.dtype):
        super().__init__()
        self.core = core
        self.dtype = dtype

    def forward(self, data: Dict[str, torch.Tensor]) -> Dict[str, torch.Tensor]:
        pos = data["pos"]
        edge_index = data["edge_index"]
        vec, pos_in, strain = _strained_edges(pos, data["cell"].reshape(3, 3), edge_index,
                                              data["edge_cell_shift"])
        atomic = self.core(vec.to(self.dtype), edge_index, data["atom_types"],
                           pos.shape[0]).to(torch.float64)
        total = atomic.sum()
        forces, virial = _forces_and_virial(total, pos_in, strain)
        return {
            "atomic_energy": atomic.reshape(-1, 1).detach(),
            "forces": forces,
            "virial": virial.reshape(1, 3, 3),
        }


class NodeEmbedding(torch.nn.Module):
    """Where pair_mace reads the model's dtype (model.node_embedding.linear.weight): here the
    per-element energy offsets, zero, applied to the one-hot node attributes."""

    def __init__(self, n_elements: int, dtype: torch.dtype):
        super().__init__()
        self.linear = torch.nn.Linear(n_elements, 1, bias=False, dtype=dtype)
        with torch.no_grad():
            self.linear.weight.zero_()

    def forward(self, node_attrs: torch.Tensor) -> torch.Tensor:
        return self.linear(node_attrs).squeeze(1)


class MaceModel(torch.nn.Module):
    def __init__(self, core: torch.nn.Module, n_elements: int, dtype: torch.dtype):
        super().__init__()
        self.core = core
        self.node_embedding = NodeEmbedding(n_elements, dtype)

    def forward(self, vec: torch.Tensor, edge_index: torch.Tensor,
                node_attrs: torch.Tensor) -> torch.Tensor:
        types = torch.argmax(node_attrs, dim=1)
        node_energy = self.core(vec, edge_index, types, node_attrs.shape[0])
        return node_energy + self.node_embedding(node_attrs)


class LammpsMace(torch.nn.Module):
    def __init__(self, core: torch.nn.Module, atomic_numbers: List[int], r_max: float,
                 num_interactions: int, dtype: torch.dtype):
        super().__init__()
        self.model = MaceModel(core, len(atomic_numbers), dtype)
        self.register_buffer("atomic_numbers", torch.tensor(atomic_numbers, dtype=torch.int64))
        self.register_buffer("r_max", torch.tensor(r_max, dtype=dtype))
        self.register_buffer("num_interactions", torch.tensor(num_interactions, dtype=torch.int64))

    def forward(self, data: Dict[str, torch.Tensor], local_or_ghost: torch.Tensor,
                compute_virials: bool = False) -> Dict[str, Optional[torch.Tensor]]:
        edge_index = data["edge_index"]
        # MACE's vectors: receiver - sender + shifts, the shifts whole cells of the strained cell.
        vec, positions, strain = _strained_edges(data["positions"], data["cell"].reshape(3, 3),
                                                 edge_index, data["unit_shifts"])
        node_energy = self.model(vec, edge_index, data["node_attrs"])
        local = local_or_ghost.to(node_energy.dtype)
        total_energy_local = (node_energy * local).sum().reshape(1)
        forces, virial = _forces_and_virial(total_energy_local.sum(), positions, strain)
        virials: Optional[torch.Tensor] = None
        if compute_virials:
            virials = virial.reshape(1, 3, 3)
        return {
            "total_energy_local": total_energy_local.detach(),
            "node_energy": node_energy.detach(),
            "forces": forces,
            "virials": virials,
        }


def save_nequip_legacy(core: torch.nn.Module, path: str, type_names: List[str], dtype: str,
                       with_metadata: bool = True, with_virial: bool = True) -> None:
    module = torch.jit.script(NequipLegacy(core, with_virial))
    if not with_metadata:
        torch.jit.save(module, path)
        return
    torch.jit.save(module, path, _extra_files={
        "nequip_version": "0.6.0",
        "r_max": repr(float(core.r_max)),
        "n_species": str(len(type_names)),
        "type_names": " ".join(type_names),
        "model_dtype": dtype,
        "allow_tf32": "0",
    })


def save_nequip(core: torch.nn.Module, path: str, type_names: List[str], dtype: torch.dtype,
                per_edge_type_cutoff: Optional[List[List[float]]] = None) -> None:
    module = torch.jit.script(Nequip(core, dtype))
    cut = "" if per_edge_type_cutoff is None else \
        " ".join(repr(float(x)) for row in per_edge_type_cutoff for x in row)
    torch.jit.save(module, path, _extra_files={
        "nequip_version": "0.8.0",
        "r_max": repr(float(core.r_max)),
        "type_names": " ".join(type_names),
        "num_types": str(len(type_names)),
        "per_edge_type_cutoff": cut,
        "model_dtype": "float64" if dtype == torch.float64 else "float32",
        "allow_tf32": "0",
    })


def save_mace(core: torch.nn.Module, path: str, atomic_numbers: List[int], dtype: torch.dtype,
              num_interactions: int = 2) -> None:
    module = torch.jit.script(LammpsMace(core, atomic_numbers, float(core.r_max),
                                         num_interactions, dtype))
    torch.jit.save(module, path)
