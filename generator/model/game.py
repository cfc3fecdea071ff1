"""Load a game folder (components/<game>/) into typed, checked objects."""
from __future__ import annotations

import itertools
import re
import string
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from generator.core.files import refusal
from generator.core.errors import GameDataError
from generator.model.schema import MAX_COUNT, MAX_TEXT, MAX_TOTAL, Component, Credit, Declaration, EditionFile, GameFile, Glyph, GlyphFile
from generator.core.session import current_session
from generator.model.source import Sourced, load_yaml
from generator.model.tables import is_table, load_table
from generator.model.validation import validate

PIECE_KEYS = {"count", "face", "back"}  # keys of a piece's row that are not fields
_IDENT = re.compile(r"^[a-z0-9][a-z0-9_-]*$")


@dataclass(frozen=True)
class Piece:
    """One distinct piece of a component (a card, a token) with its fields and how many copies exist."""

    component: str
    index: int
    fields: dict[str, Any]
    count: int = 1
    face: str | None = None   # its own face template, instead of the component's
    back: str | None = None   # its own back template
    origin: Any = field(default=None, compare=False, repr=False)  # (Sourced, key path) of its row
    label: str = ""           # what people call it (the component's `label:`), set when loaded

    def __getattr__(self, name: str) -> Any:
        try:
            return self.__dict__["fields"][name]
        except KeyError:
            raise AttributeError(name) from None


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
    def credits(self) -> list[Credit]:
        """Who made this edition: its own credits, or the game's when it gives none of its own."""
        return self.game.spec.credits if self.spec.credits is None else self.spec.credits

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
    """Read game.yaml, the glyph file and the shared components of one game folder (once in a
    loading session)."""
    session = current_session()
    if session is None:
        return _read_game(folder)
    if folder not in session.games:
        session.games[folder] = _read_game(folder)
    return session.games[folder]


def _read_game(folder: Path) -> Game:
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


def load_edition_of(game: Game, edition_id: str, _chain: tuple[str, ...] = ()) -> Edition:
    """Read editions/<id>.yaml of a loaded game and resolve its components (once in a loading
    session, for the game it was loaded with).

    An edition may `extend` another: it then starts from that edition's components, declarations
    (replaced per component by its own), rules (overridden key by key), rule checks and undefined
    parts, and may give its own `pieces` for any component it inherits or shares with the game.
    """
    session = current_session()
    if session is None:
        return _read_edition(game, edition_id, _chain)
    kept = session.editions.get((game.folder, edition_id))
    if kept is None or kept.game is not game:
        kept = session.editions[(game.folder, edition_id)] = _read_edition(game, edition_id, _chain)
    return kept


def _read_edition(game: Game, edition_id: str, _chain: tuple[str, ...]) -> Edition:
    source = load_yaml(game.folder / "editions" / f"{edition_id}.yaml")
    spec = validate(EditionFile, source.data, source)
    if spec.id != edition_id:
        raise source.error(("id",), f"the file's name '{edition_id}'", repr(spec.id))
    base = _base_edition(game, spec, source, _chain + (edition_id,))
    own = [_load_component(game, c, source, ("components", i)) for i, c in enumerate(spec.components)]
    components = _merge_by_id(base.components if base else game.components, own)
    for key, pieces in spec.pieces.items():
        at = next((i for i, c in enumerate(components) if c.id == key), None)
        if at is None:
            raise source.error(("pieces", key), f"a component id, one of {sorted(c.id for c in components)}",
                               repr(key))
        components[at] = _with_pieces(game, components[at], pieces, source, ("pieces", key))
    if base:
        spec = _inherit(spec, base.spec)
    edition = Edition(game, spec, source, components)
    known = {c.id for c in edition.components}
    if spec.deck and spec.deck not in known:
        raise source.error(("deck",), f"a component id, one of {sorted(known)}", repr(spec.deck))
    for i, declared in enumerate(spec.declares):
        _check_declaration_refs(declared, edition, source, ("declares", i))
    for component in edition.components:
        if not component.pieces:  # nothing to draw, deal or count: an empty card file, a lost list
            origin, where = component.origin
            piece_file = component.source
            if piece_file.path != origin.path:
                raise piece_file.error((), f"at least one piece of '{component.id}'", "an empty list")
            raise origin.error(where, f"at least one piece of '{component.id}'", "none")
    return edition


