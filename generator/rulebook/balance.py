"""What every engine's balance figures share: a count as a rate with its 95% interval, a
distribution by value, and how the rule text prints them."""
from __future__ import annotations

from collections import Counter
from typing import Any

from generator.runs.stats import rate


def share(count: int, n: int) -> dict[str, Any]:
    """``count`` of ``n`` games: the count, the rate and its 95% interval (low, high)."""
    r = rate(count, n)
    return {"count": count, "rate": r["rate"], "low": r["ci95"][0], "high": r["ci95"][1]}


def counts(values: list[int]) -> dict[int, int]:
    """How many games gave each value, by value."""
    return dict(sorted(Counter(int(v) for v in values).items()))


def percent(value: float, digits: int = 1) -> str:
    """0.5234 -> '52.3%'."""
    return f"{100 * value:.{digits}f}%"


def fixed(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"
