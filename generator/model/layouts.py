"""Looks in layers (built-in, project, game): named colours and fonts, face templates (which may extend
each other), print profiles."""
from __future__ import annotations

from dataclasses import dataclass, field
from importlib import resources
from functools import cached_property, lru_cache
from pathlib import Path
from typing import Any, Literal

from pydantic import Field, TypeAdapter, ValidationError

from generator.core.files import refusal, within
from generator.core.errors import GameDataError, did_you_mean
from generator.core.numbers import DashLength, FontSize, Length, Percent, PositiveLength, Strict, StrokeWidth, whole
from generator.core.units import PAPER, parse_length
from generator.elements import KINDS, any_element, prepare
from generator.model.expressions import expressions_in, load_unbound
from generator.model.schema import Glyph, Ident
from generator.model.source import Sourced, load_yaml
from generator.model.validation import describe, validate
from generator.model.zones import Zone, in_zone, zones_of

BUILTIN_LOOKS = Path(str(resources.files("generator") / "looks"))  # package data, shipped in the wheel
MIN_TEXT_PT = 6.0   # text under this size is hard to read: a print-safety finding unless a profile says otherwise


class Colour(Strict):
    rgb: str = Field(pattern=r"^#[0-9A-Fa-f]{6}$")
    cmyk: tuple[Percent, Percent, Percent, Percent]


class FontSpec(Strict):
    file: str


class StyleFile(Strict):
    colours: dict[str, Colour]
    fonts: dict[str, FontSpec]


class IconFile(Strict):
    icons: list[Glyph]


class TemplateFile(Strict):
    id: Ident
    extends: Ident | None = None
    size: tuple[Length, Length] | None = None
    shape: Literal["rect", "round", "hex"] | None = None
    safe_margin: PositiveLength | None = None
    corner_radius: PositiveLength | None = None  # rounded corners of a card: drawn as its cut line on sheets
    shared_cuts: bool | None = None  # rect or hex pieces imposed edge to edge: one cut between two
    # named rectangles [x, y, w, h] that elements place themselves in (`zone: NAME`); added to or moved
    # from the template this one extends
    zones: dict[Ident, tuple[Length, Length, PositiveLength, PositiveLength]] = Field(default={}, max_length=100)
    elements: dict[str, dict[str, Any]] = {}


class Marks(Strict):
    length: PositiveLength = parse_length("5mm")
    gap: PositiveLength = parse_length("1.5mm")
    weight: StrokeWidth = 0.25


class CutLines(Strict):
    """The die line drawn on the trim of round, hexagonal and round-cornered pieces."""

    colour: str = "mark"   # a colour of style.yaml
    width: float = Field(default=0.25, gt=0, le=2)  # points
    dash: list[DashLength] = Field(default=[], max_length=8)


class Profile(Strict):
    id: Ident
    name: str
    kind: Literal["sheet", "print-shop", "png", "tts", "proof", "rulebook"] = "sheet"
    default: bool = False
    paper: str | tuple[Length, Length] = "letter"
    orientation: Literal["auto", "portrait", "landscape"] = "auto"
    margin: PositiveLength = parse_length("8mm")
    bleed: PositiveLength = parse_length("3mm")
    spacing: PositiveLength = 0
    marks: Marks | None = Marks()
    cut_lines: CutLines | None = CutLines()
    backs: Literal["none", "duplex-long-edge", "duplex-short-edge", "gutterfold"] = "duplex-long-edge"
    back_offset: tuple[Length, Length] = (0, 0)
    colour_model: Literal["rgb", "cmyk"] = "rgb"
    ink_saver: bool = False
    dpi: int = Field(default=300, ge=72, le=1200)
    pixel_size: tuple[whole(1, 20_000), whole(1, 20_000)] | None = None
    min_text_size: FontSize = MIN_TEXT_PT  # points: text shrunk or set under it is a print-safety finding
    options: dict[str, Any] = {}

    @property
    def paper_size(self) -> tuple[float, float]:
        return PAPER[self.paper] if isinstance(self.paper, str) else self.paper


