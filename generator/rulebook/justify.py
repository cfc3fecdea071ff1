"""Justified paragraphs without wide word spaces.

reportlab breaks a paragraph's lines greedily: each line takes every word that fits. When the next
word cannot be broken (a game term, a short name tied with no-break spaces, a paragraph's tied last
words: ``ties.py``) the line it did not fit on is stretched to the measure and its word spaces open
wide. ``Justified`` then breaks the paragraph again, as a compositor would: it takes the last word
(or the last syllables of it) of one of the lines above the loose one down to the next line, so the
words after it move down too and fill the loose line, and keeps the breaks whose widest word space
is smallest. The ties hold in every try: no break is allowed that the greedy breaker would not make.
A line that no choice of breaks brings under ``LOOSEST`` (a paragraph's first line, whose next word
cannot break: no line above it can give it a word, and breaking it earlier only leaves it looser) is
set ragged, as its paragraph's last line is: the last resort of a compositor, rather than spaces
wide enough to read as gaps.

How it is done: the line that gives a word away is broken at a narrower width (reportlab takes a
width for each line), then justified to the full measure again. The widths chosen go with the
paragraph's parts when a page splits it, so each part is set exactly as in the whole paragraph.
"""
from __future__ import annotations

from typing import Sequence

from reportlab.lib.enums import TA_JUSTIFY
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Paragraph

MAX_SPACE = 0.40   # em: the widest word space a justified line may open before its paragraph is broken again
LOOSEST = 0.45     # em: the widest word space a justified line opens at all; a looser one is set ragged
REACH = 3          # how many lines above a loose line may give it a word
TRIES = 8          # rounds of re-breaking per paragraph and measure, at most
NBSP = "\u00a0"

Plan = tuple[tuple[int, float], ...]   # (line, the width it is broken at), for the lines that give a word away


