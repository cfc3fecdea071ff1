"""`simulate`: many games of GAME between two agents, summarised (win rates, scores, turns...)."""
from __future__ import annotations

from typing import Any

import click

from generator.cli.engine_options import MAX_GAMES, check_agents, cluster, fail, load, output, show_progress
from generator.cli.params import AGENT_PAIR, RULE
from generator.core.errors import UserError
from generator.runs.simulation import format_summary


@click.command()
@click.argument("game")
@click.option("--edition", "-e", default=None, help="Edition id (default: the game's default).")
@click.option("--games", "-n", default=None, type=click.IntRange(1, MAX_GAMES),
              help="Number of games to play (required; asked for once the game is known to have an engine).")
@click.option("--agents", "-a", type=AGENT_PAIR, default="greedy,greedy", show_default=True,
              help="One agent per seat, in seat order: random, greedy, mcts[:N] or strong[:N] (N iterations; strong searches inside a game's compiled kernel).")
@click.option("--seed", "-s", default=0, type=int, show_default=True, help="Master seed.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 256), show_default=True,
              help="Worker processes; results do not depend on it.")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Also write the full result as JSON to FILE ('-' for stdout).")
@click.option("--swap-seats", is_flag=True, help="Swap the agents' seats every other game.")
@click.option("--rule", "rules", type=RULE, multiple=True,
              help="Override one rules option of the edition (repeatable).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Play on a Dask distributed cluster (same results as a local run).")
def simulate(game: str, edition: str | None, games: int | None, agents: tuple[str, str], seed: int, jobs: int,
             json_file: str | None, swap_seats: bool, rules: tuple[tuple[str, Any], ...], scheduler: str | None) -> None:
    """Play GAME many times between agents and report win rates and other figures."""
    from generator.runs.simulation import simulate as run_simulation
    engine, options, inputs, edition_id = load(game, edition, rules)  # a game without an engine stops here
    if games is None:
        raise click.MissingParameter(param_hint="'--games' / '-n'", param_type="option")
    specs = check_agents(engine, agents)
    try:
        with cluster(scheduler):
            res = _simulate_with_progress(run_simulation, engine, options, inputs, games, specs,
                                          seed, jobs, swap_seats)
    except UserError as exc:
        fail(str(exc))
    res = {"title": game, "edition": edition_id, **res}
    text = engine.format_summary(res) if engine.format_summary else format_summary(res, engine.info.seats)
    output(res, json_file, text)


def _simulate_with_progress(run_simulation, engine, options, inputs, games, specs, seed, jobs,
                            swap_seats) -> dict[str, Any]:
    try:
        if show_progress():
            with click.progressbar(length=games, label="simulating") as bar:
                res = run_simulation(options, inputs, games, specs, seed, jobs,
                                     bar.update, swap_seats=swap_seats, game=engine.name)
        else:
            res = run_simulation(options, inputs, games, specs, seed, jobs, None,
                                 swap_seats=swap_seats, game=engine.name)
    except ValueError as exc:
        fail(str(exc))
    return res
