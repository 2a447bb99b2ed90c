#!/usr/bin/python3
"""Checks that the GitHub workflows parse and that every repo script they call exists and parses.

    /usr/bin/python3 tests/ci/check_workflows.py REPO_ROOT

No workflow runs outside GitHub, so a typo in one (or a renamed script) would otherwise only
show up as a red CI run after the push. Checked:

- every .github/workflows/*.yml / *.yaml loads (yaml.safe_load) and has triggers and jobs, and
  every job has steps;
- every `run:` step's repo scripts (`bash ci/x.sh`, `bash .ci/run`, `ci/x.sh ...`) exist and, when
  they are shell scripts, pass `bash -n`; one run directly must be executable;
- a job in a container installs git before actions/checkout (without git, checkout downloads a
  tarball with no .git) and the containers are debian:12;
- every workflow declares `permissions:` (least privilege, never write-all) and, unless it only
  follows another workflow, `concurrency:`; every step that runs a script has a time limit
  (`timeout-minutes` on the step or its job); a container job that checks out marks the workspace
  safe for git (else builds record revision `unknown`);
- ci.yml runs .ci/run; bench-gate.yml runs on pull_request, checks out the full history, runs
  ci/bench_gate.sh and uploads its results and md_report's report.html even when the gate fails
  (`if: always()`); bench-comment.yml follows bench-gate (workflow_run) and may write to PRs;
- every ci/*.sh and .ci/run passes `bash -n`, and the files they `source` exist.

Exits 0 when all holds, 1 with one line per problem otherwise, 2 on bad usage. Needs PyYAML
(Debian: python3-yaml), hence Debian's /usr/bin/python3.
"""

import os
import re
import subprocess
import sys

try:
    import yaml
except ImportError:
    print("check_workflows: PyYAML is missing (Debian: apt-get install python3-yaml; run with "
          "/usr/bin/python3)", file=sys.stderr)
    sys.exit(2)

CONTAINER = "debian:12"
# A repo script named in a shell command: ci/... or .ci/..., optionally ./-prefixed, at the start
# of a word (so results/ci/... or tests/ci/... do not count).
SCRIPT_RE = re.compile(r"(?:^|[\s;&|(`])(?:\./)?(\.?ci/[A-Za-z0-9_./-]*[A-Za-z0-9_])")
SOURCE_RE = re.compile(r"^\s*(?:source|\.)\s+[\"']?((?:\./)?\.?ci/[A-Za-z0-9_./-]+)", re.M)