class Justified(Paragraph):
    """A Paragraph whose justified lines keep their word spaces under ``MAX_SPACE`` wherever a
    different choice of breaks allows it, and under ``LOOSEST`` always (a line that would open
    wider is set ragged)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._plans: dict[tuple[float, ...], Plan] = {}

    def breakLines(self, width):
        widths = [float(w) for w in width] if isinstance(width, (list, tuple)) else [float(width)]
        if self.style.alignment != TA_JUSTIFY:
            return super().breakLines(width)
        key = tuple(round(w, 3) for w in widths)
        if key not in self._plans:
            self._plans[key] = self._best_plan(widths)
        self._key = key
        broken = self._broken(widths, self._plans[key])
        for line, space in enumerate(self._spaces(broken)):
            if space > LOOSEST:
                _ragged(broken, line)
        return broken

    def split(self, availWidth, availHeight):
        parts = super().split(availWidth, availHeight)
        key = getattr(self, "_key", None)
        if len(parts) == 2 and key in self._plans:   # each part keeps the breaks it had in the whole
            first, rest = parts
            lines = len(first.blPara.lines)
            plan = self._plans[key]
            first._plans = {key: tuple((k, w) for k, w in plan if k < lines)}
            rest._plans = {key: tuple((k - lines, w) for k, w in plan if k >= lines)}
        return parts

    def _broken(self, widths: list[float], plan: Plan):
        """The lines broken with ``plan``'s narrower widths, each justified to its full measure."""
        if not plan:
            return super().breakLines(widths)
        narrow = dict(plan)
        count = max(len(widths), max(narrow) + 2)   # reportlab repeats the last width: keep it the measure's
        full = [widths[min(i, len(widths) - 1)] for i in range(count)]
        broken = super().breakLines([narrow.get(i, w) for i, w in enumerate(full)])
        for line, narrowed in narrow.items():
            if line < len(broken.lines):
                _widen(broken, line, full[line] - narrowed)
        return broken

    def _best_plan(self, widths: list[float]) -> Plan:
        """The narrower widths that leave the least space over ``MAX_SPACE``. Each round lets every
        line up to ``REACH`` lines above a loose one give a word away and goes on from the best try,
        even one no better yet (the line that gave may need a word from the line above it in turn);
        the best plan of all tried is kept (``_rank``)."""
        plan: Plan = ()
        broken = self._broken(widths, plan)
        best = (self._rank(broken, plan), plan)
        seen = {plan}
        for _ in range(TRIES):
            spaces = self._spaces(broken)
            givers = sorted({line for loose, space in enumerate(spaces) if space > MAX_SPACE
                             for line in range(max(0, loose - REACH), loose)})
            tries = []
            for line in givers:
                used = _measure(widths, line) - _extra(broken, line)
                tried = tuple(sorted({**dict(plan), line: used - _give(broken, line, self.style)}.items()))
                if tried not in seen:
                    seen.add(tried)
                    again = self._broken(widths, tried)
                    tries.append((self._score(again), tried, again))
            if not tries:
                break
            best = min([best, *((self._rank(again, tried), tried) for _, tried, again in tries)])
            score, plan, broken = min(tries, key=lambda t: t[:2])
        return best[1]

    def _score(self, broken) -> tuple[float, float, int]:
        """Better with a narrower widest space over ``MAX_SPACE``, then with less space over it in
        all lines together, then with fewer lines."""
        over = [s - MAX_SPACE for s in self._spaces(broken) if s > MAX_SPACE]
        return max(over, default=0.0), sum(over), len(broken.lines)

    def _rank(self, broken, plan: Plan) -> tuple[int, int, float, float, int]:
        """How good a plan's lines are as they will be set: none set ragged that gave a word away (a
        ragged line has room to keep it, and would end on a hyphen for nothing), then fewer set
        ragged, then as ``_score`` finds the lines that stay justified."""
        spaces = self._spaces(broken)
        ragged = {line for line, space in enumerate(spaces) if space > LOOSEST}
        over = [s - MAX_SPACE for s in spaces if MAX_SPACE < s <= LOOSEST]
        return (len(ragged & dict(plan).keys()), len(ragged), max(over, default=0.0), sum(over),
                len(broken.lines))

    def _spaces(self, broken) -> list[float]:
        """The word space (em) of each line that is justified (every line but the last, and any line
        ended by a break), 0 for a line with no space to stretch."""
        size = self.style.fontSize
        space = stringWidth(" ", self.style.fontName, size)
        out = []
        for i, line in enumerate(broken.lines[:-1]):
            count = _space_count(broken, i)
            stretched = count > 0 and not getattr(line, "lineBreak", False)
            out.append((space + _extra(broken, i) / count) / size if stretched else 0.0)
        return out


def _measure(widths: Sequence[float], line: int) -> float:
    return widths[min(line, len(widths) - 1)]


def _extra(broken, line: int) -> float:
    entry = broken.lines[line]
    return entry[0] if broken.kind == 0 else entry.extraSpace


def _widen(broken, line: int, by: float) -> None:
    entry = broken.lines[line]
    if broken.kind == 0:
        broken.lines[line] = (entry[0] + by, entry[1])
    else:
        entry.extraSpace += by
        entry.maxWidth += by


def _ragged(broken, line: int) -> None:
    """Set ``line`` flush left at its own spaces: reportlab draws a line ended by a break so, and a
    plain line (one font) with no extra space."""
    entry = broken.lines[line]
    if broken.kind == 0:
        broken.lines[line] = (0.0, entry[1])
    else:
        entry.lineBreak = True


def _space_count(broken, line: int) -> int:
    """The spaces reportlab stretches on ``line``: those between its words and its no-break spaces."""
    entry = broken.lines[line]
    if broken.kind == 0:
        return len(entry[1]) - 1 + sum(str(w).count(NBSP) for w in entry[1])
    return entry.wordCount - 1 + sum(getattr(w, "text", "").count(NBSP) for w in entry.words
                                     if not hasattr(w, "cbDefn"))


def _give(broken, line: int, style) -> float:
    """How much narrower ``line`` must be broken so that its last word no longer fits: a hair more
    than reportlab lets its word spaces shrink."""
    count = _space_count(broken, line) + 1
    return style.spaceShrinkage * stringWidth(" ", style.fontName, style.fontSize) * count + 0.01
