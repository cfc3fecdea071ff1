"""Benchmark: export the 36 Magic Circle cards (2025 edition) as 300 DPI PNGs at MakePlayingCards'
822 x 1122 px, measured as whole processes (interpreter start, imports, loading, drawing,
rasterising in worker processes, PNG encoding, writing).

    python bench/bench_png.py [--runs 7]

Two workloads: `designs` is what the `mpc`/`tgc` profiles write (one PNG per distinct face: 12 faces
and the back, quantities in the manifest); `copies` rasterises every one of the 36 cards separately
(36 faces and the back), the literal reading of "36 cards as PNGs". Each is run with 2 worker
processes (the default) and with 1, to show what the parallelism buys. Prints medians of wall time
and of the in-process export time, and peak memory (largest resident set of the main process and
of any worker).
"""
from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, resource, sys, time
from dataclasses import replace
from pathlib import Path
start = time.perf_counter()
from generator.model import load_edition
from generator.exporters.registry import Job
from generator.model import layouts_for
from generator.render import export_raster
from generator.exporters.png import write_pngs

mode, workers, out = sys.argv[1], int(sys.argv[2]), Path(sys.argv[3])
export_raster.WORKERS = workers
edition = load_edition("the-channeling", "2025")
deck = edition.component("magic-circle")
if mode == "copies":   # every physical card a piece of its own
    copies = [replace(p, index=i, count=1) for i, p in enumerate(deck.expanded())]
    deck = replace(deck, pieces=copies)
edition = replace(edition, components=[deck])
layouts = layouts_for(edition)
loaded = time.perf_counter()
produced = write_pngs(Job(edition, layouts, layouts.profile("mpc"), out), ["card"])
done = time.perf_counter()
print(json.dumps({"files": len(produced), "export_s": done - loaded, "in_process_s": done - start,
                  "peak_main_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024,
                  "peak_worker_mb": resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024}))
"""


def run(mode: str, workers: int) -> dict:
    with tempfile.TemporaryDirectory() as out:
        begin = time.perf_counter()
        result = subprocess.run([sys.executable, "-c", CHILD, mode, str(workers), out], cwd=ROOT,
                                capture_output=True, text=True, check=True)
        wall = time.perf_counter() - begin
        data = json.loads(result.stdout.strip().splitlines()[-1])
        pngs = list(Path(out).rglob("*.png"))
        assert len(pngs) == data["files"], "every PNG the export lists is on disk"
    return {**data, "wall_s": wall}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    run("designs", 2)  # warm the file cache once
    print(f"{'workload':10} {'workers':>7} {'files':>5} {'wall s':>8} {'export s':>9} "
          f"{'main MB':>8} {'worker MB':>9}   (medians of {args.runs} whole-process runs)")
    medians = {}
    for mode in ("designs", "copies"):
        for workers in (2, 1):
            results = [run(mode, workers) for _ in range(args.runs)]
            med = {k: statistics.median(r[k] for r in results) for k in results[0]}
            medians[(mode, workers)] = med
            print(f"{mode:10} {workers:>7} {int(med['files']):>5} {med['wall_s']:>8.3f} {med['export_s']:>9.3f} "
                  f"{max(r['peak_main_mb'] for r in results):>8.0f} {max(r['peak_worker_mb'] for r in results):>9.0f}")
    for mode in ("designs", "copies"):
        one, two = medians[(mode, 1)], medians[(mode, 2)]
        print(f"{mode}: 2 workers take {two['export_s'] / one['export_s']:.2f}x the export time of 1 "
              f"(whole process {two['wall_s'] / one['wall_s']:.2f}x); target: whole process <= 1.5 s: "
              f"{'met' if two['wall_s'] <= 1.5 else 'NOT met'} ({two['wall_s']:.2f} s)")


if __name__ == "__main__":
    main()
