"""Load a game folder (components/<game>/) into typed, checked objects."""
from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import GameDataError
from .schema import MAX_COUNT, Component, Declaration, EditionFile, GameFile, Glyph, GlyphFile
from .source import Sourced, load_yaml
from .validation import validate


@dataclass(frozen=True)
class Piece:
    """One distinct piece of a component (a card, a token) with its fields and how many copies exist."""

    component: str
    index: int
    fields: dict[str, Any]
    count: int = 1

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["fields"][name]
        except KeyError:
            raise AttributeError(name) from None

    @property
    def label(self) -> str:
        return str(self.fields.get("name") or f"{self.component} #{self.index + 1}")


@dataclass
class ComponentSet:
    """A component with its pieces read and checked."""

    spec: Component
    pieces: list[Piece]
    source: Sourced                 # the file holding the pieces
    origin: tuple[Sourced, tuple]   # the file and key path defining the component

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def total(self) -> int:
        return sum(p.count for p in self.pieces)

    def expanded(self) -> list[Piece]:
        """Every physical copy, in order."""
        return [p for p in self.pieces for _ in range(p.count)]


@dataclass
class Game:
    id: str
    folder: Path
    spec: GameFile
    glyphs: dict[str, Glyph]
    components: list[ComponentSet]

    @property
    def title(self) -> str:
        return self.spec.title


@dataclass
class Edition:
    game: Game
    spec: EditionFile
    source: Sourced
    components: list[ComponentSet] = field(default_factory=list)

    @property
    def id(self) -> str:
        return self.spec.id

    @property
    def engine(self) -> str | None:
        return self.game.spec.engine

    @property
    def rules(self) -> dict[str, Any]:
        return self.spec.rules

    @property
    def glyph_ids(self) -> list[str]:
        return list(self.game.glyphs)

    @property
    def deck_entries(self) -> list[Piece]:
        return self.component(self.spec.deck).pieces if self.spec.deck else []

    def component(self, component_id: str) -> ComponentSet:
        for comp in self.components:
            if comp.id == component_id:
                return comp
        raise KeyError(component_id)

    def rules_error(self, key: str, expected: str, found: str) -> GameDataError:
        return self.source.error(("rules", key), expected, found)


def load_game(folder: Path) -> Game:
    """Read game.yaml, the glyph file and the shared components of one game folder."""
    source = load_yaml(folder / "game.yaml")
    spec = validate(GameFile, source.data, source)
    if spec.id != folder.name:
        raise source.error(("id",), f"the folder's name '{folder.name}'", repr(spec.id))
    if spec.default_edition not in spec.editions:
        raise source.error(("default_edition",), f"one of the editions {spec.editions}", repr(spec.default_edition))
    glyphs: dict[str, Glyph] = {}
    if spec.glyphs:
        glyph_source = load_yaml(_inside(folder, spec.glyphs, source, ("glyphs",)))
        glyphs = {g.id: g for g in validate(GlyphFile, glyph_source.data, glyph_source).glyphs}
    game = Game(spec.id, folder, spec, glyphs, [])
    game.components = [_load_component(game, c, source, ("components", i)) for i, c in enumerate(spec.components)]
    return game


def load_edition_of(game: Game, edition_id: str) -> Edition:
    """Read editions/<id>.yaml of a loaded game and resolve its components."""
    source = load_yaml(game.folder / "editions" / f"{edition_id}.yaml")
    spec = validate(EditionFile, source.data, source)
    if spec.id != edition_id:
        raise source.error(("id",), f"the file's name '{edition_id}'", repr(spec.id))
    own = [_load_component(game, c, source, ("components", i)) for i, c in enumerate(spec.components)]
    edition = Edition(game, spec, source, own + game.components)  # the edition's own deck first
    known = {c.id for c in edition.components}
    if spec.deck and spec.deck not in known:
        raise source.error(("deck",), f"a component id, one of {sorted(known)}", repr(spec.deck))
    for i, declared in enumerate(spec.declares):
        _check_declaration_refs(declared, edition, source, ("declares", i))
    return edition


