"""Command-line front of the rules engine: ``simulate`` and ``replay``.

Both are plain click commands; the main CLI attaches them with ``cli.add_command``. They load
an edition through ``generator.model.load_edition``, turn its ``rules:`` block into the engine's
options with ``registry.options_for`` (the check ``validate`` makes too) and call one registry
function each.
"""
from __future__ import annotations

import json
import os
import sys
from contextlib import nullcontext
from functools import partial
from pathlib import Path
from typing import Any, Callable, NoReturn

import click

from .core.files import write_atomically
from .errors import UserError

MAX_GAMES = 10_000_000


def _fail(message: str) -> NoReturn:
    """One line on stderr and exit 2, as the main CLI reports every user error."""
    click.echo(f"error: {message}", err=True)
    raise SystemExit(2)


def _parse_rule(text: str) -> tuple[str, Any]:
    import yaml
    key, sep, value = text.partition("=")
    if not sep or not key.strip():
        _fail(f"--rule expects KEY=VALUE, got {text!r}")
    try:
        parsed = yaml.safe_load(value) if value.strip() else value
    except yaml.YAMLError:
        parsed = value
    if isinstance(parsed, list):
        parsed = tuple(parsed)
    return key.strip(), parsed


def _rules_error(exc: Any) -> str:
    """A --rule override the engine rejects (the edition's own rules were checked already)."""
    err = exc.errors(include_url=False)[0]
    loc = ".".join(str(x) for x in err.get("loc", ()))
    if err.get("type") == "extra_forbidden":
        return f"--rule {loc}: no such rules option"
    msg = err.get("msg", "invalid").removeprefix("Value error, ")
    return f"--rule {loc}: {msg} (got {err.get('input')!r})" if loc else f"--rule: {msg}"


def _no_engine(edition: Any, doing: str) -> str:
    """Why a game without a rules engine cannot be played: each part its rules leave undefined."""
    from .validate import incomplete_parts
    name = edition.game.id
    missing = incomplete_parts(edition)
    if not missing:
        return f"game {name!r} has no rules engine, so its games cannot be {doing}"
    parts = "; ".join(part.removeprefix("undefined in the rules: ") for part in missing)
    return (f"game {name!r} cannot be {doing}: its rules are unfinished and it has no rules engine; "
            f"missing ({len(missing)}): {parts}")


def _load(game: str, edition: str | None, rules: tuple[str, ...], doing: str = "simulated",
          deck_variant: Callable[[list], list] | None = None, varied: frozenset[str] = frozenset()):
    """(engine spec, options, deck, glyph ids, edition id) or a clean exit 2; ``deck_variant``
    changes the edition's deck entries before they are expanded (a sweep's deck axis); a rejected
    rule named in ``varied`` came from ``--vary``, the others from ``--rule``."""
    from pydantic import ValidationError

    from .engine.registry import get_engine, options_for
    from .model import load_edition
    try:
        ed = load_edition(game, edition)
        if not ed.engine:
            _fail(_no_engine(ed, doing))
        options = options_for(ed)  # the edition's rules: unknown keys and bad values, with the line
    except UserError as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(exc.exit_code) from None
    engine = get_engine(ed.engine)
    if rules:
        try:
            options = engine.options_model.model_validate({**ed.rules, **dict(map(_parse_rule, rules))})
        except ValidationError as exc:
            message = _rules_error(exc)
            key = str((exc.errors(include_url=False)[0].get("loc") or ("",))[0])
            _fail(message.replace("--rule", "--vary", 1) if key in varied else message)
    try:
        entries = deck_variant(ed.deck_entries) if deck_variant else ed.deck_entries
        deck = engine.expand_deck(entries)
    except ValueError as exc:
        _fail(f"game {game!r}: {exc}")
    return engine, options, deck, list(ed.glyph_ids), ed.id


def _agents(engine: Any, text: str) -> list[str]:
    specs = [a.strip() for a in text.split(",")]
    if len(specs) != 2 or not all(specs):
        _fail(f"--agents expects two agents separated by a comma (Light,Dark), got {text!r}")
    for spec in specs:
        try:
            engine.make_agent(spec, 0)
        except ValueError as exc:
            _fail(str(exc))
    return specs


def _show_progress() -> bool:
    return sys.stdout.isatty() and not os.environ.get("CI")


def _pct(entry: dict[str, Any]) -> str:
    lo, hi = entry["ci95"]
    return f"{100 * entry['rate']:.1f}% (95% CI {100 * lo:.1f}-{100 * hi:.1f})"


