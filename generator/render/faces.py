"""Draw one face of one piece from its template, after checking the template's bindings."""
from __future__ import annotations

from pathlib import Path

from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from generator.core.files import refusal
from generator.core.errors import GameDataError
from generator.model.game import ComponentSet, Edition, Game, Piece, named_values
from generator.model.layouts import MIN_TEXT_PT, Layouts, Profile, Template
from generator.draw.forms import end_form
from generator.draw.paint import PaintContext
from generator.elements.background import SEAM
from generator.elements.args.placing import copies, paint_placed  # noqa: F401  (copies: for the checks)
from generator.render.bound import bound_elements, expression_data
from generator.render.checks import check_sides, check_template
from generator.render.images import check_drawing_size, check_image, check_svg
from generator.render.style import Palette, register_fonts


class FacePainter:
    """Paints faces for one game with one profile's colour model."""

    def __init__(self, game: Game, layouts: Layouts, profile: Profile | None = None,
                 edition: Edition | None = None, min_text_size: float | None = None):
        """``edition``: the edition whose data template expressions may read (`edition.rules...`)."""
        self.game, self.layouts = game, layouts
        self.data = expression_data(game, edition)
        self.min_text_size = min_text_size or (profile.min_text_size if profile else MIN_TEXT_PT)
        model = profile.colour_model if profile else "rgb"
        self.palette = Palette(layouts, model, bool(profile and profile.ink_saver))
        self.fonts = register_fonts(layouts)
        self.shapes = {**layouts.icons, **game.glyphs}
        self._images: dict[str, ImageReader] = {}
        self._checked: set[tuple[str, str]] = set()

    def template_for(self, component: ComponentSet, side: str, piece: Piece | None = None) -> Template | None:
        """The template a side of a component is drawn with: the piece's own when it names one."""
        own = getattr(piece, side, None) if piece is not None else None
        template_id = own or (component.spec.face if side == "face" else component.spec.back)
        if template_id is None:
            return None
        source, where = piece.origin if own else component.origin  # where an unknown id is blamed
        template = self.layouts.template(template_id, wanted_by=(source, where + (side,)))
        if (template_id, component.id) not in self._checked:
            check_template(self, template, component)
            self._checked.add((template_id, component.id))
        return template

    def sides(self, component: ComponentSet) -> list[tuple[Piece, Template | None, Template | None]]:
        """Each piece with its face and back templates, checked to match in size and shape."""
        out = [(p, self.template_for(component, "face", p), self.template_for(component, "back", p))
               for p in component.pieces]
        check_sides(component, out)
        return out

    def values(self, component: ComponentSet, piece: Piece) -> dict:
        return piece_values(self.game, component, piece)

    def bound(self, template: Template, values: dict, label: str | None = None) -> dict:
        """The template's elements with their expressions evaluated for one piece (see render/bound.py)."""
        return bound_elements(template, values, self.data, label)

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
            end_form(c)
        c.saveState()
        c.translate(x0, top - template.size[1])
        c.doForm(name)
        c.restoreState()

    def paint(self, c: Canvas, template: Template, values: dict, x0: float, top: float, bleed: float) -> None:
        """Paint a face directly, its trim box's top-left corner at (x0, top)."""
        ctx = PaintContext(x0, top, template.size[0], template.size[1], bleed, values,
                           self._colour, self.fonts.__getitem__, self.shapes.__getitem__, self.art,
                           small_black_as_k=self.palette.small_black_as_k and self.palette.model == "cmyk",
                           language=self.game.spec.language)
        for element in self.bound(template, values).values():
            paint_placed(c, element, ctx)

    def _colour(self, name: str):
        return self.palette.get(name)

    def art(self, relative: str):
        """An image file of the game: an ImageReader for PNG/JPEG, a vector Drawing for SVG."""
        if relative not in self._images:
            path = (self.game.folder / relative).resolve()
            if refusal(self.game.folder / relative) or not path.is_relative_to(self.game.folder.resolve()) \
                    or not path.is_file():
                raise GameDataError(self.game.folder, None, "image", "an image file inside the game's folder",
                                    repr(relative))
            art = load_art(path)
            if self.palette.model == "cmyk" and not hasattr(art, "getSize"):
                to_cmyk(art)
            self._images[relative] = art
        return self._images[relative]


def piece_values(game: Game, component: ComponentSet, piece: Piece) -> dict[str, Any]:
    """A piece's fields plus `<field>_name` for choices and glyphs, and `count`, ready for text.
    An optional text, choice or glyph field the piece leaves empty prints as nothing."""
    blanks = {k: "" for k, f in component.spec.fields.items() if f.type != "int" and k not in piece.fields}
    return {**blanks, **named_values(game, component.spec, piece.fields), "count": piece.count}


def load_art(path: Path):
    if path.suffix.lower() == ".svg":
        try:
            from svglib.svglib import svg2rlg  # imported only for a game with vector art
        except ImportError:
            raise GameDataError(path, None, "", "svglib installed for SVG art (pip install 'pnp-generator[svg]')",
                                "no svglib") from None
        check_svg(path)  # size, elements, finite numbers, no reference to another file
        try:
            drawing = svg2rlg(str(path))
        except Exception as exc:  # svglib raises several types for unreadable files
            raise GameDataError(path, None, "", "a readable SVG file", str(exc)) from None
        if drawing is None or not drawing.width or not drawing.height:
            raise GameDataError(path, None, "", "a readable SVG file with a width and height", "none")
        check_drawing_size(path, drawing.width, drawing.height)
        return drawing
    check_image(path)  # Pillow first: format, pixel count, a complete file
    try:
        reader = ImageReader(str(path))
        reader.getSize()
    except Exception as exc:  # Pillow raises several types for unreadable images
        raise GameDataError(path, None, "", "a readable PNG or JPEG image", str(exc)) from None
    return reader


def to_cmyk(node) -> None:
    """Turn an SVG drawing's RGB colours into CMYK in place (a plain conversion, no colour profile),
    so vector art passes a CMYK build's check that every colour is DeviceCMYK."""
    from reportlab.lib.colors import CMYKColor, rgb2cmyk

    for key in ("fillColor", "strokeColor"):
        colour = getattr(node, key, None)
        if colour is not None and not isinstance(colour, CMYKColor) and hasattr(colour, "red"):
            setattr(node, key, CMYKColor(*rgb2cmyk(colour.red, colour.green, colour.blue)))
    for child in getattr(node, "contents", []):
        to_cmyk(child)
