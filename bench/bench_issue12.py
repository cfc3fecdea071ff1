#!/usr/bin/env python3
"""Every figure of the cold-build issue (#12) in one run, for one or more copies of the project,
interleaved run by run so that a busy machine slows each copy alike.

    python bench/bench_issue12.py [--repo PATH ...] [--runs N] [--cold-runs M] [--json OUT]

Each ``--repo`` (default: this repository) is copied to a temporary folder (build.py, generator/,
components/, layouts/), so its output and simulation cache start empty and nothing of the real
checkout is touched. Rows, each a median over whole ``python`` processes (interpreter start-up
included) with the peak resident memory of the process and its workers:

* cold ``python build.py``: output and cache removed before each run;
* nothing-changed rebuild: ``python build.py`` again;
* one card renamed, rebuild: a Magic Circle card's name changed before each run;
* 36-card sheet build: the 36 Magic Circle cards and backs on Letter sheets (a one-component copy of
  the game), beside ``floor_sheets.py``, bare reportlab drawing the same cards and backs;
* games per second on one core (``engine_rates.py``): Grove greedy, Channeling random and greedy,
  per wall second and per CPU second (the CPU figure is what a quiet machine would show);
* ``--help``; ``validate`` and ``list`` cold (no kept answer: ``PNP_NO_REPLAY=1``) and with the
  answer kept by the run before (generator/build/kept_answers.py; a version without it works it out again).

``--rows TEXT`` (repeatable) measures only the rows whose name holds TEXT, e.g. ``--rows 36-card --rows '`'``.

The machine's load (1-minute average) is printed before and after: wall times on a shared machine
are only comparable between copies measured in the same run.
"""
from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ENGINE_RUNS = {("grove", "greedy"): 300, ("channeling", "random"): 4000, ("channeling", "greedy"): 1500}


def copy_project(repo: Path, into: Path) -> Path:
    into.mkdir(parents=True)
    shutil.copy2(repo / "build.py", into / "build.py")
    for folder in ("generator", "components", "layouts"):
        shutil.copytree(repo / folder, into / folder, ignore=shutil.ignore_patterns("__pycache__", "output"))
    shutil.copytree(HERE, into / "bench", ignore=shutil.ignore_patterns("__pycache__"))
    _one_component_game(into)
    return into


def _one_component_game(root: Path) -> None:
    """``bench36/``: The Channeling 2025 reduced to its 36 Magic Circle cards, for the sheet row."""
    import yaml
    game = root / "bench36" / "bench-36"
    shutil.copytree(root / "components" / "the-channeling", game)
    shutil.rmtree(game / "rules", ignore_errors=True)
    spec = yaml.safe_load((game / "game.yaml").read_text())
    spec.update(id="bench-36", components=[], editions=["2025"], default_edition="2025")
    spec.pop("engine", None)
    (game / "game.yaml").write_text(yaml.safe_dump(spec, sort_keys=False))
    edition = yaml.safe_load((game / "editions" / "2025.yaml").read_text())
    edition["declares"] = [d for d in edition["declares"] if d["component"] == "magic-circle"]
    edition.pop("rules", None)
    (game / "editions" / "2025.yaml").write_text(yaml.safe_dump(edition, sort_keys=False))


def measured(root: Path, argv: list[str], env: dict | None = None) -> dict:
    """One whole process in ``root``: wall seconds, CPU seconds and peak resident MiB (both with the
    worker processes it waited for), and its output."""
    full_env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE", "PNP_CACHE_DIR")}
    full_env.update(CI="1", PYTHONPATH=str(root), **(env or {}))
    with tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen([sys.executable, *argv], cwd=root, env=full_env, stdout=subprocess.PIPE, stderr=err)
        out = proc.stdout.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        if proc.returncode != 0:
            err.seek(0)
            raise SystemExit(f"{root}: {' '.join(argv)} failed:\n{err.read().decode()[-2000:]}")
    return {"wall": wall, "cpu": usage.ru_utime + usage.ru_stime, "peak_mib": usage.ru_maxrss // 1024,
            "stdout": out.decode()}


