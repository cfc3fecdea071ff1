"""Draw one face of one piece from its template, after checking the template's bindings."""
from __future__ import annotations

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from ..errors import GameDataError
from ..model.game import ComponentSet, Game, Piece
from ..model.layouts import Layouts, Profile, Template
from ..model.numbers import MAX_DOTS
from .bindings import available_names, piece_values, references, resolve, text_references
from .images import check_image
from .painters import PAINTERS, PaintContext
from .style import Palette, register_fonts

_COLOUR_KEYS = ("fill", "stroke", "colour", "outline")
SEAM = 0.3  # points the background overlaps into a neighbour's bleed, so no hairline shows between


class FacePainter:
    """Paints faces for one game with one profile's colour model."""

    def __init__(self, game: Game, layouts: Layouts, profile: Profile | None = None):
        self.game, self.layouts = game, layouts
        model = profile.colour_model if profile else "rgb"
        self.palette = Palette(layouts, model, bool(profile and profile.ink_saver))
        self.fonts = register_fonts(layouts)
        self.shapes = {**layouts.icons, **game.glyphs}
        self._images: dict[str, ImageReader] = {}
        self._checked: set[tuple[str, str]] = set()

    def template_for(self, component: ComponentSet, side: str) -> Template | None:
        template_id = component.spec.face if side == "face" else component.spec.back
        if template_id is None:
            return None
        source, where = component.origin
        template = self.layouts.template(template_id, wanted_by=(source, where + (side,)))
        if (template_id, component.id) not in self._checked:
            self._check(template, component)
            self._checked.add((template_id, component.id))
        return template

    def values(self, component: ComponentSet, piece: Piece) -> dict:
        types = {k: v.type for k, v in component.spec.fields.items()}
        return piece_values(piece, {g.id: g.name for g in self.shapes.values()}, types)

    def draw(self, c: Canvas, template: Template, values: dict, x0: float, top: float, bleed: float) -> None:
        """Place a face whose trim box has its top-left corner at page point (x0, top).

        Each distinct face is painted once per file as a form XObject and reused for every copy,
        which keeps files small and builds fast (36 card backs cost one drawing).
        """
        forms = c.__dict__.setdefault("_pnp_faces", {})  # per canvas: a form lives in one file
        key = (template.id, bleed, tuple(sorted((k, str(v)) for k, v in values.items())))
        name = forms.get(key)
        if name is None:
            name = forms[key] = f"face{len(forms)}"
            w, h = template.size
            pad = bleed + SEAM
            c.beginForm(name, lowerx=-pad, lowery=-pad, upperx=w + pad, uppery=h + pad)
            self.paint(c, template, values, 0, h, bleed)
            c.endForm()
        c.saveState()
        c.translate(x0, top - template.size[1])
        c.doForm(name)
        c.restoreState()

    def paint(self, c: Canvas, template: Template, values: dict, x0: float, top: float, bleed: float) -> None:
        """Paint a face directly, its trim box's top-left corner at (x0, top)."""
        ctx = PaintContext(x0, top, template.size[0], template.size[1], bleed, values,
                           self._colour, self.fonts.__getitem__, self.shapes.__getitem__, self._image)
        for element in template.elements.values():
            if element.when and any(str(values.get(k)) != v for k, v in element.when.items()):
                continue
            if element.rotate:
                c.saveState()
                cx, cy = _centre(element, ctx)
                c.translate(cx, cy)
                c.rotate(-element.rotate)
                c.translate(-cx, -cy)
                PAINTERS[element.kind](c, element, ctx)
                c.restoreState()
            else:
                PAINTERS[element.kind](c, element, ctx)

    def _colour(self, name: str):
        return self.palette.get(name)

    def _image(self, relative: str) -> ImageReader:
        if relative not in self._images:
            path = (self.game.folder / relative).resolve()
            if not path.is_relative_to(self.game.folder.resolve()) or not path.is_file():
                raise GameDataError(self.game.folder, None, "image", "an image file inside the game's folder",
                                    repr(relative))
            check_image(path)
            self._images[relative] = ImageReader(str(path))
        return self._images[relative]

    def _check(self, template: Template, component: ComponentSet) -> None:
        """Every name a template uses must exist: fields, colours, fonts, glyphs, image files."""
        types = {k: v.type for k, v in component.spec.fields.items()}
        names = available_names(types)
        for name, element in template.elements.items():
            source, where = template.sources[name]

            def fail(key: str, expected: str, found: str, source=source, where=where):
                return source.error(where + (key,), expected, found)

            data = element.model_dump()
            for key, value in data.items():
                for ref in references(value):
                    if ref not in names:
                        raise fail(key, f"a field of '{component.id}', one of {sorted(names)}", repr(value))
            if element.kind == "text":
                try:
                    refs = text_references(element.text)
                except ValueError as exc:
                    raise fail("text", "text with {field} placeholders", f"{element.text!r} ({exc})") from None
                for ref in refs:
                    if ref not in names:
                        raise fail("text", f"placeholders naming fields of '{component.id}', one of "
                                           f"{sorted(names)}", "{" + ref + "}")
                if element.font not in self.fonts:
                    raise fail("font", f"a font named in layouts/style.yaml, one of {sorted(self.fonts)}",
                               repr(element.font))
            for key in _COLOUR_KEYS:
                value = data.get(key)
                if value and not value.startswith("$") and value not in self.palette:
                    raise fail(key, "a colour named in layouts/style.yaml", repr(value))
            if element.kind == "image" and not element.file.startswith("$"):
                try:
                    self._image(element.file)
                except GameDataError as exc:
                    if exc.file != str(self.game.folder):  # the file is there but is no usable image
                        raise
                    raise fail("file", "an image file inside the game's folder", repr(element.file)) from None
            if element.kind == "glyph" and not element.glyph.startswith("$") and element.glyph not in self.shapes:
                raise fail("glyph", f"a glyph or icon, one of {sorted(self.shapes)}", repr(element.glyph))
        for piece in component.pieces:  # colours bound to fields must resolve for every piece
            values = self.values(component, piece)
            for name, element in template.elements.items():
                for key in _COLOUR_KEYS:
                    value = getattr(element, key, None)
                    if isinstance(value, str) and value.startswith("$"):
                        colour = resolve(value, values)
                        if colour not in self.palette:
                            source, where = template.sources[name]
                            raise source.error(where + (key,), "a colour named in layouts/style.yaml",
                                               f"{colour!r} (from {value} for {piece.label})")
                _check_count(element, values, piece, *template.sources[name])


def _check_count(element, values: dict, piece: Piece, source, where) -> None:
    """A count bound to a field (`count: $vigor`) stays within what a ring or flower can draw."""
    bound = getattr(element, "count", None)
    if isinstance(bound, str):
        dots = resolve(bound, values)
        if isinstance(dots, bool) or not isinstance(dots, int) or not 0 <= dots <= MAX_DOTS:
            raise source.error(where + ("count",), f"a whole number from 0 to {MAX_DOTS}",
                               f"{dots!r} (from {bound} for {piece.label})")


def _centre(element, ctx: PaintContext) -> tuple[float, float]:
    if hasattr(element, "cx"):
        return ctx.px(element.cx), ctx.py(element.cy)
    if hasattr(element, "w"):
        return ctx.px(element.x + element.w / 2), ctx.py(element.y + element.h / 2)
    return ctx.px(ctx.width / 2), ctx.py(ctx.height / 2)

