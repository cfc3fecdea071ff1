"""Named colours and fonts from layouts/style.yaml, resolved for one colour model."""
from __future__ import annotations

import os
from pathlib import Path

import reportlab
from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from ..errors import GameDataError
from ..model.layouts import Layouts

_REPORTLAB_FONTS = Path(reportlab.__file__).parent / "fonts"
_registered: dict[str, str] = {}


class Palette:
    """Colour names to reportlab colours; RGB for screens and home printers, CMYK for print shops."""

    def __init__(self, layouts: Layouts, model: str = "rgb", ink_saver: bool = False):
        self.colours = layouts.style.colours
        self.model, self.ink_saver = model, ink_saver
        self._cache: dict[str, Color] = {}

    def __contains__(self, name: str) -> bool:
        return name in self.colours

    def get(self, name: str) -> Color:
        if name not in self._cache:
            self._cache[name] = self._make(name)
        return self._cache[name]

    def _make(self, name: str) -> Color:
        spec = self.colours[name]
        if self.model == "cmyk":
            c, m, y, k = (v / 100 for v in spec.cmyk)
            if self.ink_saver:
                c, m, y, k = (v * 0.25 for v in (c, m, y, k))
            return CMYKColor(c, m, y, k)
        r, g, b = (int(spec.rgb[i:i + 2], 16) / 255 for i in (1, 3, 5))
        if self.ink_saver:  # wash every colour towards white: a quarter of the ink
            r, g, b = (1 - (1 - v) * 0.25 for v in (r, g, b))
        return Color(r, g, b)


def register_fonts(layouts: Layouts) -> dict[str, str]:
    """Register each named TrueType font once (so it is embedded); returns name -> reportlab font name."""
    names = {}
    for name, spec in layouts.style.fonts.items():
        path = _font_path(layouts, spec.file)
        key = str(path)
        if key not in _registered:
            face = f"F{len(_registered)}-{path.stem}"
            try:
                pdfmetrics.registerFont(TTFont(face, key))
            except Exception as exc:  # reportlab raises several types for unreadable fonts
                raise GameDataError(layouts.root / "style.yaml", None, f"fonts.{name}.file",
                                    "a readable TrueType font", f"{spec.file} ({exc})") from None
            _registered[key] = face
        names[name] = _registered[key]
    return names


def _font_path(layouts: Layouts, file: str) -> Path:
    if file.startswith("reportlab:"):
        path = _REPORTLAB_FONTS / file.split(":", 1)[1]
    else:
        path = (layouts.root / file).resolve()
        if not path.is_relative_to(layouts.root.resolve()):
            raise GameDataError(layouts.root / "style.yaml", None, "fonts", "a font file inside layouts/", file)
    if not os.path.isfile(path):
        raise GameDataError(layouts.root / "style.yaml", None, "fonts", "an existing font file", file)
    return path
