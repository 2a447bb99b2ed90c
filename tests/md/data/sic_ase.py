# Writes an extended XYZ file the way ASE does: zinc-blende SiC, one conventional cell, rattled,
# with Maxwell-Boltzmann velocities at 300 K (ASE stores them as momenta).
from ase.build import bulk
from ase.md.velocitydistribution import MaxwellBoltzmannDistribution
from ase import units
import ase.io
import numpy as np
atoms = bulk("SiC", "zincblende", a=4.36, cubic=True)
atoms.rattle(stdev=0.02, seed=7)
MaxwellBoltzmannDistribution(atoms, temperature_K=300, rng=np.random.RandomState(11))
ase.io.write("sic_ase.extxyz", atoms, format="extxyz")
v = atoms.get_velocities() * 1000 * units.fs  # A/ps
np.set_printoptions(precision=17)
print(repr(v[0]), repr(atoms.get_masses()[:2]), units.fs)