@dataclass
class Template:
    """A resolved face template: size in points and elements in drawing order."""

    id: str
    size: tuple[float, float]
    shape: str
    safe_margin: float
    elements: dict[str, Any]  # name -> validated element
    raw: dict[str, dict[str, Any]]  # name -> merged YAML mapping, what a child template extends
    sources: dict[str, tuple[Sourced, tuple]] = field(default_factory=dict)
    corner_radius: float = 0
    shared_cuts: bool = False
    zones: dict[str, Zone] = field(default_factory=dict)


@dataclass(frozen=True)
class Layer:
    """One folder of looks: `style.yaml`, `icons.yaml`, `templates/`, `profiles/`, `rulebook/`, `proof/`."""

    name: str   # built-in, project or game
    root: Path

    def files(self, folder: str) -> list[Path]:
        base = self.root / folder
        return sorted(base.rglob("*.yaml")) if base.is_dir() else []


@dataclass
class Found:
    """Where a named thing (template, profile, colour, font, icon) came from."""

    layer: str
    path: Path
    line: int | None = None


class Layouts:
    """The looks a game is drawn with, in layers: the built-in looks shipped in the package, then
    the project's `layouts/`, then the game's own folder. A later layer adds to or overrides an
    earlier one by id and never hides the rest."""

    def __init__(self, root: Path | None = None, game_folder: Path | None = None, *,
                 layers: list[Layer] | None = None):
        if layers is None:
            layers = [Layer("built-in", BUILTIN_LOOKS)]
            if root is not None and root.is_dir() and root.resolve() != BUILTIN_LOOKS.resolve():
                layers.append(Layer("project", root))
            if game_folder is not None and game_folder.is_dir():
                layers.append(Layer("game", game_folder))
        self.layers = layers
        self._templates: dict[str, Template] = {}

    @property
    def root(self) -> Path:
        """The most specific layer's folder, named in errors about looks that are missing."""
        return self.layers[-1].root

    def find(self, relative: str) -> Path | None:
        """A file by its path inside a layer (e.g. proof/proof.html.j2), from the latest layer holding it."""
        for layer in reversed(self.layers):  # only inside the layer: no absolute name, '..' or link out
            found = within(layer.root, relative)
            if found:
                return found
        return None

    def all_of(self, relative: str) -> list[Path]:
        """Every layer's copy of a file, earliest first, for files merged key by key."""
        return [layer.root / relative for layer in self.layers if (layer.root / relative).is_file()]

    # ------------------------------------------------------------ style and icons

    @cached_property
    def style_origins(self) -> dict[tuple[str, str], Found]:
        self.style  # noqa: B018 - loading the style fills the origins
        return self._style_origins

    @cached_property
    def style(self) -> StyleFile:
        colours: dict[str, Colour] = {}
        fonts: dict[str, FontSpec] = {}
        self._style_origins: dict[tuple[str, str], Found] = {}
        for layer in self.layers:
            path = layer.root / "style.yaml"
            if not path.is_file():
                continue
            source = load_yaml(path)
            part = validate(StyleLayer, source.data or {}, source)
            for name, colour in part.colours.items():
                colours[name] = colour
                self._style_origins[("colour", name)] = Found(layer.name, path, source.line_of(("colours", name)))
            for name, font in part.fonts.items():
                fonts[name] = FontSpec(file=_font_file(font.file, layer, source, name))
                self._style_origins[("font", name)] = Found(layer.name, path, source.line_of(("fonts", name)))
        return StyleFile(colours=colours, fonts=fonts)

    @cached_property
    def icons(self) -> dict[str, Glyph]:
        found: dict[str, Glyph] = {}
        for path in self.all_of("icons.yaml"):
            source = load_yaml(path)
            found.update({g.id: g for g in validate(IconFile, source.data, source).icons})
        return found

    # ------------------------------------------------------------ templates and profiles

    @cached_property
    def template_origins(self) -> dict[str, Found]:
        return self._by_id("templates")

    @cached_property
    def template_paths(self) -> dict[str, Path]:
        return {name: found.path for name, found in self.template_origins.items()}

    @cached_property
    def profile_origins(self) -> dict[str, Found]:
        return self._by_id("profiles")

    def _by_id(self, folder: str) -> dict[str, Found]:
        """Files of one kind by id (the file name); a later layer overrides, two in one layer clash."""
        out: dict[str, Found] = {}
        for layer in self.layers:
            mine: dict[str, Path] = {}
            for path in layer.files(folder):
                if path.stem in mine:
                    first, second = _id_line(mine[path.stem]), _id_line(path)
                    raise GameDataError(path, second, "id", f"one {folder[:-1]} '{path.stem}' in the {layer.name} "
                                        f"layer", f"a second one; the first is {mine[path.stem]}:{first}")
                mine[path.stem] = path
                out[path.stem] = Found(layer.name, path)
        return out

    def profile_path(self, profile_id: str) -> Path:
        found = self.profile_origins.get(profile_id)
        return found.path if found else self.root / "profiles" / f"{profile_id}.yaml"

    @cached_property
    def profiles(self) -> dict[str, Profile]:
        out = {}
        for profile_id, found in sorted(self.profile_origins.items()):
            source = load_yaml(found.path)
            profile = validate(Profile, source.data, source)
            if profile.id != profile_id:
                raise source.error(("id",), f"the file's name '{profile_id}'", repr(profile.id))
            if isinstance(profile.paper, str) and profile.paper not in PAPER:
                raise source.error(("paper",), f"a paper name, one of {sorted(PAPER)}, or [width, height]",
                                   repr(profile.paper))
            out[profile.id] = profile
        return out

    def profile(self, name: str) -> Profile:
        if name not in self.profiles:
            raise GameDataError(self.root / "profiles", None, "profile",
                                f"a profile, one of {sorted(self.profiles)}", did_you_mean(name, self.profiles))
        return self.profiles[name]

    def template(self, template_id: str, wanted_by: tuple[Sourced, tuple] | None = None) -> Template:
        if template_id not in self._templates:
            self._templates[template_id] = self._resolve(template_id, wanted_by, ())
        return self._templates[template_id]

    def _resolve(self, template_id: str, wanted_by, chain: tuple[str, ...]) -> Template:
        if template_id in chain:
            raise GameDataError(self.template_paths[template_id], None, "extends",
                                "templates that do not extend themselves", " -> ".join(chain + (template_id,)))
        path = self.template_paths.get(template_id)
        if path is None:
            known = sorted(self.template_paths)
            if wanted_by:
                raise wanted_by[0].error(wanted_by[1], f"a template, one of {known}", did_you_mean(template_id, known))
            raise GameDataError(self.root / "templates", None, "", f"a template, one of {known}",
                                did_you_mean(template_id, known))
        source = load_yaml(path)
        spec = validate(TemplateFile, source.data, source)
        if spec.id != template_id:
            raise source.error(("id",), f"the file's name '{template_id}'", repr(spec.id))
        base = self._base(spec.extends, (source, ("extends",)), chain + (template_id,)) if spec.extends else None
        raw = {name: dict(el) for name, el in (base.raw.items() if base else [])}
        sources = dict(base.sources) if base else {}
        for name, overrides in spec.elements.items():
            merged = {**raw.get(name, {}), **overrides}
            raw[name] = merged
            sources[name] = (source, ("elements", name))
        zones = zones_of(spec.zones, base.zones if base else None)
        elements = {}
        for name, data in raw.items():
            elements[name] = validate_element(data, *sources[name], zones=zones)
        size = spec.size or (base.size if base else None)
        if size is None:
            raise source.error(("size",), "a size [width, height] here or in a template it extends", "none")
        if min(size) <= 0:
            raise source.error(("size",), "a positive width and height", repr(size))
        shape = spec.shape or (base.shape if base else "rect")
        if spec.shared_cuts and shape == "round":
            raise source.error(("shared_cuts",), "shared cuts only on rect and hex pieces (round ones need bleed)",
                               repr(shape))
        return Template(template_id, size, shape,
                        spec.safe_margin if spec.safe_margin is not None else (base.safe_margin if base else 0),
                        elements, raw, sources,
                        _own_or_base(spec.corner_radius, base and base.corner_radius, 0),
                        _own_or_base(spec.shared_cuts, base and base.shared_cuts, False), zones)

    def _base(self, template_id: str, wanted_by, chain: tuple[str, ...]) -> Template:
        """A template others extend, resolved once however many extend it."""
        if template_id not in self._templates:
            self._templates[template_id] = self._resolve(template_id, wanted_by, chain)
        return self._templates[template_id]


