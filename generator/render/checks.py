"""Every check a template needs before anything is drawn, so that `validate` and `build` stop at the
same mistakes: names of fields, colours, fonts, glyphs, icons and images; typed conditions; repeat
counts; rich-text markup; and the sizes of each piece's face and back.

Each error names the file and line of the template (or piece) that made it.
"""
from __future__ import annotations

from typing import Any, Mapping, Protocol

from generator.core.errors import GameDataError, did_you_mean
from generator.model.expressions import (compile_value, expression_keys, expression_sources, strip_expressions,
                                          unknown_name)
from generator.model.game import ComponentSet, Piece
from generator.model.layouts import Template
from generator.core.numbers import MAX_DOTS, key_of
from generator.draw.bindings import format_text, references, resolve, text_references
from generator.draw.patterns import is_pattern
from generator.draw.richtext import SPAN_STYLES, RichStyle, is_rich, names_used, paragraph, spans_used
from generator.elements import KINDS
from generator.elements.args.conditions import check_condition, holds
from generator.render.style import Palette


class Painter(Protocol):
    """What the checks read of a game's painter (``faces.FacePainter``): its glyphs and icons,
    colours, fonts, pictures, the edition's data and a piece's bound values and elements."""

    shapes: Mapping[str, Any]
    palette: Palette
    fonts: Mapping[str, str]
    data: Mapping[str, Any]

    def art(self, file: str) -> Any: ...

    def values(self, component: ComponentSet, piece: Piece) -> dict: ...

    def bound(self, template: Template, values: dict, label: str | None = None) -> dict: ...

COLOUR_KEYS = ("fill", "centre_fill", "stroke", "colour", "outline")
SIZE_TOLERANCE = 0.01  # points


def field_kinds(component: ComponentSet) -> dict[str, tuple[str, object]]:
    """What a template may name: each field with its type and spec, `count`, and `<field>_name`."""
    kinds: dict[str, tuple[str, object]] = {k: (v.type, v) for k, v in component.spec.fields.items()}
    kinds["count"] = ("int", None)
    for key, spec in component.spec.fields.items():
        if spec.type in ("glyph", "choice"):
            kinds[f"{key}_name"] = ("text", None)
    return kinds


def colour_names(element) -> list[tuple[tuple, str]]:
    """Each colour an element names (or binds with $field), with its key path: a gradient's stops too."""
    out = []
    for key in COLOUR_KEYS:
        value = key_of(element, key)
        if isinstance(value, str) and value:
            out.append(((key,), value))
        elif getattr(value, "gradient", None):
            out += [((key, "stops", i), stop) for i, stop in enumerate(value.stops)]
        elif getattr(value, "over", None):
            out.append(((key, "over"), value.over))
    return out


def patterns(element) -> list[tuple[str, object]]:
    """Each image pattern an element fills with, with its key."""
    return [(key, fill) for key in ("fill", "centre_fill") if is_pattern(fill := key_of(element, key))]


def check_template(painter: Painter, template: Template, component: ComponentSet) -> None:
    """Every name a template uses must exist and every condition must be able to hold."""
    kinds = field_kinds(component)
    names = set(kinds)
    every = every_element(template)
    for _, element, source, where in every:

        def fail(key, expected: str, found: str, source=source, where=where) -> GameDataError:
            return source.error(where + (key if isinstance(key, tuple) else (key,)), expected, found)

        check_condition(element.when, kinds, set(painter.shapes), fail)
        bound = expression_keys(element)
        _check_expression_names(element, names | set(painter.data), component, fail)
        data = element.model_dump(exclude={"when", "repeat", *bound})
        for key, value in data.items():
            for ref in references(value):
                if ref not in names:
                    raise fail(key, f"a field of '{component.id}', one of {sorted(names)}", repr(value))
        count = element.repeat.count if element.repeat else 0
        if isinstance(count, str) and (not count.startswith("$") or kinds.get(count[1:], ("",))[0] != "int"):
            raise fail(("repeat", "count"), f"a whole number, or $field naming a whole-number field of "
                                            f"'{component.id}'", repr(count))
        if element.kind == "text":
            _check_text(painter, element, component, names, fail)
        for key, value in colour_names(element):
            if key[0] in bound:
                continue  # worked out for each piece, checked then
            if value.startswith("$") and references(value)[0] not in names:
                raise fail(key, f"a field of '{component.id}', one of {sorted(names)}", repr(value))
            if not value.startswith("$") and value not in painter.palette:
                raise fail(key, "a colour named in style.yaml", did_you_mean(value, painter.palette.colours))
        if element.kind == "image" and "file" not in bound and not element.file.startswith("$"):
            _check_image(painter, element.file, fail)
        for key, pattern in patterns(element):
            if pattern.image.startswith("$") and references(pattern.image)[0] not in names:
                raise fail((key, "image"), f"a field of '{component.id}', one of {sorted(names)}", repr(pattern.image))
            if not pattern.image.startswith("$"):
                _check_image(painter, pattern.image, lambda _, e, f, key=key: fail((key, "image"), e, f))
        if element.kind == "glyph" and "glyph" not in bound and not element.glyph.startswith("$") \
                and element.glyph not in painter.shapes:
            raise fail("glyph", f"a glyph or icon, one of {sorted(painter.shapes)}",
                       did_you_mean(element.glyph, painter.shapes))
    varying = [entry for entry in every if _varies(entry[1])]
    if varying:
        for piece in component.pieces:
            _check_bound_values(painter, template, varying, component, piece)


