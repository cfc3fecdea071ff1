"""What ``simulate``, ``replay`` and ``sweep`` share: an edition loaded as the engine plays it (its
``rules:`` block turned into the engine's options by ``registry.options_for``, the check ``validate``
makes too, with ``--rule`` overrides), the agent pair, the cluster and the report's output."""
from __future__ import annotations

import json
import os
import sys
from contextlib import nullcontext
from pathlib import Path
from typing import Any, Callable, NoReturn

import click

from generator.core.errors import UserError
from generator.core.files import write_atomically

MAX_GAMES = 10_000_000


def fail(message: str) -> NoReturn:
    """One line on stderr and exit 2, as the main CLI reports every user error."""
    click.echo(f"error: {message}", err=True)
    raise SystemExit(2)


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
    from generator.build.validate import incomplete_parts
    name = edition.game.id
    missing = incomplete_parts(edition)
    if not missing:
        return f"game {name!r} has no rules engine, so its games cannot be {doing}"
    parts = "; ".join(part.removeprefix("undefined in the rules: ") for part in missing)
    return (f"game {name!r} cannot be {doing}: its rules are unfinished and it has no rules engine; "
            f"missing ({len(missing)}): {parts}")


def load(game: str, edition: str | None, rules: tuple[tuple[str, Any], ...], doing: str = "simulated",
          deck_variant: Callable[[list], list] | None = None, varied: frozenset[str] = frozenset()):
    """(engine spec, options, the engine's inputs, edition id) or a clean exit 2; ``deck_variant``
    changes the edition's deck entries before the engine reads them (a sweep's deck axis); a rejected
    rule named in ``varied`` came from ``--vary``, the others from ``--rule``."""
    from pydantic import ValidationError

    from generator.play.registry import get_engine, inputs_for, options_for
    from generator.model import load_edition
    try:
        ed = load_edition(game, edition)
        if not ed.engine:
            fail(_no_engine(ed, doing))
        options = options_for(ed)  # the edition's rules: unknown keys and bad values, with the line
    except UserError as exc:
        click.echo(f"error: {exc}", err=True)
        raise SystemExit(exc.exit_code) from None
    engine = get_engine(ed.engine)
    if rules:
        try:
            options = engine.options_model.model_validate({**ed.rules, **dict(rules)})
        except ValidationError as exc:
            message = _rules_error(exc)
            key = str((exc.errors(include_url=False)[0].get("loc") or ("",))[0])
            fail(message.replace("--rule", "--vary", 1) if key in varied else message)
    try:
        if deck_variant:
            from generator.runs.sweep import with_deck
            ed = with_deck(ed, deck_variant(ed.deck_entries))
        inputs = inputs_for(engine, ed)
    except ValueError as exc:
        fail(f"game {game!r}: {exc}")
    return engine, options, inputs, ed.id


def check_agents(engine: Any, specs: tuple[str, ...]) -> list[str]:
    """The agent specs (one per seat) when the engine knows them all, else a clean exit 2."""
    for spec in specs:
        try:
            engine.make_agent(spec, 0)
        except ValueError as exc:
            fail(str(exc))
    return list(specs)


def show_progress() -> bool:
    return sys.stdout.isatty() and not os.environ.get("CI")


def cluster(scheduler: str | None):
    """The Dask cluster to play on (``--scheduler``), or nothing; a failure to connect exits 2."""
    if scheduler is None:
        return nullcontext()
    from generator.runs.cluster import on_cluster
    return on_cluster(scheduler)


def output(res: dict[str, Any], json_file: str | None, text: str) -> None:
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
