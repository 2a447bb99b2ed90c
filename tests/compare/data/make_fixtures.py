#!/usr/bin/env python3
"""Writes the hand-made compare fixtures (Google Benchmark 1.7.1 layout) into this directory.

Deterministic (seeded), stdlib only: `python3 make_fixtures.py` rewrites the same files. Each
fixture is a small, readable case for one behaviour of compare; md_bench_real.json is real md_bench
output and is not written here.
"""
import json
import os
import random

HERE = os.path.dirname(os.path.abspath(__file__))
REPS = 10
CONTEXT = {
    "date": "2026-11-22T10:00:00+00:00",
    "host_name": "bench-node-07",
    "executable": "./build/bench/md_bench",
    "num_cpus": 2,
    "mhz_per_cpu": 2596,
    "cpu_scaling_enabled": False,
    "library_build_type": "release",
    "mdbench_schema": "1",
    "mdbench_build_type": "Release",
    "mdbench_compiler": "gcc 12.2.0",
    "mdbench_cpu_model": "AMD EPYC 9R14 96-Core Processor",
    "mdbench_isa": "compiled: avx2 fma; cpu: avx512f avx2 fma",
    "mdbench_hardware_threads": "2",
    "mdbench_cuda_built": "no",
    "mdbench_cuda_available": "no",
    "mdbench_gpu": "none",
}

# name -> (real time per iteration in us, atoms, replicas); Trajectory rows carry energy_drift.
BENCHMARKS = {
    "Step/NVE/64/lj-ar/cpu/manual_time": (12.0, 64, 1),
    "Trajectory/NVE/64/lj-ar/cpu/manual_time": (11700.0, 64, 1),
    "Step/NVE/256/lj-ar/cpu/manual_time": (45.0, 256, 1),
    "Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time": (13.0, 64, 2),
}


def row(name, family, rep, real_us, atoms, replicas, **extra):
    steps = 1000 if name.startswith("Trajectory") else 1
    step_us = real_us / steps
    counters = {
        "natoms": atoms,
        "replicas": replicas,
        "worker_threads": min(replicas, 2),
        "us_per_atom": step_us / (atoms * replicas),
        "atom_steps_per_s": atoms * replicas / (step_us * 1e-6),
        "steps_per_s": 1 / (step_us * 1e-6),
        "p50_us": step_us * 0.98,
        "p95_us": step_us * 1.3,
        "p99_us": step_us * 1.6,
        "mem_delta_MB": 0.0,
        "allocs_per_step": 0.0,
        "frac_force": 0.6,
    }
    counters.update(extra)
    r = {
        "name": name,
        "family_index": family,
        "per_family_instance_index": 0,
        "run_name": name,
        "run_type": "iteration",
        "repetitions": REPS,
        "repetition_index": rep,
        "threads": 1,
        "iterations": max(1, int(1e5 / real_us)),
        "real_time": real_us,
        "cpu_time": real_us * 1.001,
        "time_unit": "us",
    }
    r.update(counters)
    return r