def _own_or_base(own: Any, inherited: Any, default: Any) -> Any:
    return own if own is not None else (inherited if inherited is not None else default)


class StyleLayer(Strict):
    """One layer's style.yaml: colours and fonts it adds or replaces."""

    colours: dict[str, Colour] = {}
    fonts: dict[str, FontSpec] = {}


def _font_file(file: str, layer: Layer, source: Sourced, name: str) -> str:
    """A font's file as an absolute path (or reportlab:NAME); it must lie inside its layer's folder."""
    if file.startswith("reportlab:"):
        if not _reportlab_font(file.split(":", 1)[1]):
            raise source.error(("fonts", name, "file"), "reportlab:NAME naming a font file in reportlab's own "
                               "fonts folder (a bare file name)", repr(file))
        return file
    reason = refusal(source.path.parent / file)
    if reason:
        raise source.error(("fonts", name, "file"), "a regular font file inside the project", f"{file!r}: {reason}")
    folder = source.path.parent.resolve()
    path = (folder / file).resolve()
    if not path.is_relative_to(folder):
        raise source.error(("fonts", name, "file"), f"a font file inside {folder}", file)
    if not path.is_file():
        raise source.error(("fonts", name, "file"), "an existing TrueType or OpenType font file", file)
    return str(path)


