"""Named colours and fonts from layouts/style.yaml, resolved for one colour model; the ink-saver variant."""
from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from functools import cached_property
from pathlib import Path
from typing import Any

import reportlab
from pydantic import BaseModel, ConfigDict
from reportlab.lib.colors import CMYKColor, Color
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from generator.core.errors import GameDataError
from generator.elements import KINDS
from generator.model.layouts import Layouts, Profile, StyleFile, Template, validate_element
from generator.model.source import Sourced, load_yaml
from generator.model.validation import validate

_REPORTLAB_FONTS = Path(reportlab.__file__).parent / "fonts"
_registered: dict[str, str] = {}
PALE = 0.75  # luma above which text on white paper is too faint to read


class Palette:
    """Colour names to reportlab colours; RGB for screens and home printers, CMYK for print shops."""

    def __init__(self, layouts: Layouts, model: str = "rgb", ink_saver: bool = False):
        self.colours = layouts.style.colours
        # An ink-saver layout swaps colours by name; without one, every colour is washed out instead.
        self.model, self.ink_saver = model, ink_saver and not isinstance(layouts, InkSaverLayouts)
        self._cache: dict[str, Color] = {}
        self.limited: dict[str, tuple[tuple, tuple, float]] = {}  # name -> (given, printed, ΔE) under an ink limit
        self.small_black_as_k = False   # small text in near-black set as pure K, overprinting

    def limit_ink(self, limit: float, icc: bytes) -> None:
        """Print every CMYK colour over `limit`% total ink as its closest colour within it."""
        from generator.render.inklimit import limit_colour
        for name, spec in self.colours.items():
            if sum(spec.cmyk) > limit:
                printed, delta = limit_colour(tuple(spec.cmyk), limit, icc)
                self.limited[name] = (tuple(spec.cmyk), printed, delta)
        self._cache.clear()

    def __contains__(self, name: str) -> bool:
        return name in self.colours

    def get(self, name: str) -> Color:
        if name not in self._cache:
            self._cache[name] = self._make(name)
        return self._cache[name]

    def _make(self, name: str) -> Color:
        spec = self.colours[name]
        if self.model == "cmyk":
            c, m, y, k = (v / 100 for v in (self.limited[name][1] if name in self.limited else spec.cmyk))
            if self.ink_saver:
                c, m, y, k = (v * 0.25 for v in (c, m, y, k))
            return CMYKColor(c, m, y, k)
        r, g, b = (int(spec.rgb[i:i + 2], 16) / 255 for i in (1, 3, 5))
        if self.ink_saver:  # wash every colour towards white: a quarter of the ink
            r, g, b = (1 - (1 - v) * 0.25 for v in (r, g, b))
        return Color(r, g, b)


class InkSaverRules(BaseModel):
    """The `ink_saver:` block of a profile's options: how faces change to spend less ink."""

    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)
    colours: dict[str, str] = {}                            # colour name -> the colour printed instead
    outline_art: bool = True                                # filled shapes become outlines
    pale_to: str | None = None                              # colour for text, glyphs, strokes too pale for paper
    templates: dict[str, dict[str, dict[str, Any]]] = {}    # template -> element -> keys to override


