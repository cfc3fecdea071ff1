"""`replay`: one game of GAME printed turn by turn, with the board after each turn."""
from __future__ import annotations

import click

from generator.cli.engine_options import MAX_GAMES, agent_pair, fail, load


@click.command()
@click.argument("game")
@click.option("--edition", "-e", default=None, help="Edition id (default: the game's default).")
@click.option("--seed", "-s", required=True, type=int, help="Seed of the game.")
@click.option("--agents", "-a", default="greedy,greedy", show_default=True,
              help="Light,Dark agents: random, greedy, mcts or mcts:ITERATIONS.")
@click.option("--index", "index", type=click.IntRange(0, MAX_GAMES), default=None,
              help="Replay game INDEX of a simulate run with master seed --seed instead "
                   "(seats as in that run without --swap-seats).")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="Override one rules option of the edition (repeatable).")
@click.option("--view", type=click.Choice(["light", "dark"]), default=None,
              help="Show the game as one player saw it: the other's face-down choices hidden.")
def replay(game: str, edition: str | None, seed: int, agents: str, index: int | None,
           rules: tuple[str, ...], view: str | None) -> None:
    """Play one game of GAME and print it turn by turn, with the board after each turn."""
    from generator.play.registry import game_seed, play_game
    engine, options, deck, glyph_ids, edition_id = load(game, edition, rules, "replayed")
    specs = agent_pair(engine, agents)
    gs = game_seed(seed, index) if index is not None else seed
    try:
        record = play_game(options, deck, glyph_ids, gs, specs, game=engine.name)
    except ValueError as exc:
        fail(str(exc))
    state = engine.new_game(options, deck, glyph_ids, gs)
    click.echo(f"{game} ({edition_id}), seed {gs}: {specs[0]} (Light) vs {specs[1]} (Dark)")
    viewer = None if view is None else ("light", "dark").index(view)
    show = engine.render if viewer is None or engine.render_for is None else \
        (lambda s: engine.render_for(s, viewer))
    click.echo(show(state))
    apply = engine.apply_record or type(state).apply_action  # a record may be a whole turn of decisions
    for text in record.actions:
        # a chance step (current_player < 0) is the dice, not a player's move
        actor = state.current_player
        player = ("Light", "Dark")[actor] if actor >= 0 else "Dice"
        setup = state.turn == 0 and getattr(state, "in_setup", False)
        label = "setup" if setup else f"turn {state.turn + 1}"  # the turn this action belongs to
        action = engine.parse_action(text)
        apply(state, action)
        if viewer is not None and engine.notation_for is not None and actor >= 0:
            text = engine.notation_for(action, viewer, actor)
        click.echo(f"\n{label} {player}: {text}")
        click.echo(show(state))
    names = {0: "Light", 1: "Dark", None: "nobody (draw)"}
    how = f" by tie-break {record.tie_break}" if record.tie_break else ""
    stalled = " (stalled at the turn cap)" if record.flags.get("stalled") else ""
    click.echo(f"\nfinal scores Light {record.scores[0]}, Dark {record.scores[1]}; "
               f"winner {names[record.winner]}{how}{stalled}")