def format_summary(res: dict[str, Any]) -> str:
    """A short human-readable report of a simulation result dict."""
    s = res["scores"]
    t = res["ties"]
    lines = [
        f"{res['games']} games of {res.get('title', res['game'])}"
        f"{' (' + str(res['edition']) + ')' if res.get('edition') else ''}, agents {res['agents'][0]} (Light) vs "
        f"{res['agents'][1]} (Dark){', seats swapped every other game' if res['swap_seats'] else ''}",
        f"Light wins {_pct(res['win_rate_by_seat']['light'])}",
        f"Dark wins  {_pct(res['win_rate_by_seat']['dark'])}",
        f"draws      {_pct(res['win_rate_by_seat']['draw'])}",
    ]
    if res["swap_seats"]:
        for name, entry in res["win_rate_by_agent"].items():
            lines.append(f"agent {name} wins {_pct(entry)}")
    lines += [
        f"scores: Light {s['light']['mean']:.1f} ± {s['light']['stdev']:.1f}, "
        f"Dark {s['dark']['mean']:.1f} ± {s['dark']['stdev']:.1f}",
        f"turns per game: {res['turns']['mean']:.1f} ± {res['turns']['stdev']:.1f} "
        f"(min {res['turns']['min']:.0f}, max {res['turns']['max']:.0f})",
        f"ties: {100 * t['rate']:.1f}% (broken by fewer cards {t['broken_by']['fewer_cards']}, "
        f"by second player {t['broken_by']['second_player']}, "
        f"unbroken {t['broken_by']['unbroken']})",
        f"cards taken per game: {res['cards_taken_per_game']['total']['mean']:.1f}; "
        f"Overchanneling cubes per game: {res['overchanneling_per_game']['total']['mean']:.2f}",
        f"deck ran out: {100 * res['deck_ran_out']['rate']:.1f}%; cube supply ran out: "
        f"{100 * res['supply_ran_out']['rate']:.1f}%; no legal move: "
        f"{100 * res['no_legal_move']['rate']:.1f}%; stalled: {100 * res['stalled']['rate']:.1f}%",
    ]
    return "\n".join(lines)


@click.command()
@click.argument("game")
@click.option("--edition", "-e", default=None, help="Edition id (default: the game's default).")
@click.option("--games", "-n", required=True, type=click.IntRange(1, MAX_GAMES),
              help="Number of games to play.")
@click.option("--agents", "-a", default="greedy,greedy", show_default=True,
              help="Light,Dark agents: random, greedy, mcts or mcts:ITERATIONS.")
@click.option("--seed", "-s", default=0, type=int, show_default=True, help="Master seed.")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 256), show_default=True,
              help="Worker processes; results do not depend on it.")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, writable=True),
              default=None, help="Also write the full result as JSON to FILE ('-' for stdout).")
@click.option("--swap-seats", is_flag=True, help="Swap the agents' seats every other game.")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE",
              help="Override one rules option of the edition (repeatable).")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT",
              help="Play on a Dask distributed cluster (same results as a local run).")
def simulate(game: str, edition: str | None, games: int, agents: str, seed: int, jobs: int,
             json_file: str | None, swap_seats: bool, rules: tuple[str, ...], scheduler: str | None) -> None:
    """Play GAME many times between agents and report win rates and other figures."""
    from .engine.registry import simulate as run_simulation
    engine, options, deck, glyph_ids, edition_id = _load(game, edition, rules)
    specs = _agents(engine, agents)
    try:
        with _cluster(scheduler):
            res = _simulate_with_progress(run_simulation, engine, options, deck, glyph_ids, games, specs,
                                          seed, jobs, swap_seats)
    except UserError as exc:
        _fail(str(exc))
    res = {"title": game, "edition": edition_id, **res}
    _output(res, json_file, (engine.format_summary or format_summary)(res))


def _cluster(scheduler: str | None):
    """The Dask cluster to play on (``--scheduler``), or nothing; a failure to connect exits 2."""
    if scheduler is None:
        return nullcontext()
    from .engine.cluster import on_cluster
    return on_cluster(scheduler)


def _output(res: dict[str, Any], json_file: str | None, text: str) -> None:
    """The report on stdout, and the JSON to ``json_file`` ('-': the JSON alone on stdout)."""
    if json_file == "-":
        click.echo(json.dumps(res, indent=2))
        return
    click.echo(text)
    if json_file:
        try:  # all or nothing: a kill or a full disk leaves the previous file as it was
            write_atomically(Path(json_file), json.dumps(res, indent=2) + "\n")
        except OSError as exc:  # a full disk reports no file name: give it
            exc.filename = exc.filename if exc.filename is not None else json_file
            raise