class InkSaverLayouts(Layouts):
    """The same layouts seen through an ink-saver profile: swapped colours, outline art, overrides."""

    def __init__(self, base: Layouts, rules: InkSaverRules, source: Sourced):
        super().__init__(layers=base.layers)
        self.rules, self.source = rules, source
        self._saver: dict[str, Template] = {}
        colours = base.style.colours
        for name, target in rules.colours.items():
            if name not in colours or target not in colours:
                raise source.error(("options", "ink_saver", "colours", name), "colour names from layouts/style.yaml",
                                   f"{name} -> {target}")
        if rules.pale_to is not None and rules.pale_to not in colours:
            raise source.error(("options", "ink_saver", "pale_to"), "a colour name from layouts/style.yaml",
                               repr(rules.pale_to))

    @cached_property
    def style(self) -> StyleFile:
        base = Layouts.style.func(self)
        swapped = {name: base.colours[self.rules.colours.get(name, name)] for name in base.colours}
        return StyleFile(colours=swapped, fonts=base.fonts)

    def template(self, template_id: str, wanted_by=None) -> Template:
        if template_id not in self._saver:
            self._saver[template_id] = self._lighten(super().template(template_id, wanted_by))
        return self._saver[template_id]

    def _lighten(self, template: Template) -> Template:
        overrides = self.rules.templates.get(template.id, {})
        unknown = sorted(set(overrides) - set(template.elements))
        if unknown:
            raise self.source.error(("options", "ink_saver", "templates", template.id),
                                    f"elements of template '{template.id}', one of {sorted(template.elements)}",
                                    ", ".join(unknown))
        elements = {}
        for name, element in template.elements.items():
            data = {**template.raw[name], **overrides.get(name, {})}
            if self.rules.outline_art and _filled(data.get("kind")) and data.get("fill"):
                if not data.get("stroke"):
                    data["stroke"] = _first_colour(data["fill"])
                data["fill"] = None
            if self.rules.pale_to:  # it sat on a fill that is paper now, or was a fill that became paper
                for key in ("colour", "stroke"):
                    if data.get("kind") != "background" and self._pale(data.get(key)):
                        data[key] = self.rules.pale_to
            if data != template.raw[name]:
                element = validate_element(data, self.source, ("options", "ink_saver", "templates", template.id, name),
                                           zones=template.zones)
            elements[name] = element
        return dataclasses.replace(template, elements=elements)


    def _pale(self, name: str | None) -> bool:
        """A literal colour (after swapping) too light to read on paper; bound `$field` colours are
        left to the swap table, since they differ from piece to piece."""
        if not name or name.startswith("$") or name not in self.style.colours:
            return False
        hex_rgb = self.style.colours[name].rgb
        r, g, b = (int(hex_rgb[i:i + 2], 16) / 255 for i in (1, 3, 5))
        return 0.2126 * r + 0.7152 * g + 0.0722 * b > PALE


def _filled(kind: Any) -> bool:
    return kind in KINDS and KINDS[kind].filled


def _first_colour(fill: Any) -> Any:
    """A fill's colour, a gradient's first stop or a pattern's `over` colour, ink when it has none (as
    written in the template)."""
    if isinstance(fill, dict) and fill.get("stops"):
        return fill["stops"][0]
    return fill.get("over") or "ink" if isinstance(fill, dict) and "image" in fill else fill


def layouts_for_profile(layouts: Layouts, profile: Profile) -> Layouts:
    """The layouts a profile paints with: ink-saver rules in its options wrap the shared layouts."""
    block = profile.options.get("ink_saver")
    if not profile.ink_saver or block is None:
        return layouts
    source = load_yaml(layouts.profile_path(profile.id))
    rules = validate(InkSaverRules, block, source, ("options", "ink_saver"))
    return InkSaverLayouts(layouts, rules, source)


class Fonts(Mapping):
    """The style's fonts: name -> reportlab font name. Each TrueType file is registered once (so it
    is embedded) when a font is first asked for, so a build reads only the fonts it uses."""

    def __init__(self, layouts: Layouts):
        self._layouts = layouts
        self._faces: dict[str, str] = {}

    def __getitem__(self, name: str) -> str:
        face = self._faces.get(name)
        if face is None:
            face = self._faces[name] = _register(self._layouts, name, self._layouts.style.fonts[name].file)
        return face

    def __contains__(self, name: object) -> bool:
        return name in self._layouts.style.fonts

    def __iter__(self) -> Iterator[str]:
        return iter(self._layouts.style.fonts)

    def __len__(self) -> int:
        return len(self._layouts.style.fonts)


def register_fonts(layouts: Layouts) -> Fonts:
    """The style's fonts by name, each registered when first used (see Fonts)."""
    return Fonts(layouts)


def _register(layouts: Layouts, name: str, file: str) -> str:
    """Register a font's file once; its reportlab font name."""
    path = _font_path(file)
    key = _font_key(path)
    if key not in _registered:
        face = f"F{len(_registered)}-{path.stem}"
        try:
            pdfmetrics.registerFont(TTFont(face, str(path)))
        except Exception as exc:  # reportlab raises several types for unreadable fonts
            origin = layouts.style_origins[("font", name)]
            raise GameDataError(origin.path, origin.line, f"fonts.{name}.file",
                                "a readable TrueType font", f"{file} ({exc})") from None
        _registered[key] = face
    return _registered[key]


def _font_key(path: Path) -> str:
    """A font file is registered again when it changes on disk (a long-running studio sees edits)."""
    try:
        stat = path.stat()
    except OSError:
        return str(path)   # registering it reports the problem
    return f"{path}@{stat.st_mtime_ns}:{stat.st_size}"


def _font_path(file: str) -> Path:
    """The style layers resolved and checked every font file; reportlab's own are found here."""
    if file.startswith("reportlab:"):
        return _REPORTLAB_FONTS / file.split(":", 1)[1]
    return Path(file)
