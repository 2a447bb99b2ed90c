#!/usr/bin/python3
"""ASE on its own, in a process of its own: the oracle md_bench's ASE model is held to.

    ase_reference.py STRUCTURE.xyz MODULE CLASS KWARGS_JSON

reads the extended XYZ md_bench wrote, attaches the calculator and prints one JSON object:
energy (eV), forces (n x 3, eV/A) and stress (3 x 3, eV/A^3), every number to full precision.
"""
import importlib
import json
import sys

import ase.io


def main() -> int:
    path, module, cls, kwargs = sys.argv[1:5]
    atoms = ase.io.read(path, format="extxyz")
    atoms.calc = getattr(importlib.import_module(module), cls)(**json.loads(kwargs))
    out = {
        "energy": float(atoms.get_potential_energy()),
        "forces": atoms.get_forces().tolist(),
        "stress": atoms.get_stress(voigt=False).tolist(),
    }
    json.dump(out, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
