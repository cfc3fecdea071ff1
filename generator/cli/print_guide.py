"""What a build made, said as what to do with it: the proof page to open first, then each file to print
with its pages and how (which sides, which edge, 100% scale), to upload to a print shop, or to load in
Tabletop Simulator. Paths are shown relative to the current folder when it holds them."""
from __future__ import annotations

from pathlib import Path
from typing import Callable

from generator.core.errors import shown_path

# How a sheet profile's backs are printed (`backs:` in the profile).
SIDES = {"duplex-long-edge": "both sides, flip on the long edge",
         "duplex-short-edge": "both sides, flip on the short edge",
         "gutterfold": "one side, then fold each sheet on its line"}
HEADINGS = {"open": "open first:", "print": "print at 100% scale (no 'fit to page'):",
            "upload": "send to the print shop:", "load": "load in Tabletop Simulator (copy into Saves/Saved Objects):"}


def _pages(count: int | None) -> str:
    return "" if count is None else f"{count} page{'s' if count != 1 else ''}"


def _what(entry: dict, backs: str | None, two_sided: bool) -> tuple[str, str] | None:
    """(what to do, how) for one manifest entry, or None for a file nobody handles by hand (a picture)."""
    kind, pages = entry["kind"], _pages(entry.get("pages"))
    if kind == "proof":
        return "open", "the proof page"
    if kind in ("sheet", "tokens", "alignment"):
        return "print", f"{pages}, {SIDES.get(backs or '', 'one side') if two_sided else 'one side'}"
    if kind in ("rulebook", "report"):
        return "print", f"{pages}, both sides"
    if kind == "rulebook-imposed":
        return "print", f"{pages}, both sides, flip on the short edge; fold the stack and staple"
    if kind == "print-shop":
        return "upload", pages
    if kind == "upload-zip":
        return "upload", f"the {entry.get('files', '')} files the vendor's uploader takes, zipped"
    if kind == "tts":
        return "load", ""
    return None


def guide(folder: Path, files: list[dict], backs: Callable[[str | None], str | None],
          two_sided: Callable[[dict], bool]) -> list[str]:
    """What to open, print, send and load, each under its heading, one line per file.

    ``files``: the manifest's entries; ``backs``: a profile id's ``backs`` setting; ``two_sided``: whether an
    entry's pieces have backs."""
    found: dict[str, list[tuple[str, str]]] = {verb: [] for verb in HEADINGS}
    for entry in files:
        what = _what(entry, backs(entry.get("profile")), two_sided(entry))
        if what:
            found[what[0]].append((shown_path(folder / entry["path"]), what[1]))
    width = max((len(path) for rows in found.values() for path, _ in rows), default=0)
    lines = []
    for verb, rows in found.items():
        if rows:
            lines.append(f"  {HEADINGS[verb]}")
            lines += [f"    {path:<{width}}  {how}".rstrip() for path, how in rows]
    return lines
