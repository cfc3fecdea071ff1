#!/usr/bin/env python3
"""The floor for the sheet benchmark: bare reportlab drawing the same 36 Magic Circle cards and
their backs as the 36-card sheet build (poker cards with 3 mm bleed, six a landscape Letter page,
crop marks, each back page after its fronts, Vera embedded as the real build does), with no game
data, templates, validation or manifest.

    python bench/floor_sheets.py OUT.pdf
"""
from __future__ import annotations

import math
import sys

from reportlab.lib.pagesizes import landscape, letter
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

CARDS = [("Hedge Ring", 4, 3, 4), ("Dew Circle", 4, 4, 4), ("Lantern Ring", 4, 5, 1), ("Barrow Ring", 5, 4, 3),
         ("Moss Circle", 5, 5, 4), ("Willow Ring", 5, 6, 2), ("Cairn Circle", 6, 5, 2), ("Thorn Ring", 6, 6, 4),
         ("Oak Circle", 6, 7, 3), ("Standing Stones", 7, 6, 2), ("Elder Circle", 7, 7, 3), ("Crown of Stars", 7, 8, 4)]
W, H, BLEED = 63 * mm, 88 * mm, 3 * mm
COLS, ROWS = 3, 2


def front(c: Canvas, name: str, vigor: int, splendor: int) -> None:
    c.setFillColorRGB(0.96, 0.93, 0.85)
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setStrokeColorRGB(0.6, 0.5, 0.3)
    c.roundRect(3 * mm, 3 * mm, W - 6 * mm, H - 6 * mm, 3 * mm, stroke=1, fill=0)
    c.setFillColorRGB(0.1, 0.1, 0.1)
    c.setFont("Vera", 7)
    c.drawCentredString(W / 2, H - 10 * mm, name)
    c.drawCentredString(W / 2, 6 * mm, f"Vigor {vigor}  Splendor {splendor}")
    c.setFont("Vera", 14)
    c.drawString(6 * mm, H - 11 * mm, str(vigor))
    c.drawRightString(W - 6 * mm, H - 11 * mm, str(splendor))
    c.setFillColorRGB(1, 1, 1)
    c.circle(W / 2, H / 2, 22 * mm, stroke=1, fill=1)
    c.setFillColorRGB(0.9, 0.65, 0.1)
    for k in range(vigor):
        a = 2 * math.pi * k / vigor
        c.circle(W / 2 + 22 * mm * math.cos(a), H / 2 + 22 * mm * math.sin(a), 2 * mm, stroke=0, fill=1)
    c.setFillColorRGB(0.2, 0.4, 0.8)
    for k in range(splendor // 2 + 1):
        a = 2 * math.pi * k / (splendor // 2 + 1)
        c.ellipse(W / 2 - 2 * mm, H / 2, W / 2 + 2 * mm + 12 * mm * abs(math.cos(a)),
                  H / 2 + 12 * mm * abs(math.sin(a)) + 1 * mm, stroke=0, fill=1)


def back(c: Canvas) -> None:
    c.setFillColorRGB(0.15, 0.25, 0.15)
    c.rect(-BLEED, -BLEED, W + 2 * BLEED, H + 2 * BLEED, stroke=0, fill=1)
    c.setStrokeColorRGB(0.85, 0.75, 0.4)
    c.roundRect(3 * mm, 3 * mm, W - 6 * mm, H - 6 * mm, 3 * mm, stroke=1, fill=0)
    c.setFillColorRGB(0.85, 0.75, 0.4)
    for k in range(16):
        a = 2 * math.pi * k / 16
        c.circle(W / 2 + 20 * mm * math.cos(a), H / 2 + 20 * mm * math.sin(a), 1.2 * mm, stroke=0, fill=1)
    c.setFont("Vera", 7)
    c.drawCentredString(W / 2, 10 * mm, "The Channeling")


def crop_marks(c: Canvas, x0: float, y0: float) -> None:
    c.setStrokeColorRGB(0, 0, 0)
    c.setLineWidth(0.3)
    for i in range(COLS + 1):
        x = x0 + i * (W + 2 * BLEED) - (BLEED if i == COLS else -BLEED if i == 0 else 0)
        c.line(x, y0 - 8 * mm, x, y0 - 4 * mm)
        c.line(x, y0 + ROWS * (H + 2 * BLEED) + 4 * mm, x, y0 + ROWS * (H + 2 * BLEED) + 8 * mm)


def main(out: str) -> None:
    pdfmetrics.registerFont(TTFont("Vera", "Vera.ttf"))
    cards = [(n, v, s) for n, v, s, count in CARDS for _ in range(count)]
    page_w, page_h = landscape(letter)
    x0 = (page_w - COLS * (W + 2 * BLEED)) / 2
    y0 = (page_h - ROWS * (H + 2 * BLEED)) / 2
    c = Canvas(out, pagesize=(page_w, page_h))
    per = COLS * ROWS
    for start in range(0, len(cards), per):
        sheet = cards[start:start + per]
        for side in ("front", "back"):
            crop_marks(c, x0, y0)
            for i, card in enumerate(sheet):
                col, row = i % COLS, i // COLS
                if side == "back":
                    col = COLS - 1 - col  # mirrored for a long-edge flip
                c.saveState()
                c.translate(x0 + col * (W + 2 * BLEED) + BLEED, y0 + (ROWS - 1 - row) * (H + 2 * BLEED) + BLEED)
                front(c, *card) if side == "front" else back(c)
                c.restoreState()
            c.showPage()
    c.save()


if __name__ == "__main__":
    main(sys.argv[1])