def _base_edition(game: Game, spec: EditionFile, source: Sourced, chain: tuple[str, ...]) -> Edition | None:
    if spec.extends is None:
        return None
    if spec.extends not in game.spec.editions:
        raise source.error(("extends",), f"an edition of the game, one of {game.spec.editions}", repr(spec.extends))
    if spec.extends in chain:
        raise source.error(("extends",), "editions that do not extend themselves",
                           " -> ".join(chain + (spec.extends,)))
    return load_edition_of(game, spec.extends, chain)


def _replaced(declared: Declaration, spec: EditionFile) -> bool:
    return any(d.component == declared.component for d in spec.declares)


def _merge_by_id(inherited: list[ComponentSet], own: list[ComponentSet]) -> list[ComponentSet]:
    """Own components first (an edition's deck leads), each replacing an inherited one of the same id."""
    own_ids = {c.id for c in own}
    return own + [c for c in inherited if c.id not in own_ids]


def _inherit(spec: EditionFile, base: EditionFile) -> EditionFile:
    own: dict[str, list[Declaration]] = {}
    for d in spec.declares:
        own.setdefault(d.component, []).append(d)
    declares: list[Declaration] = []
    for d in base.declares:  # the base's order, each component's declarations replaced by this edition's
        declares += own.pop(d.component, []) if d.component in own else ([] if _replaced(d, spec) else [d])
    declares += [d for ds in own.values() for d in ds]
    return spec.model_copy(update={
        "deck": spec.deck or base.deck,
        "declares": declares,
        "rules": {**base.rules, **spec.rules},
        "rule_checks": list(base.rule_checks) + list(spec.rule_checks),
        "undefined": list(base.undefined) + [u for u in spec.undefined if u not in base.undefined],
    })


def _check_declaration_refs(declared: Declaration, edition: Edition, source: Sourced, where: tuple) -> None:
    known = {c.id: c for c in edition.components}
    if declared.component not in known:
        raise source.error(where + ("component",), f"a component id, one of {sorted(known)}", repr(declared.component))
    fields = known[declared.component].spec.fields
    grouped = [k for ranges in declared.group_ranges.values() for k in ranges]
    for key in [*declared.ranges, *declared.distinct, *([declared.per] if declared.per else []), *grouped,
                *declared.complete, *declared.agree_with_rules]:
        if key not in fields:
            raise source.error(where, f"a field of '{declared.component}', one of {sorted(fields)}", repr(key))
    if declared.group_ranges and not declared.per:
        raise source.error(where + ("group_ranges",), "a `per` field naming the groups", "no `per`")


def _load_component(game: Game, spec: Component, source: Sourced, where: tuple) -> ComponentSet:
    _check_label(spec, source, where)
    if spec.product is not None:
        rows = _product_rows(game, spec, source, where)
        pieces = [_piece(game, spec, row, i, source, where + ("product", i)) for i, row in enumerate(rows)]
        return _within_total(ComponentSet(spec, pieces, source, (source, where)), source, where + ("product",))
    return _with_pieces(game, ComponentSet(spec, [], source, (source, where)), spec.pieces, source,
                        where + ("pieces",))


def _with_pieces(game: Game, component: ComponentSet, pieces: list | str, source: Sourced,
                 where: tuple) -> ComponentSet:
    """The component with its pieces read from `pieces` (a list, or a file named relative to `source`)."""
    if isinstance(pieces, str) and is_table(pieces):
        piece_source = load_table(_inside(game.folder, pieces, source, where, base=source.path.parent),
                                  component.spec.fields)
        rows, piece_where = piece_source.data, ()
    elif isinstance(pieces, str):
        piece_source = load_yaml(_inside(game.folder, pieces, source, where, base=source.path.parent))
        rows, piece_where = piece_source.data, ()
        if not isinstance(rows, list):
            raise piece_source.error((), "a list of pieces", type(rows).__name__)
    else:
        rows, piece_source, piece_where = pieces, source, where
    spec = component.spec if pieces is component.spec.pieces else component.spec.model_copy(update={"pieces": pieces})
    loaded = [_piece(game, spec, row, i, piece_source, piece_where + (i,)) for i, row in enumerate(rows)]
    return _within_total(ComponentSet(spec, loaded, piece_source, component.origin), piece_source, piece_where)


