#!/usr/bin/env python3
"""No cycle between md/'s files: a unit (a header, the .cpp/.cu of the same name, and its
private <name>_impl header, a pimpl's state) that includes another unit must not be included
back by it, directly or through others. Prints each cycle and exits 1 if there is one.
Usage: check_md_cycles.py [ROOT]."""
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "..")
os.chdir(root)
include = re.compile(r'^\s*#\s*include\s+"(md/[^"]+)"', re.M)
edges = {}


def unit_of(path):
    stem = os.path.splitext(path)[0]
    return stem[: -len("_impl")] if stem.endswith("_impl") else stem


for folder, _, files in os.walk("md"):
    for name in files:
        if not name.endswith((".hpp", ".cpp", ".cu", ".cuh")):
            continue
        path = os.path.join(folder, name)
        unit = unit_of(path)
        with open(path, encoding="utf-8") as f:
            targets = {unit_of(t) for t in include.findall(f.read())}
        edges.setdefault(unit, set()).update(t for t in targets if t != unit)

# Tarjan's strongly connected components: a component of more than one unit is a cycle.
index, low, stack, on_stack, cycles, counter = {}, {}, [], set(), [], [0]


def visit(v):
    index[v] = low[v] = counter[0]
    counter[0] += 1
    stack.append(v)
    on_stack.add(v)
    for w in sorted(edges.get(v, ())):
        if w not in index:
            visit(w)
            low[v] = min(low[v], low[w])
        elif w in on_stack:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        component = []
        while True:
            w = stack.pop()
            on_stack.discard(w)
            component.append(w)
            if w == v:
                break
        if len(component) > 1:
            cycles.append(sorted(component))


sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index:
        visit(v)
for c in cycles:
    print("check_md_cycles: these md/ units include each other: " + ", ".join(c), file=sys.stderr)
sys.exit(1 if cycles else 0)
