"""`sweep`: GAME simulated over a grid of rule options, editions or deck variants, cell by cell."""
from __future__ import annotations

import json
from functools import partial
from typing import Any

import click

from generator.cli.engine_options import MAX_GAMES, check_agents, cluster, fail, load, output
from generator.cli.params import AGENT_PAIR, AXIS, RULE
from generator.core.errors import UserError


@click.command()
@click.argument("game")
@click.option("--edition", "-e", default=None, help="Edition id (default: the game's default).")
@click.option("--vary", "axes", type=AXIS, multiple=True, required=True,
              help="An axis of the grid: a rules option, edition=..., or deck.FIELD=LOW-HIGH,... "
                   "(repeatable; every combination is one cell).")
@click.option("--games", "-n", required=True, type=click.IntRange(1, MAX_GAMES), help="Games per cell.")
@click.option("--agents", "-a", type=AGENT_PAIR, default="greedy,greedy", show_default=True,
              help="One agent per seat, in seat order.")
@click.option("--seed", "-s", default=0, type=int, show_default=True, help="Master seed (the same games in every cell).")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 256), show_default=True,
              help="Worker processes; results do not depend on it.")
@click.option("--swap-seats", is_flag=True, help="Swap the agents' seats every other game.")
@click.option("--rule", "rules", type=RULE, multiple=True, help="Fix one rules option in every cell.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster.")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Also write the full result as JSON to FILE ('-' for stdout).")
def sweep(game: str, edition: str | None, axes: tuple[Any, ...], games: int, agents: tuple[str, str], seed: int,
          jobs: int, swap_seats: bool, rules: tuple[tuple[str, Any], ...], scheduler: str | None,
          json_file: str | None) -> None:
    """Simulate GAME over a grid of rule options, editions or deck variants and compare the cells."""
    from generator.play.registry import get_engine
    from generator.runs.simulation import simulate as run_simulation
    from generator.runs.sweep import format_sweep, grid, run_cells
    cells = [_cell(game, edition, label, rules) for label in grid(list(axes))]
    engine = get_engine(cells[0].engine)
    specs = check_agents(engine, agents)
    try:
        with cluster(scheduler):
            res = run_cells(cells, games, specs, seed, jobs, swap_seats, run_simulation)
    except (UserError, ValueError) as exc:
        fail(str(exc))
    res = {"game": game, "axes": {a.key: list(a.values) for a in axes}, **res}
    output(res, json_file, format_sweep(res, engine.info.seats))


def _cell(game: str, edition: str | None, label: dict[str, Any], rules: tuple[tuple[str, Any], ...]) -> Any:
    """One cell of a sweep: the edition, rules and deck its label names, loaded and checked."""
    from generator.runs.sweep import Cell, parse_range, rescale_deck
    fixed = dict(rules)
    variant = None
    for key, value in label.items():
        if key.startswith("deck."):
            try:
                low, high = parse_range(value, key)
            except ValueError as exc:
                fail(str(exc))
            variant = partial(rescale_deck, field=key[5:], low=low, high=high)
        elif key != "edition":
            fixed[key] = value
    overrides = tuple(RULE.convert(f"{k}={json.dumps(v) if isinstance(v, (list, tuple)) else v}", None, None)
                      for k, v in fixed.items())
    engine, options, inputs, _ = load(game, label.get("edition", edition), overrides,
                                      deck_variant=variant, varied=frozenset(label))
    return Cell(label, engine.name, options, inputs)
