"""`new`: a new game from the scaffold, in this project (or this folder made a project)."""
from __future__ import annotations

import os
from pathlib import Path

import click

from generator.build.newgame import create_game
from generator.core.project import current


@click.command()
@click.argument("game")
@click.option("--title", help="The game's title (default: from its id, e.g. 'Star Market').")
def new(game: str, title: str | None) -> None:
    """Start a new game GAME in this project (or make this folder a project)."""
    project = current()
    folder = create_game(project.root, game, title or game.replace("-", " ").replace("_", " ").title())
    shown, out = (Path(os.path.relpath(p)).as_posix() for p in (folder, project.output / game / "first"))
    click.echo(f"made {shown}/ (a deck from a CSV file, coins, a rulebook). Next:")
    click.echo(f"  pnpkit studio {game}        # a live page of its pieces, repainted as you save (studio extra)")
    click.echo(f"  pnpkit validate {game}      # check the deck against what the edition declares")
    click.echo(f"  pnpkit build {game}         # sheets, proof page and rulebook into {out}/")
    click.echo(f"  edit {shown}/cards/cards.csv and templates/, then build again")
