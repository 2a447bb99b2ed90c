#!/usr/bin/env python3
"""bench/peers/lammps_runs_to_json.py: LAMMPS logs -> Google Benchmark rows that compare reads.

    test_lammps_runs_to_json.py <converter.py> <fixture.log> <compare binary>
"""
import json
import os
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


with tempfile.TemporaryDirectory() as tmp:
    inputs = os.path.join(tmp, "lammps")
    for folder in ("NVE-4096-si-sw", "NVE-4096-lost"):
        os.makedirs(os.path.join(inputs, folder))
        for r in (1, 2, 3):
            shutil.copy(fixture, os.path.join(inputs, folder, f"log-{r}.lammps"))
    with open(os.path.join(inputs, "index.tsv"), "w") as f:
        f.write("NVE-4096-si-sw\tPeer/NVE/4096/si-sw\t4096\n")
        f.write("NVE-4096-lost\tPeer/NVE/4096/lost\t4100\n")  # the log has 4096 atoms
    ours = os.path.join(tmp, "ours.json")
    step = "Step/NVE/4096/si-sw/cpu-t2/manual_time"
    with open(ours, "w") as f:
        json.dump({"context": {"mdbench_schema": "1"}, "benchmarks": [
            {"name": step, "run_name": step, "run_type": "iteration", "repetitions": 3,
             "repetition_index": k, "threads": 1, "iterations": 100,
             "real_time": 1000.0 + k, "cpu_time": 1000.0 + k, "time_unit": "us",
             "natoms": 4096, "replicas": 1}
            for k in range(3)]}, f)
    merged = os.path.join(tmp, "merged.json")
    p = run("--inputs", inputs, "--label", "lammps-np2", "--out", merged, ours)
    check(p.returncode == 0, f"converter exit {p.returncode}: {p.stderr}")
    doc = json.load(open(merged))
    check(doc["context"] == {"mdbench_schema": "1"}, "context kept from md_bench's file")
    rows = [b for b in doc["benchmarks"] if b["name"] == "Peer/NVE/4096/si-sw/lammps-np2/manual_time"]
    check(len(rows) == 3, f"one row per log: {len(rows)}")
    check([r["repetition_index"] for r in rows] == [0, 1, 2], "repetition indices")
    r = rows[0]
    # The fixture's last run: 0.312348 s for 200 steps of 4096 atoms on 2 procs.
    check(abs(r["real_time"] - 0.312348 / 200 * 1e6) < 1e-9, f"time per step {r['real_time']}")
    check(r["time_unit"] == "us" and r["iterations"] == 200, "unit and steps")
    check(r["worker_threads"] == 2 and r["natoms"] == 4096, "procs and atoms")
    check(abs(r["atom_steps_per_s"] - 4096 * 200 / 0.312348) < 1e-3, "atom-steps/s")
    check(abs(r["frac_force"] - 0.9451) < 1e-12, f"Pair share of the last run {r['frac_force']}")
    check(abs(r["frac_neigh"] - 0.0107) < 1e-12, "Neigh share")
    check(abs(r["frac_integrate"] - 0.0064) < 1e-12, "Modify share")
    lost = [b for b in doc["benchmarks"] if "/lost/" in b["name"]]
    check(len(lost) == 3 and all(b.get("error_occurred") for b in lost), "atom count mismatch")
    check(sum(b["name"] == step for b in doc["benchmarks"]) == 3, "md_bench rows kept")

    # compare pairs the rows: LAMMPS 1562 us against ours ~1001 us, so a speed-up of ~1.56.
    c = subprocess.run([compare, "--filters", merged, "^Peer(/.*/)lammps-np2/",
                        "^Step(/.*/)cpu-t2/"], capture_output=True, text=True)
    check(c.returncode in (0, 1), f"compare exit {c.returncode}: {c.stderr}")
    check("1.56" in c.stdout, f"compare's speed-up:\n{c.stdout}")

    # Bad input: one line on stderr, exit 2.
    empty = os.path.join(tmp, "empty.log")
    open(empty, "w").write("LAMMPS (29 Aug 2024)\n")
    os.makedirs(os.path.join(tmp, "bad", "X"))
    shutil.copy(empty, os.path.join(tmp, "bad", "X", "log-1.lammps"))
    open(os.path.join(tmp, "bad", "index.tsv"), "w").write("X\tPeer/NVE/1/x\t1\n")
    for args, why in ((["--inputs", os.path.join(tmp, "bad")], "a log without a run"),
                      (["--inputs", os.path.join(tmp, "nowhere")], "no index"),
                      (["--inputs", inputs, "--label", "a/b"], "a label with a slash")):
        argv = args + (["--label", "lammps-np2"] if "--label" not in args else [])
        p = run(*argv, "--out", os.path.join(tmp, "x.json"))
        check(p.returncode == 2, f"{why}: exit {p.returncode}")
        check(p.stderr.count("\n") == 1 and p.stderr.startswith("lammps_runs_to_json: "),
              f"{why}: one line, got {p.stderr!r}")

for f in failures:
    print("FAIL:", f)
sys.exit(1 if failures else 0)