def aggregates(rows):
    """mean and median rows as Google Benchmark writes them after the repetitions."""
    out = []
    for agg in ("mean", "median"):
        a = dict(rows[0])
        a["name"] = rows[0]["name"] + "_" + agg
        a["run_type"] = "aggregate"
        a["aggregate_name"] = agg
        a["aggregate_unit"] = "time"
        del a["repetition_index"]
        a["iterations"] = len(rows)
        for key in ("real_time", "cpu_time", "us_per_atom"):
            values = sorted(r[key] for r in rows)
            a[key] = sum(values) / len(values) if agg == "mean" else values[len(values) // 2]
        out.append(a)
    return out


def suite(seed, scale=None, drift=1e-3, reps=REPS, skip=(), add=(), extra=None, with_aggregates=True):
    """One md_bench-like file: every benchmark, `reps` repetitions with +-1 % uniform noise."""
    rng = random.Random(seed)
    scale = scale or {}
    extra = extra or {}
    rows = []
    names = [n for n in BENCHMARKS if n not in skip] + list(add)
    for family, name in enumerate(names):
        base, atoms, replicas = BENCHMARKS.get(name, (90.0, 512, 1))
        reps_rows = []
        for rep in range(reps):
            real = base * scale.get(name, 1.0) * (1 + rng.uniform(-0.01, 0.01))
            kw = dict(extra.get(name, {}))
            if name.startswith("Trajectory") and "energy_drift" not in kw:
                kw["energy_drift"] = rng.gauss(0, drift)
            r = row(name, family, rep, real, atoms, replicas, **kw)
            r["repetitions"] = reps
            reps_rows.append(r)
        rows += reps_rows
        if with_aggregates:
            rows += aggregates(reps_rows)
    return {"context": CONTEXT, "benchmarks": rows}


def accuracy_run():
    """Students against their teachers (md_report's accuracy chart): two teachers at 64 atoms,
    a KIM port whose errors are 0 and 1e-7, and a 256-atom student whose teacher did not run at
    that size. Three repetitions; the middle one of c-nn-student's force_rmse is an outlier, so the
    median (0.12) and the mean (0.24) differ, and aggregate rows are written as md_bench does."""
    teachers = "c-nn-student:c-dunn,c-dunn-kim:c-dunn,si-nn-student:si-nn-teacher"
    # name -> (us per step, atoms, {counter: per-repetition values})
    models = {
        "Step/NVE/64/c-dunn/cpu/manual_time": (640.0, 64, {}),
        "Step/NVE/64/c-nn-student/cpu/manual_time":
            (64.0, 64, {"energy_mae": [4.0, 4.2, 4.1], "force_rmse": [0.12, 0.5, 0.11]}),
        "Step/NVE/64/c-dunn-kim/cpu/manual_time":
            (1280.0, 64, {"energy_mae": [0.0] * 3, "force_rmse": [1e-7] * 3}),
        "Step/NVE/64/si-nn-teacher/cpu/manual_time": (1100.0, 64, {}),
        "Step/NVE/64/si-nn-student/cpu/manual_time":
            (55.0, 64, {"energy_mae": [2.5] * 3, "force_rmse": [0.08] * 3}),
        "Step/NVE/64/lj-ar/cpu/manual_time": (12.0, 64, {}),
        "Step/NVE/256/c-nn-student/cpu/manual_time":
            (230.0, 256, {"energy_mae": [4.1] * 3, "force_rmse": [0.12] * 3}),
    }
    rows = []
    for family, (name, (us, atoms, accuracy)) in enumerate(models.items()):
        reps = []
        for rep in range(3):
            extra = {k: v[rep] for k, v in accuracy.items()}
            r = row(name, family, rep, us * (1 + 0.01 * (rep - 1)), atoms, 1, **extra)
            r["repetitions"] = 3
            reps.append(r)
        rows += reps + aggregates(reps)
    return {"context": dict(CONTEXT, mdbench_teachers=teachers), "benchmarks": rows}


def write(name, doc):
    with open(os.path.join(HERE, name), "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")


def main():
    step64 = "Step/NVE/64/lj-ar/cpu/manual_time"
    traj64 = "Trajectory/NVE/64/lj-ar/cpu/manual_time"
    write("base.json", suite(1))
    write("base_rerun.json", suite(2))  # same distributions, other noise
    write("slow20.json", suite(3, scale={step64: 1.2}))
    write("change2.json", suite(4, scale={n: 1.02 for n in BENCHMARKS}))
    write("drift.json", suite(5, extra={traj64: {"energy_drift": 0.2}}))
    write("allocs.json", suite(6, extra={step64: {"allocs_per_step": 3.0}}))
    write("renamed.json", suite(7, skip=("Batched/NVE/64/lj-ar/cpu/replicas:2/manual_time",),
                                add=("Step/NVE/512/lj-ar/cpu/manual_time",)))
    write("size_mismatch.json", suite(8, extra={step64: {"natoms": 108}}))
    write("reps3_base.json", suite(9, reps=3))
    write("reps3_slow.json", suite(10, reps=3, scale={step64: 1.2}))
    agg = suite(11)
    agg["benchmarks"] = [b for b in agg["benchmarks"] if b["run_type"] == "aggregate"]
    write("aggregates_only.json", agg)

    errors = suite(12)
    for b in errors["benchmarks"]:
        if b["run_name"] == "Step/NVE/256/lj-ar/cpu/manual_time" and b["run_type"] == "iteration":
            b["error_occurred"] = True
            b["error_message"] = "blow-up: non-finite positions at step 412"
    errors["benchmarks"] = [b for b in errors["benchmarks"]
                            if not (b["run_type"] == "aggregate" and b["run_name"].startswith("Step/NVE/256"))]
    write("errors.json", errors)

    # Bimodal timings (a frequency-scaling machine): the median moves by 39 % yet the samples
    # overlap so much that the U test finds nothing (exact p = 0.19).
    noisy = {"old": [100, 140, 95, 150, 98, 145, 102, 138, 97, 99],
             "new": [101, 151, 96, 153, 99.5, 147, 104, 142, 141, 139]}
    for side, times in noisy.items():
        rows = [row(step64, 0, i, t, 64, 1) for i, t in enumerate(times)]
        write("noisy_%s.json" % side, {"context": CONTEXT, "benchmarks": rows})

    # --filters: a teacher and a ten times cheaper student at two sizes.
    rng = random.Random(13)
    rows = []
    for family, (model, us) in enumerate((("nn-teacher", 2000.0), ("nn-student", 180.0))):
        for atoms in (64, 256):
            name = "Step/NVE/%d/%s/cpu/manual_time" % (atoms, model)
            for rep in range(REPS):
                rows.append(row(name, family, rep, us * atoms / 64 * (1 + rng.uniform(-0.01, 0.01)), atoms, 1))
    write("teacher_student.json", {"context": CONTEXT, "benchmarks": rows})

    # --baseline: two stored runs from different machines; the Xeon's times are 3x slower, so
    # picking it for an EPYC run would show up as a large improvement.
    epyc = suite(14)
    xeon = suite(15, scale={n: 3.0 for n in BENCHMARKS})
    xeon["context"] = dict(CONTEXT, mdbench_cpu_model="Intel(R) Xeon(R) Platinum 8480+",
                           host_name="ci-runner")
    write("baselines/epyc.json", epyc)
    write("baselines/xeon.json", xeon)

    write("accuracy_run.json", accuracy_run())

    write("empty_benchmarks.json", {"context": CONTEXT, "benchmarks": []})
    write("not_gbench.json", {"name": "some-package", "version": "1.0.0", "dependencies": {}})
    open(os.path.join(HERE, "empty.json"), "w").close()


if __name__ == "__main__":
    main()
