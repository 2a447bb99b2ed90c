#!/usr/bin/env python3
"""Turns stand-alone LAMMPS runs of md_bench states into Google Benchmark JSON rows, merged with
md_bench's own JSON, so `compare --filters` can put them side by side.

    lammps_runs_to_json.py --inputs DIR --label lammps-np2 --out merged.json [md_bench.json ...]

DIR is what `md_bench --md_lammps_inputs=DIR` wrote (index.tsv and one folder per state); every
folder's log-*.lammps is one repetition. Each log's last "Loop time of T on P procs for S steps
with M atoms" line (the timed `run ${steps}`) becomes the row <Peer name>/<label>/manual_time with
the time per step, the rates md_bench reports and the phase split of LAMMPS's timer. A log whose
atom count differs from the state's (atoms lost: the run blew up) becomes an error row.
Standard library only. Exit 0, or 2 with one line on stderr for bad input.
"""
import argparse
import glob
import json
import os
import re
import sys

LOOP = re.compile(r"^Loop time of (\S+) on (\d+) procs for (\d+) steps with (\d+) atoms")
SECTION = re.compile(r"^(Pair|Bond|Kspace|Neigh|Comm|Output|Modify|Other)\s*\|(.*)$")


class InputError(Exception):
    pass


def parse_log(path):
    """The last run of a LAMMPS log: seconds, procs, steps, atoms and % of time per section."""
    last = None
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            m = LOOP.match(line)
            if m:
                last = {"seconds": float(m.group(1)), "procs": int(m.group(2)),
                        "steps": int(m.group(3)), "atoms": int(m.group(4)), "sections": {}}
                continue
            s = SECTION.match(line)
            if s and last is not None:
                cells = [c.strip() for c in s.group(2).split("|")]
                if cells and cells[-1]:
                    last["sections"][s.group(1)] = float(cells[-1]) / 100.0
    if last is None:
        raise InputError(f"{path}: no 'Loop time of ...' line (did LAMMPS finish the run?)")
    if last["steps"] <= 0 or not last["seconds"] > 0:
        raise InputError(f"{path}: the timed run has no steps or no time")
    return last


def row(name, run, atoms, index, count):
    per_step = run["seconds"] / run["steps"]
    r = {"name": name, "family_index": 0, "per_family_instance_index": 0, "run_name": name,
         "run_type": "iteration", "repetitions": count, "repetition_index": index, "threads": 1,
         "iterations": run["steps"], "real_time": per_step * 1e6, "cpu_time": per_step * 1e6,
         "time_unit": "us"}
    if run["atoms"] != atoms:
        r["error_occurred"] = True
        r["error_message"] = f"LAMMPS has {run['atoms']} atoms, the state {atoms} (atoms lost)"
        return r
    sec = run["sections"]
    force = sec.get("Pair", 0.0) + sec.get("Bond", 0.0) + sec.get("Kspace", 0.0)
    neigh = sec.get("Neigh", 0.0)
    integrate = sec.get("Modify", 0.0)
    r.update({"natoms": atoms, "replicas": 1, "worker_threads": run["procs"],
              "steps_per_s": 1.0 / per_step, "atom_steps_per_s": atoms / per_step, "us_per_atom": per_step * 1e6 / atoms,
              "frac_force": force, "frac_neigh": neigh, "frac_integrate": integrate,
              "frac_other": max(0.0, 1.0 - force - neigh - integrate) if sec else 0.0})
    return r


def lammps_rows(inputs, label):
    index = os.path.join(inputs, "index.tsv")
    try:
        with open(index, encoding="utf-8") as f:
            lines = [l.rstrip("\n") for l in f if l.strip()]
    except OSError as e:
        raise InputError(f"{index}: {e.strerror}")
    rows = []
    for line in lines:
        parts = line.split("\t")
        if len(parts) != 3 or not parts[2].isdigit():
            raise InputError(f"{index}: bad line '{line}' (folder, Peer name, atoms)")
        folder, peer, atoms = parts[0], parts[1], int(parts[2])
        logs = sorted(glob.glob(os.path.join(inputs, folder, "log-*.lammps")))
        if not logs:
            raise InputError(f"{os.path.join(inputs, folder)}: no log-*.lammps")
        name = f"{peer}/{label}/manual_time"
        for k, log in enumerate(logs):
            rows.append(row(name, parse_log(log), atoms, k, len(logs)))
    return rows


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--inputs", required=True, help="md_bench --md_lammps_inputs folder")
    p.add_argument("--label", required=True, help="backend part of the row names, e.g. lammps-np2")
    p.add_argument("--out", required=True, help="merged Google Benchmark JSON to write")
    p.add_argument("md_bench_json", nargs="*", help="md_bench --benchmark_out files to merge")
    args = p.parse_args(argv)
    try:
        if not re.fullmatch(r"[A-Za-z0-9_.-]+", args.label):
            raise InputError(f"--label '{args.label}': letters, digits, '.', '_' and '-' only")
        context, benchmarks = {}, []
        for path in args.md_bench_json:
            try:
                with open(path, encoding="utf-8") as f:
                    doc = json.load(f)
            except (OSError, ValueError) as e:
                raise InputError(f"{path}: not readable Google Benchmark JSON ({e})")
            if not isinstance(doc, dict) or not isinstance(doc.get("benchmarks"), list):
                raise InputError(f"{path}: no 'benchmarks' array")
            context = context or doc.get("context", {})
            benchmarks.extend(doc["benchmarks"])
        benchmarks.extend(lammps_rows(args.inputs, args.label))
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"context": context, "benchmarks": benchmarks}, f, indent=1)
    except InputError as e:
        print(f"lammps_runs_to_json: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"lammps_runs_to_json: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
