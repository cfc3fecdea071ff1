"""Worked examples checked by the rules engine: a position and a move, written as data in the game's
``rules/examples/*.yaml``, placed in the rule text with ``{{ example('name') }}``.

Each example is built at book time: the position through the engine's positions-from-data hook, the
move played by the engine, the turn told and drawn by the engine's appendix (its ``example`` hook),
so the outcome printed is the engine's by construction. An example names what it must show
(``shows``: events the appendix can read in a turn); a rule change that makes the move illegal, the
position impossible or an event vanish stops the build with the example's file, line and key::

    capture:                              # the name the rule text uses
      title: Taking a piece                 # the box's heading
      intro: White's piece on b2 stands {{ before.relation("b2", "c3") }} Black's.   # the situation, in players' words
      position: {to_move: white, pieces: {b2: W, c3: B}}        # as the engine's position hook reads it
      move: "b2xc3"                         # the engine's notation
      also: ["b2-b3"]                       # other moves the text says are possible (must be legal)
      shows: [capture]                      # events the game's appendix reads in a turn

The ``intro`` is rule text too: its expressions read ``before``, the position before the move as
the engine's ``example`` hook gives it (for a grid game: what lies on a square, how two squares lie to
each other by the engine's own adjacency), so a fact it states cannot drift from the drawing. An
expression that fails stops the build at the example's ``intro``.

The box is the game's ``_example.md`` rendered with ``t`` (the told turn) and ``example`` (the
entry above, its intro rendered), set beside the drawing of the table after the move.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict, Field

from generator.core.errors import GameDataError
from generator.model.source import Sourced, load_yaml
from generator.model.validation import validate
from generator.rulebook.text import TemplateDataError

FOLDER = "examples"
TEXT = "_example.md"


class Example(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    title: str
    intro: str = ""
    position: dict[str, Any]
    move: str
    also: list[str] = []
    shows: list[str] = Field(default_factory=list)


class Examples:
    """The examples of one game's rules folder, built on first use (one build per book)."""

    def __init__(self, folder: Path, build: Callable[[Any, str], dict[str, Any]], events: tuple[str, ...],
                 figures: dict[str, Any], words: Callable[[str, dict[str, Any]], str] = lambda text, values: text):
        """``build(position data, move) -> {"told", "events", "figure", "before"}`` is the engine's side
        (the appendix's ``example`` hook, bound to the book): it raises ValueError for a position or
        move the rules do not allow. ``words(text, values)`` renders an intro's expressions."""
        self.build, self.events, self.figures, self.words = build, events, figures, words
        self.entries: dict[str, tuple[Example, Sourced, str]] = {}
        for path in sorted((folder / FOLDER).glob("*.yaml")) if (folder / FOLDER).is_dir() else []:
            source = load_yaml(path)
            if not isinstance(source.data, dict):
                raise source.error((), "a mapping of example names to examples", type(source.data).__name__)
            for name in source.data:
                if name in self.entries:
                    raise source.error((name,), "a name no other example file uses", repr(name))
                self.entries[name] = (validate(Example, source.data[name], source, (name,)), source, name)
        self.built: dict[str, dict[str, Any]] = {}

    def get(self, name: str) -> dict[str, Any]:
        """The checked example ``name``: its entry, the told turn and the figure's name.

        :raises GameDataError: naming the example's file, line and key when the engine refuses it.
        """
        if name not in self.entries:
            raise TemplateDataError(f"an example in rules/{FOLDER}/*.yaml, one of {sorted(self.entries)}", repr(name))
        if name in self.built:
            return self.built[name]
        entry, source, key = self.entries[name]
        for event in entry.shows:
            if event not in self.events:
                raise source.error((key, "shows"), f"an event this game's book can find, one of {list(self.events)}",
                                   repr(event))
        for k, move in enumerate(entry.also):
            self._play(entry.position, move, source, (key, "also", k))
        result = self._play(entry.position, entry.move, source, (key, "move"))
        missing = [e for e in entry.shows if e not in result["events"]]
        if missing:
            raise source.error((key, "shows"), f"a move that shows {', '.join(missing)} under these rules",
                               f"a turn showing only {sorted(result['events']) or 'nothing listed'}")
        figure = f"example/{name}"
        self.figures[figure] = result["figure"]
        intro = self._intro(entry.intro, {"before": result.get("before"), "t": result["told"]}, source, key)
        self.built[name] = {"example": {**entry.model_dump(), "intro": intro}, "t": result["told"], "figure": figure}
        return self.built[name]

    def _intro(self, text: str, values: dict[str, Any], source: Sourced, key: str) -> str:
        try:
            return self.words(text, values).strip()
        except Exception as exc:  # the template's errors, and the engine's for a square it has not
            raise source.error((key, "intro"), "an intro whose expressions read the position before the move",
                               f"{type(exc).__name__}: {exc}") from None

    def _play(self, position: dict, move: str, source: Sourced, where: tuple) -> dict[str, Any]:
        try:
            return self.build(position, move)
        except ValueError as exc:
            blame = (where[0], "position") if "position" in str(exc).split(":")[0] else where
            raise source.error(blame, "a position and move the rules allow", str(exc)) from None


def example_function(examples: Examples, render: Callable[[str, dict[str, Any]], str]) -> Callable[[str], str]:
    """The rule text's ``example(name)``: the box as Markdown, the told turn beside its drawing."""
    def example(name: str) -> str:
        built = examples.get(name)
        text = render(TEXT, {"t": built["t"], "example": built["example"]}).strip()
        if "```" in text:
            raise GameDataError(Path(TEXT), None, "", "example text without code fences", "```")
        return f"```beside {built['figure']}\n{text}\n```\n"
    return example