def every_element(template: Template) -> list[tuple[tuple[str, ...], Any, Any, tuple]]:
    """Each element of a template and each child of its groups, as (names from the template's element
    down, element, source, key path where it is written)."""
    out = []

    def walk(path: tuple[str, ...], element, source, where: tuple) -> None:
        out.append((path, element, source, where))
        if key_of(element, "elements") is not None:  # a group
            for name, child in element.children.items():
                walk(path + (name,), child, source, where + ("elements", name))

    for name, element in template.elements.items():
        walk((name,), element, *template.sources[name])
    return out


def _drawn(bound: dict, path: tuple[str, ...], values: dict):
    """The bound element at `path` when the piece draws it (its groups' `when` and its own hold), else None."""
    elements = bound
    for name in path:
        element = elements[name]
        if not holds(element.when, values):
            return None
        elements = element.children if key_of(element, "elements") is not None else {}
    return element


def _varies(element) -> bool:
    """Whether what an element draws can differ from piece to piece, so each piece's values are
    checked: an expression, a `$field` (colour, glyph, image, pattern, count), `{field}` text (a
    field's markup) or a check of the kind's own."""
    return bool(expression_keys(element) or any(value.startswith("$") for _, value in colour_names(element))
                or any(pattern.image.startswith("$") for _, pattern in patterns(element))
                or any(isinstance(key_of(element, key), str) and key_of(element, key).startswith("$")
                       for key in ("glyph", "file", "count"))
                or (element.kind == "text" and text_references(element.text))
                or KINDS[element.kind].check)


def _check_expression_names(element, known: set[str], component: ComponentSet, fail) -> None:
    """Every name an expression reads is a field, the edition's data or a function (for every piece,
    whichever branch of the expression a piece takes)."""
    for key in sorted(expression_keys(element)):
        for path, source in expression_sources(getattr(element, key)):
            problem = unknown_name(compile_value(source), known)
            if problem:
                first = component.pieces[0].label if component.pieces else f"'{component.id}'"
                raise fail((key, *path), problem[0], f"{problem[1]} (in {source} for {first})")


def _check_text(painter: Painter, element, component: ComponentSet, names: set[str], fail) -> None:
    text = strip_expressions(element.text)  # an expression's result is checked piece by piece
    try:
        refs = text_references(text)
    except ValueError as exc:
        raise fail("text", "text with {field} placeholders", f"{element.text!r} ({exc})") from None
    for ref in refs:
        if ref not in names:
            raise fail("text", f"placeholders naming fields of '{component.id}', one of {sorted(names)}",
                       "{" + ref + "}")
    for key in ("font", "bold_font", "italic_font"):
        if getattr(element, key) not in painter.fonts:
            raise fail(key, f"a font named in style.yaml, one of {sorted(painter.fonts)}",
                       repr(getattr(element, key)))
        painter.fonts[getattr(element, key)]  # read now: an unreadable font file stops the build before drawing
    _check_markup(painter, text, fail)
    if element.outline and (is_rich(text, element.fit) or element.hyphenate):
        raise fail("outline", "plain text for an outline (rich text, wrap-shrink and hyphenate are not outlined)",
                   repr(element.outline))
    _check_text_keys(element, fail)


