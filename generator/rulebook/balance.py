"""Balance figures from simulated games: win rates with 95% intervals, distributions, tie and stall rates."""
from __future__ import annotations

from collections import Counter
from typing import Any

from ..engine.stats import rate, spread
from .play import ROW


def figures(rows: list[list]) -> dict[str, Any]:
    """The figures of one run (rows as ``play.balance_rows`` gives them), JSON-ready."""
    n = len(rows)
    col = {name: [r[i] for r in rows] for i, name in enumerate(ROW)}
    wins = Counter(col["winner"])
    ties = [r for r in rows if r[2] == r[3] and not r[7]]
    broken = Counter((r[1] or "unbroken") for r in ties)

    def share(count: int) -> dict[str, Any]:
        r = rate(count, n)
        return {"count": count, "rate": r["rate"], "low": r["ci95"][0], "high": r["ci95"][1]}

    return {
        "games": n,
        "light": share(wins.get(0, 0)),
        "dark": share(wins.get(1, 0)),
        "draw": share(wins.get(None, 0)),
        "ties": {**share(len(ties)), "fewer_cards": broken.get("fewer_cards", 0),
                 "second_player": broken.get("second_player", 0), "unbroken": broken.get("unbroken", 0)},
        "stalled": share(sum(col["stalled"])),
        "deck_ran_out": share(sum(col["deck_ran_out"])),
        "supply_ran_out": share(sum(col["supply_ran_out"])),
        "no_legal_move": share(sum(1 for s in col["spent"] if s)),
        "scores": {"light": spread(col["score0"]), "dark": spread(col["score1"]),
                   "margin": spread([a - b for a, b in zip(col["score0"], col["score1"])])},
        "turns": spread(col["turns"]),
        "cards": {"light": spread(col["cards0"]), "dark": spread(col["cards1"])},
        "histograms": {"light": _counts(col["score0"]), "dark": _counts(col["score1"]),
                       "turns": _counts(col["turns"])},
    }


def _counts(values: list[int]) -> dict[int, int]:
    return dict(sorted(Counter(int(v) for v in values).items()))


def percent(value: float, digits: int = 1) -> str:
    """0.5234 -> '52.3%'."""
    return f"{100 * value:.{digits}f}%"


def fixed(value: float, digits: int = 1) -> str:
    return f"{value:.{digits}f}"
