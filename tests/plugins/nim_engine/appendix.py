"""The toy engine's rulebook appendix, through the rulebook's hooks only: a sample game told turn
by turn, the heap drawn before each told turn, and balance rows from its simulations.

``game.py`` names this module in its spec (``appendices="nim_engine.appendix:APPENDICES"``); the
rulebook imports it when it builds a book, so playing Nim never imports reportlab.
"""
from __future__ import annotations

from typing import Any

from reportlab.platypus import Flowable

from generator.play.registry import get_engine
from generator.rulebook.hooks import (Appendices, Book, EngineInputs, Styles, charts, choose_seed, counts,
                                      highlights_by_turn, sample_game, share, spread, told_parts)

PLAYERS = ("Light", "Dark")
EVENTS = ("take_most", "last_counter")


def game_turns(inputs: EngineInputs, record: dict[str, Any]) -> list[dict[str, Any]]:
    """The facts of every turn of a recorded game, replayed on the engine and checked against it."""
    engine = get_engine(inputs.engine)
    state = engine.new_game(inputs.options, inputs.inputs, record["seed"])
    turns = []
    for number, text in enumerate(record["actions"], start=1):
        before, player = state.heap, state.current_player
        take = engine.parse_action(text)
        state.apply_action(take)
        if state.heap != before - take:
            raise RuntimeError(f"the story of turn {number} disagrees with the engine")
        turns.append({"turn": number, "player": PLAYERS[player], "colour": ("light", "dark")[player],
                      "notation": text, "took": take, "before": before, "left": state.heap,
                      "most": take == inputs.options.take_most, "won": state.is_terminal()})
    return turns


def turn_events(told: dict[str, Any]) -> set[str]:
    """The rules a told turn shows (the names rulebook.yaml's ``sample.shows`` may ask for)."""
    return {name for name, shown in (("take_most", told["most"]), ("last_counter", told["won"])) if shown}


class HeapDiagram(Flowable):
    """The heap before a turn, one disc a counter, ten a row: the counters the turn takes filled in
    the mover's colour, the others outlined."""

    PER_ROW = 10

    def __init__(self, told: dict[str, Any], styles: Styles, width: float):
        super().__init__()
        self.told, self.styles = told, styles
        self.step = width / self.PER_ROW
        rows = -(-told["before"] // self.PER_ROW)
        self.width, self.height = width, rows * self.step
        self.hAlign = "CENTER"

    def wrap(self, avail_width: float, avail_height: float) -> tuple[float, float]:
        return self.width, self.height

    def draw(self) -> None:
        canv, told, step = self.canv, self.told, self.step
        taken_from = told["before"] - told["took"]
        canv.setLineWidth(max(0.6, step * 0.05))
        canv.setStrokeColor(self.styles.colour("axis"))
        for i in range(told["before"]):
            row, col = divmod(i, self.PER_ROW)
            x, y = (col + 0.5) * step, self.height - (row + 0.5) * step
            taken = i >= taken_from
            canv.setFillColor(self.styles.colour(told["colour"] if taken else "axis"))
            canv.circle(x, y, step * 0.4, stroke=int(not taken), fill=int(taken))


def read_events(inputs: EngineInputs, record: dict[str, Any]) -> list[tuple[int, set[str]]]:
    """The events of each turn of a played game (module level, so a worker can run the search)."""
    return [(t["turn"], turn_events(t)) for t in game_turns(inputs, record)]


def sample(book: Book, inputs: EngineInputs) -> dict[str, Any]:
    """The sample game: its told turns (each with the heap drawn before it), the rest as notation."""
    settings = book.settings
    agents = settings.sample_agents
    choice = choose_seed(inputs, agents, settings.sample_seed, book.sample_search, read_events, book.turns_told)
    record = sample_game(inputs, choice["seed"], agents)
    shows = highlights_by_turn(choice["highlights"])
    turns = [{**t, "shows": shows.get(t["turn"], [])} for t in game_turns(inputs, record)]
    share_of_width = book.styles.sheet.figures.turn_board_width
    for t in turns:
        if t["turn"] <= book.turns_told or t["shows"]:
            book.figures[f"heap/{t['turn']}"] = lambda w, t=t: [HeapDiagram(t, book.styles, w * share_of_width)]
    winner = record["winner"]
    return {**told_parts(turns, book.turns_told), "search": choice, "seed": record["seed"], "agents": list(agents),
            "heap": inputs.options.heap, "winner": None if winner is None else PLAYERS[winner],
            "turns_played": record["turns"]}


MOST = 10  # the largest take_most the options allow


def row(record: Any) -> list:
    """The balance row of one played game: the winner's seat, the number of turns, then how many
    times each seat took 1, 2 ... MOST counters."""
    takes = [[0] * MOST, [0] * MOST]
    for turn, text in enumerate(record.actions):
        takes[turn % 2][int(text) - 1] += 1
    return [record.winner, record.turns, *takes[0], *takes[1]]


def uses(row: list) -> list[dict[str, int]]:
    """Each seat's takes by size, as the designer's report names them (sizes never taken included up
    to the largest any seat took or 3, the rules' default most)."""
    largest = max([3] + [i + 1 for seat in (row[2:2 + MOST], row[2 + MOST:]) for i, n in enumerate(seat) if n])
    return [{f"a take of {i + 1}": seat[i] for i in range(largest)} for seat in (row[2:2 + MOST], row[2 + MOST:])]


def figures(rows: list[list]) -> dict[str, Any]:
    n = len(rows)
    turns = [r[1] for r in rows]
    return {"games": n, "light": share(sum(1 for r in rows if r[0] == 0), n),
            "dark": share(sum(1 for r in rows if r[0] == 1), n), "stalled": share(0, n),
            "turns": spread(turns), "histograms": {"turns": counts(turns)}}


def draw_charts(book: Book, runs: list[dict[str, Any]]) -> None:
    height = book.styles.sheet.figures.chart_height
    for run in runs:
        found = {int(k): v for k, v in run["histograms"]["turns"].items()}  # JSON keys are text
        book.figures[f"chart/turns/{run['id']}"] = lambda w, h=found: [charts.histogram(
            [("Turns", "path", h)], "turns played (both players counted)", w, height * 0.8, book.styles)]


APPENDICES = Appendices(row=row, figures=figures, charts=draw_charts, sample=sample, events=EVENTS,
                        read_events=read_events, uses=uses)
