"""What several commands share: the editions a GAME/--edition pair names, and whether a person watches."""
from __future__ import annotations

import os
import sys

import click

from generator.core.errors import UserError
from generator.core.project import current


def interactive() -> bool:
    """Progress bars only for a person at a terminal, never in CI logs."""
    return sys.stderr.isatty() and not os.environ.get("CI")


def editions_named(game: str | None, edition: str | None) -> list:
    from generator.model import find_game, game_names, load_edition
    games = [game] if game else game_names()
    if not games:
        raise UserError(f"no games in {current().components}: make one with `pnpkit new GAME`, "
                        "or name the project folder with --project")
    if edition and not game:
        raise click.UsageError("--edition needs a GAME")
    out = []
    for name in games:
        g = find_game(name)
        for e in ([edition] if edition else g.spec.editions):
            out.append(load_edition(g, e))
    return out
