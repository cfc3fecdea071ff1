"""Whole turns of The Channeling and their text notation.

The engine plays decisions (decisions.py); people, replays and the rulebook read whole turns,
assembled from them (``State.history``) and applied as them (``State.play_turn``). Squares are named by column letter and row number, row 1 on
top (``a1`` is the top-left card). The notation, in EBNF::

    action  = hide | [ hide " " ] turn ;
    hide    = "h[" glyph { "," glyph } "]" ;              (* glyphs set face down, sorted *)
    turn    = glyph ":" ( "spent" | move ) ;
    move    = square ">" square " " path [ " r[" square { "," square } "]" ] ;
    path    = square "-" square { "-" square } ;         (* moved druid first, other druid last *)
    square  = letter digit ;                              (* a1 .. i9 *)
    glyph   = ( letter | digit | "_" ) { letter | digit | "_" | "-" | "." } ;

* ``ember:b2>c3 c3-c2-b2 r[c3,b2]`` plays the glyph ``ember``, moves the druid on b2 to c3,
  lays cubes along c3, c2, b2 and refills the spots of the cards taken, c3 first, then b2.
  The ``r[...]`` part is present exactly when cards are taken.
* ``h[eye,moon,tide] star:c2>c4 c4-c3-b3`` first sets three glyphs face down (a fresh hand in
  editions with hidden glyphs), then plays.
* ``ember:spent`` plays a glyph without effect because no glyph allows a move.
* ``h[eye,moon,tide]`` alone is a setup action: the glyphs set face down before the first turn.

``parse_action(format_action(a)) == a`` for every action; ``str(a)`` is ``format_action(a)``.
"""
from __future__ import annotations

import re
from typing import NamedTuple

from generator.play.errors import ActionSyntaxError

SPENT = "spent"


class Action(NamedTuple):
    """One whole turn (or a setup hide), as recorded. Small, hashable, comparable.

    ``glyph`` is empty for a setup hide; ``src``/``dst``/``path`` are empty for a spent glyph.
    ``hide`` is kept sorted so equal choices compare equal.
    """

    glyph: str = ""
    src: str = ""
    dst: str = ""
    path: tuple[str, ...] = ()
    refill: tuple[str, ...] = ()
    hide: tuple[str, ...] = ()

    def __str__(self) -> str:
        return format_action(self)

    @property
    def is_setup(self) -> bool:
        return not self.glyph

    @property
    def is_spent(self) -> bool:
        return bool(self.glyph) and not self.dst


def make_action(glyph: str = "", src: str = "", dst: str = "", path: tuple[str, ...] = (),
                refill: tuple[str, ...] = (), hide: tuple[str, ...] = ()) -> Action:
    """An ``Action`` with ``hide`` put in canonical (sorted) order."""
    return Action(glyph, src, dst, tuple(path), tuple(refill), tuple(sorted(hide)))


def format_action(action: Action) -> str:
    """The notation of ``action``; see the module docstring for the grammar."""
    parts = []
    if action.hide:
        parts.append("h[" + ",".join(action.hide) + "]")
    if action.glyph:
        if not action.dst:
            parts.append(f"{action.glyph}:{SPENT}")
        else:
            parts.append(f"{action.glyph}:{action.src}>{action.dst}")
            parts.append("-".join(action.path))
            if action.refill:
                parts.append("r[" + ",".join(action.refill) + "]")
    return " ".join(parts)


_SQ = r"[a-i][1-9]"
_GLYPH = r"[A-Za-z0-9_][A-Za-z0-9_.\-]*"
_RE = re.compile(
    rf"^(?:h\[(?P<hide>{_GLYPH}(?:,{_GLYPH})*)\])?"
    rf"(?:(?(hide) )(?P<glyph>{_GLYPH}):(?:(?P<spent>{SPENT})|"
    rf"(?P<src>{_SQ})>(?P<dst>{_SQ}) (?P<path>{_SQ}(?:-{_SQ})+)"
    rf"(?: r\[(?P<refill>{_SQ}(?:,{_SQ})*)\])?))?$")


def parse_action(text: str) -> Action:
    """Parse the notation back into an ``Action`` (inverse of ``format_action``).

    >>> str(parse_action("ember:b2>c3 c3-c2-b2 r[c3,b2]"))
    'ember:b2>c3 c3-c2-b2 r[c3,b2]'

    :raises ActionSyntaxError: when ``text`` does not follow the grammar.
    """
    m = _RE.match(text.strip()) if isinstance(text, str) else None
    if m is None or not (m.group("hide") or m.group("glyph")):
        raise ActionSyntaxError(
            f"not an action: {text!r} (expected e.g. 'ember:b2>c3 c3-c2-b2 r[c3]', "
            f"'ember:spent' or 'h[eye,moon,tide]')")
    hide = tuple(sorted(m.group("hide").split(","))) if m.group("hide") else ()
    if len(set(hide)) != len(hide):
        raise ActionSyntaxError(f"not an action: {text!r} (a glyph is hidden twice)")
    glyph = m.group("glyph") or ""
    if not glyph or m.group("spent"):
        return Action(glyph, "", "", (), (), hide)
    refill = tuple(m.group("refill").split(",")) if m.group("refill") else ()
    return Action(glyph, m.group("src"), m.group("dst"), tuple(m.group("path").split("-")),
                  refill, hide)
