"""`build`: print files of every game and edition (or one), the stale ones only unless --force."""
from __future__ import annotations

import json
import re
from pathlib import Path

import click

from generator.cli.editions import editions_named, interactive
from generator.core.errors import shown_path
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
              help="Print-safety warnings, rulebook lint findings, pieces a profile leaves out and (with "
                   "--preflight) failed checks become errors: exit 1, nothing written.")
@click.option("--base-url", callback=_http_url, help="URL where the tts profile's images will be hosted.")
@click.option("--force", is_flag=True, help="Build even editions whose output is up to date.")
@click.option("--preflight", is_flag=True,
              help="Check the print-shop files as a print shop would and write a report (see `preflight`).")
def build(game: str | None, edition: str | None, profiles: tuple[str, ...], out: Path | None,
          strict: bool = False, base_url: str | None = None, force: bool = False, preflight: bool = False) -> None:
    """Build print files for GAME (default: every game and edition)."""
    from generator.build.pipeline import build_edition

    if out is not None:
        from generator.core.output import check_out_dir
        check_out_dir(out)
    editions = editions_named(game, edition)
    if out and len(editions) > 1:
        raise click.UsageError("--out needs a single edition: give GAME and --edition")
    if strict:  # check every edition first, so a failure leaves all of them unwritten
        from generator.build.pipeline import text_minimum
        from generator.model import layouts_for
        from generator.render.safety import enforce_print_safety
        for ed in editions:
            looks = layouts_for(ed)
            enforce_print_safety(ed, looks, strict=True, minimum=text_minimum(looks, list(profiles) or None))
    from generator.build.freshness import fingerprint, others_of, remember, up_to_date
    from generator.core.output import tidy
    from generator.build.prefetch import ahead_of
    from generator.core.trace import span
    targets = {id(ed): out or current().output / ed.game.id / ed.id for ed in editions}
    for target in targets.values():
        tidy(target)
    with span("up-to-date check"):
        prints = {id(ed): fingerprint(ed, others_of(ed, editions), list(profiles) or None, strict, base_url,
                                      *(["preflight"] if preflight else []))
                  for ed in editions}
    stale = [ed for ed in editions if force or not up_to_date(targets[id(ed)], prints[id(ed)])]
    for ed in (ed for ed in editions if ed not in stale):
        click.echo(f"{ed.game.id} {ed.id}: up to date in {shown_path(targets[id(ed)])}/")
    said: set[str] = set()

    def noted(message: str) -> None:  # a project's copy of a built-in look: named once per build
        if message not in said:
            said.add(message)
            click.echo(f"note: {message}", err=True)

    with ahead_of(stale, list(profiles) or None) as in_order:  # engine work on every core meanwhile
        for ed in in_order(stale):
            produced = build_edition(ed, targets[id(ed)], list(profiles) or None, on_step=_step_printer(),
                                     strict=strict, base_url=base_url, preflight=preflight,
                                     on_warning=lambda message: click.echo(f"warning: {message}", err=True),
                                     on_note=noted)
            remember(targets[id(ed)], prints[id(ed)])
            _say_what_was_made(ed, targets[id(ed)], produced)


def _say_what_was_made(edition, folder: Path, produced: list) -> None:
    """The files made, then what to open and what to print (all the folder holds, by its manifest)."""
    from generator.cli.print_guide import guide
    from generator.model import layouts_for
    click.echo(f"{edition.game.id} {edition.id}: {len(produced)} files in {shown_path(folder)}/")
    try:
        files = json.loads((folder / "manifest.json").read_text())["files"]
    except (OSError, ValueError, KeyError):
        return
    profiles = layouts_for(edition).profiles
    components = {c.id: c for c in edition.components}

    def two_sided(entry: dict) -> bool:
        parts = [components[c] for c in entry.get("components", []) if c in components]
        return any(c.spec.back or any(p.back for p in c.pieces) for c in parts)

    for line in guide(folder, files, lambda p: getattr(profiles.get(p), "backs", None), two_sided):
        click.echo(line)


def _step_printer():
    if not interactive():
        return None
    return lambda what: click.echo(f"  building {what} ...", err=True)