def _check_text_keys(element, fail) -> None:
    """Hyphenation, letter spacing and arc text each go with some kinds of text only."""
    rich = is_rich(element.text, "none")
    if element.hyphenate and element.fit not in ("wrap", "wrap-shrink"):
        raise fail("hyphenate", "hyphenate with fit: wrap or wrap-shrink (it breaks words across lines)",
                   f"fit: {element.fit}")
    if element.tracking and (rich or element.hyphenate or element.fit in ("wrap", "wrap-shrink")):
        raise fail("tracking", "tracking on plain text on one line (fit: none or shrink) or on an arc",
                   "rich text" if rich else ("hyphenate: true" if element.hyphenate else f"fit: {element.fit}"))
    if element.path != "arc":
        return
    if element.radius is None:
        raise fail("radius", "a radius (a length) with path: arc", "none")
    if element.fit != "none":
        raise fail("fit", "fit: none with path: arc (arc text neither wraps nor shrinks)", repr(element.fit))
    if rich or element.hyphenate:
        raise fail("path", "plain text on an arc (no markup, no hyphenate)", repr(element.text))


def _check_markup(painter: Painter, text: str, fail) -> None:
    """Icons and colours named by rich-text markup must exist; the markup must typeset."""
    if not is_rich(text, "none"):
        return
    try:
        fonts = [span.font for span in spans_used(text) if span.font]
    except ValueError as exc:
        raise fail("text", f"spans [words](styles): styles comma-separated without spaces, each a colour, a size "
                           f"such as 12pt, font=NAME or one of {', '.join(SPAN_STYLES)}", str(exc)) from None
    for font in fonts:
        if font not in painter.fonts:
            raise fail("text", f"font=NAME in a span naming a font of style.yaml, one of {sorted(painter.fonts)}",
                       did_you_mean(font, painter.fonts))
    icons, colours = names_used(text)
    for icon in icons:
        if icon not in painter.shapes:
            raise fail("text", f"icons in the text from the game's glyphs or icons.yaml, one of "
                               f"{sorted(painter.shapes)}", f":{icon}:")
    for colour in colours:
        if colour not in painter.palette:
            raise fail("text", f"[words](styles) whose names are colours of style.yaml or one of {', '.join(SPAN_STYLES)}",
                       did_you_mean(colour, [*painter.palette.colours, *SPAN_STYLES]))
    style = RichStyle(*(painter.fonts["body"],) * 3, 9, 1.2, None, "left", painter.palette.get,
                      painter.fonts.__getitem__)
    try:
        paragraph(text, style)
    except ValueError as exc:
        raise fail("text", "text reportlab can typeset", str(exc).strip().splitlines()[-1]) from None


def _check_image(painter: Painter, file: str, fail) -> None:
    try:
        painter.art(file)
    except GameDataError as exc:
        raise fail("file", exc.expected, repr(file)) from None


def _check_bound_values(painter: Painter, template: Template, entries: list, component: ComponentSet,
                        piece: Piece) -> None:
    """Values bound to `$field` (colours, glyphs, images) must resolve for every piece, and every
    expression of an element the piece draws must give what its key takes (for the `entries` of
    `every_element`, group children among them)."""
    values = painter.values(component, piece)
    bound = painter.bound(template, values, piece.label)
    for path, element, source, where in entries:
        if expression_keys(element):
            drawn = _drawn(bound, path, values)
            if drawn is None:
                continue  # not drawn on this piece: its expressions are not evaluated for it
            _check_expression_values(painter, element, drawn, values, piece, source, where)
            element = drawn
        for key, value in colour_names(element):
            if value.startswith("$") and resolve(value, values) not in painter.palette:
                raise source.error(where + key, "a colour named in style.yaml",
                                   f"{resolve(value, values)!r} (from {value} for {piece.label})")
        if element.kind == "glyph" and element.glyph.startswith("$"):
            if resolve(element.glyph, values) not in painter.shapes:
                raise source.error(where + ("glyph",), "a glyph or icon", repr(resolve(element.glyph, values)))
        if element.kind == "image" and element.file.startswith("$"):
            _check_image(painter, resolve(element.file, values),
                         lambda key, e, f, s=source, w=where: s.error(w + (key,), e, f))
        for key, pattern in patterns(element):
            if pattern.image.startswith("$"):
                _check_image(painter, resolve(pattern.image, values), lambda _, e, f, s=source, k=(key, "image"),
                             b=pattern.image: s.error(where + k, e, f"{f} (from {b} for {piece.label})"))
        if element.kind == "text":
            _check_field_markup(painter, element, values, piece, (source, where))
        _check_count(element, values, piece, source, where)
        _check_kind(element, values, piece, source, where)