def _simulate_with_progress(run_simulation, engine, options, deck, glyph_ids, games, specs, seed, jobs,
                            swap_seats) -> dict[str, Any]:
    try:
        if _show_progress():
            with click.progressbar(length=games, label="simulating") as bar:
                res = run_simulation(options, deck, glyph_ids, games, specs, seed, jobs,
                                     bar.update, swap_seats=swap_seats, game=engine.name)
        else:
            res = run_simulation(options, deck, glyph_ids, games, specs, seed, jobs, None,
                                 swap_seats=swap_seats, game=engine.name)
    except ValueError as exc:
        _fail(str(exc))
    return res


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
    from .engine.registry import game_seed, play_game
    engine, options, deck, glyph_ids, edition_id = _load(game, edition, rules, "replayed")
    specs = _agents(engine, agents)
    gs = game_seed(seed, index) if index is not None else seed
    try:
        record = play_game(options, deck, glyph_ids, gs, specs, game=engine.name)
    except ValueError as exc:
        _fail(str(exc))
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


@click.command()
@click.argument("game")
@click.option("--edition", "-e", default=None, help="Edition id (default: the game's default).")
@click.option("--vary", "axes", multiple=True, required=True, metavar="KEY=V1,V2",
              help="An axis of the grid: a rules option, edition=..., or deck.FIELD=LOW-HIGH,... "
                   "(repeatable; every combination is one cell).")
@click.option("--games", "-n", required=True, type=click.IntRange(1, MAX_GAMES), help="Games per cell.")
@click.option("--agents", "-a", default="greedy,greedy", show_default=True, help="Light,Dark agents.")
@click.option("--seed", "-s", default=0, type=int, show_default=True, help="Master seed (the same games in every cell).")
@click.option("--jobs", "-j", default=1, type=click.IntRange(1, 256), show_default=True,
              help="Worker processes; results do not depend on it.")
@click.option("--swap-seats", is_flag=True, help="Swap the agents' seats every other game.")
@click.option("--rule", "rules", multiple=True, metavar="KEY=VALUE", help="Fix one rules option in every cell.")
@click.option("--scheduler", default=None, metavar="tcp://HOST:PORT", help="Play on a Dask distributed cluster.")
@click.option("--json", "json_file", type=click.Path(dir_okay=False, writable=True), default=None,
              help="Also write the full result as JSON to FILE ('-' for stdout).")
def sweep(game: str, edition: str | None, axes: tuple[str, ...], games: int, agents: str, seed: int, jobs: int,
          swap_seats: bool, rules: tuple[str, ...], scheduler: str | None, json_file: str | None) -> None:
    """Simulate GAME over a grid of rule options, editions or deck variants and compare the cells."""
    from .engine.registry import get_engine, simulate as run_simulation
    from .engine.sweep import Axis, format_sweep, grid, parse_axis, run_cells
    try:
        parsed = [parse_axis(text) for text in axes]
    except ValueError as exc:
        _fail(str(exc))
    parsed = [Axis(a.key, tuple(map(str, a.values))) if a.key == "edition" else a for a in parsed]  # ids, not numbers
    cells = [_cell(game, edition, label, rules) for label in grid(parsed)]
    specs = _agents(get_engine(cells[0].engine), agents)
    try:
        with _cluster(scheduler):
            res = run_cells(cells, games, specs, seed, jobs, swap_seats, run_simulation)
    except (UserError, ValueError) as exc:
        _fail(str(exc))
    res = {"game": game, "axes": {a.key: list(a.values) for a in parsed}, **res}
    _output(res, json_file, format_sweep(res))


def _cell(game: str, edition: str | None, label: dict[str, Any], rules: tuple[str, ...]) -> Any:
    """One cell of a sweep: the edition, rules and deck its label names, loaded and checked."""
    from .engine.sweep import Cell, parse_range, rescale_deck
    fixed = dict(map(_parse_rule, rules))
    variant = None
    for key, value in label.items():
        if key.startswith("deck."):
            try:
                low, high = parse_range(value, key)
            except ValueError as exc:
                _fail(str(exc))
            variant = partial(rescale_deck, field=key[5:], low=low, high=high)
        elif key != "edition":
            fixed[key] = value
    overrides = tuple(f"{k}={json.dumps(v) if isinstance(v, (list, tuple)) else v}" for k, v in fixed.items())
    engine, options, deck, glyph_ids, _ = _load(game, label.get("edition", edition), overrides,
                                                deck_variant=variant, varied=frozenset(label))
    return Cell(label, engine.name, options, deck, glyph_ids)
