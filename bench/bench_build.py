#!/usr/bin/env python3
"""Benchmark: whole-process builds of The Channeling's print sheets, and of everything.

    python bench/bench_build.py [--runs N]

Each figure is the median over N runs of a fresh `python build.py ...` process (Python start-up
and imports included), with the peak resident memory of the slowest-memory run.
"""
from __future__ import annotations

import argparse
import tempfile

from runner import measure, python_cmd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--skip-all", action="store_true", help="only the single-sheet figures")
    args = parser.parse_args()
    out = tempfile.mkdtemp(prefix="bench-build-")
    measure("startup: python build.py --help", python_cmd("--help"), args.runs)
    measure("2025 letter sheets (36 Magic Circle + 24 glyph cards, tokens)",
            python_cmd("build", "the-channeling", "-e", "2025", "-p", "letter", "--out", out), args.runs)
    measure("2025 default profiles (letter + a4)",
            python_cmd("build", "the-channeling", "-e", "2025", "--out", out), args.runs)
    if not args.skip_all:
        measure("everything: python build.py (every game, edition, default profile)",
                python_cmd("build"), max(3, args.runs // 2))


if __name__ == "__main__":
    main()
