"""`list`: the project's games and editions, and every look (profile, template, colour, font) with the
layer it came from, so a user sees what a game can use and which file to edit."""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import click

from generator.core.project import current

if TYPE_CHECKING:
    from generator.model.layouts import Found, Layouts


@click.command(name="list")
def list_command() -> None:
    """Games, editions, profiles, templates, colours, fonts (with their layer) and agents."""
    from generator.build.kept_answers import replayed
    replayed("list", [], _list)


def _list() -> None:
    from generator.model import find_game, game_names, layouts_dir
    from generator.model.layouts import Layouts

    project = current()
    click.echo(f"project: {project.root}")
    names = game_names()
    if not names:
        click.echo("  no games yet: make one with `pnpkit new GAME`")
    games = [find_game(name) for name in names]
    for game in games:
        click.echo(f"game {game.id}: {game.title} [{game.spec.status}]")
        for e in game.spec.editions:
            click.echo(f"  edition {e}{' (default)' if e == game.spec.default_edition else ''}")
    shared = Layouts(layouts_dir())
    _looks(shared, "")
    for game in games:
        own = Layouts(layouts_dir(), game.folder)
        if any(f.layer == "game" for f in _origins(own).values()):
            click.echo(f"looks of game {game.id} (over the ones above):")
            _looks(own, "game")
    _agents()


def _origins(layouts: Layouts) -> dict[tuple[str, str], Found]:
    out = {("profile", k): v for k, v in layouts.profile_origins.items()}
    out.update({("template", k): v for k, v in layouts.template_origins.items()})
    out.update(layouts.style_origins)
    return out


def _looks(layouts: Layouts, only_layer: str) -> None:
    origins = _origins(layouts)
    profiles = layouts.profiles
    for kind in ("profile", "template", "colour", "font"):
        rows = sorted((name, found) for (k, name), found in origins.items()
                      if k == kind and (not only_layer or found.layer == only_layer))
        if not rows:
            continue
        click.echo(f"{kind}s:")
        for name, found in rows:
            click.echo(f"  {name:22} {found.layer:9} {_detail(kind, name, layouts, profiles)}")


def _detail(kind: str, name: str, layouts: Layouts, profiles: dict) -> str:
    if kind == "profile":
        profile = profiles[name]
        return f"{profile.kind:10} {profile.name}{' (default)' if profile.default else ''}"
    if kind == "colour":
        colour = layouts.style.colours[name]
        return f"{colour.rgb}  cmyk {'/'.join(f'{v:g}' for v in colour.cmyk)}"
    if kind == "font":
        return layouts.style.fonts[name].file
    return _shown(layouts.template_origins[name].path)


def _shown(path: Path) -> str:
    """A path as short as it can be read: inside the project, or inside the package's built-in looks."""
    from generator.model.layouts import BUILTIN_LOOKS
    for base, prefix in ((current().root, ""), (BUILTIN_LOOKS, "(package) ")):
        if path.is_relative_to(base):
            return prefix + path.relative_to(base).as_posix()
    return str(path)


def _agents() -> None:
    try:
        from generator.play.registry import agent_names
    except ImportError:
        return
    click.echo("agents: " + ", ".join(agent_names()))
