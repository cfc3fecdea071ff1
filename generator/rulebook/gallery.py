"""The components as printed: a gallery of every distinct face with its count, and the cover's fan."""
from __future__ import annotations

import math

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.platypus import Flowable

from ..model.game import ComponentSet, Piece
from .diagrams import BoardParts
from .faces import PieceFaces
from .styles import Styles


def piece_caption(component: ComponentSet, piece: Piece, faces: PieceFaces) -> str:
    """A piece's name, or the names of the values that tell it apart ('Light Ember')."""
    if "name" in piece.fields:
        return str(piece.fields["name"])
    values = faces.values(component.id, piece)
    words = [str(values.get(f"{key}_name", value)) for key, value in piece.fields.items()]
    return " ".join(words) or piece.label


class Gallery(Flowable):
    """Each distinct piece of a component, its face ``face_height`` points tall, '×count' beneath it."""

    def __init__(self, component: ComponentSet, faces: PieceFaces, styles: Styles, face_height: float,
                 pieces: list[Piece] | None = None):
        super().__init__()
        self.component, self.faces, self.styles = component, faces, styles
        self.pieces = list(component.pieces) if pieces is None else pieces
        self.face_height = face_height
        template = faces.face(component.id, component.pieces[0])[0]
        self.face_width = template.size[0] * face_height / template.size[1]
        self.caption_size = styles["caption"].fontSize
        self.cell_w = max(self.face_width, 11 * self.caption_size)
        self.gap = 6
        self.row_h = face_height + 2.6 * self.caption_size + self.gap

    def _columns(self, width: float) -> int:
        return max(1, int((width + self.gap) // (self.cell_w + self.gap)))

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        rows = math.ceil(len(self.pieces) / self._columns(avail_width))
        self.height = rows * self.row_h
        return self.width, self.height

    def split(self, avail_width: float, avail_height: float) -> list[Flowable]:
        columns = self._columns(avail_width)
        fit_rows = int(avail_height // self.row_h)
        if fit_rows < 1 or fit_rows * columns >= len(self.pieces):
            return []
        cut = fit_rows * columns
        return [Gallery(self.component, self.faces, self.styles, self.face_height, self.pieces[:cut]),
                Gallery(self.component, self.faces, self.styles, self.face_height, self.pieces[cut:])]

    def draw(self) -> None:
        canv = self.canv
        columns = self._columns(self.width)
        used = columns * self.cell_w + (columns - 1) * self.gap
        left0 = (self.width - min(used, len(self.pieces) * (self.cell_w + self.gap) - self.gap)) / 2
        bold, body = self.styles.bold_font, self.styles.body_font
        size = self.caption_size
        for k, piece in enumerate(self.pieces):
            row, col = divmod(k, columns)
            left = left0 + col * (self.cell_w + self.gap)
            top = self.height - row * self.row_h
            template, values = self.faces.face(self.component.id, piece)
            self.faces.draw(canv, template, values, left + (self.cell_w - self.face_width) / 2, top,
                            self.face_height)
            centre = left + self.cell_w / 2
            canv.setFillColor(self.styles["caption"].textColor)
            canv.setFont(bold, size * 1.15)
            canv.drawCentredString(centre, top - self.face_height - size * 1.25, f"\u00d7{piece.count}")
            caption = piece_caption(self.component, piece, self.faces)
            while stringWidth(caption, body, size) > self.cell_w and len(caption) > 4:
                caption = caption[:-2].rstrip() + "\u2026" if not caption.endswith("\u2026") else caption[:-2] + "\u2026"
            canv.setFont(body, size)
            canv.drawCentredString(centre, top - self.face_height - size * 2.35, caption)


class CoverFan(Flowable):
    """A fan of cards from the deck with the two players' druids in front: the cover's picture."""

    def __init__(self, faces: PieceFaces, parts: BoardParts | None, height: float, cards: int = 5):
        super().__init__()
        self.faces, self.parts, self.card_height = faces, parts, height
        deck = faces.component(faces.edition.spec.deck)
        ranked = sorted(deck.pieces, key=lambda p: (p.fields.get("splendor", 0), p.index))
        step = max(1, (len(ranked) - 1) / max(1, cards - 1))
        self.cards = [ranked[min(len(ranked) - 1, round(i * step))] for i in range(min(cards, len(ranked)))]
        self.deck = deck
        template = faces.face(deck.id, deck.pieces[0])[0]
        self.card_width = template.size[0] * height / template.size[1]

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        self.width = avail_width
        self.height = self.card_height * 1.25
        return self.width, self.height

    def draw(self) -> None:
        canv, n = self.canv, len(self.cards)
        centre = self.width / 2
        spread = self.card_width * 0.62
        for i, piece in enumerate(self.cards):
            offset = i - (n - 1) / 2
            angle = -offset * 9
            x = centre + offset * spread - self.card_width / 2
            top = self.height - abs(offset) * self.card_height * 0.05
            template, values = self.faces.face(self.deck.id, piece)
            self.faces.draw(canv, template, values, x, top, self.card_height, rotate=angle)
        if self.parts:
            ref = self.parts.druids
            size = self.card_width * 0.5
            for k, colour in enumerate(("light", "dark")):
                piece = self.faces.piece(ref.component, **{**ref.where, ref.field: colour})
                template, values = self.faces.face(ref.component, piece)
                x = centre + (k - 0.5) * size * 1.15 - size / 2
                self.faces.draw(canv, template, values, x, size * 1.05, size)
