"""What any engine's table diagrams share: a reference to the printed piece that plays a part, and
the small marks drawn over a table (arrowheads, labelled pills)."""
from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict

from generator.rulebook.legible import ink_on
from generator.rulebook.styles import Styles


class PieceRef(BaseModel):
    """rulebook.yaml ``board:``: the component whose pieces play a part, told apart by ``field``."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    component: str
    field: str                         # the field that tells pieces apart (a glyph, a colour)
    where: dict[str, Any] = {}


def arrowhead(canv: Any, tip_x: float, tip_y: float, ux: float, uy: float, head: float) -> None:
    """A filled triangle pointing along the unit vector (ux, uy), its tip at (tip_x, tip_y)."""
    arrow = canv.beginPath()
    arrow.moveTo(tip_x, tip_y)
    arrow.lineTo(tip_x - ux * head - uy * head * 0.55, tip_y - uy * head + ux * head * 0.55)
    arrow.lineTo(tip_x - ux * head + uy * head * 0.55, tip_y - uy * head - ux * head * 0.55)
    arrow.close()
    canv.drawPath(arrow, stroke=0, fill=1)


def pill(canv: Any, styles: Styles, px: float, py: float, w: float, h: float, text: str, role: str,
         size: float) -> None:
    """Text in a rounded box of the role's colour, centred at (px, py) in points."""
    canv.saveState()
    canv.setFillColor(styles.palette.get("paper"))
    canv.setStrokeColor(styles.colour(role))
    canv.setLineWidth(0.8)
    canv.roundRect(px - w / 2, py - h / 2, w, h, h / 2, stroke=1, fill=1)
    # the role's colour when it reads on paper (colour and greyscale), else the ink
    canv.setFillColor(ink_on(styles.palette.get("paper"), styles.colour(role), styles.palette.get("ink")))
    canv.setFont(styles.bold_font, size)
    canv.drawCentredString(px, py - size * 0.35, text)
    canv.restoreState()
