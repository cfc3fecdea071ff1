"""Small statistics helpers for simulation summaries (no numpy)."""
from __future__ import annotations

import math
from collections import Counter
from itertools import compress
from typing import Any, Sequence


def wilson(successes: float, n: int, z: float = 1.959963984540054) -> tuple[float, float]:
    """Wilson score interval for a proportion (95% by default); (0, 1) when n == 0.

    >>> [round(x, 3) for x in wilson(50, 100)]
    [0.404, 0.596]
    """
    if n <= 0:
        return 0.0, 1.0
    phat = successes / n
    denom = 1 + z * z / n
    centre = (phat + z * z / (2 * n)) / denom
    half = z * math.sqrt(phat * (1 - phat) / n + z * z / (4 * n * n)) / denom
    return round(max(0.0, centre - half), 9), round(min(1.0, centre + half), 9)


def spread(values: Sequence[float]) -> dict[str, float]:
    """mean, sample standard deviation, min, max, median of a list (zeros when empty).

    The squared deviations are summed in the list's order (each distinct value's worked out once),
    and whole numbers are ordered by counting them, so a long run of games is summed up quickly and
    every figure is the one a plain loop gives.

    >>> spread([3, 1, 2, 2])
    {'mean': 2.0, 'stdev': 0.816496580927726, 'min': 1.0, 'max': 3.0, 'median': 2.0}
    """
    n = len(values)
    if n == 0:
        return {"mean": 0.0, "stdev": 0.0, "min": 0.0, "max": 0.0, "median": 0.0}
    mean = sum(values) / n
    counts = Counter(values)
    squares = {v: (v - mean) ** 2 for v in counts}
    var = sum(map(squares.__getitem__, values)) / (n - 1) if n > 1 else 0.0
    low, middle, high = _order_statistics(values, counts, n)
    return {"mean": mean, "stdev": math.sqrt(var), "min": float(low), "max": float(high),
            "median": float(middle)}


def _order_statistics(values: Sequence[float], counts: Counter, n: int) -> tuple[float, float, float]:
    """(min, median, max) of ``values``: whole numbers by their counts, anything else sorted."""
    if not all(type(v) is int for v in counts):
        s = sorted(values)
        return s[0], (s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2), s[-1]
    ordered = sorted(counts)
    wanted = (n // 2,) if n % 2 else (n // 2 - 1, n // 2)
    found: list[int] = []
    seen = 0
    for v in ordered:
        seen += counts[v]
        while len(found) < len(wanted) and wanted[len(found)] < seen:
            found.append(v)
        if len(found) == len(wanted):
            break
    return ordered[0], (found[0] if n % 2 else (found[0] + found[1]) / 2), ordered[-1]


def sums_by_agent(light: Sequence[int], dark: Sequence[int], swapped: Sequence[bool]) -> list[int]:
    """The totals of a two-seat figure by agent (agent 0 sits in the first seat unless the game's
    seats are swapped), from its column per seat and the games' ``swapped`` column.

    >>> sums_by_agent([1, 2, 3], [10, 20, 30], [False, True, False])
    [24, 42]
    """
    unswapped = [not s for s in swapped]
    return [sum(compress(light, unswapped)) + sum(compress(dark, swapped)),
            sum(compress(light, swapped)) + sum(compress(dark, unswapped))]


def rate(count: int, n: int) -> dict[str, Any]:
    lo, hi = wilson(count, n)
    return {"count": count, "rate": count / n if n else 0.0, "ci95": [lo, hi]}


def difference(a: int, n: int, b: int, m: int) -> dict[str, float | list[float]]:
    """The difference of two proportions a/n - b/m with its 95% interval (Newcombe's hybrid
    score interval, built from the two Wilson intervals).

    >>> d = difference(60, 100, 50, 100); round(d["difference"], 2), [round(x, 3) for x in d["ci95"]]
    (0.1, [-0.037, 0.232])
    """
    p, q = (a / n if n else 0.0), (b / m if m else 0.0)
    (l1, u1), (l2, u2) = wilson(a, n), wilson(b, m)
    d = p - q
    low = d - math.sqrt((p - l1) ** 2 + (u2 - q) ** 2)
    high = d + math.sqrt((u1 - p) ** 2 + (q - l2) ** 2)
    return {"difference": d, "ci95": [round(max(-1.0, low), 9), round(min(1.0, high), 9)]}


def mean_difference(a: dict[str, float], n: int, b: dict[str, float], m: int, z: float = 1.959963984540054) -> dict[str, Any]:
    """The difference of two means (``spread``s of ``n`` and ``m`` values) with its 95% interval
    (Welch's, normal approximation) and its size relative to ``b``'s mean.

    >>> d = mean_difference({"mean": 30.0, "stdev": 5.0}, 100, {"mean": 20.0, "stdev": 5.0}, 100)
    >>> round(d["difference"], 1), [round(x, 2) for x in d["ci95"]], d["relative"]
    (10.0, [8.61, 11.39], 0.5)
    """
    d = a["mean"] - b["mean"]
    half = z * math.sqrt((a["stdev"] ** 2 / n if n else 0.0) + (b["stdev"] ** 2 / m if m else 0.0))
    return {"difference": d, "ci95": [round(d - half, 9), round(d + half, 9)],
            "relative": d / b["mean"] if b["mean"] else 0.0}
