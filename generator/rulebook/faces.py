"""Printed faces inside the rulebook: the sheets' own FacePainter, scaled into flowables.

A text printed larger than the face's own proportions (raised to the figures' smallest size) must
still sit on a plain ground: its letters' box, with a margin, neither crosses the edge of a shape
nor touches a figure or another text. That is measured on the face drawn without its texts (``GROUND_PX``
pixels on its longer side): under the box, no more than ``CROSSED`` of the pixels may differ from
the box's commonest colour.
"""
from __future__ import annotations

import math
from dataclasses import replace
from typing import Any

from reportlab.pdfbase.pdfmetrics import stringWidth

from reportlab.pdfgen.canvas import Canvas

from generator.core.errors import GameDataError
from generator.model.game import ComponentSet, Edition, Piece
from generator.model.layouts import Layouts, Template
from generator.render.faces import FacePainter

GROUND_PX = 480     # the face drawn without its texts this many pixels on its longer side, to see what a text touches
CROSSED = 0.003     # share of a text's box that may differ from its ground (stray antialiasing) on a plain ground
INK_STEP = 40       # a pixel this far (0-255, in any channel) from the ground's colour is something else
MARGIN = 0.05       # a raised text keeps this share of its size clear around its letters
CAP, DESCENT = 0.76, 0.22   # letters' height above the baseline and below it (shares of the size)
DESCENDERS = set("gjpqy,;()[]{}_/|@$")


