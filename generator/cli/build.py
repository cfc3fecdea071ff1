"""`build`: print files of every game and edition (or one), the stale ones only unless --force."""
from __future__ import annotations

import re
from pathlib import Path

import click

from generator.cli.editions import editions_named, interactive
from generator.core.project import current


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
    from generator.build.pipeline import build_edition

    if out is not None:
        from generator.core.output import check_out_dir
        check_out_dir(out)
    editions = editions_named(game, edition)
    if out and len(editions) > 1:
        raise click.UsageError("--out needs a single edition: give GAME and --edition")
    if strict:  # check every edition first, so a failure leaves all of them unwritten
        from generator.model import layouts_for
        from generator.render.safety import enforce_print_safety
        for ed in editions:
            enforce_print_safety(ed, layouts_for(ed), strict=True)
    from generator.build.freshness import fingerprint, others_of, remember, up_to_date
    from generator.core.output import tidy
    from generator.build.prefetch import ahead_of
    from generator.core.trace import span
    targets = {id(ed): out or current().output / ed.game.id / ed.id for ed in editions}
    for target in targets.values():
        tidy(target)
    with span("up-to-date check"):
        prints = {id(ed): fingerprint(ed, others_of(ed, editions), list(profiles) or None, strict, base_url)
                  for ed in editions}
    stale = [ed for ed in editions if force or not up_to_date(targets[id(ed)], prints[id(ed)])]
    for ed in (ed for ed in editions if ed not in stale):
        click.echo(f"{ed.game.id} {ed.id}: up to date in {targets[id(ed)]}")
    with ahead_of(stale, list(profiles) or None) as in_order:  # engine work on every core meanwhile
        for ed in in_order(stale):
            produced = build_edition(ed, targets[id(ed)], list(profiles) or None, on_step=_step_printer(),
                                     strict=strict, base_url=base_url,
                                     on_warning=lambda message: click.echo(f"warning: {message}", err=True))
            remember(targets[id(ed)], prints[id(ed)])
            click.echo(f"{ed.game.id} {ed.id}: {len(produced)} files in {targets[id(ed)]}")


def _step_printer():
    if not interactive():
        return None
    return lambda what: click.echo(f"  building {what} ...", err=True)
