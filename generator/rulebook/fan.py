"""The cover's fan of cards: a few cards of the deck spread like a hand, each over the one on its
left, with some pieces in front of them (the players' tokens).

A fan hides most of each card under the next one. It is laid out so that the texts that tell a
card apart (its name, its kind) stay in view: the cards are spread just far enough apart that no
card covers any of them on the one beneath it, and the whole fan lies inside
its frame. No other text of a card is cut by the card over it: the fan takes the closest spread
where each text a card prints is all in view or all hidden, and where none does, it leaves off the
texts a later card would cut (a caption shows whole or not at all). When even the widest spread
would leave the frame, the fan shows less of the deck (the cards at the same size, so their text
stays as large). A face's text under the figures' smallest
size is printed at that size where it fits its box on every card, as in the gallery."""
from __future__ import annotations

import math
from dataclasses import dataclass, replace

from reportlab.platypus import Flowable

from generator.model.game import Piece
from generator.rulebook.faces import PieceFaces
from generator.rulebook.gallery import MIN_THUMBNAIL, telling_texts

Point = tuple[float, float]

TURN = 9.0            # degrees between neighbouring cards
DROP = 0.05           # each card away from the middle sits this share of a card's height lower
SPREADS = [0.62 + 0.02 * i for i in range(25)]   # neighbours' distance in card widths, closest first
RISE = 1.2            # the fan's height in card heights (the outer cards are turned and lowered)


@dataclass(frozen=True)
class PlacedCard:
    piece: Piece
    x: float              # the card's top-left corner before it is turned about its centre
    top: float
    angle: float          # degrees, anticlockwise
    outline: list[Point]  # its four corners on the drawing
    names: list[list[list[Point]]]   # each text that tells it apart: the box of each place it prints it
    texts: dict[str, list[Point]]    # every text it prints, by element name: its box
    cut: frozenset[str] = frozenset()   # the texts a later card covers in part: left off, never cut mid-word


def turned(x: float, top: float, width: float, height: float, angle: float,
           box: tuple[float, float, float, float]) -> list[Point]:
    """The corners of ``box`` (x, y from the card's top left, width, height, in points as drawn) on
    a card of ``width`` by ``height`` whose top-left corner is at (x, top) before it is turned by
    ``angle`` degrees about its centre."""
    cx, cy = x + width / 2, top - height / 2
    cos, sin = math.cos(math.radians(angle)), math.sin(math.radians(angle))
    bx, by, bw, bh = box
    out = []
    for u, v in ((bx, by), (bx + bw, by), (bx + bw, by + bh), (bx, by + bh)):
        dx, dy = x + u - cx, top - v - cy
        out.append((cx + dx * cos - dy * sin, cy + dx * sin + dy * cos))
    return out


def inside(point: Point, shape: list[Point]) -> bool:
    """Whether ``point`` lies in the convex outline ``shape`` (its corners in either turning)."""
    x, y = point
    sides = [(x1 - x0) * (y - y0) - (y1 - y0) * (x - x0) for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1])]
    return all(side >= -1e-9 for side in sides) or all(side <= 1e-9 for side in sides)


def hidden(box: list[Point], covers: list[list[Point]], steps: int = 8) -> bool:
    """Whether the outlines ``covers`` together hide all of ``box`` (checked on a grid of its points)."""
    (ax, ay), (bx, by), _, (dx, dy) = box
    return all(any(inside((ax + (bx - ax) * i / steps + (dx - ax) * j / steps,
                           ay + (by - ay) * i / steps + (dy - ay) * j / steps), c) for c in covers)
               for i in range(steps + 1) for j in range(steps + 1))


def cut_texts(placed: list[PlacedCard]) -> list[frozenset[str]]:
    """For each card, the texts later cards cover in part (neither all in view nor all hidden)."""
    out = []
    for i, card in enumerate(placed):
        later = [c.outline for c in placed[i + 1:]]
        out.append(frozenset(name for name, box in card.texts.items()
                             if any(overlap(box, c) for c in later) and not hidden(box, later)))
    return out


def overlap(a: list[Point], b: list[Point]) -> bool:
    """Whether two convex outlines share any area (separating axis test)."""
    for shape in (a, b):
        for (x0, y0), (x1, y1) in zip(shape, shape[1:] + shape[:1]):
            nx, ny = y0 - y1, x1 - x0
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) <= min(pb) + 1e-9 or max(pb) <= min(pa) + 1e-9:
                return False
    return True


