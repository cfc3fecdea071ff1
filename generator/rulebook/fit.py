"""Fitting a booklet to whole sheets.

A booklet has a multiple of four pages. When its text runs a little past the last page of a sheet,
the rest would take a page of its own and blank pages would follow it. The layout is then tried
again a little tighter, by a fixed order of small steps (``STEPS``): the index's lines, the
glossary's entries, the space around headings, the space between paragraphs, the leading of the
running text. Type sizes never change, and no leading goes under ``LEAST_LEADING`` times its size.

How much each step saves is measured once, from the text the first layout placed (its lines and
spaces, page by page); the fit takes the fewest steps whose saving is clearly more than the text to
pull back, and tries at most ``MAX_TRIES`` layouts. That measure counts the text alone: a tighter
layout also takes back room that blocks kept whole (a figure, a worked example) left empty at page
feet, since they then fit a page earlier. So when all the steps save less than the overflow but
at least ``REACH`` of it, all of them are tried once: only the layout can tell.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Iterable, Iterator

from reportlab.platypus import Flowable, Paragraph, Table

from generator.rulebook.flowables import Columns
from generator.rulebook.styles import Styles

LEAST_LEADING = 1.15   # a tightened style's leading is at least this many times its size
MAX_TRIES = 2          # layouts tried at most to fit a booklet to whole sheets
MARGIN = 1.3           # a step must save this many times the height to pull back (page breaks waste some)
REACH = 0.6            # all the steps are tried when their text saves at least this share of the overflow
MOST_LOOSE = 6         # loosening steps (``LOOSER``) at most: the spaces up to 1.1 ** 6, about 1.8 times


@dataclass(frozen=True)
class Step:
    """One tightening: the named styles' leading and spaces times these factors."""

    what: str
    styles: tuple[str, ...]
    leading: float = 1.0
    space_before: float = 1.0
    space_after: float = 1.0


STEPS = (
    Step("index lines", ("index",), leading=0.85),
    Step("glossary entries", ("entry",), leading=0.95, space_after=0.3),
    Step("space around headings", ("h1", "h2", "h3"), space_before=0.6, space_after=0.7),
    Step("space between paragraphs", ("body", "list"), space_after=0.6),
    Step("leading of the running text", ("body", "list", "beside"), leading=0.96),
)


# a booklet whose text ends a page short of its sheets runs it to the end a little looser: the spaces
# around headings and between paragraphs, never the type nor the leading of its lines
LOOSER = Step("space around headings and between paragraphs", ("h1", "h2", "h3", "body", "list"),
              space_before=1.1, space_after=1.1)


def tightened(styles: Styles, level: int) -> Styles:
    """``styles`` with the first ``level`` steps taken (level 0: as the style sheet sets them); a
    negative level takes ``LOOSER`` that many times."""
    if level == 0:
        return styles
    paragraph = dict(styles.paragraph)
    for step in STEPS[:level] if level > 0 else (LOOSER,) * -level:
        for name in step.styles:
            if name in paragraph:
                paragraph[name] = _tighten(paragraph[name], step)
    return replace(styles, paragraph=paragraph)


def _tighten(style, step: Step):
    leading = max(style.leading * step.leading, min(style.leading, style.fontSize * LEAST_LEADING))
    return style.clone(style.name, leading=leading, spaceBefore=style.spaceBefore * step.space_before,
                       spaceAfter=style.spaceAfter * step.space_after)


def saving(placed: Iterable[Flowable], styles: Styles, level: int) -> float:
    """How many points the first ``level`` steps take off the height of the ``placed`` text: each
    paragraph's lines times the leading it loses, and the spaces around it (a paragraph in one of
    ``count`` columns counts for 1/count)."""
    if level == 0:
        return 0.0
    tight = tightened(styles, level).paragraph
    total = 0.0
    for paragraph, share in _paragraphs(placed, 1.0):
        name = paragraph.style.name
        if name not in tight or tight[name] is styles.paragraph.get(name):
            continue
        before, after = styles.paragraph[name], tight[name]
        total += share * (_lines(paragraph) * (before.leading - after.leading) + before.spaceBefore - after.spaceBefore
                          + before.spaceAfter - after.spaceAfter)
    return total


def _paragraphs(flowables: Iterable[Flowable], share: float) -> Iterator[tuple[Paragraph, float]]:
    for f in flowables:
        if isinstance(f, Paragraph):
            yield f, share
        elif isinstance(f, Columns):
            yield from _paragraphs(f.blocks, share / f.count)
        elif isinstance(f, Table):   # a row's tallest cell sets its height
            for row in f._cellvalues:
                cells = [p for cell in row for p in (cell if isinstance(cell, (list, tuple)) else [cell])
                         if isinstance(p, Paragraph)]   # a laid-out table holds each cell's flowables as a tuple
                if cells:
                    yield max(cells, key=_lines), share


def _lines(paragraph: Paragraph) -> int:
    return len(getattr(getattr(paragraph, "blPara", None), "lines", ())) or 1


def first_level(overflow: float, savings: list[float]) -> int | None:
    """The level to try first to pull back ``overflow`` points, given ``savings[level]`` (with
    ``savings[0] == 0``): the fewest steps that save clearly more (all of them if none does, and
    when all of them save less but at least ``REACH`` of it: the room they free at page feet may
    take the rest); None when there is nothing to pull back or all the steps save less than that."""
    if overflow <= 0 or savings[-1] < overflow * REACH:
        return None
    return next((level for level, saved in enumerate(savings) if saved >= overflow * MARGIN), len(savings) - 1)


def next_level(level: int, past: int) -> int | None:
    """The level to try after ``level`` left the text ``past`` pages past whole sheets (negative: it
    pulled back more than needed): all the steps when it was not enough, one step fewer when it was
    too much, None when it fitted."""
    if past > 0:
        return len(STEPS) if level < len(STEPS) else None
    if past < 0:
        return level - 1 if level > 1 else None
    return None
