"""Calculators that misbehave on purpose, for md_bench's error tests (imported by the embedded
interpreter through PYTHONPATH, which the test sets)."""
import numpy as np
from ase.calculators.calculator import Calculator, all_changes


class Raising(Calculator):
    """Raises on the call after `after` good ones."""
    implemented_properties = ["energy", "forces"]

    def __init__(self, after=0, **kwargs):
        Calculator.__init__(self, **kwargs)
        self.after = after

    def calculate(self, atoms=None, properties=None, system_changes=all_changes):
        Calculator.calculate(self, atoms, properties, system_changes)
        if self.after <= 0:
            raise ValueError("the model diverged at step 3")
        self.after -= 1
        self.results = {"energy": 0.0, "forces": np.zeros((len(self.atoms), 3))}


class RaisingInConstructor(Calculator):
    def __init__(self, **kwargs):
        raise RuntimeError("no weights file given")


class NotACalculator:
    pass


class Springs(Calculator):
    """Each atom tied to where it first was (k = 1 eV/A^2): numpy only, so a call costs ~0.1 ms
    and 10^4 steps test md_bench's side of the bridge, not the calculator."""
    implemented_properties = ["energy", "forces", "stress"]

    def calculate(self, atoms=None, properties=None, system_changes=all_changes):
        Calculator.calculate(self, atoms, properties, system_changes)
        if not hasattr(self, "origin"):
            self.origin = self.atoms.positions.copy()
        d = self.atoms.positions - self.origin
        self.results = {"energy": 0.5 * float((d * d).sum()), "forces": -d,
                        "stress": np.zeros(6)}
