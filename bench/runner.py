"""Time whole-process runs of a command: median wall time and peak memory over several runs."""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run_once(argv: list[str], env: dict | None = None) -> tuple[float, int]:
    """(seconds, peak resident memory in MiB) of one run; raises if the command fails."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                            env=child_env(env))
    _, status, usage = os.wait4(proc.pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {proc.stderr.read().decode()}")
    return elapsed, usage.ru_maxrss // 1024


def child_env(extra: dict | None = None) -> dict:
    """The environment of a timed run: Python's defaults, so compiled bytecode is cached as on any
    ordinary install (some sandboxes set PYTHONDONTWRITEBYTECODE, which recompiles every module)."""
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    return {**env, "CI": "1", **(extra or {})}


def measure(label: str, argv: list[str], runs: int, warmup: int = 1, env: dict | None = None,
            prepare=None) -> dict:
    """prepare(i), when given, runs before each timed run (outside the timing), e.g. to edit a file."""
    for _ in range(warmup):
        run_once(argv, env)
    samples = []
    for i in range(runs):
        if prepare:
            prepare(i)
        samples.append(run_once(argv, env))
    times = [s[0] for s in samples]
    result = {"label": label, "runs": runs, "median_s": statistics.median(times), "min_s": min(times),
              "max_s": max(times), "peak_mib": max(s[1] for s in samples)}
    print(f"{label:58} median {result['median_s']:.3f} s  (min {result['min_s']:.3f}, "
          f"max {result['max_s']:.3f}, {runs} runs)  peak {result['peak_mib']} MiB", flush=True)
    return result


def python_cmd(*args: str) -> list[str]:
    return [sys.executable, str(ROOT / "build.py"), *args]