def _check_declaration_refs(declared: Declaration, edition: Edition, source: Sourced, where: tuple) -> None:
    known = {c.id: c for c in edition.components}
    if declared.component not in known:
        raise source.error(where + ("component",), f"a component id, one of {sorted(known)}", repr(declared.component))
    fields = known[declared.component].spec.fields
    for key in [*declared.ranges, *declared.distinct, *([declared.per] if declared.per else [])]:
        if key not in fields:
            raise source.error(where, f"a field of '{declared.component}', one of {sorted(fields)}", repr(key))


def _load_component(game: Game, spec: Component, source: Sourced, where: tuple) -> ComponentSet:
    if spec.product is not None:
        rows = _product_rows(game, spec, source, where)
        piece_source, piece_where = source, where + ("product",)
    elif isinstance(spec.pieces, str):
        piece_source = load_yaml(_inside(game.folder, spec.pieces, source, where + ("pieces",), base=source.path.parent))
        rows, piece_where = piece_source.data, ()
        if not isinstance(rows, list):
            raise piece_source.error((), "a list of pieces", type(rows).__name__)
    else:
        rows, piece_source, piece_where = spec.pieces, source, where + ("pieces",)
    pieces = [_piece(game, spec, row, i, piece_source, piece_where + (i,)) for i, row in enumerate(rows)]
    return ComponentSet(spec, pieces, piece_source, (source, where))


def _product_rows(game: Game, spec: Component, source: Sourced, where: tuple) -> list[dict]:
    axes = {}
    for name, values in spec.product.items():
        if values == "@glyphs":
            values = list(game.glyphs)
        elif isinstance(values, str):
            raise source.error(where + ("product", name), "a list of values or '@glyphs'", repr(values))
        axes[name] = values
    return [dict(zip(axes, combo)) for combo in itertools.product(*axes.values())]


def _piece(game: Game, spec: Component, row: Any, index: int, source: Sourced, where: tuple) -> Piece:
    if not isinstance(row, dict):
        raise source.error(where, "a mapping of field names to values", repr(row))
    values: dict[str, Any] = {}
    for key, value in row.items():
        if key == "count":
            continue
        if key not in spec.fields:
            known = sorted(spec.fields) + ["count"]
            raise source.error(where + (key,), f"a field of '{spec.id}', one of {known}", f"unknown key '{key}'")
        values[key] = _field_value(game, spec.fields[key], value, source, where + (key,))
    for key, field_spec in spec.fields.items():
        if key not in values and field_spec.required:
            raise source.error(where + (key,), f"a value for '{key}'", "nothing")
    count = row.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise source.error(where + ("count",), f"a whole number from 1 to {MAX_COUNT}", repr(count))
    return Piece(spec.id, index, values, count)


def _field_value(game: Game, spec, value: Any, source: Sourced, where: tuple) -> Any:
    if spec.type == "text":
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise source.error(where, "text", repr(value))
        return str(value)
    if spec.type == "int":
        if isinstance(value, bool) or not isinstance(value, int):
            raise source.error(where, "a whole number", repr(value))
        if not spec.min <= value <= spec.max:
            raise source.error(where, f"a whole number from {spec.min} to {spec.max}", repr(value))
        return value
    if spec.type == "choice":
        if value not in spec.of:
            raise source.error(where, f"one of {spec.of}", repr(value))
        return value
    if value not in game.glyphs:
        raise source.error(where, f"a glyph defined in the game, one of {sorted(game.glyphs)}", repr(value))
    return value


def _inside(folder: Path, relative: str, source: Sourced, where: tuple, base: Path | None = None) -> Path:
    """Resolve a path named in a game file; it may not leave the game's folder."""
    path = ((base or folder) / relative).resolve()
    if not path.is_relative_to(folder.resolve()):
        raise source.error(where, "a path inside the game's folder", repr(relative))
    if not path.is_file():
        raise source.error(where, "an existing file", f"no file '{relative}'")
    return path