class Checker:
    def __init__(self, root):
        self.root = root
        self.problems = []
        self.checked = []

    def fail(self, where, msg):
        self.problems.append(f"{where}: {msg}")

    def note(self, what):
        self.checked.append(what)

    def path(self, rel):
        return os.path.join(self.root, rel)

    # --- shell scripts -----------------------------------------------------------------------

    def is_shell(self, rel):
        if rel.endswith(".sh"):
            return True
        try:
            with open(self.path(rel), "rb") as f:
                first = f.readline()
        except OSError:
            return False
        return first.startswith(b"#!") and (b"bash" in first or first.rstrip().endswith(b"/sh"))

    def bash_n(self, rel, where):
        r = subprocess.run(["bash", "-n", self.path(rel)], capture_output=True, text=True)
        if r.returncode != 0:
            err = " ".join(r.stderr.strip().splitlines()[:3])
            self.fail(where, f"{rel} does not parse (bash -n): {err}")
            return False
        return True

    def check_script(self, rel, where, direct):
        if not os.path.isfile(self.path(rel)):
            self.fail(where, f"calls {rel}, which does not exist")
            return
        if direct and not os.access(self.path(rel), os.X_OK):
            self.fail(where, f"runs {rel} directly but it is not executable")
        if self.is_shell(rel):
            self.bash_n(rel, where)
        self.note(f"{where}: {rel} exists" + (", bash -n ok" if self.is_shell(rel) else ""))

    def check_ci_scripts(self):
        scripts = []
        ci = self.path("ci")
        if os.path.isdir(ci):
            scripts += sorted("ci/" + n for n in os.listdir(ci) if n.endswith(".sh"))
        scripts.append(".ci/run")
        for rel in scripts:
            if not os.path.isfile(self.path(rel)):
                self.fail(rel, "missing")
                continue
            ok = self.bash_n(rel, rel)
            with open(self.path(rel), encoding="utf-8") as f:
                text = f.read()
            for src in SOURCE_RE.findall(text):
                src = src.removeprefix("./")
                if not os.path.isfile(self.path(src)):
                    self.fail(rel, f"sources {src}, which does not exist")
            if ok:
                self.note(f"{rel}: bash -n ok")

    # --- workflows ---------------------------------------------------------------------------

    def load(self, rel):
        try:
            with open(self.path(rel), encoding="utf-8") as f:
                doc = yaml.safe_load(f)
        except (OSError, yaml.YAMLError) as e:
            self.fail(rel, f"does not load as YAML: {' '.join(str(e).split())}")
            return None
        if not isinstance(doc, dict):
            self.fail(rel, "is not a mapping at the top level")
            return None
        return doc

    @staticmethod
    def triggers(doc):
        # YAML 1.1 (PyYAML) reads the bare key `on` as the boolean True.
        on = doc.get("on", doc.get(True))
        if isinstance(on, str):
            return {on: None}
        if isinstance(on, list):
            return {t: None for t in on}
        return on if isinstance(on, dict) else {}

    @staticmethod
    def image(job):
        c = job.get("container")
        return c.get("image") if isinstance(c, dict) else c

    @staticmethod
    def runs(job):
        return [s["run"] for s in job.get("steps") or [] if isinstance(s, dict) and "run" in s]

    def check_workflow(self, rel, doc):
        triggers = self.triggers(doc)
        if not triggers:
            self.fail(rel, "has no triggers (`on:`)")
        perms = doc.get("permissions")
        if perms is None:
            self.fail(rel, "declares no `permissions:` (the token would get the repo's default)")
        elif perms == "write-all" or (isinstance(perms, dict) and
                                      list(perms.values()).count("write") > 1):
            self.fail(rel, f"asks for broad write permissions: {perms!r}")
        if "workflow_run" not in triggers and "concurrency" not in doc:
            self.fail(rel, "has no `concurrency:` (a new push should cancel the old run)")
        jobs = doc.get("jobs")
        if not isinstance(jobs, dict) or not jobs:
            self.fail(rel, "has no jobs")
            return
        for name, job in jobs.items():
            where = f"{rel}: job {name}"
            if not isinstance(job, dict):
                self.fail(where, "is not a mapping")
                continue
            steps = job.get("steps")
            if not isinstance(steps, list) or not steps:
                self.fail(where, "has no steps")
                continue
            if "container" in job:
                if self.image(job) != CONTAINER:
                    self.fail(where, f"runs in container {self.image(job)!r}, not {CONTAINER}")
                self.check_git_before_checkout(where, steps)
                if any(str(s.get("uses", "")).startswith("actions/checkout") for s in steps
                       if isinstance(s, dict)) and not any(
                           "safe.directory" in r for r in self.runs(job)):
                    self.fail(where, "checks out in a container without marking the workspace "
                              "safe (git config --global --add safe.directory)")
            if "timeout-minutes" not in job:
                for i, step in enumerate(steps, 1):
                    if isinstance(step, dict) and "run" in step and SCRIPT_RE.search(
                            str(step["run"])) and "timeout-minutes" not in step:
                        self.fail(where, f"step {i} runs a script without a time limit")
            for i, step in enumerate(steps, 1):
                if not isinstance(step, dict):
                    self.fail(where, f"step {i} is not a mapping")
                    continue
                if "run" not in step and "uses" not in step:
                    self.fail(where, f"step {i} has neither run nor uses")
                if "run" in step:
                    self.check_run(f"{where} step {i}", str(step["run"]))
            self.note(f"{where}: {len(steps)} steps"
                      + (f", container {self.image(job)}" if "container" in job else ""))

    def check_run(self, where, cmd):
        for m in SCRIPT_RE.finditer(cmd):
            rel = m.group(1)
            before = cmd[:m.start(1)].rstrip()
            if before.endswith("./"):
                before = before[:-2].rstrip()
            via_shell = re.search(r"(?:^|\s)(?:bash|sh|source|\.)$", before) is not None
            self.check_script(rel, where, direct=not via_shell)

    def check_git_before_checkout(self, where, steps):
        for step in steps:
            if not isinstance(step, dict):
                continue
            if str(step.get("uses", "")).startswith("actions/checkout"):
                self.fail(where, "runs actions/checkout in a container before installing git "
                          "(it would fetch a tarball without .git)")
                return
            run = str(step.get("run", ""))
            if re.search(r"apt-get\s+install\b[^\n]*(?:\\\n[^\n]*)*\bgit\b", run):
                self.note(f"{where}: git installed before checkout")
                return

    def absent(self, rel):
        # One that exists but did not load has been reported already.
        if not os.path.isfile(self.path(rel)):
            self.fail(rel, "missing")

    def check_specific(self, docs):
        ci = docs.get(".github/workflows/ci.yml")
        if ci is None:
            self.absent(".github/workflows/ci.yml")
        else:
            if not any(re.search(r"(?:^|\s)(?:bash\s+)?(?:\./)?\.ci/run\b", r)
                       for job in (ci.get("jobs") or {}).values() if isinstance(job, dict)
                       for r in self.runs(job)):
                self.fail(".github/workflows/ci.yml", "does not run .ci/run")
            else:
                self.note(".github/workflows/ci.yml: runs .ci/run")
        gate = docs.get(".github/workflows/bench-gate.yml")
        rel = ".github/workflows/bench-gate.yml"
        if gate is None:
            self.absent(rel)
            return
        if "pull_request" not in self.triggers(gate):
            self.fail(rel, "is not triggered by pull_request")
        jobs = [j for j in (gate.get("jobs") or {}).values() if isinstance(j, dict)]
        gate_jobs = [j for j in jobs if any("ci/bench_gate.sh" in r for r in self.runs(j))]
        if not gate_jobs:
            self.fail(rel, "does not run ci/bench_gate.sh")
            return
        for job in gate_jobs:
            steps = [s for s in job.get("steps") or [] if isinstance(s, dict)]
            checkout = [s for s in steps if str(s.get("uses", "")).startswith("actions/checkout")]
            if not checkout or str((checkout[0].get("with") or {}).get("fetch-depth")) != "0":
                self.fail(rel, "checks out without fetch-depth: 0 (the base revision is needed)")
            upload = [s for s in steps
                      if str(s.get("uses", "")).startswith("actions/upload-artifact")]
            if not upload:
                self.fail(rel, "uploads no artifact with the gate's results")
            elif not any("always()" in str(s.get("if", "")) for s in upload):
                self.fail(rel, "uploads its results only when the gate passes (needs "
                          "`if: always()`)")
            elif not any("report.html" in str((s.get("with") or {}).get("path", ""))
                         and "always()" in str(s.get("if", "")) for s in upload):
                self.fail(rel, "does not upload md_report's report.html (with `if: always()`)")
        self.note(f"{rel}: pull_request, fetch-depth 0, runs ci/bench_gate.sh, uploads results "
                  "and report.html always")
        rel = ".github/workflows/bench-comment.yml"
        comment = docs.get(rel)
        if comment is None:
            self.absent(rel)
            return
        run = (self.triggers(comment) or {}).get("workflow_run") or {}
        if "bench-gate" not in (run.get("workflows") or []):
            self.fail(rel, "does not follow the bench-gate workflow (workflow_run)")
        if (comment.get("permissions") or {}).get("pull-requests") != "write":
            self.fail(rel, "cannot write PR comments (permissions: pull-requests: write)")
        self.note(f"{rel}: follows bench-gate, may comment on PRs")

    def run(self):
        wf_dir = self.path(".github/workflows")
        names = sorted(n for n in os.listdir(wf_dir) if n.endswith((".yml", ".yaml"))) \
            if os.path.isdir(wf_dir) else []
        if not names:
            self.fail(".github/workflows", "holds no workflows")
        docs = {}
        for n in names:
            rel = f".github/workflows/{n}"
            doc = self.load(rel)
            if doc is not None:
                docs[rel] = doc
                self.check_workflow(rel, doc)
        self.check_specific(docs)
        self.check_ci_scripts()


def main(argv):
    if len(argv) != 2 or not os.path.isdir(argv[1]):
        print("usage: check_workflows.py REPO_ROOT", file=sys.stderr)
        return 2
    c = Checker(os.path.abspath(argv[1]))
    c.run()
    for line in c.checked:
        print("ok:", line)
    if c.problems:
        for p in c.problems:
            print("FAIL:", p, file=sys.stderr)
        print(f"check_workflows: {len(c.problems)} problem(s)", file=sys.stderr)
        return 1
    print(f"check_workflows: all {len(c.checked)} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
