"""`build`: print files of every game and edition (or one), the stale ones only unless --force."""
from __future__ import annotations

import re
from pathlib import Path

import click

from generator.cli.editions import editions_named, interactive


def _http_url(ctx, param, value: str | None) -> str | None:
    if value is not None and not re.match(r"^https?://\S+$", value):
        raise click.BadParameter(f"expected an http:// or https:// URL, found {value!r}")
    return value


@click.command()
@click.argument("game", required=False)
@click.option("--edition", "-e", help="Edition id (default: every edition).")
@click.option("--profile", "-p", "profiles", multiple=True, help="Profile name; repeat for several.")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), help="Output folder for one edition.")
@click.option("--strict", is_flag=True,
              help="Print-safety warnings and rulebook lint findings become errors: exit 1, nothing written.")
@click.option("--base-url", callback=_http_url, help="URL where the tts profile's images will be hosted.")
@click.option("--force", is_flag=True, help="Build even editions whose output is up to date.")
def build(game: str | None, edition: str | None, profiles: tuple[str, ...], out: Path | None,
          strict: bool = False, base_url: str | None = None, force: bool = False) -> None:
    """Build print files for GAME (default: every game and edition)."""
    from generator.build.project import build_editions

    if out is not None:
        from generator.core.output import check_out_dir
        check_out_dir(out)
    editions = editions_named(game, edition)
    if out and len(editions) > 1:
        raise click.UsageError("--out needs a single edition: give GAME and --edition")
    build_editions(editions, list(profiles) or None, out, strict=strict, base_url=base_url, force=force,
                   say=click.echo, warn=lambda message: click.echo(f"warning: {message}", err=True),
                   step=_step_printer())


def _step_printer():
    if not interactive():
        return None
    return lambda what: click.echo(f"  building {what} ...", err=True)
