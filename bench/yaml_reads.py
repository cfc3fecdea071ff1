#!/usr/bin/env python3
"""How often a cold `python build.py build --force` reads YAML files and makes `Layouts`, at each revision.

    python bench/yaml_reads.py [REVISION ...]      (default: e54a399 HEAD)

Each revision is checked out as in `compare_outputs.py` and built whole with an empty cache and
PNP_RULEBOOK_GAMES=20 (fewer simulated games: the files read are the same). Every YAML read
(`model.source._read`) and every `Layouts` made is logged from every process of the build (the
workers are forked, so they inherit the counting), and the totals are printed.
"""
from __future__ import annotations

import argparse
import collections
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from compare_outputs import ROOT, checkout, metadata_for

PROBE = """
import os, runpy, sys
import generator.model.source as source
import generator.model.layouts as layouts
log = open(os.environ["READS_LOG"], "a", buffering=1)
read, made = source._read, layouts.Layouts.__init__
def counted_read(path):
    log.write(f"yaml {os.getpid()} {path}\\n")
    return read(path)
def counted_init(self, *args, **kwargs):
    log.write(f"layouts {os.getpid()} {args[-1] if args else ''}\\n")
    return made(self, *args, **kwargs)
source._read, layouts.Layouts.__init__ = counted_read, counted_init
sys.argv = ["build.py", "build", "--force"]
runpy.run_path("build.py", run_name="__main__")
"""


def count(revision: str, folder: Path) -> dict[str, int]:
    tree = checkout(revision, folder)
    site = metadata_for(tree, folder)
    log = folder / "reads.log"
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_") and k != "PYTHONPATH"}
    env.update(PYTHONPATH=f"{tree}{os.pathsep}{site}", PNP_PROJECT=str(tree), PNP_CACHE_DIR=str(folder / "cache"),
               PNP_RULEBOOK_GAMES="20", CI="1", READS_LOG=str(log))
    result = subprocess.run([sys.executable, "-c", PROBE], cwd=tree, env=env, capture_output=True, text=True)
    if result.returncode != 0:
        raise SystemExit(f"{revision}: the build failed:\n{result.stderr}")
    lines = [line.split(" ", 2) for line in log.read_text().splitlines()]
    yaml = [path for kind, _, path in lines if kind == "yaml"]
    main = min(int(pid) for _, pid, _ in lines)
    return {"yaml reads": len(yaml), "distinct yaml files": len(set(yaml)),
            "yaml reads in the main process": sum(1 for k, p, _ in lines if k == "yaml" and int(p) == main),
            "most reads of one file": max(collections.Counter(yaml).values()),
            "Layouts made": sum(1 for k, _, _ in lines if k == "layouts"),
            "processes": len({pid for _, pid, _ in lines})}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revisions", nargs="*", default=["e54a399", "HEAD"])
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="yaml-reads-"))
    try:
        for i, revision in enumerate(args.revisions):
            (work / str(i)).mkdir()
            figures = count(revision, work / str(i))
            print(f"{revision}: " + ", ".join(f"{k} {v}" for k, v in figures.items()), flush=True)
    finally:
        for i in range(len(args.revisions)):
            subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(work / str(i) / "tree")],
                           check=False, capture_output=True)
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
