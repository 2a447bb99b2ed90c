#!/usr/bin/python3
"""Writes the TorchScript models md_bench's torch tests load, in the conventions deployed models
use, with Debian's PyTorch (python3-torch). Run by the build (tests/CMakeLists.txt):

    make_torch_models.py OUT_DIR STUDENT_JSON

STUDENT_JSON is bench/data/c-nn-student.json, the student md_bench runs natively as c-nn-student.
Written (potentials in torch_potentials.py, conventions in torch_conventions.py):
  lj_nequip.pth            Lennard-Jones Ar/Kr (geometric mixing, 8.5 A, shifted), float64,
                           nequip-deploy <= 0.6
  lj_nequip_f32.pth        the same in float32
  lj_no_virial_nequip.pth  the same without a virial output (no pressure, no NPT)
  no_metadata.pth          the same saved without metadata: in no known convention
  lj.nequip.pth            the same LJ, nequip-compile (NequIP >= 0.7) convention
  lj_pair_cut.nequip.pth   the same with per_edge_type_cutoff (Ar-Ar 8.5, Ar-Kr 7.0, Kr-Kr 6.0 A)
  lj_ar_nequip.pth         md_bench's lj-ar potential exactly (argon, cut at 2.5 sigma, not
                           shifted), a student whose teacher lj-ar must find it exact
  lj.mace.pt               the same LJ as MACE's LAMMPS export, atomic numbers [36, 18] (Kr
                           first: species map by element, not by order)
  sw_si.nequip.pth         Stillinger-Weber silicon (LAMMPS's Si.sw values): a three-body term
  c_nn_student.nequip.pth  the c-nn-student network, float32 as md_bench runs it natively
  c_nn_student_f64.nequip.pth  the same network in float64
  graphite_ab.xyz          the 8-atom orthorhombic AB graphite cell c-nn-student runs on (a 2.464,
                           c 6.711 A, as model/distill/carbon_structures.cpp), for custom cases
                           that put the exported student beside the native one
"""
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from torch_conventions import save_mace, save_nequip, save_nequip_legacy  # noqa: E402
from torch_potentials import AniNetwork, LennardJones, StillingerWeber, read_nnp  # noqa: E402


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: make_torch_models.py OUT_DIR STUDENT_JSON", file=sys.stderr)
        return 2
    out, student_json = sys.argv[1], sys.argv[2]
    os.makedirs(out, exist_ok=True)
    torch.manual_seed(0)

    def at(name: str) -> str:
        return os.path.join(out, name)

    eps, sig, r_max = [0.0104, 0.0141], [3.405, 3.65], 8.5
    names = ["Ar", "Kr"]
    lj64 = LennardJones(eps, sig, r_max, torch.float64)
    save_nequip_legacy(lj64, at("lj_nequip.pth"), names, "float64")
    save_nequip_legacy(LennardJones(eps, sig, r_max, torch.float32), at("lj_nequip_f32.pth"),
                       names, "float32")
    save_nequip_legacy(lj64, at("lj_no_virial_nequip.pth"), names, "float64", with_virial=False)
    save_nequip_legacy(lj64, at("no_metadata.pth"), names, "float64", with_metadata=False)
    save_nequip(lj64, at("lj.nequip.pth"), names, torch.float64)
    save_nequip(lj64, at("lj_pair_cut.nequip.pth"), names, torch.float64,
                per_edge_type_cutoff=[[8.5, 7.0], [7.0, 6.0]])
    save_nequip_legacy(LennardJones([0.0104], [3.405], 2.5 * 3.405, torch.float64, shift=False),
                       at("lj_ar_nequip.pth"), ["Ar"], "float64")
    # Kr first: the atomic numbers' order is the model's, not the structure's.
    save_mace(LennardJones(eps[::-1], sig[::-1], r_max, torch.float64), at("lj.mace.pt"),
              [36, 18], torch.float64)

    sw = StillingerWeber(2.1683, 2.0951, 1.80, 21.0, 1.20, -0.333333333333, 7.049556277,
                         0.6022245584, 4.0, 0.0)
    save_nequip(sw, at("sw_si.nequip.pth"), ["Si"], torch.float64)

    spec = read_nnp(student_json)
    save_nequip(AniNetwork(spec, torch.float32), at("c_nn_student.nequip.pth"), spec["species"],
                torch.float32)
    save_nequip(AniNetwork(spec, torch.float64), at("c_nn_student_f64.nequip.pth"),
                spec["species"], torch.float64)
    write_graphite(at("graphite_ab.xyz"))
    return 0


def write_graphite(path: str) -> None:
    a, c = 2.464, 6.711
    b = 3.0 ** 0.5 * a
    layer = [(0.0, 0.0), (0.5, 1.0 / 6.0), (0.5, 0.5), (0.0, 2.0 / 3.0)]
    lines = ["8", f'Lattice="{a!r} 0 0 0 {b!r} 0 0 0 {c!r}" Properties=species:S:1:pos:R:3 '
             'pbc="T T T"']
    for k in range(2):
        for fx, fy in layer:
            y = (fy + (1.0 / 3.0 if k else 0.0)) % 1.0
            lines.append(f"C {fx * a!r} {y * b!r} {k * 0.5 * c!r}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    sys.exit(main())
