"""Place pieces on sheets: blocks of identical-size pieces in grids, stacked down the page."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from generator.model.layouts import Profile
from generator.render.honeycomb import Honeycomb, is_honeycomb


@dataclass
class Item:
    """One physical piece to print: what to paint on its front and back."""

    front: Any           # Template
    back: Any | None     # Template or None
    front_values: dict
    back_values: dict
    label: str


@dataclass
class Slot:
    item: Item
    x: float      # trim box left, page coordinates (points)
    top: float    # trim box top, page coordinates


@dataclass
class Block:
    """A grid of same-size pieces whose bleed boxes touch; crop marks go around it."""

    width: float         # trim size of one piece
    height: float
    bleed: float
    cols: int
    rows: int
    left: float          # page x of the grid's outer bleed edge
    top: float           # page y of the grid's outer bleed edge
    slots: list[Slot] = field(default_factory=list)
    cluster: tuple[float, float] | None = None  # outer size (bleed included) of a honeycomb of hexes


    @property
    def pitch(self) -> tuple[float, float]:
        return self.width + 2 * self.bleed, self.height + 2 * self.bleed

    @property
    def outer(self) -> tuple[float, float, float, float]:
        """(left, bottom, right, top) of the bleed boxes of the whole grid."""
        if self.cluster:
            return self.left, self.top - self.cluster[1], self.left + self.cluster[0], self.top
        pw, ph = self.pitch
        return self.left, self.top - self.rows * ph, self.left + self.cols * pw, self.top


@dataclass
class Page:
    size: tuple[float, float]
    blocks: list[Block] = field(default_factory=list)


def page_size(profile: Profile, piece_sizes: list[tuple[float, float]], honeycomb: bool = False) -> tuple[float, float]:
    """The paper in the orientation that holds the most of the largest piece (packed as a honeycomb
    of hexes when `honeycomb`)."""
    w, h = profile.paper_size
    portrait, landscape = (min(w, h), max(w, h)), (max(w, h), min(w, h))
    if profile.orientation != "auto":
        return portrait if profile.orientation == "portrait" else landscape
    pw, ph = max(piece_sizes, key=lambda s: s[0] * s[1])

    def per_page(page: tuple[float, float]) -> int:
        if honeycomb:
            edge = 2 * (profile.margin + profile.bleed)
            cols, rows = Honeycomb.of((pw, ph)).fit(page[0] - edge, page[1] - edge)
        else:
            cols, rows = _fit(page, pw, ph, profile)
        return cols * rows

    return max((per_page(page), -i, page) for i, page in enumerate((portrait, landscape)))[2]


def _fit(page: tuple[float, float], w: float, h: float, profile: Profile,
         bleed: float | None = None) -> tuple[int, int]:
    bleed = profile.bleed if bleed is None else bleed
    usable_w, usable_h = page[0] - 2 * profile.margin, page[1] - 2 * profile.margin
    pitch_w, pitch_h = w + 2 * bleed, h + 2 * bleed
    return max(0, int(usable_w // pitch_w)), max(0, int(usable_h // pitch_h))


def mark_space(profile: Profile) -> float:
    return (profile.marks.gap + profile.marks.length) if profile.marks else 0.0


def impose(groups: list[list[Item]], profile: Profile, size: tuple[float, float]) -> list[Page]:
    """Lay out each group (pieces of one size) as grids; a group may span pages, groups share pages.

    :raises ValueError: when a piece is larger than the paper's printable area.
    """
    pages: list[Page] = []
    cursor = None  # page y below which the next block may start
    for items in groups:
        if not items:
            continue
        if is_honeycomb(items[0].front):
            cursor = _impose_honeycomb(items, profile, size, pages, cursor)
            continue
        w, h = items[0].front.size
        bleed = 0.0 if getattr(items[0].front, "shared_cuts", False) else profile.bleed  # edge to edge
        cols, rows_per_page = _fit(size, w, h, profile, bleed)
        if cols == 0 or rows_per_page == 0:
            raise ValueError(f"a {w / 2.835:.0f} x {h / 2.835:.0f} mm piece does not fit on the paper "
                             f"with {profile.margin / 2.835:.0f} mm margins")
        pitch_w, pitch_h = w + 2 * bleed, h + 2 * bleed
        remaining = list(items)
        while remaining:
            bottom_limit = profile.margin
            if cursor is None or cursor - pitch_h < bottom_limit:
                pages.append(Page(size))
                cursor = size[1] - _top_margin(size, rows_per_page, pitch_h, profile, len(remaining), cols)
            rows_free = int((cursor - bottom_limit) // pitch_h)
            rows = min(rows_free, -(-len(remaining) // cols))
            used_cols = min(cols, len(remaining))
            left = (size[0] - used_cols * pitch_w) / 2
            block = Block(w, h, bleed, used_cols, rows, left, cursor)
            for i, item in enumerate(remaining[: used_cols * rows]):
                r, col = divmod(i, used_cols)
                block.slots.append(Slot(item, left + col * pitch_w + bleed, cursor - r * pitch_h - bleed))
            remaining = remaining[used_cols * rows:]
            pages[-1].blocks.append(block)
            cursor -= rows * pitch_h + 2 * mark_space(profile) + profile.marks.gap if profile.marks else rows * pitch_h
    return pages


def _impose_honeycomb(items: list[Item], profile: Profile, size: tuple[float, float], pages: list[Page],
                      cursor: float | None) -> float:
    """Hexes edge to edge in clusters, each as wide as the page allows; returns the new cursor."""
    w, h = items[0].front.size
    comb, bleed, margin = Honeycomb.of((w, h)), profile.bleed, profile.margin
    cols = comb.fit(size[0] - 2 * (margin + bleed), size[1])[0]

    def rows_under(top: float) -> int:
        return comb.fit(size[0], top - margin - 2 * bleed)[1]

    if cols == 0 or rows_under(size[1] - margin) == 0:
        raise ValueError(f"a {w / 2.835:.0f} x {h / 2.835:.0f} mm piece does not fit on the paper "
                         f"with {margin / 2.835:.0f} mm margins")
    gap = 2 * mark_space(profile) + profile.marks.gap if profile.marks else 0.0
    remaining = list(items)
    while remaining:
        if cursor is None or rows_under(cursor) == 0:
            pages.append(Page(size))
            cursor = size[1] - margin
        rows = min(rows_under(cursor), -(-len(remaining) // cols))
        used_cols = min(cols, len(remaining))
        width, height = comb.span(used_cols, rows)
        left = (size[0] - width) / 2 - bleed
        block = Block(w, h, bleed, used_cols, rows, left, cursor, cluster=(width + 2 * bleed, height + 2 * bleed))
        for i, item in enumerate(remaining[: used_cols * rows]):
            cx, cy = comb.centre(i % used_cols, i // used_cols, left + bleed, cursor - bleed)
            block.slots.append(Slot(item, cx - w / 2, cy + h / 2))
        remaining = remaining[used_cols * rows:]
        pages[-1].blocks.append(block)
        cursor -= height + 2 * bleed + gap
    return cursor


def _top_margin(size, rows_per_page, pitch_h, profile, remaining, cols) -> float:
    """Centre a full page of one grid vertically; otherwise start at the margin."""
    rows = min(rows_per_page, -(-remaining // cols))
    if rows == rows_per_page:
        return (size[1] - rows * pitch_h) / 2
    return max(profile.margin, mark_space(profile) + profile.margin / 2)


def back_position(slot: Slot, item_width: float, item_height: float, page: tuple[float, float],
                  profile: Profile) -> tuple[float, float]:
    """Where a piece's back goes on the back page so it lands behind its front after the flip.

    Long-edge flip turns the sheet about its long side: on a portrait page that mirrors left-right,
    on a landscape page top-bottom. Short-edge flip is the other way round.
    """
    width, height = page
    portrait = height >= width
    mirror_x = (profile.backs == "duplex-long-edge") == portrait
    x, top = slot.x, slot.top
    if mirror_x:
        x = width - x - item_width
    else:
        top = height - (top - item_height)
    dx, dy = profile.back_offset
    return x + dx, top - dy


FOLD_CLEARANCE_MM = 5.0  # the least distance between the fold line and any bleed edge
SEAM_ALLOWANCE = 0.5     # points: backgrounds reach 0.3 pt past their bleed to hide seams (faces.SEAM)


@dataclass
class FoldedPage(Page):
    """A gutterfold sheet: fronts above a horizontal fold line, their backs below it, upside down."""

    fold: float = 0.0       # page y of the fold line
    clearance: float = 0.0  # nothing is printed closer than this to the fold, bleed and marks included


def impose_gutterfold(groups: list[list[Item]], profile: Profile, clearance: float) -> list[FoldedPage]:
    """Fronts fill the half above the fold (kept `clearance` from it); backs mirror them below.

    The orientation (unless the profile fixes it) is whichever holds more of the largest piece per half.
    :raises ValueError: when a piece does not fit in half a sheet.
    """
    w, h = profile.paper_size
    portrait, landscape = (min(w, h), max(w, h)), (max(w, h), min(w, h))
    choices = {"portrait": [portrait], "landscape": [landscape]}.get(profile.orientation, [portrait, landscape])
    sizes = [g[0].front.size for g in groups if g]
    pw, ph = max(sizes, key=lambda s: s[0] * s[1])

    def score(page: tuple[float, float]) -> tuple[bool, int, int]:
        """Every piece fits in the half first, then most of the largest piece, then the profile's order."""
        half = _half(page, clearance, profile)
        fits_all = all(min(_fit(half, w, h, profile)) > 0 for w, h in sizes)
        cols, rows = _fit(half, pw, ph, profile)
        return fits_all, cols * rows, -choices.index(page)

    size = max(choices, key=score)
    keep = clearance + SEAM_ALLOWANCE
    half = _half(size, keep, profile)
    shift = size[1] / 2 + keep - profile.margin  # page y of the half-page's y = 0
    pages = []
    for page in impose(groups, profile, half):
        folded = FoldedPage(size, fold=size[1] / 2, clearance=clearance)
        for block in page.blocks:
            block.top += shift
            for slot in block.slots:
                slot.top += shift
            folded.blocks.append(block)
        pages.append(folded)
    return pages


def _half(size: tuple[float, float], clearance: float, profile: Profile) -> tuple[float, float]:
    """The area above the fold as a page of its own whose bottom margin is the fold clearance."""
    return size[0], size[1] / 2 - clearance + profile.margin


def folded_back_position(slot: Slot, item_height: float, fold: float) -> tuple[float, float]:
    """Where a back's trim top-left goes before it is turned 180 degrees about its own centre:
    the mirror image of its front across the fold line."""
    return slot.x, 2 * fold - (slot.top - item_height)
