"""The engine-dependent parts of a rulebook: the sample game, its diagrams and the balance figures.

Each rules engine that the rulebook can tell about names its ``Appendices`` in its ``EngineSpec``
(``appendices="module:attribute"``), a module in the engine's own package (the shipped ones in
``generator/play/<game>/appendix/``), so an engine registered as a plug-in brings its own; the
module builds it from ``hooks``. ``book.py`` knows no game: it hands a ``Book`` (what the hooks
may draw with) to the entry of the edition's engine. A game without an engine, or with an engine
that has no entry, gets a rulebook without appendices.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, TypeVar

from pydantic import BaseModel
from reportlab.platypus import Flowable

from generator.model import load_edition
from generator.model.game import Edition
from generator.model.source import Sourced
from generator.model.validation import validate
from generator.rulebook.faces import PieceFaces
from generator.runs.work import EngineInputs, balance_rows, engine_inputs
from generator.runs.sample_search import SampleSearch
from generator.rulebook.settings import RulebookSettings
from generator.rulebook.styles import Styles

M = TypeVar("M", bound=BaseModel)  # a model the engine reads rulebook.yaml's ``board:`` as
Figure = Callable[[float], list[Flowable]]   # (available width) -> flowables
LEAST_TOLD = 2   # the first turns of a sample game told in full however short it is told: a turn of each player


@dataclass
class Book:
    """What an engine's hooks need to tell a game: the edition, the rulebook's settings, the printed
    faces, the styles, the rulebook.yaml (``board`` parts), and the figures to draw into."""

    edition: Edition
    settings: RulebookSettings
    faces: PieceFaces
    styles: Styles
    board: dict[str, Any] | None
    config_source: Sourced
    figures: dict[str, Figure] = field(default_factory=dict)
    say: Callable[[str], None] | None = None
    progress: Callable[[str, int], Any] | None = None  # (label, total) -> a step(n) callable with close()
    narrated_turns: int | None = None             # the game's own choice, over the profile's
    sample_search: SampleSearch = field(default_factory=SampleSearch)  # what the sample game must show
    cut: int = 0   # steps shorter the sample game is told (``shorter``): a booklet fitted to its sheets

    def parts(self, model: type[M]) -> M | None:
        """The ``board:`` of rulebook.yaml read as ``model`` (the engine's roles); None without one.

        :raises GameDataError: naming rulebook.yaml, the line and the key of a bad part.
        """
        if self.board is None:
            return None
        return validate(model, self.board, self.config_source, ("board",))

    @property
    def turns_told(self) -> int:
        """The first turns of the sample game told in full as the settings ask (the sample search
        weighs the game by these, whatever ``cut`` tells)."""
        return self.narrated_turns if self.narrated_turns is not None else self.settings.narrated_turns

    @property
    def turns_in_full(self) -> int:
        """The first turns told in full at this ``cut``: one fewer a step, down to ``LEAST_TOLD``."""
        return max(min(self.turns_told, LEAST_TOLD), self.turns_told - self.cut)

    @property
    def small_boards(self) -> bool:
        """Whether the log draws its small boards: not at the last ``cut``."""
        return self.cut < self.cuts

    @property
    def cuts(self) -> int:
        """How many steps shorter the sample game can be told: a first turn fewer told in full a
        step (the turns that show a wanted rule are told wherever they fall), then the log without
        its small boards."""
        return max(0, self.turns_told - LEAST_TOLD) + 1

    def labelled(self, choice: dict[str, Any], facts: dict[int, dict[str, str]]) -> dict[str, Any]:
        """``choice`` (``choose_seed``) with each highlight's label (rulebook.yaml ``sample.shows``)
        filled from ``facts``, by turn, of the turn that shows it: a label counts what its own turn
        did (``{cards}``) instead of naming a number of its own that another seed's turn would belie.

        :raises GameDataError: naming the ``sample.shows`` entry of a label asking for a fact the
            turn does not give.
        """
        out = []
        for h in choice["highlights"]:
            given = facts.get(h["turn"], {})
            try:
                out.append({**h, "rule": h["rule"].format_map(given)})
            except (KeyError, ValueError, IndexError) as exc:
                raise self.config_source.error(("sample", "shows", h["event"]), "a label whose {fields} are "
                                               f"among {sorted(given)}", f"{h['rule']!r} ({exc})") from None
        return {**choice, "highlights": out}

    def tell(self, what: str) -> None:
        if self.say:
            self.say(what)


@dataclass(frozen=True)
class Appendices:
    """How the rulebook tells the games of one engine."""

    row: Callable[[Any], list]                               # a played game's record -> one balance row
    # the rows of a run -> its figures (JSON-ready); the designer's report reads "stalled" (a ``share``)
    # and "turns" (a ``spread``; "turns_ended", the games that ended, when given, is its length when
    # some games stall), the rule text whatever else the engine's own text asks for
    figures: Callable[[list[list]], dict[str, Any]]
    charts: Callable[[Book, list[dict[str, Any]]], None]     # draws the runs' charts into book.figures
    sample: Callable[[Book, EngineInputs], dict[str, Any] | None] | None = None   # the narrated game
    extras: Callable[[Book, EngineInputs], dict[str, Any]] = lambda book, inputs: {}  # more context
    events: tuple[str, ...] = ()                             # what rulebook.yaml's sample.shows may name
    # (inputs, a played game's record) -> the events of each turn; a module-level function, so the
    # sample-game search can run on a worker process
    read_events: Callable[[EngineInputs, dict[str, Any]], list[tuple[int, set[str]]]] | None = None
    # the engine work (``play.Work``) the extras will ask for, given the settings, to start ahead
    ahead: Callable[[RulebookSettings, EngineInputs], list] = lambda settings, inputs: []
    # a worked example (``examples.py``): (book, inputs, position data, move notation) ->
    # {"told": the turn as the sample game tells it, "events": what it shows, "figure": a Figure,
    # "before": the position before the move as the example's intro reads it (optional)}; raises
    # ValueError for a position or move the rules do not allow
    example: Callable[[Book, EngineInputs, dict[str, Any], str], dict[str, Any]] | None = None
    # the designer's report's rule coverage: one balance row -> the uses of each action kind the rules
    # offer, by seat (a kind never used counts 0), each kind named as the report's sentences use it
    # ("Banish", "a spent glyph"); None: the report says nothing of coverage
    uses: Callable[[list], list[dict[str, int]]] | None = None


def for_engine(engine: str | None) -> Appendices | None:
    """The appendices of an engine, None for a game without one (or an engine the rulebook cannot tell)."""
    from generator.play.plugins import load_reference
    from generator.play.registry import ENGINES
    spec = ENGINES.get(engine) if engine else None
    if spec is None or not spec.appendices:
        return None
    return load_reference(spec.appendices)


def balance(book: Book, appendices: Appendices) -> dict[str, Any]:
    """A run of ``settings.balance_games`` games for every edition of the game with an engine."""
    settings, edition = book.settings, book.edition
    runs = []
    for edition_id in edition.game.spec.editions:
        other = edition if edition_id == edition.id else load_edition(edition.game, edition_id)
        inputs = engine_inputs(other)
        if inputs is None:
            continue
        book.tell(f"balance: {edition_id}, {settings.balance_games} games, {','.join(settings.balance_agents)}")
        step = book.progress(f"simulating {edition_id}", settings.balance_games) if book.progress else None
        try:
            rows = balance_rows(inputs, settings.balance_games, settings.balance_seed, settings.balance_agents,
                                settings.jobs, step)
        finally:
            if step:
                step.close()
        runs.append({"id": edition_id, "title": other.spec.title, "current": edition_id == edition.id,
                     **appendices.figures(rows)})
    appendices.charts(book, runs)
    return {"games": settings.balance_games, "agents": list(settings.balance_agents), "seed": settings.balance_seed,
            "editions": runs, "this": next((r for r in runs if r["current"]), None)}


def stall_runs(book: Book, appendices: Appendices, inputs: EngineInputs) -> list[dict[str, Any]]:
    """How often games of this edition stop at the turn limit, under the balance agents and each
    pairing of ``settings.stall_agents`` (the designer's report)."""
    settings = book.settings
    out = []
    pairs = [tuple(settings.balance_agents)]
    pairs += [tuple(p) for p in settings.stall_agents if tuple(p) not in pairs]
    for agents in pairs:
        games = settings.balance_games if agents == pairs[0] else settings.stall_games
        book.tell(f"stalls: {book.edition.id}, {games} games, {','.join(agents)}")
        figures = appendices.figures(balance_rows(inputs, games, settings.balance_seed, agents, settings.jobs))
        out.append({"agents": list(agents), "games": games, "stalled": figures["stalled"], "turns": figures["turns"]})
    return out
