#!/usr/bin/env python3
"""Do two revisions build the same files? A cold `python build.py build --force` of every game and edition
of this repository's project at each revision, then every output file's sha256 compared.

    python bench/compare_outputs.py [BASE [NEW]]      (defaults: e54a399 and HEAD)

Each revision is checked out with `git worktree add` into a temporary folder and built there with its
own code, an empty simulation cache (PNP_CACHE_DIR) and, as its installed metadata, the rules-engine
entry points of its own pyproject.toml (a small dist-info on PYTHONPATH, ahead of this interpreter's
editable install), so a revision that moved the engines still finds them. Prints each file that
differs or exists on one side only, and exits 1 when there is any.
"""
from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def checkout(revision: str, folder: Path) -> Path:
    tree = folder / "tree"
    subprocess.run(["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(tree), revision], check=True)
    return tree


def metadata_for(tree: Path, folder: Path) -> Path:
    """A dist-info that declares the revision's own entry points (importlib.metadata takes the first
    distribution of a name on sys.path)."""
    project = tomllib.loads((tree / "pyproject.toml").read_text())["project"]
    site = folder / "meta"
    info = site / f"pnp_generator-{project['version']}.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: pnp-generator\nVersion: {project['version']}\n")
    lines = []
    for group, points in project.get("entry-points", {}).items():
        lines += [f"[{group}]", *(f"{name} = {value}" for name, value in points.items()), ""]
    (info / "entry_points.txt").write_text("\n".join(lines))
    return site


def build(revision: str, folder: Path) -> tuple[Path, float]:
    """Build everything at ``revision``; the output folder and the seconds it took."""
    tree = checkout(revision, folder)
    site = metadata_for(tree, folder)
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_") and k != "PYTHONPATH"}
    env.update(PYTHONPATH=f"{tree}{os.pathsep}{site}", PNP_PROJECT=str(tree), PNP_CACHE_DIR=str(folder / "cache"),
               CI="1")
    start = time.perf_counter()
    result = subprocess.run([sys.executable, "build.py", "build", "--force"], cwd=tree, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    if result.returncode != 0:
        raise SystemExit(f"{revision}: the build failed ({result.returncode}):\n{result.stderr}")
    return tree / "output", seconds


def digests(folder: Path) -> dict[str, str]:
    return {p.relative_to(folder).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(folder.rglob("*")) if p.is_file()}


def differences(base: dict[str, str], new: dict[str, str]) -> list[str]:
    out = []
    for path in sorted(base.keys() | new.keys()):
        if path not in new:
            out.append(f"only in base: {path}")
        elif path not in base:
            out.append(f"only in new:  {path}")
        elif base[path] != new[path]:
            out.append(f"differs:      {path}")
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("base", nargs="?", default="e54a399")
    parser.add_argument("new", nargs="?", default="HEAD")
    parser.add_argument("--keep", action="store_true", help="keep the checkouts and their outputs")
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="compare-outputs-"))
    trees = []
    try:
        found = {}
        for side, revision in (("base", args.base), ("new", args.new)):
            (work / side).mkdir()
            trees.append(work / side / "tree")
            out, seconds = build(revision, work / side)
            found[side] = digests(out)
            print(f"{side} {revision}: {len(found[side])} files in {seconds:.1f} s")
        diff = differences(found["base"], found["new"])
        print("\n".join(diff) if diff else f"identical: all {len(found['new'])} files have the same sha256")
        return 1 if diff else 0
    finally:
        if not args.keep:
            for tree in trees:
                subprocess.run(["git", "-C", str(ROOT), "worktree", "remove", "--force", str(tree)], check=False)
            shutil.rmtree(work, ignore_errors=True)
        else:
            print(f"kept in {work}")


if __name__ == "__main__":
    sys.exit(main())
