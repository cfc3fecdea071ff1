"""What the rule text may name: every count, range and name comes from the game's data.

The context handed to the templates is plain data (dicts, lists, small frozen objects), read
from the loaded edition and its rule options; nothing here is typed twice.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from generator.model.game import ComponentSet, Edition
from generator.rulebook.text import TemplateDataError


@dataclass(frozen=True)
class Range:
    """The smallest and largest value of a field; prints as '4 to 7' (or '4' when both agree)."""

    min: int
    max: int

    def __str__(self) -> str:
        if self.min == self.max:
            return str(self.min)
        return f"{self.min} or {self.max}" if self.max == self.min + 1 else f"{self.min} to {self.max}"

    @property
    def values(self) -> list[int]:
        return list(range(self.min, self.max + 1))


def label(value: Any) -> str:
    """A field value as a reader sees it: 'faerie-ring' -> 'Faerie Ring'."""
    return str(value).replace("-", " ").replace("_", " ").title()


class Pieces:
    """Some pieces of one component, asked about from a template: counts, ranges, groups."""

    def __init__(self, component: ComponentSet, pieces: list, name: str):
        self._component, self._pieces, self.name = component, pieces, name

    @property
    def total(self) -> int:
        return sum(p.count for p in self._pieces)

    @property
    def distinct(self) -> int:
        return len(self._pieces)

    @property
    def fields(self) -> list[str]:
        return list(self._component.spec.fields)

    def count(self, **where: Any) -> int:
        return self.where(**where).total

    def where(self, **where: Any) -> "Pieces":
        for key in where:
            self._field(key)
        chosen = [p for p in self._pieces if all(p.fields.get(k) == v for k, v in where.items())]
        if not chosen:
            raise TemplateDataError(f"pieces of '{self._component.id}' with {where}", "none")
        return Pieces(self._component, chosen, self.name)

    def range(self, field: str) -> Range:
        self._field(field)
        values = [p.fields[field] for p in self._pieces if isinstance(p.fields.get(field), int)]
        if not values:
            raise TemplateDataError(f"whole numbers in field '{field}' of '{self._component.id}'", "none")
        return Range(min(values), max(values))

    def values(self, field: str) -> list[Any]:
        """Distinct values of a field, in the order the data first gives them."""
        self._field(field)
        out: list[Any] = []
        for p in self._pieces:
            if p.fields.get(field) not in out:
                out.append(p.fields.get(field))
        return out

    def groups(self, field: str) -> list[dict[str, Any]]:
        """One entry per value of ``field``: its label and its pieces (with counts and ranges)."""
        return [{"value": v, "label": label(v), "pieces": self.where(**{field: v})} for v in self.values(field)]

    def rows(self) -> list[dict[str, Any]]:
        """Each distinct piece: its fields, its label and how many copies exist."""
        return [{**p.fields, "label": p.label, "count": p.count} for p in self._pieces]

    def _field(self, key: str) -> None:
        if key not in self._component.spec.fields:
            raise TemplateDataError(f"a field of '{self._component.id}', one of {sorted(self._component.spec.fields)}",
                                    repr(key))


class Component(Pieces):
    """A component: its pieces plus what the data says about it (name, kind, faces, description),
    and the words printed on its first piece (``face_text``, ``back_text``), so a book can set a
    card's text without typing it twice."""

    def __init__(self, component: ComponentSet, edition: Edition | None = None):
        super().__init__(component, component.pieces, component.spec.name)
        self._edition = edition
        spec = component.spec
        self.id, self.kind, self.description = spec.id, spec.kind, spec.description.strip()
        self.face, self.back = spec.face, spec.back
        choices = [k for k, f in spec.fields.items() if f.type == "choice"]
        self.choice_field = choices[0] if choices else None   # the field that sorts pieces into groups
        words = spec.name.rsplit(" ", 1)  # 'Magic Circle cards' -> 'Magic Circle card'
        last = words[-1][:-1] if words[-1].endswith("s") and len(words[-1]) > 2 else words[-1]
        self.singular = " ".join([*words[:-1], last])

    @property
    def face_text(self) -> "Namespace":
        return self._printed_text("face")

    @property
    def back_text(self) -> "Namespace":
        return self._printed_text("back")

    def _printed_text(self, side: str) -> "Namespace":
        """Element name -> the text that element prints on the first piece's ``side``, its fields
        filled in, in the template's order."""
        from generator.draw.bindings import format_text
        from generator.model import layouts_for
        piece = self._pieces[0] if self._pieces else None
        template_id = piece and (getattr(piece, side) or getattr(self._component.spec, side))
        if not template_id or self._edition is None:
            raise TemplateDataError(f"a {side} template on '{self._component.id}'", "none")
        template = layouts_for(self._edition).template(template_id)
        return Namespace({name: format_text(el.text, piece.fields, getattr(el, "labels", {}))
                          for name, el in template.elements.items() if getattr(el, "kind", None) == "text"})


class Namespace(dict):
    """A dict whose keys templates may also reach as attributes, with '-' read as '_'."""

    def __getattr__(self, name: str) -> Any:
        for key in (name, name.replace("_", "-")):
            if key in self:
                return self[key]
        raise AttributeError(name)


def edition_facts(edition: Edition) -> dict[str, Any]:
    """The template context that any edition's data gives, engine or not."""
    game = edition.game
    components = Namespace({c.id: Component(c, edition) for c in edition.components})
    glyphs = [{"id": g.id, "name": g.name} for g in game.glyphs.values()]
    return {
        "game": {"id": game.id, "title": game.title, "subtitle": game.spec.subtitle,
                 "players": Range(*game.spec.players) if game.spec.players else None, "status": game.spec.status,
                 "credits": [{"role": c.role, "names": list(c.names)} for c in edition.credits],
                 "editions": list(game.spec.editions), "default_edition": game.spec.default_edition},
        "edition": {"id": edition.id, "title": edition.spec.title, "date": edition.spec.date,
                    "undefined": list(edition.spec.undefined)},
        "components": components,
        "deck": components[edition.spec.deck] if edition.spec.deck else None,
        "glyphs": glyphs,
        "label": label,
    }


def option_facts(options: Any, questions: list[dict[str, Any]] = ()) -> list[dict[str, Any]]:
    """Every rule option with its value (as printed), its one-line explanation and, when the player
    book answers it as an open question, that answer."""
    answers = {q["option"]: q["answer"] for q in questions}
    out = []
    for name, field in type(options).model_fields.items():
        value = getattr(options, name)
        shown = ", ".join(str(v) for v in value) if isinstance(value, (tuple, list)) else str(value)
        out.append({"name": name, "value": shown, "raw": value, "description": field.description or "",
                    "player_rule": answers.get(name)})
    return out