def _check_expression_values(painter: Painter, element, bound, values: dict, piece: Piece, source,
                             where) -> None:
    """What an element's expressions gave one piece names a colour, glyph, image or markup that exists."""
    keys = expression_keys(element)

    def fail(key, expected: str, found: str) -> GameDataError:
        path = key if isinstance(key, tuple) else (key,)
        sources = dict(expression_sources(getattr(element, path[0])))
        shown = sources.get(path[1:]) or next(iter(sources.values()))
        return source.error(where + path, expected, f"{found} (from {shown} for {piece.label})")

    for key, value in colour_names(bound):
        if key[0] in keys and not value.startswith("$") and value not in painter.palette:
            raise fail(key, "a colour named in style.yaml", did_you_mean(value, painter.palette.colours))
    for key, pattern in patterns(bound):
        if key in keys and not pattern.image.startswith("$"):
            _check_image(painter, pattern.image, lambda _, e, f, key=key: fail((key, "image"), e, f))
    if "glyph" in keys and bound.glyph not in painter.shapes:
        raise fail("glyph", f"a glyph or icon, one of {sorted(painter.shapes)}", did_you_mean(bound.glyph, painter.shapes))
    if "file" in keys and bound.kind == "image":
        _check_image(painter, bound.file, lambda key, e, f: fail(key, e, f))
    if "text" in keys:
        _check_markup(painter, format_text(bound.text, values, bound.labels), fail)


def _check_kind(element, values: dict, piece: Piece, source, where) -> None:
    """What the element's own kind asks of the values bound for one piece (a code's content fits it)."""
    check = KINDS[element.kind].check
    problem = check(element, values) if check else None
    if problem:
        key, expected, found = problem
        raise source.error(where + (key,), expected, f"{found} (for {piece.label})")


def _check_count(element, values: dict, piece: Piece, source, where) -> None:
    """A count bound to a field (`count: $cost`) stays within what a ring or flower can draw."""
    bound = key_of(element, "count")
    if isinstance(bound, str):
        dots = resolve(bound, values)
        if isinstance(dots, bool) or not isinstance(dots, int) or not 0 <= dots <= MAX_DOTS:
            raise source.error(where + ("count",), f"a whole number from 0 to {MAX_DOTS}",
                               f"{dots!r} (from {bound} for {piece.label})")


def _check_field_markup(painter: Painter, element, values: dict, piece: Piece, origin) -> None:
    """Markup that comes from a piece's fields is checked too, and blamed on the piece's row."""
    for ref in text_references(element.text):
        value = values.get(ref)
        if not isinstance(value, str) or ref not in piece.fields:
            continue
        source, where = piece.origin or origin
        _check_markup(painter, value, lambda key, e, f, s=source, w=where + (ref,): s.error(w, e, f))


def check_sides(component: ComponentSet, sides: list[tuple[Piece, Template | None, Template | None]]) -> None:
    """Face and back of each piece have one size and shape; all faces of a component share a size
    (its pieces are imposed on one grid)."""
    first_piece, first, _ = sides[0] if sides else (None, None, None)
    for piece, face, back in sides:
        source, where = piece.origin or component.origin
        if first and face and not _same(first, face):
            raise source.error(where, f"faces of one size in '{component.id}': '{first.id}' (piece "
                                      f"{first_piece.index + 1}) is {_size(first)}, '{face.id}' {_size(face)}",
                               "different sizes")
        if face and back and not _same(face, back):
            raise source.error(where, f"a back the size and shape of its face: face '{face.id}' is "
                                      f"{_size(face)}, back '{back.id}' {_size(back)}", "different sizes")


def _same(a: Template, b: Template) -> bool:
    return (a.shape == b.shape and abs(a.size[0] - b.size[0]) < SIZE_TOLERANCE
            and abs(a.size[1] - b.size[1]) < SIZE_TOLERANCE)


def _size(t: Template) -> str:
    mm = 72 / 25.4
    return f"{t.size[0] / mm:g} x {t.size[1] / mm:g} mm {t.shape}"