class CoverFan(Flowable):
    """A fan of up to ``cards`` cards of the deck, ranked by the field ``by`` (deck order when None),
    with the pieces ``front`` in a row in front of them: the cover's picture."""

    def __init__(self, faces: PieceFaces, front: list[tuple[str, Piece]], height: float, by: str | None = None,
                 cards: int = 5):
        super().__init__()
        self.faces, self.front, self.card_height, self.most = faces, front, height, cards
        self.deck = faces.component(faces.edition.spec.deck)
        self.ranked = sorted(self.deck.pieces, key=lambda p: (p.fields.get(by, 0) if by else 0, p.index))
        template = faces.face(self.deck.id, self.deck.pieces[0])[0]
        self.card_width = template.size[0] * height / template.size[1]
        self.front_size = max(self.card_width * 0.5, MIN_THUMBNAIL)   # the pieces in front, never under 25 mm
        self.placed: list[PlacedCard] = []
        self._boxes_of: dict[int, tuple[dict[str, tuple], list[list[tuple]]]] = {}   # by piece index
        self._placed_at: dict[float, list[PlacedCard]] = {}   # by frame width

    def _chosen(self, count: int) -> list[Piece]:
        """``count`` cards spread evenly over the ranked deck, from its first to its last."""
        ranked = self.ranked
        step = max(1, (len(ranked) - 1) / max(1, count - 1))
        return [ranked[min(len(ranked) - 1, round(i * step))] for i in range(min(count, len(ranked)))]

    def _boxes(self, piece: Piece) -> tuple[dict[str, tuple], list[list[tuple]]]:
        """The boxes of a card's printed texts and of each text that tells it apart, on the card as
        drawn (in points from its top left, before it is turned): the same for every spread."""
        if piece.index not in self._boxes_of:
            template, values = self.faces.face(self.deck.id, piece)
            scale = self.card_height / template.size[1]
            shown = self.faces.legible(template, values, scale, enlarge=self.deck.id)   # too small to print: not shown
            texts = {name: tuple(v * scale for v in box) for name, _, box in self.faces.printed_texts(shown, values)}
            names = [[tuple(v * scale for v in box) for box in self.faces.text_boxes(shown, values, text)]
                     for text in telling_texts(self.deck, piece, self.faces)]
            self._boxes_of[piece.index] = (texts, names)
        return self._boxes_of[piece.index]

    def _lay_out(self, pieces: list[Piece], spread: float) -> list[PlacedCard]:
        n, w, h = len(pieces), self.card_width, self.card_height
        out = []
        for i, piece in enumerate(pieces):
            offset = i - (n - 1) / 2
            x = self.width / 2 + offset * spread * w - w / 2
            top = self.height - abs(offset) * h * DROP
            angle = -offset * TURN
            boxes, telling = self._boxes(piece)
            texts = {name: turned(x, top, w, h, angle, box) for name, box in boxes.items()}
            names = [[turned(x, top, w, h, angle, box) for box in places] for places in telling]
            out.append(PlacedCard(piece, x, top, angle, turned(x, top, w, h, angle, (0, 0, w, h)),
                                  [boxes for boxes in names if boxes], texts))
        rise = max(y for card in out for _, y in card.outline) - self.height   # turned corners above the top
        return [PlacedCard(c.piece, c.x, c.top - rise, c.angle, [(x, y - rise) for x, y in c.outline],
                           [[[(x, y - rise) for x, y in box] for box in boxes] for boxes in c.names],
                           {name: [(x, y - rise) for x, y in box] for name, box in c.texts.items()})
                for c in out]

    def _fits(self, placed: list[PlacedCard]) -> bool:
        """Every card inside the drawing, above the pieces in front, and each text that tells a card
        apart (its name, its kind) under no later card, wherever the card prints it."""
        floor = self.front_size if self.front else 0.0
        corners = [p for card in placed for p in card.outline]
        if min(x for x, _ in corners) < 0 or max(x for x, _ in corners) > self.width:
            return False
        if min(y for _, y in corners) < floor or max(y for _, y in corners) > self.height:
            return False
        return not any(overlap(box, later.outline) for i, card in enumerate(placed)
                       for boxes in card.names for box in boxes for later in placed[i + 1:])

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = self.card_height * RISE + (self.front_size if self.front else 0)
        if avail_width not in self._placed_at:   # the layout depends on the width alone
            self._placed_at[avail_width] = self._placed()
        self.placed = self._placed_at[avail_width]
        return self.width, self.height

    def _placed(self) -> list[PlacedCard]:
        """The cards as ``wrap`` places them in a frame ``self.width`` wide."""
        for count in range(min(self.most, len(self.ranked)), 0, -1):
            pieces = self._chosen(count)
            fitting = [placed for placed in (self._lay_out(pieces, spread) for spread in SPREADS) if self._fits(placed)]
            if fitting:   # the closest spread that cuts no text, else the closest with the cut texts left off
                whole = [placed for placed in fitting if not any(cut_texts(placed))]
                chosen = (whole or fitting)[0]
                return [replace(card, cut=cut) for card, cut in zip(chosen, cut_texts(chosen))]
        return self._lay_out(self._chosen(1), SPREADS[0])   # one card wider than the frame

    def draw(self) -> None:
        canv = self.canv
        for card in self.placed:
            template, values = self.faces.face(self.deck.id, card.piece)
            if card.cut:
                template = replace(template, id=f"{template.id}~cut~{'~'.join(sorted(card.cut))}",
                                   elements={n: e for n, e in template.elements.items() if n not in card.cut})
            self.faces.draw(canv, template, values, card.x, card.top, self.card_height, rotate=card.angle,
                            enlarge=self.deck.id)
        size = self.front_size
        for k, (component, piece) in enumerate(self.front):
            template, values = self.faces.face(component, piece)
            x = self.width / 2 + (k - (len(self.front) - 1) / 2) * size * 1.2 - size / 2
            self.faces.draw(canv, template, values, x, size, size, enlarge=component)