def _reportlab_font(name: str) -> bool:
    """True when ``name`` is a bare file name of a regular file in reportlab's own fonts folder."""
    from importlib.util import find_spec

    spec = find_spec("reportlab")
    if not spec or not spec.submodule_search_locations or not name or name != Path(name).name:
        return False
    folder = Path(next(iter(spec.submodule_search_locations))) / "fonts"
    return within(folder, name) is not None


def _id_line(path: Path) -> int | None:
    try:
        return load_yaml(path).line_of(("id",))
    except GameDataError:
        return None


_NO_ZONES: dict[str, Zone] = {}


def validate_element(data: dict, origin: Sourced, where: tuple, zones: dict[str, Zone] | None = _NO_ZONES) -> Any:
    """One element of a template, checked against the model its ``kind`` names. Only the kinds a
    build meets are prepared (pydantic builds each model's checks on first use); a missing or
    unknown kind goes through the whole union, which says which kinds there are.

    `zone: NAME` places it in one of the template's `zones` (None inside a group, where none apply);
    a kind holding elements of its own (a group) has them checked here too, where they are written."""
    prepare()
    data = in_zone(data, zones, origin, where)
    kind = KINDS.get(data.get("kind")) if isinstance(data, dict) else None
    keys = expressions_in(data) if kind else frozenset()
    if keys and kind.nested:  # a group's own values are written out; its children's may hold expressions
        key = min(keys)
        raise origin.error(where + (key,), "a value written out (expressions work in a group's children, "
                                           "not in the group's own keys)", repr(data[key]))
    if keys:  # `{{ ... }}` values: checked against the key they fill once bound to a piece
        return load_unbound(kind.model, data, keys, origin, where)
    try:
        element = kind.model.model_validate(data) if kind else _all_kinds().validate_python(data)
    except ValidationError as exc:
        raise describe(exc, origin, where, drop_tag=kind is None) from None
    if kind is not None and kind.nested:
        element.adopt(lambda child, key: validate_element(child, origin, where + key, zones=None))
    return element


@lru_cache(maxsize=None)
def _all_kinds() -> TypeAdapter:
    return TypeAdapter(any_element())
