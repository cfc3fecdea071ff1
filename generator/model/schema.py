"""Typed shapes of the game files in components/: games, editions, components, glyphs."""
from __future__ import annotations

from typing import Annotated, Any, Literal, Union

from pydantic import BaseModel, ConfigDict, Field, field_validator

from generator.core.numbers import NUMBERS, finite, whole

MAX_COUNT = 10_000  # more copies of one piece than any printed game needs: refuse, do not attempt
MAX_TOTAL = 20_000  # pieces in one component, all counts added
MAX_TEXT = 2_000    # characters of one text field: a card's whole rules text fits
Name = Annotated[str, Field(min_length=1, max_length=200)]
Ident = Annotated[str, Field(pattern=r"^[a-z0-9][a-z0-9_-]*$", max_length=60)]
FieldInt = whole(-1_000_000, 1_000_000)  # a value a card may print
Players = whole(1, 100)
Unit = finite(-10, 10)  # glyph coordinates: the glyph's box is 0..1, a little overhang allowed


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True, **NUMBERS)


class TextField(Strict):
    type: Literal["text"]
    required: bool = True


class IntField(Strict):
    type: Literal["int"]
    min: FieldInt = 0
    max: FieldInt = 1000
    required: bool = True

    @field_validator("max")
    @classmethod
    def _max_not_below_min(cls, value, info):
        return _not_below(value, info.data.get("min"), "min")


class ChoiceField(Strict):
    type: Literal["choice"]
    of: list[str] = Field(min_length=1)
    required: bool = True


class GlyphField(Strict):
    type: Literal["glyph"]
    required: bool = True


FieldSpec = Annotated[Union[TextField, IntField, ChoiceField, GlyphField], Field(discriminator="type")]


class Component(Strict):
    """A kind of physical piece: a deck of cards, a set of tokens, counted cubes, a die."""

    id: Ident
    name: Name
    kind: Literal["card", "token", "tile", "counted", "supplied"]
    description: str = ""
    face: Ident | None = None
    back: Ident | None = None
    label: str | None = Field(default=None, max_length=200)  # how a piece is named: "{name}", "{suit} {rank}"
    fields: dict[Ident, FieldSpec] = {}
    pieces: list[dict[str, Any]] | str = []  # inline list, or a path to a YAML, CSV or XLSX file of pieces
    product: dict[Ident, list[str] | str] | None = None  # one piece per combination of values

    @field_validator("product")
    @classmethod
    def _product_not_empty(cls, value):
        if value is not None and not value:
            raise ValueError("at least one field to combine")
        return value


class Declaration(Strict):
    """What an edition says its components are: checked by `validate`."""

    component: Ident
    total: int | None = Field(default=None, ge=0, le=1_000_000)
    ranges: dict[Ident, tuple[FieldInt, FieldInt]] = {}
    distinct: dict[Ident, whole(0, MAX_TOTAL)] = {}          # field -> number of distinct values (within each `per` group)
    per: Ident | None = None                 # group by this field for `distinct` and `each`
    each: whole(0, MAX_TOTAL) | None = None  # pieces in every `per` group
    groups: list[str] = []                    # the `per` groups that must exist
    group_ranges: dict[str, dict[Ident, tuple[FieldInt, FieldInt]]] = {}  # `per` group -> field -> [low, high]
    complete: list[Ident] = []               # optional fields every piece should fill (a draft's gaps)
    agree_with_rules: dict[Ident, str] = {}  # field -> rule option its printed value must equal


class RuleCheck(Strict):
    """Rule options that must agree with one another; an edition where they differ gets a warning."""

    agree: list[str] = Field(min_length=2)
    because: str = ""                         # why they must agree, shown with the warning


class Credit(Strict):
    role: Name
    names: list[Name] = Field(min_length=1)


class GameFile(Strict):
    id: Ident
    title: Name
    subtitle: str = ""
    players: tuple[Players, Players] | None = (2, 2)  # None: the rules do not say (a draft)
    engine: Ident | None = None
    status: Literal["complete", "draft"] = "complete"
    default_edition: Ident
    editions: list[Ident] = Field(min_length=1)
    glyphs: str | None = None
    credits: list[Credit] = []
    components: list[Component] = []
    rule_checks: list[RuleCheck] = []  # checked for every edition
    language: Annotated[str, Field(pattern=r"^[a-z]{2,3}([_-][A-Za-z]{2,4})?$")] = "en"  # hyphenation's dictionary

    @field_validator("language")
    @classmethod
    def _known_language(cls, value):
        import pyphen  # its dictionaries: en, en_US, en_GB, de, fr and some sixty more

        if pyphen.language_fallback(value.replace("-", "_")) is None:
            raise ValueError("a language pyphen has a hyphenation dictionary for (en, en_US, en_GB, de, fr, ...)")
        return value

    @field_validator("players")
    @classmethod
    def _players_in_order(cls, value):
        if value is not None:
            _not_below(value[1], value[0], "the smallest player count")
        return value


def _not_below(value, low, what: str):
    if low is not None and value < low:
        raise ValueError(f"a value not below {what} ({low})")
    return value


class EditionFile(Strict):
    id: Ident
    title: Name
    date: str = ""
    source: str = ""
    extends: Ident | None = None  # an edition of the game whose components, declarations, rules this one starts from
    deck: Ident | None = None  # the component the rules engine deals from
    components: list[Component] = []
    pieces: dict[Ident, list[dict[str, Any]] | str] = {}  # component id -> this edition's own pieces for it
    declares: list[Declaration] = []
    rules: dict[str, Any] = {}
    rule_checks: list[RuleCheck] = []
    undefined: list[str] = []  # parts the rules leave blank (a draft)
    # This edition's own credits and web address, as its printed rules give them; None: the game's
    # credits (game.yaml) and the rulebook's web address. Never taken over from the edition this
    # one extends: an edition whose rules credit nobody says `credits: []`.
    credits: list[Credit] | None = None
    website: str | None = Field(None, max_length=120)


class Shape(Strict):
    circle: tuple[Unit, Unit, Unit] | None = None
    polygon: list[tuple[Unit, Unit]] | None = Field(default=None, max_length=1000)
    polyline: list[tuple[Unit, Unit]] | None = Field(default=None, max_length=1000)
    style: Literal["fill", "outline", "knockout"] = "fill"
    weight: float = Field(default=0.07, gt=0, le=0.5)


class Glyph(Strict):
    id: Ident
    name: Name
    shapes: list[Shape] = Field(min_length=1)


class GlyphFile(Strict):
    glyphs: list[Glyph] = Field(min_length=1)