def rows(root: Path, runs: int, cold_runs: int):
    """(row, index) -> a function timing one run of that row in ``root``."""
    card_file = root / "components" / "the-channeling" / "cards" / "magic-circle-36.yaml"
    original = card_file.read_text() if card_file.exists() else ""

    def cold() -> dict:
        for folder in ("output", ".pnp-cache"):  # outputs, and the caches wherever a version keeps them
            shutil.rmtree(root / folder, ignore_errors=True)
        return measured(root, ["build.py"])

    def rename(i: int):
        def go() -> dict:
            card_file.write_text(original.replace("Hedge Ring", f"Hedge Ring {i + 1}"))
            return measured(root, ["build.py"])
        return go

    def sheets() -> dict:
        shutil.rmtree(root / "out36", ignore_errors=True)  # else a version that skips up-to-date output skips it
        return measured(root, ["build.py", "build", "bench-36", "-e", "2025", "-p", "letter", "--out",
                               str(root / "out36")], {"PNP_COMPONENTS": str(root / "bench36")})

    def quick(command: str, kept: bool):
        """A quick command, with its answer kept from the run before (warm) or worked out (cold)."""
        def go() -> dict:
            if kept:
                measured(root, ["build.py", command])  # keeps the answer, where the version keeps one
                return measured(root, ["build.py", command])
            shutil.rmtree(root / ".pnp-cache" / "simulations" / "commands", ignore_errors=True)
            return measured(root, ["build.py", command], {"PNP_NO_REPLAY": "1"})
        return go

    out: list[tuple[str, int, object]] = []
    for i in range(cold_runs):
        out.append(("cold build", i, cold))
        out.append(("nothing-changed rebuild", i, lambda: measured(root, ["build.py"])))
        out.append(("one card renamed, rebuild", i, rename(i)))
    for i in range(runs):
        out.append(("36-card sheet build", i, sheets))
        out.append(("36-card floor (bare reportlab)", i,
                    lambda: measured(root, ["bench/floor_sheets.py", str(root / "floor.pdf")])))
        out.append(("`--help`", i, lambda: measured(root, ["build.py", "--help"])))
        for command in ("validate", "list"):
            out.append((f"`{command}`, cold", i, quick(command, kept=False)))
            out.append((f"`{command}`, answer kept", i, quick(command, kept=True)))
    for (engine, agent), games in ENGINE_RUNS.items():
        for i in range(max(3, runs // 2)):
            out.append((f"{engine} {agent} games/s", i,
                        lambda e=engine, a=agent, g=games: _rate(measured(root, ["bench/engine_rates.py", e, a, str(g)]))))
    return out


def _rate(result: dict) -> dict:
    figures = json.loads(result["stdout"].strip().splitlines()[-1])
    return {**result, "rate": figures["per_s"], "cpu_rate": figures["per_cpu_s"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--repo", action="append", type=Path)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--json", type=Path)
    parser.add_argument("--rows", action="append", help="only the rows whose name holds this text (repeatable)")
    args = parser.parse_args()
    repos = args.repo or [HERE.parent]
    work = Path(tempfile.mkdtemp(prefix="bench-issue12-"))
    roots = {str(r.resolve()): copy_project(r.resolve(), work / f"{i}-{r.resolve().name}") for i, r in enumerate(repos)}
    print(f"load average at start: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores", flush=True)
    plans = {name: [r for r in rows(root, args.runs, args.cold_runs) if not args.rows or any(t in r[0] for t in args.rows)]
             for name, root in roots.items()}
    samples: dict[tuple[str, str], list[dict]] = {}
    for step in range(len(next(iter(plans.values())))):
        for name, plan in plans.items():  # interleaved: one run of each copy in turn
            row, i, go = plan[step]
            got = go()
            samples.setdefault((row, name), []).append(got)
            rate = f" {got['rate']:.0f}/s" if "rate" in got else ""
            print(f"  {row} #{i + 1} {Path(name).name}: {got['wall']:.2f} s, CPU {got['cpu']:.2f} s, "
                  f"{got['peak_mib']} MiB{rate}", flush=True)
    print(f"load average at end: {os.getloadavg()[0]:.1f}", flush=True)
    report = []
    for (row, name), got in samples.items():
        entry = {"row": row, "repo": name, "runs": len(got), "median_wall_s": statistics.median(s["wall"] for s in got),
                 "min_wall_s": min(s["wall"] for s in got), "max_wall_s": max(s["wall"] for s in got),
                 "median_cpu_s": statistics.median(s["cpu"] for s in got), "peak_mib": max(s["peak_mib"] for s in got)}
        if "rate" in got[0]:
            entry.update(median_rate=statistics.median(s["rate"] for s in got),
                         median_cpu_rate=statistics.median(s["cpu_rate"] for s in got))
        report.append(entry)
        rate = f"  {entry['median_rate']:.0f}/s wall, {entry['median_cpu_rate']:.0f}/s CPU" if "median_rate" in entry else ""
        print(f"{row:32} {Path(name).name:10} median {entry['median_wall_s']:7.2f} s (min {entry['min_wall_s']:.2f}, "
              f"max {entry['max_wall_s']:.2f}, {len(got)} runs)  CPU {entry['median_cpu_s']:6.2f} s  "
              f"peak {entry['peak_mib']} MiB{rate}", flush=True)
    if args.json:
        args.json.write_text(json.dumps(report, indent=1))
    shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
