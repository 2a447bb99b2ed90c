#!/usr/bin/env python3
"""bench/peers/gromacs_runs_to_json.py: GROMACS logs -> Google Benchmark rows and a ratio table.

    test_gromacs_runs_to_json.py <converter.py> <fixture.log> <compare binary>

The fixture is the tail of a real `gmx mdrun -nt 2 -resethway` log (GROMACS 2022.5, lj-melt,
32,000 atoms, 100 steps): its cycle table times 51 steps in 1.418 s.
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

converter, fixture, compare = sys.argv[1:4]
failures = []


def check(cond, what):
    if not cond:
        failures.append(what)


def run(*args):
    return subprocess.run([sys.executable, converter, *args], capture_output=True, text=True)


def step_rows(name, real_time, fracs):
    return [{"name": name, "run_name": name, "run_type": "iteration", "repetitions": 3,
             "repetition_index": k, "threads": 1, "iterations": 100, "real_time": real_time + k,
             "cpu_time": real_time + k, "time_unit": "us", "natoms": 32000, "replicas": 1,
             "frac_neigh": fracs[0], "frac_force": fracs[1], "frac_integrate": fracs[2],
             "frac_other": fracs[3]} for k in range(3)]


with tempfile.TemporaryDirectory() as tmp:
    inputs = os.path.join(tmp, "gromacs")
    os.makedirs(os.path.join(inputs, "NVE-32000-lj-melt"))
    for label in ("gromacs", "gromacs-nt2"):
        for r in (1, 2, 3):
            shutil.copy(fixture, os.path.join(inputs, "NVE-32000-lj-melt", f"{label}-{r}.log"))
    # Not a repetition: the probe and grompp's log are left alone.
    shutil.copy(fixture, os.path.join(inputs, "NVE-32000-lj-melt", "probe.log"))
    with open(os.path.join(inputs, "index.tsv"), "w") as f:
        f.write("NVE-32000-lj-melt\tStep/NVE/32000/lj-melt\t32000\t20\n")
    ours = os.path.join(tmp, "ours.json")
    one = "Step/NVE/32000/lj-melt/cpu/manual_time"
    two = "Step/NVE/32000/lj-melt/cpu-t2/manual_time"
    with open(ours, "w") as f:
        json.dump({"context": {"mdbench_schema": "1"},
                   "benchmarks": step_rows(one, 13903.0, (0.15, 0.8, 0.03, 0.02)) +
                   step_rows(two, 9267.0, (0.1, 0.85, 0.03, 0.02))}, f)
    merged = os.path.join(tmp, "merged.json")
    table = os.path.join(tmp, "table.md")
    p = run("--inputs", inputs, "--out", merged, "--table", table, ours)
    check(p.returncode == 0, f"converter exit {p.returncode}: {p.stderr}")
    doc = json.load(open(merged))
    check(doc["context"] == {"mdbench_schema": "1"}, "context kept from md_bench's file")
    for label in ("gromacs", "gromacs-nt2"):
        rows = [b for b in doc["benchmarks"]
                if b["name"] == f"Peer/NVE/32000/lj-melt/{label}/manual_time"]
        check(len(rows) == 3, f"{label}: one row per log, got {len(rows)}")
        check([r["repetition_index"] for r in rows] == [0, 1, 2], f"{label}: repetition indices")
    r = rows[0]
    check(abs(r["real_time"] - 1.418 / 51 * 1e6) < 1e-9, f"time per step {r['real_time']}")
    check(r["iterations"] == 51 and r["time_unit"] == "us", "timed steps: the Force count")
    check(r["worker_threads"] == 2 and r["natoms"] == 32000, "ranks x threads, atoms")
    check(abs(r["frac_force"] - (0.491 + 0.346)) < 1e-12, f"Force + NB X/F {r['frac_force']}")
    check(abs(r["frac_neigh"] - 0.077) < 1e-12, "Neighbor search share")
    check(abs(r["frac_integrate"] - 0.085) < 1e-12, "Update share")
    check(len(doc["benchmarks"]) == 12, f"6 md_bench + 6 GROMACS rows: {len(doc['benchmarks'])}")

    # The table: GROMACS 27.804 ms against cpu 13.904 ms (median) is 2.00; against cpu-t2 9.268
    # ms, 3.00; GROMACS's split as its log gives it, md_bench's from its frac_* medians.
    text = open(table).read()
    check("| NVE-32000-lj-melt | gromacs (×3) | 27.804 ms | cpu | 13.904 ms | **2.00×** | "
          "7.7 / 49.1 / 34.6 / 8.5 / 0.1 | 15.0 / 80.0 / 3.0 / 2.0 |" in text, f"cpu line:\n{text}")
    check("| cpu-mixed | - | - |" in text, f"no cpu-mixed rows: no ratio\n{text}")
    check("| NVE-32000-lj-melt | gromacs-nt2 (×3) | 27.804 ms | cpu-t2 | 9.268 ms | **3.00×** |"
          in text, f"cpu-t2 line:\n{text}")

    # compare pairs the rows: GROMACS ~27804 us against ours ~9268 us.
    c = subprocess.run([compare, "--filters", merged, "^Peer(/.*/)gromacs-nt2/",
                        "^Step(/.*/)cpu-t2/"], capture_output=True, text=True)
    check(c.returncode in (0, 1), f"compare exit {c.returncode}: {c.stderr}")
    check(re.search(r"lj-melt/manual_time +3(\.00)?x", c.stdout), f"compare's speed-up:\n{c.stdout}")

    # Bad input: one line on stderr, exit 2.
    os.makedirs(os.path.join(tmp, "bad", "X"))
    with open(os.path.join(tmp, "bad", "X", "gromacs-1.log"), "w") as f:
        f.write("GROMACS:      gmx mdrun, version 2022.5\n")  # killed before its table
    with open(os.path.join(tmp, "bad", "index.tsv"), "w") as f:
        f.write("X\tStep/NVE/1/x\t1\t10\n")
    os.makedirs(os.path.join(tmp, "nologs", "X"))
    with open(os.path.join(tmp, "nologs", "index.tsv"), "w") as f:
        f.write("X\tStep/NVE/1/x\t1\t10\n")
    os.makedirs(os.path.join(tmp, "badindex"))
    with open(os.path.join(tmp, "badindex", "index.tsv"), "w") as f:
        f.write("X\tPeer/NVE/1/x\t1\n")
    for folder, why in (("bad", "a log without a table"), ("nologs", "no logs"),
                        ("nowhere", "no index"), ("badindex", "an index in another format")):
        p = run("--inputs", os.path.join(tmp, folder), "--out", os.path.join(tmp, "x.json"))
        check(p.returncode == 2, f"{why}: exit {p.returncode}")
        check(p.stderr.count("\n") == 1 and p.stderr.startswith("gromacs_runs_to_json: "),
              f"{why}: one line, got {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
