"""Building a project's editions: the stale ones only (unless forced), each into its own output
folder, with their engine work started ahead on every core and the editions taken in the order that
work finishes; a build that is up to date writes nothing."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from generator.core.project import current

Say = Callable[[str], None]


def build_editions(editions: list[Any], profiles: list[str] | None = None, out: Path | None = None,
                   strict: bool = False, base_url: str | None = None, force: bool = False,
                   say: Say = print, warn: Say = print, step: Say | None = None) -> None:
    """Build ``editions`` (into ``out`` for a single one, else ``<project>/output/<game>/<edition>``).

    ``say`` gets a line per edition, ``warn`` each print-safety warning, ``step`` (when given) each
    profile as it starts. With ``strict`` every edition's print safety is checked before any is
    written, so a failure leaves all of them unwritten.
    """
    from generator.build.freshness import fingerprint, others_of, remember, up_to_date
    from generator.build.pipeline import build_edition
    from generator.build.prefetch import ahead_of
    from generator.core.output import tidy
    from generator.core.trace import span
    if strict:
        from generator.model import layouts_for
        from generator.render.safety import enforce_print_safety
        for ed in editions:
            enforce_print_safety(ed, layouts_for(ed), strict=True)
    targets = {id(ed): out or current().output / ed.game.id / ed.id for ed in editions}
    for target in targets.values():
        tidy(target)
    with span("up-to-date check"):
        prints = {id(ed): fingerprint(ed, others_of(ed, editions), profiles, strict, base_url) for ed in editions}
    stale = [ed for ed in editions if force or not up_to_date(targets[id(ed)], prints[id(ed)])]
    for ed in (ed for ed in editions if ed not in stale):
        say(f"{ed.game.id} {ed.id}: up to date in {targets[id(ed)]}")
    with ahead_of(stale, profiles) as in_order:  # engine work on every core meanwhile
        for ed in in_order(stale):
            produced = build_edition(ed, targets[id(ed)], profiles, on_step=step, strict=strict, base_url=base_url,
                                     on_warning=warn)
            remember(targets[id(ed)], prints[id(ed)])
            say(f"{ed.game.id} {ed.id}: {len(produced)} files in {targets[id(ed)]}")