def _within_total(component: ComponentSet, source: Sourced, where: tuple) -> ComponentSet:
    """A component of more pieces than any printed game has is a mistake: refuse it before drawing."""
    if component.total > MAX_TOTAL:
        raise source.error(where, f"at most {MAX_TOTAL} pieces in one component", f"{component.total}")
    return component


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
        if key in PIECE_KEYS:
            continue
        if key not in spec.fields:
            known = sorted(spec.fields) + sorted(PIECE_KEYS)
            raise source.error(where + (key,), f"a field of '{spec.id}', one of {known}", f"unknown key '{key}'")
        values[key] = _field_value(game, spec.fields[key], value, source, where + (key,))
    for key, field_spec in spec.fields.items():
        if key not in values and field_spec.required:
            raise source.error(where + (key,), f"a value for '{key}'", "nothing")
    count = row.get("count", 1)
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MAX_COUNT:
        raise source.error(where + ("count",), f"a whole number from 1 to {MAX_COUNT}", repr(count))
    templates = {}
    for side in ("face", "back"):
        name = row.get(side)
        if name is not None and (not isinstance(name, str) or not _IDENT.match(name)):
            raise source.error(where + (side,), "a template id (lower-case letters, digits, - and _)", repr(name))
        templates[side] = name
    label = piece_label(game, spec, values, index)
    return Piece(spec.id, index, values, count, templates["face"], templates["back"], (source, where), label)


def named_values(game: Game, spec: Component, values: dict[str, Any]) -> dict[str, Any]:
    """A piece's fields plus `<field>_name` for choices ("faerie-ring" -> "Faerie Ring") and glyphs."""
    out = dict(values)
    for key, field_spec in spec.fields.items():
        raw = values.get(key)
        if raw is None:
            continue
        if field_spec.type == "glyph":
            out[f"{key}_name"] = game.glyphs[raw].name if raw in game.glyphs else raw
        elif field_spec.type == "choice":
            out[f"{key}_name"] = str(raw).replace("-", " ").title()
    return out


def label_names(spec: Component) -> set[str]:
    """What a `label:` may name."""
    names = set(spec.fields) | {"number"}
    return names | {f"{k}_name" for k, f in spec.fields.items() if f.type in ("glyph", "choice")}


def piece_label(game: Game, spec: Component, values: dict[str, Any], index: int) -> str:
    """The component's `label:` filled in (a blank optional field prints nothing); without one the
    piece's `name`, else the component's name and the piece's number."""
    fallback = str(values.get("name") or f"{spec.name} {index + 1}")
    if spec.label is None:
        return fallback
    shown = {**{k: "" for k in label_names(spec)}, **named_values(game, spec, values), "number": index + 1}
    return " ".join(spec.label.format_map(shown).split()) or fallback


def _check_label(spec: Component, source: Sourced, where: tuple) -> None:
    if spec.label is None:
        return
    try:
        refs = [name for _, name, _, _ in string.Formatter().parse(spec.label) if name is not None]
    except ValueError as exc:
        raise source.error(where + ("label",), "text with {field} placeholders", str(exc)) from None
    for ref in refs:
        if ref not in label_names(spec):
            raise source.error(where + ("label",), f"placeholders naming fields, one of {sorted(label_names(spec))}",
                               "{" + ref + "}")


def _field_value(game: Game, spec, value: Any, source: Sourced, where: tuple) -> Any:
    if spec.type == "text":
        if not isinstance(value, (str, int, float)) or isinstance(value, bool):
            raise source.error(where, "text", repr(value))
        if len(str(value)) > MAX_TEXT:
            raise source.error(where, f"text of at most {MAX_TEXT} characters", f"{len(str(value))} characters")
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
    named = (base or folder) / relative
    reason = refusal(named)
    if reason:
        raise source.error(where, "a regular file inside the project", f"{relative!r}: {reason}")
    path = named.resolve()
    if not path.is_relative_to(folder.resolve()):
        raise source.error(where, "a path inside the game's folder", repr(relative))
    if not path.is_file():
        raise source.error(where, "an existing file", f"no file '{relative}'")
    return path