class PieceFaces:
    """Finds pieces of an edition and paints their faces at any size.

    One FacePainter serves each canvas: it keeps each distinct face as one form XObject, so a
    card drawn on twenty boards is stored once. A new canvas (each layout pass of the document
    makes one) gets a new painter, so no form is ever referred to on a canvas that lacks it.
    """

    def __init__(self, edition: Edition, layouts: Layouts, min_text: float = 0):
        """``min_text``: the smallest text, in printed points, a face drawn here keeps (see ``draw``)."""
        self.edition, self.layouts, self.min_text = edition, layouts, min_text
        self._canvas: Canvas | None = None
        self._painter = FacePainter(edition.game, layouts, edition=edition)
        self._for_checks = self._painter  # resolves templates and values; never draws
        self._fits: dict[tuple[str, str, str], float] = {}
        self._grounds: dict[tuple, Any] = {}
        self._clear: dict[tuple, float] = {}

    def painter(self, canv: Canvas) -> FacePainter:
        if canv is not self._canvas:
            self._canvas, self._painter = canv, FacePainter(self.edition.game, self.layouts, edition=self.edition)
        return self._painter

    def component(self, component_id: str) -> ComponentSet:
        try:
            return self.edition.component(component_id)
        except KeyError:
            known = sorted(c.id for c in self.edition.components)
            raise GameDataError(self.edition.source.path, None, "component", f"a component, one of {known}",
                                repr(component_id)) from None

    def piece(self, component_id: str, **where: Any) -> Piece:
        component = self.component(component_id)
        for piece in component.pieces:
            if all(piece.fields.get(k) == v for k, v in where.items()):
                return piece
        raise GameDataError(self.edition.source.path, None, component_id, f"a piece with {where}", "none")

    def face(self, component_id: str, piece: Piece, side: str = "face") -> tuple[Template, dict]:
        component = self.component(component_id)
        template = self._for_checks.template_for(component, side, piece)
        if template is None:
            raise GameDataError(self.edition.source.path, None, component_id, f"a {side} template", "none")
        return template, self._for_checks.values(component, piece)

    def elements(self, template: Template, values: dict) -> dict[str, Any]:
        """A face's elements by name, their expressions evaluated for one piece (sizes in points)."""
        return self._for_checks.bound(template, values)

    def values(self, component_id: str, piece: Piece) -> dict:
        return self._for_checks.values(self.component(component_id), piece)

    def card_piece(self, component_id: str, card: Any) -> Piece:
        """The deck's piece for an engine card (a named tuple): the first whose fields agree with
        every field the card shares with the deck (its name and numbers, never its art)."""
        wanted = card._asdict()
        for piece in self.component(component_id).pieces:
            shared = [k for k in wanted if k in piece.fields]
            if shared and all(piece.fields[k] == wanted[k] for k in shared):
                return piece
        raise GameDataError(self.edition.source.path, None, component_id, "the engine's card in the deck",
                            repr(card))

    def draw(self, canv: Canvas, template: Template, values: dict, x: float, top: float, height: float,
             rotate: float = 0, enlarge: str | None = None) -> float:
        """Paint a face with its top-left corner at (x, top), scaled to ``height``; returns its width.
        Text the face would print below ``min_text`` points at this size is left out (with
        ``enlarge``, its component's id, printed at ``min_text`` where it fits its box: see ``legible``)."""
        scale = height / template.size[1]
        template = self.legible(template, values, scale, enlarge)
        canv.saveState()
        canv.translate(x, top)
        if rotate:
            w = template.size[0] * scale
            canv.translate(w / 2, -height / 2)
            canv.rotate(rotate)
            canv.translate(-w / 2, height / 2)
        canv.scale(scale, scale)
        if template.shape == "round":  # the sheets print the square; the die-cut token is round
            w, h = template.size
            clip = canv.beginPath()
            clip.circle(w / 2, -h / 2, min(w, h) / 2)
            canv.clipPath(clip, stroke=0, fill=0)
        self.painter(canv).draw(canv, template, values, 0, 0, 0)
        canv.restoreState()
        return template.size[0] * scale

    def legible(self, template: Template, values: dict, scale: float, enlarge: str | None = None) -> Template:
        """``template`` without the text elements that would print below ``min_text`` at ``scale``.
        With ``enlarge``, the id of the component the face belongs to (a face shown as printed: a
        gallery's, a cover's), such a text is printed at ``min_text`` instead where one line of it
        still fits its box at that size on every face of the component (a card's value in its
        badge), and left out only where it does not: a text shows on all the cards or on none."""
        if not self.min_text:
            return template
        small = [name for name, (size, _) in self.text_sizes(template, values).items() if size * scale < self.min_text]
        if not small:
            return template
        elements = self._for_checks.bound(template, values)
        floor = self.min_text / scale * (1 + 1e-9)   # not a hair under
        raised = {name: elements[name].model_copy(update={"size": floor, "fit": "none"}) for name in small
                  if enlarge and self.fits_everywhere(enlarge, template, name) >= floor
                  and self.clear_raised(template, values, name, floor)}
        kept = {name: raised.get(name, e) for name, e in elements.items() if name not in small or name in raised}
        marks = [f"{name}@{floor:.3f}" if name in raised else name for name in small]
        return replace(template, id=f"{template.id}~{'~'.join(marks)}", elements=kept)

    def clear_raised(self, template: Template, values: dict, name: str, size: float) -> bool:
        """Whether ``name`` raised to ``size`` stays as clear of the art as the face prints it: clear,
        or printed over art by the face's own design (not clear at its own size either)."""
        own = self.text_sizes(template, values)[name][0]
        return self.clear(template, values, name, size) or not self.clear(template, values, name, own)

    def clear(self, template: Template, values: dict, name: str, size: float) -> bool:
        """Whether the text element ``name``, printed at ``size`` (the template's units), sits on a
        plain ground inside the face and apart from the face's other texts (see the module)."""
        key = (template.id, _values_key(values), name, round(size, 4))
        if key not in self._clear:
            self._clear[key] = self._is_clear(template, values, name, size)
        return bool(self._clear[key])

    def _is_clear(self, template: Template, values: dict, name: str, size: float) -> bool:
        elements = self._for_checks.bound(template, values)
        box = self._letters_box(elements[name], values, size, MARGIN * size)
        if box is None:
            return True   # not a line of text in its box: nothing measured
        w, h = template.size
        left, top, right, bottom = box
        if left < 0 or top < 0 or right > w or bottom > h:
            return False
        printed = self.text_sizes(template, values)
        for other, element in elements.items():
            if other == name or other not in printed or not printed[other][1]:
                continue
            theirs = self._letters_box(element, values, printed[other][0], 0.0)
            if theirs and theirs[0] < right and left < theirs[2] and theirs[1] < bottom and top < theirs[3]:
                return False
        image, px = self._ground(template, values)
        crop = image.crop((int(left * px), int(top * px), max(int(left * px) + 1, math.ceil(right * px)),
                           max(int(top * px) + 1, math.ceil(bottom * px))))
        from PIL import Image, ImageChops
        count = crop.width * crop.height
        ground = max(crop.getcolors(count) or [(0, (255, 255, 255))])[1]
        r, g, b = ImageChops.difference(crop, Image.new("RGB", crop.size, ground)).split()
        apart = ImageChops.lighter(ImageChops.lighter(r, g), b)   # each pixel's largest channel difference
        other = sum(apart.point(lambda v: 255 if v > INK_STEP else 0).histogram()[255:])
        return other <= CROSSED * count

    def _letters_box(self, element: Any, values: dict, size: float, margin: float) -> tuple[float, float, float, float] | None:
        """(left, top, right, bottom) of a one-line text element's letters printed at ``size``, with
        ``margin`` round them, as the text element places them; None for text set otherwise."""
        from ..draw.bindings import format_text
        from ..elements.text import typeset_as_paragraph
        content = format_text(element.text, values, element.labels).strip()
        if not content or element.path != "box" or element.rotate or typeset_as_paragraph(element, content):
            return None
        font = self._for_checks.fonts[element.font]
        wide = stringWidth(content, font, size)
        left = element.x + {"left": 0.0, "right": element.w - wide}.get(element.align, (element.w - wide) / 2)
        baseline = {"top": element.y + size * 0.8, "bottom": element.y + element.h - size + size * 0.8}.get(
            element.valign, element.y + (element.h - size) / 2 + size * 0.78)
        below = DESCENT * size if DESCENDERS & set(content) else 0.0
        return left - margin, baseline - CAP * size - margin, left + wide + margin, baseline + below + margin

    def _ground(self, template: Template, values: dict) -> tuple[Any, float]:
        """The face drawn without its texts (as ``draw`` clips it) as an RGB image, and its pixels per unit."""
        key = (template.id.split("~")[0], _values_key(values))
        if key not in self._grounds:
            import io

            import pypdfium2 as pdfium
            w, h = template.size
            bare = replace(template, id=f"{template.id}~ground",
                           elements={n: e for n, e in template.elements.items() if getattr(e, "kind", None) != "text"})
            out = io.BytesIO()
            canv = Canvas(out, pagesize=(w, h), invariant=1)
            if template.shape == "round":
                clip = canv.beginPath()
                clip.circle(w / 2, h / 2, min(w, h) / 2)
                canv.clipPath(clip, stroke=0, fill=0)
            FacePainter(self.edition.game, self.layouts, edition=self.edition).draw(canv, bare, values, 0, h, 0)
            canv.showPage()
            canv.save()
            px = GROUND_PX / max(w, h)
            doc = pdfium.PdfDocument(out.getvalue())
            try:
                image = doc[0].render(scale=px).to_pil().convert("RGB")
            finally:
                doc.close()
            self._grounds[key] = (image, px)
        return self._grounds[key]

    def clear_scale(self, component_id: str, piece: Piece) -> float:
        """The least scale at which every text of a piece's face that ``legible`` would raise to the
        figures' smallest size sits clear of its art (``clear``); 0 when none would crowd it. At the
        scale where a text prints at its own size it keeps the face's own layout and is not raised."""
        template, values = self.face(component_id, piece)
        key = (component_id, template.id, _values_key(values))
        if key not in self._clear:
            least = 0.0
            for name, (size, chars) in self.text_sizes(template, values).items():
                fits = self.fits_everywhere(component_id, template, name)
                own = self.min_text / size if size else 0.0   # from this scale up it prints at its own size
                if not chars or fits <= 0 or self.min_text / fits >= own:
                    continue   # never raised: left out below its own size
                lo, hi = self.min_text / fits, own   # raised from lo up; larger at a smaller scale: clear above some scale
                if self.clear_raised(template, values, name, fits):
                    continue
                for _ in range(12):   # the least clear scale, to a 4096th of the range
                    mid = (lo + hi) / 2
                    if self.clear_raised(template, values, name, self.min_text / mid * (1 + 1e-9)):
                        hi = mid
                    else:
                        lo = mid
                least = max(least, hi)
            self._clear[key] = least
        return float(self._clear[key])

    def fits_everywhere(self, component_id: str, template: Template, name: str) -> float:
        """The largest size at which the text element ``name`` of ``template`` fits its box, as one
        line, on every face of the component drawn with that template that prints it (0 for text set
        as a paragraph or on an arc, which keeps the size it has)."""
        key = (component_id, template.id, name)
        if key not in self._fits:
            sizes = []
            for piece in self.component(component_id).pieces:
                own, values = self.face(component_id, piece)
                if own.id == template.id.split("~")[0] and self.text_sizes(own, values)[name][1]:
                    sizes.append(self._fits_at(self._for_checks.bound(own, values)[name], values))
            self._fits[key] = min(sizes, default=0.0)
        return self._fits[key]

    def _fits_at(self, element: Any, values: dict) -> float:
        from ..draw.bindings import format_text
        from ..draw.textpath import tracked_width
        from ..elements.text import typeset_as_paragraph
        content = format_text(element.text, values, element.labels).strip()
        if not content or element.path != "box" or typeset_as_paragraph(element, content):
            return 0.0
        wide = tracked_width(content, self._for_checks.fonts[element.font], 1.0, element.tracking)
        return min(element.h, element.w / wide) if wide else 0.0

    def value_scale(self, component_id: str, piece: Piece, shown_beside: set[str] = frozenset()) -> float:
        """The least scale at which a piece's face drawn with ``enlarge`` shows every value it prints:
        each field a text of the face refers to (``{cost}``, or ``{kind_name}`` for the field
        ``kind``) printed legibly by at least one of those texts. Fields in ``shown_beside`` (a
        gallery's caption gives them) need not be."""
        from ..draw.bindings import text_references
        template, values = self.face(component_id, piece)
        fonts = self._for_checks.fonts
        least: dict[str, float] = {}   # field -> the least scale at which one of its texts shows
        printed = self.text_sizes(template, values)
        for name, element in self._for_checks.bound(template, values).items():
            if name not in printed or not printed[name][1]:   # not a text, or none on this face
                continue
            largest = max(printed_size(element, values, fonts[element.font]),
                          self.fits_everywhere(component_id, template, name))
            for ref in text_references(element.text):
                field = ref[:-len("_name")] if ref.endswith("_name") and ref[:-len("_name")] in values else ref
                if field not in shown_beside:
                    least[field] = min(least.get(field, math.inf), self.min_text / largest)
        return max(least.values(), default=0.0) * (1 + 1e-6)   # not a hair under: raised where it fits

    def text_area(self, template: Template, values: dict) -> float:
        """The area the boxes of its text elements that print something cover on a face (in the
        template's units squared): a box left empty on this face (a blank card's) is no text."""
        elements = self._for_checks.bound(template, values)
        return sum(elements[name].w * elements[name].h
                   for name, (_, chars) in self.text_sizes(template, values).items() if chars)

    def text_sizes(self, template: Template, values: dict) -> dict[str, tuple[float, int]]:
        """Each text element of a face: the size it prints at on the face, and how many characters it
        prints (none when its ``when`` leaves it off this face)."""
        from ..draw.bindings import format_text
        from ..elements.args.conditions import holds
        fonts = self._for_checks.fonts
        return {name: (printed_size(element, values, fonts[element.font]),
                       len(format_text(element.text, values, element.labels).strip()) if holds(element.when, values) else 0)
                for name, element in self._for_checks.bound(template, values).items()
                if getattr(element, "kind", None) == "text"}

    def text_boxes(self, template: Template, values: dict, wanted: str) -> list[tuple[float, float, float, float]]:
        """Where a face prints ``wanted`` as the whole text of one of its text elements: each such
        line's box (x, y from the face's top left, width, height, in the template's units), as wide
        as the text at the size it prints at and as tall as that size's line. A text the face does
        not print (its ``when`` leaves it off) has no box."""
        return [box for _, text, box in self.printed_texts(template, values) if text == wanted.strip()]

    def printed_texts(self, template: Template, values: dict) -> list[tuple[str, str, tuple[float, float, float, float]]]:
        """Every text a face prints: its element's name, the text and its box as ``text_boxes`` gives
        it (a text set on several lines, turned or on an arc: its element's whole box)."""
        from ..draw.bindings import format_text
        from ..elements.args.conditions import holds
        fonts = self._for_checks.fonts
        out = []
        for name, element in self._for_checks.bound(template, values).items():
            if getattr(element, "kind", None) != "text" or not holds(element.when, values):
                continue
            wanted = format_text(element.text, values, element.labels).strip()
            if not wanted:
                continue
            size = printed_size(element, values, fonts[element.font])
            if element.rotate or element.path != "box" or stringWidth(wanted, fonts[element.font], size) > element.w:
                out.append((name, wanted, (element.x, element.y, element.w, element.h)))
                continue
            wide = stringWidth(wanted, fonts[element.font], size)
            left = {"left": 0.0, "right": element.w - wide}.get(element.align, (element.w - wide) / 2)
            tall = min(element.h, size * 1.2)
            top = {"top": 0.0, "bottom": element.h - tall}.get(element.valign, (element.h - tall) / 2)
            out.append((name, wanted, (element.x + left, element.y + top, wide, tall)))
        return out


def _values_key(values: dict) -> tuple:
    return tuple(sorted((k, str(v)) for k, v in values.items()))


def printed_size(element: Any, values: dict, font: str) -> float:
    """The size a text element prints at on its face (after shrinking to fit, where it does)."""
    from ..draw.bindings import format_text
    from ..draw.richtext import is_rich
    if element.fit not in ("shrink", "wrap-shrink"):
        return element.size
    content = format_text(element.text, values, element.labels)
    if is_rich(content, element.fit):
        return element.min_size  # a paragraph's final size depends on its wrapping: assume the floor
    size = element.size
    while size > element.min_size and stringWidth(content, font, size) > element.w:
        size -= 0.25
    return size
