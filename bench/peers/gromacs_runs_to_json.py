#!/usr/bin/env python3
"""Turns `gmx mdrun` runs of md_bench states into Google Benchmark JSON rows, merged with
md_bench's own JSON (so `compare --filters` can pair them), and prints the ratios with
GROMACS's own cycle split as a Markdown table.

    gromacs_runs_to_json.py --inputs DIR --out merged.json [--table FILE] [md_bench.json ...]

DIR is what `md_bench --md_gromacs_inputs=DIR` wrote (index.tsv and one folder per state); in a
state's folder every <label>-<r>.log (label `gromacs` for `-nt 1`, `gromacs-nt<N>` for `-nt N`)
is one repetition, run with -resethway: its cycle-accounting table covers the second half. Each
becomes the row Peer/<ENS>/<N>/<case>/<label>/manual_time with the time per step (Total wall
time over the Force call count), the rates md_bench reports, and frac_force (Force + NB X/F
buffer ops.), frac_neigh (Neighbor search), frac_integrate (Update). The table pairs
gromacs with md_bench's cpu and cpu-mixed rows and gromacs-nt<N> with cpu-t<N>: medians, their
ratio (> 1: md_bench is faster), GROMACS's split in per cent of its step and md_bench's.
Standard library only. Exit 0, or 2 with one line on stderr for bad input.
"""
import argparse
import glob
import json
import os
import re
import statistics
import sys

TABLE = re.compile(r"^\s*R E A L   C Y C L E   A N D   T I M E   A C C O U N T I N G")
# " Neighbor search        1    1          3       0.106          0.276  15.7"; Rest has no
# rank, thread or count columns.
SECTION = re.compile(r"^ (\S.*?)\s{2,}(?:(\d+)\s+(\d+)\s+(\d+)\s+)?([\d.]+)\s+([\d.]+)\s+([\d.]+)$")
LABEL = re.compile(r"^(gromacs(?:-nt(\d+))?)-(\d+)\.log$")


class InputError(Exception):
    pass


def parse_log(path):
    """The cycle-accounting table of a GROMACS log: wall seconds, steps, threads, % per section."""
    sections, total, steps, ranks_threads = {}, None, None, None
    inside = False
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            if TABLE.match(line):
                inside, sections = True, {}
                continue
            if not inside:
                continue
            m = SECTION.match(line.rstrip("\n"))
            if not m:
                if line.startswith("               Core t (s)"):
                    inside = False
                continue
            name, seconds, percent = m.group(1).strip(), float(m.group(5)), float(m.group(7))
            if name == "Total":
                total = seconds
                continue
            sections[name] = percent / 100.0
            if name == "Force" and m.group(4):
                ranks_threads = int(m.group(2)) * int(m.group(3))
                steps = int(m.group(4))
    if total is None or steps is None:
        raise InputError(f"{path}: no cycle-accounting table with a Force line "
                         "(did mdrun finish?)")
    if steps <= 0 or not total > 0:
        raise InputError(f"{path}: the timed half has no steps or no time")
    return {"seconds": total, "steps": steps, "threads": ranks_threads, "sections": sections}


def row(name, run, atoms, index, count):
    per_step = run["seconds"] / run["steps"]
    sec = run["sections"]
    force = sec.get("Force", 0.0) + sec.get("NB X/F buffer ops.", 0.0)
    neigh = sec.get("Neighbor search", 0.0)
    integrate = sec.get("Update", 0.0)
    return {"name": name, "family_index": 0, "per_family_instance_index": 0, "run_name": name,
            "run_type": "iteration", "repetitions": count, "repetition_index": index,
            "threads": 1, "iterations": run["steps"], "real_time": per_step * 1e6,
            "cpu_time": per_step * 1e6, "time_unit": "us", "natoms": atoms, "replicas": 1,
            "worker_threads": run["threads"], "steps_per_s": 1.0 / per_step,
            "atom_steps_per_s": atoms / per_step, "us_per_atom": per_step * 1e6 / atoms,
            "frac_force": force, "frac_neigh": neigh, "frac_integrate": integrate,
            "frac_other": max(0.0, 1.0 - force - neigh - integrate)}


def read_index(inputs):
    index = os.path.join(inputs, "index.tsv")
    try:
        with open(index, encoding="utf-8") as f:
            lines = [l.rstrip("\n") for l in f if l.strip()]
    except OSError as e:
        raise InputError(f"{index}: {e.strerror}")
    states = []
    for line in lines:
        parts = line.split("\t")
        if len(parts) != 4 or not parts[2].isdigit() or not parts[1].startswith("Step/"):
            raise InputError(f"{index}: bad line '{line}' (folder, Step name, atoms, nstlist)")
        states.append({"folder": parts[0], "step": parts[1], "atoms": int(parts[2])})
    return states


