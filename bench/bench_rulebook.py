#!/usr/bin/env python3
"""Benchmark: rebuilding a rulebook after a rule-text edit (simulations cached), and a cold build.

    python bench/bench_rulebook.py [--runs N] [--cold]

The warm figure is what an editor waits after changing a sentence: the balance simulations come
from output/.cache (keyed by rules, deck, agents, seed, N and engine source), only the text, the
diagrams and the PDF are made again. --cold also times one build with an empty cache.
"""
from __future__ import annotations

import argparse
import shutil
import tempfile
from pathlib import Path

from runner import ROOT, measure, python_cmd


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[1])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--cold", action="store_true", help="also time one build with an empty cache")
    args = parser.parse_args()
    out = tempfile.mkdtemp(prefix="bench-rulebook-")
    components = Path(tempfile.mkdtemp(prefix="bench-components-")) / "components"
    shutil.copytree(ROOT / "components", components)
    env = {"PNP_COMPONENTS": str(components)}
    rule_texts = sorted((components / "the-channeling/rules").glob("*.md"))

    def edit_rule_text(i: int) -> None:  # a real edit before every timed run
        target = rule_texts[i % len(rule_texts)]
        target.write_text(target.read_text() + f"\n<!-- edit {i} -->\n")

    argv = python_cmd("rulebook", "the-channeling", "--edition", "2025", "--out", out)
    measure("2025 rulebook after a rule-text edit (simulations cached)", argv, args.runs, warmup=1, env=env,
            prepare=edit_rule_text)
    if args.cold:
        cache = tempfile.mkdtemp(prefix="bench-cache-")
        measure("2025 rulebook, empty cache (3 x 2,400 games + sample game)", argv, 1, warmup=0,
                env={**env, "PNP_CACHE_DIR": cache})


if __name__ == "__main__":
    main()
