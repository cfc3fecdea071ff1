"""`replay`: one game of GAME printed turn by turn, with the board after each turn."""
from __future__ import annotations

from typing import Any

import click

from generator.cli.engine_options import MAX_GAMES, check_agents, fail, load
from generator.cli.params import AGENT_PAIR, RULE


@click.command()
@click.argument("game")
@click.option("--edition", "-e", default=None, help="Edition id (default: the game's default).")
@click.option("--seed", "-s", required=True, type=int, help="Seed of the game.")
@click.option("--agents", "-a", type=AGENT_PAIR, default="greedy,greedy", show_default=True,
              help="One agent per seat, in seat order: random, greedy, mcts[:N] or strong[:N] (N iterations; strong searches inside a game's compiled kernel).")
@click.option("--index", "index", type=click.IntRange(0, MAX_GAMES), default=None,
              help="Replay game INDEX of a simulate run with master seed --seed instead "
                   "(seats as in that run without --swap-seats).")
@click.option("--rule", "rules", type=RULE, multiple=True,
              help="Override one rules option of the edition (repeatable).")
@click.option("--view", metavar="SEAT", default=None,
              help="Show the game as the player in SEAT (a seat name of the game) saw it: the others' "
                   "face-down choices hidden.")
def replay(game: str, edition: str | None, seed: int, agents: tuple[str, str], index: int | None,
           rules: tuple[tuple[str, Any], ...], view: str | None) -> None:
    """Play one game of GAME and print it turn by turn, with the board after each turn."""
    from generator.play.registry import game_seed, play_game
    engine, options, inputs, edition_id = load(game, edition, rules, "replayed")
    specs = check_agents(engine, agents)
    seats = engine.info.seats
    try:
        viewer = None if view is None else engine.info.seat_of(view)
    except ValueError as exc:
        raise click.BadParameter(str(exc), param_hint="'--view'") from None
    gs = game_seed(seed, index) if index is not None else seed
    try:
        record = play_game(options, inputs, gs, specs, game=engine.name)
    except ValueError as exc:
        fail(str(exc))
    state = engine.new_game(options, inputs, gs)
    click.echo(f"{game} ({edition_id}), seed {gs}: " + " vs ".join(f"{a} ({s})" for a, s in zip(specs, seats)))
    show = engine.render if viewer is None or engine.render_for is None else \
        (lambda s: engine.render_for(s, viewer))
    click.echo(show(state))
    apply = engine.apply_record or type(state).apply_action  # a record may be a whole turn of decisions
    for text in record.actions:
        # a chance step (current_player < 0) is chance (the dice), not a player's move
        actor = state.current_player
        player = seats[actor] if actor >= 0 else engine.info.chance_name
        setup = state.turn == 0 and getattr(state, "in_setup", False)
        label = "setup" if setup else f"turn {state.turn + 1}"  # the turn this action belongs to
        action = engine.parse_action(text)
        apply(state, action)
        if viewer is not None and engine.notation_for is not None and actor >= 0:
            text = engine.notation_for(action, viewer, actor)
        click.echo(f"\n{label} {player}: {text}")
        click.echo(show(state))
    names = {**dict(enumerate(seats)), None: "nobody (draw)"}
    how = f" by tie-break {record.tie_break}" if record.tie_break else ""
    stalled = " (stalled at the turn cap)" if record.flags.get("stalled") else ""
    scores = ", ".join(f"{seat} {score}" for seat, score in zip(seats, record.scores))
    click.echo(f"\nfinal scores {scores}; "
               f"winner {names[record.winner]}{how}{stalled}")
