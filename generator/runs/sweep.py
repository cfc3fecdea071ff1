"""Sweeps: the same simulation over a grid of rule options, editions or deck variants, each cell
with its seat win rates and 95% intervals, and each cell's difference from the first one.

Every cell plays the same game seeds (``game_seed(seed, i)``), so differences between cells come
from the rules, not from different deals or dice. Cells run one after another, each spread over
local processes or a Dask cluster (``cluster.on_cluster``); the result does not depend on which.

An axis is ``KEY=VALUES``: ``edition=[2025, thirty]``, a rules option (``hidden_glyphs=[0, 3]``)
or a deck field rescaled to a range (``deck.cost=[4-7, 4-6]``: the deck's lowest cost becomes
4, its highest 6, the others in proportion, rounded half up).
"""
from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace
from typing import Any, Callable, Sequence

from generator.play.plugins import get_engine
from generator.runs.stats import difference, rate


@dataclass(frozen=True)
class Axis:
    key: str
    values: tuple[Any, ...]


def parse_axis(text: str) -> Axis:
    """``KEY=V1,V2`` or ``KEY=[V1, V2]`` (values read as YAML). :raises ValueError: for bad text."""
    import yaml
    key, sep, values = text.partition("=")
    if not sep or not key.strip() or not values.strip():
        raise ValueError(f"--vary expects KEY=V1,V2,..., got {text!r}")
    values = values.strip()
    try:
        parsed = yaml.safe_load(values if values.startswith("[") else f"[{values}]")
    except yaml.YAMLError:
        raise ValueError(f"--vary {key.strip()}: cannot read the values {values!r}") from None
    if not isinstance(parsed, list) or not parsed:
        raise ValueError(f"--vary {key.strip()}: expected one or more values, got {values!r}")
    parsed = [tuple(v) if isinstance(v, list) else v for v in parsed]
    return Axis(key.strip(), tuple(parsed))


def grid(axes: Sequence[Axis]) -> list[dict[str, Any]]:
    """Every combination of the axes' values, the first axis varying slowest."""
    return [dict(zip((a.key for a in axes), combo)) for combo in itertools.product(*(a.values for a in axes))]


def parse_range(text: Any, key: str) -> tuple[int, int]:
    """``"4-6"`` -> (4, 6). :raises ValueError: naming the axis."""
    low, sep, high = str(text).partition("-")
    try:
        lo, hi = int(low), int(high)
    except ValueError:
        lo = hi = -1
    if not sep or lo < 0 or hi < lo:
        raise ValueError(f"--vary {key}: expected a range LOW-HIGH such as 4-6, got {text!r}")
    return lo, hi


def rescale_deck(entries: Sequence[Any], field: str, low: int, high: int) -> list[Any]:
    """Deck entries with ``field`` mapped linearly from its current range onto low-high.

    :raises ValueError: when no entry has the field as a number.
    """
    values = [e.fields.get(field) for e in entries]
    if not values or not all(isinstance(v, int) for v in values):
        raise ValueError(f"--vary deck.{field}: the deck's cards have no whole-number field {field!r}")
    old_lo, old_hi = min(values), max(values)
    span = (old_hi - old_lo) or 1
    return [replace(e, fields={**e.fields, field: low + math.floor((v - old_lo) * (high - low) / span + 0.5)})
            for e, v in zip(entries, values)]


def with_deck(edition: Any, entries: Sequence[Any]) -> Any:
    """A copy of ``edition`` whose deck holds ``entries`` instead (a deck axis's variant)."""
    deck = edition.spec.deck
    return replace(edition, components=[replace(c, pieces=list(entries)) if c.id == deck else c
                                        for c in edition.components])


@dataclass(frozen=True)
class Cell:
    """One point of the grid, ready to simulate: the engine's options and its inputs."""

    label: dict[str, Any]
    engine: str
    options: Any
    inputs: Any


def run_cells(cells: Sequence[Cell], games: int, agents: Sequence[str], seed: int, jobs: int,
              swap_seats: bool, simulate: Callable[..., dict[str, Any]]) -> dict[str, Any]:
    """Simulate every cell with the same seeds; the JSON-ready figures (wins by the seat names of the
    game's ``GameInfo``) and the differences."""
    seats = get_engine(cells[0].engine).info.seat_keys()
    out = [cell_figures(cell.label, simulate(cell.options, cell.inputs, games, list(agents), seed, jobs, None,
                                             swap_seats=swap_seats, game=cell.engine), seats)
           for cell in cells]
    return {"games_per_cell": games, "agents": list(agents), "seed": seed, "swap_seats": swap_seats,
            "cells": against_first(out, seats)}


def cell_figures(label: dict[str, Any], res: dict[str, Any], seats: Sequence[str]) -> dict[str, Any]:
    """One cell's figures from its ``simulate`` summary: wins by seat (``seats``: the summary's seat
    keys), games with no winner, mean length and its standard deviation."""
    wins = [res["wins"][seat] for seat in seats]
    return {"cell": label, "games": res["games"], **{seat: rate(w, res["games"]) for seat, w in zip(seats, wins)},
            "neither": rate(res["games"] - sum(wins), res["games"]), "turns": round(res["turns"]["mean"], 6),
            "turns_stdev": round(res["turns"]["stdev"], 6)}


def against_first(cells: list[dict[str, Any]], seats: Sequence[str]) -> list[dict[str, Any]]:
    """The cells, each with ``<seat>_vs_first``: its win rate for that seat minus the first cell's,
    with the difference's 95% interval."""
    base = cells[0]
    for entry in cells:
        for seat in seats:
            entry[f"{seat}_vs_first"] = difference(entry[seat]["count"], entry["games"],
                                                   base[seat]["count"], base["games"])
    return cells


def format_sweep(res: dict[str, Any], seats: Sequence[str]) -> str:
    """The sweep as a table: one line per cell, rates in percent with 95% intervals (``seats``: the
    game's seat names)."""
    def pct(e: dict[str, Any]) -> str:
        lo, hi = e["ci95"]
        return f"{100 * e['rate']:5.1f}% ({100 * lo:.1f}-{100 * hi:.1f})"

    def diff(e: dict[str, Any]) -> str:
        lo, hi = e["ci95"]
        return f"{100 * e['difference']:+5.1f} ({100 * lo:+.1f} to {100 * hi:+.1f})"

    keys = [seat.lower() for seat in seats]
    agents = " vs ".join(f"{a} ({seat})" for a, seat in zip(res["agents"], seats))
    lines = [f"{res['games_per_cell']} games per cell, agents {agents}, seed {res['seed']}; "
             "differences are against the first cell",
             f"{'cell':<34} " + "".join(f"{seat + ' wins':<21} " for seat in seats)
             + f"{'no winner':<21} {'turns':>6}  {seats[0]} vs first"]
    for e in res["cells"]:
        label = ", ".join(f"{k}={v}" for k, v in e["cell"].items())
        lines.append(f"{label:<34} " + "".join(f"{pct(e[key]):<21} " for key in keys)
                     + f"{pct(e['neither']):<21} {e['turns']:6.1f}  {diff(e[keys[0] + '_vs_first'])}")
    return "\n".join(lines)