def gromacs_runs(inputs):
    """Per state and label, the parsed logs in repetition order."""
    runs = []
    for state in read_index(inputs):
        by_label = {}
        for path in glob.glob(os.path.join(inputs, state["folder"], "*.log")):
            m = LABEL.match(os.path.basename(path))
            if m:
                by_label.setdefault(m.group(1), []).append((int(m.group(3)), path))
        if not by_label:
            raise InputError(f"{os.path.join(inputs, state['folder'])}: no gromacs-<r>.log")
        for label, logs in sorted(by_label.items()):
            runs.append((state, label, [parse_log(p) for _, p in sorted(logs)]))
    return runs


def median_us(benchmarks, name):
    times = [b["real_time"] * {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[b.get("time_unit", "us")]
             for b in benchmarks
             if b.get("name") == name and b.get("run_type") == "iteration"
             and not b.get("error_occurred")]
    return statistics.median(times) if times else None


def median_split(benchmarks, name):
    """md_bench's frac_neigh / frac_force / frac_integrate / frac_other, medians in per cent."""
    rows = [b for b in benchmarks if b.get("name") == name and b.get("run_type") == "iteration"
            and not b.get("error_occurred")]
    keys = ("frac_neigh", "frac_force", "frac_integrate", "frac_other")
    if not rows or any(k not in rows[0] for k in keys):
        return "-"
    return " / ".join(f"{100 * statistics.median(r[k] for r in rows):.1f}" for k in keys)


def fmt_time(us):
    if us is None:
        return "-"
    return f"{us / 1000:.3f} ms" if us >= 1000 else f"{us:.1f} µs"


def ratio(theirs, ours):
    return f"**{theirs / ours:.2f}×**" if theirs and ours else "-"


def table(runs, benchmarks):
    """Markdown: one line per state and GROMACS label, against the md_bench rows it pairs with."""
    out = ["| state | GROMACS | ms/step (median) | md_bench row | ms/step | GROMACS / md_bench "
           "| GROMACS's split: search / force / NB X/F buffers / update / rest (%) "
           "| md_bench's split: neigh / force / integrate / other (%) |",
           "|---|---|---|---|---|---|---|---|"]
    for state, label, logs in runs:
        peer = "Peer" + state["step"][4:] + f"/{label}/manual_time"
        theirs = median_us(benchmarks, peer)
        threads = re.search(r"-nt(\d+)$", label)
        ours = ([f"cpu-t{threads.group(1)}", f"cpu-mixed-t{threads.group(1)}"] if threads
                else ["cpu", "cpu-mixed"])
        split = []
        for key in ("Neighbor search", "Force", "NB X/F buffer ops.", "Update", "Rest"):
            split.append(f"{100 * statistics.median(l['sections'].get(key, 0.0) for l in logs):.1f}")
        for backend in ours:
            name = f"{state['step']}/{backend}/manual_time"
            mine = median_us(benchmarks, name)
            out.append(f"| {state['folder']} | {label} (×{len(logs)}) | {fmt_time(theirs)} | "
                       f"{backend} | {fmt_time(mine)} | {ratio(theirs, mine)} | "
                       f"{' / '.join(split)} | {median_split(benchmarks, name)} |")
    return "\n".join(out) + "\n"


def main(argv):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--inputs", required=True, help="md_bench --md_gromacs_inputs folder")
    p.add_argument("--out", required=True, help="merged Google Benchmark JSON to write")
    p.add_argument("--table", help="Markdown table of the ratios to write ('-': stdout)")
    p.add_argument("md_bench_json", nargs="*", help="md_bench --benchmark_out files to merge")
    args = p.parse_args(argv)
    try:
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
        runs = gromacs_runs(args.inputs)
        for state, label, logs in runs:
            name = "Peer" + state["step"][4:] + f"/{label}/manual_time"
            for k, run in enumerate(logs):
                benchmarks.append(row(name, run, state["atoms"], k, len(logs)))
        with open(args.out, "w", encoding="utf-8") as f:
            json.dump({"context": context, "benchmarks": benchmarks}, f, indent=1)
        if args.table:
            text = table(runs, benchmarks)
            if args.table == "-":
                sys.stdout.write(text)
            else:
                with open(args.table, "w", encoding="utf-8") as f:
                    f.write(text)
    except (InputError, OSError) as e:
        print(f"gromacs_runs_to_json: {e}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
