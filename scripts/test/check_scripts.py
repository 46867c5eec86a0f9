#!/usr/bin/env python3
"""The scripts' layout holds (issue 53, scripts/README.md); make test's "scripts" check.

    scripts/test/check_scripts.py

PASS/FAIL lines and "N passed, M failed"; exit 1 on a failure.  It checks that
 - scripts/ holds only README.md and the flows' folders (flows.FLOWS and lib);
 - every module name is unique across the folders (they share one module path);
 - every script that imports a module of lib or of another flow starts that with the
   one bootstrap line (BOOT below), before its first such import;
 - lib imports only lib; a script imports only lib, its own folder, and the flows it
   names in flows.use(...) calls (before the import); the uses form no cycle;
 - the Makefile's tool variables have the defaults of flows.TOOLS;
 - every path under scripts/ that a tracked file names exists (outside history blocks
   and the records of docs/data/*.json, which keep the paths of their day).
"""
import ast
import glob
import os
import re
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))
import flows  # noqa: E402
import simjobs  # noqa: E402  (Checks)

BOOT = 'sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "lib"))'
ROOT, SCRIPTS = str(flows.ROOT), str(flows.SCRIPTS)
FOLDERS = ("lib",) + flows.FLOWS


def python_files():
    """(folder, path) of every .py under scripts/<folder>/ (not deeper: fixtures)."""
    return [(f, p) for f in FOLDERS for p in sorted(glob.glob(os.path.join(SCRIPTS, f, "*.py")))]


def uses_and_imports(tree):
    """(uses, imports): [(line, flow)] of flows.use("...") calls and [(line, module)] of
    every import statement's top-level module, anywhere in the file."""
    uses, imports = [], []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                and node.func.attr == "use" and isinstance(node.func.value, ast.Name) \
                and node.func.value.id == "flows":
            uses += [(node.lineno, a.value) for a in node.args if isinstance(a, ast.Constant)]
        elif isinstance(node, ast.Import):
            imports += [(node.lineno, a.name.split(".")[0]) for a in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            imports.append((node.lineno, node.module.split(".")[0]))
    return uses, imports


def find_cycle(edges):
    """A cycle of the graph {node: set(nodes)} as a list, or None."""
    state = {}

    def visit(n, path):
        state[n] = 1
        for m in sorted(edges.get(n, ())):
            if state.get(m) == 1:
                return path[path.index(m):] + [m] if m in path else [n, m]
            if m not in state:
                c = visit(m, path + [m])
                if c:
                    return c
        state[n] = 2
        return None
    for n in sorted(edges):
        if n not in state:
            c = visit(n, [n])
            if c:
                return c
    return None


def check_layout(check):
    top = sorted(os.listdir(SCRIPTS))
    extra = [x for x in top if x != "README.md" and x not in FOLDERS and x != "__pycache__"]
    check("scripts/ holds README.md and the folders %s only%s"
          % (" ".join(FOLDERS), " (also: %s)" % " ".join(extra) if extra else ""),
          not extra and "README.md" in top)


def check_imports(check):
    files = python_files()
    where = {}
    for folder, p in files:
        where.setdefault(Path(p).stem, []).append(folder)
    dup = {m: fs for m, fs in where.items() if len(fs) > 1}
    check("every module name is unique across scripts/'s folders%s"
          % ("" if not dup else " (%s)" % ", ".join("%s in %s" % (m, "+".join(f)) for m, f in dup.items())),
          not dup)
    edges, bad = {}, []
    for folder, p in files:
        rel = os.path.relpath(p, ROOT)
        text = open(p).read()
        uses, imports = uses_and_imports(ast.parse(text, p))
        used = {f for _, f in uses}
        edges.setdefault(folder, set()).update(used)
        if folder == "lib" and uses:
            bad.append("%s: lib uses a flow (%s)" % (rel, ", ".join(sorted(used))))
        boot = [i + 1 for i, line in enumerate(text.splitlines()) if line.strip() == BOOT]
        for line, mod in imports:
            if mod not in where:
                continue
            home = where[mod][0]
            if home == folder:
                continue
            if folder == "lib":
                bad.append("%s:%d: lib imports %s (scripts/%s)" % (rel, line, mod, home))
                continue
            if not boot or boot[0] > line:
                bad.append("%s:%d: imports %s (scripts/%s) without the bootstrap line before it"
                           % (rel, line, mod, home))
            if home != "lib" and not any(f == home and ln < line for ln, f in uses):
                bad.append("%s:%d: imports %s of scripts/%s without flows.use(%r) before it"
                           % (rel, line, mod, home, home))
    check("imports: the bootstrap line, lib alone or flows.use() before another flow's "
          "module (%d files)%s" % (len(files), "".join("\n    " + b for b in bad)), not bad)
    cyc = find_cycle(edges)
    check("the flows' uses form no cycle (%s)%s"
          % ("; ".join("%s -> %s" % (f, " ".join(sorted(u))) for f, u in sorted(edges.items()) if u),
             " cycle: " + " -> ".join(cyc) if cyc else ""), not cyc)


def check_tools(check):
    with open(os.path.join(ROOT, "Makefile")) as fh:
        mk = dict(re.findall(r"^([A-Z0-9_]+)\s*\?=\s*(.*?)\s*$", fh.read(), re.M))
    diff = ["%s: Makefile %r, flows.TOOLS %r" % (k, mk.get(k), v)
            for k, v in flows.TOOLS.items() if mk.get(k) != v]
    check("the Makefile's tool variables and flows.TOOLS agree (%s)%s"
          % (" ".join(flows.TOOLS), "".join("\n    " + d for d in diff)), not diff)


PATH_RE = re.compile(r"(?<![\w./-])(?:\.\./)*(scripts/[\w.*/-]*[\w*/])")


def check_paths(check):
    files = subprocess.run(["git", "-C", ROOT, "ls-files"], capture_output=True,
                           text=True, check=True).stdout.split()
    bad, n = [], 0
    for rel in files:
        if rel.startswith("docs/data/") and rel.endswith(".json") and rel != "docs/data/sources.json":
            continue        # records of their run, as written then
        path = os.path.join(ROOT, rel)
        try:
            with open(path) as fh:
                lines = fh.read().split("\n")
        except (UnicodeDecodeError, OSError):
            continue
        hist = False
        for k, line in enumerate(lines):
            if line.strip() == "<!-- history begin -->":
                hist = True
            if not hist:
                for m in PATH_RE.finditer(line):
                    p = m.group(1).rstrip(".")
                    n += 1
                    if not glob.glob(os.path.join(ROOT, p)):
                        bad.append("%s:%d: %s" % (rel, k + 1, p))
            if line.strip() == "<!-- history end -->":
                hist = False
    check("every path under scripts/ that a tracked file names exists (%d named)%s"
          % (n, "".join("\n    " + b for b in bad)), not bad)


def main():
    check = simjobs.Checks()
    check_layout(check)
    check_imports(check)
    check_tools(check)
    check_paths(check)
    return check.summary("scripts")


if __name__ == "__main__":
    sys.exit(main())
