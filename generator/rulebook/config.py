"""How a game's rulebook is put together (``components/<game>/rules/rulebook.yaml``), read without
loading the typesetting: a build decides what to start ahead before any book is laid out."""
from __future__ import annotations

from pathlib import Path
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.model.game import Edition
from generator.model.source import load_yaml
from generator.model.validation import validate
from generator.runs.sample_search import SampleSearch

MAIN = "rulebook.md"  # the file every game's rules/ folder starts from


class CoverPiece(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)
    component: str
    where: dict[str, Any] = {}


class Lever(BaseModel):
    """A rule option the designer's report changes alone, to the values given (besides the options
    whose wordings in rules/options.yaml answer a question in more than one way)."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    option: str
    values: list[bool | int | str] = Field(min_length=1, max_length=12)


class RulebookConfig(BaseModel):
    """components/<game>/rules/rulebook.yaml: how the rulebook of this game is put together."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    main: str = MAIN
    contents_title: str = "Contents"
    board: dict[str, Any] | None = None   # which component plays which part in the table diagrams (per engine)
    narrated_turns: int | None = Field(None, ge=0, le=1000)  # turns of the sample game told in sentences
    cover: list[CoverPiece] = []          # pieces on the cover (in front of the deck's fan, if there is a deck)
    cover_fan_by: str | None = None       # the deck field the cover's fan of cards rises by (None: deck order)
    report: str | None = None             # the designer's report: its main file in rules/ (None: no report)
    play_summary: bool = False            # the designer's report sums up its balance figures in plain words
    sample: SampleSearch = SampleSearch()  # the events the sample game is searched for
    reference: str | None = None          # the turn at a glance: a file in rules/, the book's last page
    playing_time: str | None = Field(None, max_length=40)   # on the cover, as the publisher states it
    ages: str | None = Field(None, max_length=20)           # on the cover ("10 and up")
    website: str | None = Field(None, max_length=120)       # the publisher's page for the game, on the cover
    language: Literal["en-US", "en-GB"] = "en-US"   # the book's English: its hyphenation (and spelling)
    levers: list[Lever] = Field([], max_length=40)         # more rule options the designer's report sweeps


def rules_folder(edition: Edition) -> Path | None:
    folder = edition.game.folder / "rules"
    return folder if (folder / "rulebook.yaml").is_file() else None


def rulebook_config(edition: Edition) -> RulebookConfig | None:
    """The game's rules/rulebook.yaml, checked; None for a game without one."""
    folder = rules_folder(edition)
    if folder is None:
        return None
    source = load_yaml(folder / "rulebook.yaml")
    return validate(RulebookConfig, source.data, source)


