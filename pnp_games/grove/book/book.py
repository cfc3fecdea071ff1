"""Battle for the Grove in its rulebook: the table at setup, the narrated sample game with a drawing
after each told turn, and the balance rows, figures and charts."""
from __future__ import annotations

from typing import Any

from generator.rulebook.hooks import (NO_EFFECT, REPEAT, Appendices, Book, EngineInputs, Figure, Key, LegendFigure, SmallBoards,
                                     charts, choose_seed, command_line, counts, folded_turns, highlights_by_turn,
                                     in_words, sample_game, share, spread, told_parts)

from pnp_games.grove.actions import BANISH, CHANNEL, PASS, STAND, STUN
from pnp_games.grove.state import State
from pnp_games.grove.book.diagram import (GroveDiagram, GroveParts, GroveView, druid_swatches, grove_view, key,
                                          legend_items, small_board, small_legend)
from pnp_games.grove.book.story import NAMES, druid_marks, game_turns, turn_view

TALLIES = ("channels", "stuns", "banishes", "control_lost", "passes", "cubes_cancelled", "druids_banished")
# the actions a turn may take, as the tallies count them and as the designer's report names them
ACTIONS = {"stands": "Stand", "moves": "Move", "channels": "Channel", "stuns": "Stun", "banishes": "Banish",
           "passes": "Pass"}
ROW = ("winner", "first_player", "turns", "stalled", "held0", "held1", *TALLIES,
       *(f"{k}{p}" for p in (0, 1) for k in ACTIONS))


def row(record: Any) -> list:
    """The balance row of one played game (a ``GameRecord``); tallies of both players added up, then
    each player's actions."""
    light, dark = record.tallies
    return [record.winner, record.first_player, record.turns, bool(record.flags["stalled"]), *record.scores,
            *(light[k] + dark[k] for k in TALLIES), *(seat[k] for seat in (light, dark) for k in ACTIONS)]


def uses(row: list) -> list[dict[str, int]]:
    """Each player's actions in one game's row, by the name the rules give them."""
    return [{name: row[ROW.index(f"{k}{p}")] for k, name in ACTIONS.items()} for p in (0, 1)]


def figures(rows: list[list]) -> dict[str, Any]:
    """The figures of one run, JSON-ready: wins by colour and by turn order, length, what happened."""
    n = len(rows)
    col = {name: [r[i] for r in rows] for i, name in enumerate(ROW)}
    decided = [r for r in rows if r[0] is not None]
    first_wins = sum(1 for r in decided if r[0] == r[1])
    return {
        "games": n,
        "light": share(col["winner"].count(0), n),
        "dark": share(col["winner"].count(1), n),
        "stalled": share(col["winner"].count(None), n),
        "first": share(first_wins, n),
        "second": share(len(decided) - first_wins, n),
        # among the games with a winner, where an even game is exactly one half
        "light_decided": share(col["winner"].count(0), len(decided)),
        "first_decided": share(first_wins, len(decided)),
        "light_first": share(col["first_player"].count(0), n),
        "turns": spread(col["turns"]),
        "turns_decided": spread([r[2] for r in decided]) if decided else None,
        # the length the designer's report gives when some games stall: a stopped game has no length
        "turns_ended": spread([r[2] for r in decided]) if decided else None,
        "per_game": {k: spread(col[k]) for k in TALLIES},
        "lost_control": share(sum(1 for v in col["control_lost"] if v), n),
        "histograms": {"turns": counts(col["turns"]), "turns_decided": counts([r[2] for r in decided])},
    }


def _ints(found: dict) -> dict[int, int]:
    return {int(k): int(v) for k, v in found.items()}  # JSON turned the keys into text


def _turns_chart(turns: dict[int, int], stalled: int, height: float, styles: Any) -> Figure:
    """The length of the games that ended with a winner; the games stopped at the turn limit, which
    have no length, as a bar of their own."""
    apart = charts.Apart("at the limit", f"stopped at the turn limit: {stalled:,} {'game' if stalled == 1 else 'games'}",
                         stalled) if stalled else None
    return lambda w: [charts.histogram([("Turns", "path", turns)], "turns played in the games that ended (both players "
                                       "counted)", w, height, styles, bins=24, apart=apart)]


def _win_rates_chart(r: dict[str, Any], styles: Any) -> Figure:
    return lambda w: [charts.win_rates(
        [("Light", r["light_decided"]["rate"], r["light_decided"]["low"], r["light_decided"]["high"]),
         ("First player", r["first_decided"]["rate"], r["first_decided"]["low"], r["first_decided"]["high"])],
        w, styles, "light")]


def draw_charts(book: Book, runs: list[dict[str, Any]]) -> None:
    styles, height = book.styles, book.styles.sheet.figures.chart_height
    for run in runs:
        book.figures[f"chart/turns/{run['id']}"] = _turns_chart(_ints(run["histograms"]["turns_decided"]),
                                                               run["stalled"]["count"], height * 0.8, styles)
        book.figures[f"chart/win-rates/{run['id']}"] = _win_rates_chart(run, styles)


def _diagram(book: Book, parts: GroveParts, view: GroveView, share_of_width: float, druids: int,
             legend: bool = True) -> Figure:
    """A drawing of the table ``share_of_width`` of the text wide; with its ``legend``, the key as a
    flowable of its own after it, so that beside a short text it goes under the text."""
    def figure(width: float) -> list:
        diagram = GroveDiagram(view, book.faces, parts, book.styles, width * share_of_width, druids, legend=False)
        return ([diagram, Key(book.styles, diagram.width, legend_items(view), swatches=druid_swatches(book.styles))]
                if legend else [diagram])
    return figure


def _key(book: Book, items: list[tuple[str, str, str]], whole: bool = True) -> Figure:
    """A key as wide as the text: ``whole``, drawn on purpose; else of the marks its spread lacks."""
    kind = LegendFigure if whole else Key
    return lambda w: [kind(book.styles, w, items, swatches=druid_swatches(book.styles))]


EVENTS = ("stun", "stun_capped", "banish", "banish_choice", "stand_at_grove", "bonus_action", "cancellation", "control_lost", "pass",
          "victory", REPEAT)


def turn_events(told: dict[str, Any], winner: bool) -> set[str]:
    """The rules a told turn shows (the names rulebook.yaml's ``sample.shows`` may ask for)."""
    events = set()
    for step in told["steps"]:
        kind = step["kind"]
        if kind == STUN and step.get("stunned"):
            events.add("stun")
            if step.get("capped"):
                events.add("stun_capped")
        elif kind == BANISH and step.get("banished"):
            events.add("banish")
            if step.get("choice"):
                events.add("banish_choice")
        elif kind == STAND and step["at"] == "G":
            events.add("stand_at_grove")
            if step.get("bonus"):
                events.add("bonus_action")
        elif kind == CHANNEL and step.get("cancelled"):
            events.add("cancellation")
            if step.get("lost"):
                events.add("control_lost")
        elif kind == PASS:
            events.add("pass")
    if winner:
        events.add("victory")
    return events


def label_facts(told: dict[str, Any]) -> dict[str, str]:
    """What a ``sample.shows`` label may say of the turn it marks: ``{knocked}`` and ``{sent}``, the
    druids its Stuns knocked down and its Banishes sent home, in words ('one druid', 'two druids')."""
    def druids(n: int) -> str:
        return f"{in_words(n)} druid{'' if n == 1 else 's'}"
    return {"knocked": druids(sum(s.get("stunned") or 0 for s in told["steps"] if s["kind"] == STUN)),
            "sent": druids(sum(s.get("banished") or 0 for s in told["steps"] if s["kind"] == BANISH))}


def read_events(inputs: EngineInputs, record: dict[str, Any]) -> list[tuple[int, set[str]]]:
    """For each turn of a played game, the events it shows. The victory is the winner's own last
    turn (the one that won the deciding circle), not the loser's turn that failed to break it; a
    turn the appendix folds into a line of repeats (the same as its player's turn before, or one
    of a stretch of such turns) is a ``repeat``; a turn with a Channel, Stun or Banish that had
    nothing to work on (no cubes left, nobody there to hit: no roll) is ``no_effect``."""
    _, turns = game_turns(inputs.options, record["actions"])
    winner = None if record["winner"] is None else NAMES[record["winner"]]
    deciding = max((i for i, (t, _) in enumerate(turns) if t["player"] == winner), default=None)
    folded = folded_turns([t for t, _ in turns])
    return [(t["turn"], turn_events(t, i == deciding) | ({REPEAT} if t["turn"] in folded else set())
             | ({NO_EFFECT} if any(s.get("no_roll") for s in t["steps"]) else set()))
            for i, (t, _) in enumerate(turns)]


def sample(book: Book, inputs: EngineInputs) -> dict[str, Any]:
    """The seeded game of the sample appendix: the roll for first player, told turns, the log, the end."""
    edition, settings = book.edition, book.settings
    parts = book.parts(GroveParts)
    options = inputs.options
    agents = settings.sample_agents
    book.tell(f"sample game: {edition.id}, seeds from {settings.sample_seed}, {','.join(agents)}")
    choice = choose_seed(inputs, agents, settings.sample_seed, book.sample_search, read_events, book.turns_told)
    record = sample_game(inputs, choice["seed"], agents)
    rolls, turns = game_turns(options, record["actions"])
    choice = book.labelled(choice, {t["turn"]: label_facts(t) for t, _ in turns})
    widths = book.styles.sheet.figures
    druids = options.druids_per_player
    if parts:
        book.figures["setup"] = _diagram(book, parts, grove_view(State(options)), widths.turn_board_width, druids)
    shows = highlights_by_turn(choice["highlights"])
    told = told_parts([{**t, "shows": shows.get(t["turn"], [])} for t, _ in turns], book.turns_in_full)
    after = {t["turn"]: state for t, state in turns}
    if parts:
        _turn_boards(book, parts, told, after, druids)
    small = _small_boards(book, told, after) if book.small_boards else []
    last = turns[-1][0] if turns else None
    winner = record["winner"]
    return {
        **told, "search": choice, "small": small,
        "seed": record["seed"], "agents": list(agents), "edition": edition.id,
        "replay": command_line("replay", edition.game.id, "--edition", edition.id, "--seed", record["seed"],
                               "--agents", ",".join(agents)),
        "rolls": rolls,
        "winner": None if winner is None else ("Light", "Dark")[winner], "turns_played": record["turns"],
        "stalled": bool(record["flags"]["stalled"]), "final": last,
    }


def _turn_boards(book: Book, parts: GroveParts, told: dict[str, Any], after: dict[int, State], druids: int) -> None:
    """``turn/<turn>``: a drawing for each turn told in full: the first turns (but repeated ones) as
    wide as the cell of the grid they are told in, the highlighted later ones beside their text.
    ``key/first`` and ``key/later``: the one legend of each run of drawings (the later one also of
    the small boards, when the log draws them), set whole under its section head. A later drawing
    keeps its own key, and a grid of first turns one key as wide as the text after it
    (``key/grid/<its first turn>``: a key in each narrow cell would stack its items, pages
    taller); each prints only the marks no earlier key of its spread explained: nothing on the
    spread of its run's key, the key again on a later spread."""
    first = told["full"]
    later = [part["turn"] for part in told["later"] if "turn" in part]
    views = {t["turn"]: turn_view(after[t["turn"]], t) for t in first + later}
    for t in first:
        book.figures[f"turn/{t['turn']}"] = _diagram(book, parts, views[t["turn"]], 1.0, druids, legend=False)
    for t in later:
        book.figures[f"turn/{t['turn']}"] = _diagram(book, parts, views[t["turn"]],
                                                     book.styles.sheet.figures.turn_board_width, druids)
    for block in told["blocks"]:
        if block.get("full"):
            book.figures[f"key/grid/{block['full'][0]['turn']}"] = _key(book, key([views[t["turn"]] for t in block["full"]]),
                                                                        whole=False)
    book.figures["key/first"] = _key(book, key([views[t["turn"]] for t in first]))
    small = [_small_view(after, r["turn"]) for part in told["later"] for r in part.get("rows", [])
             if r["kind"] == "turn" and r["turn"]["turning"]] if book.small_boards else []   # as _small_boards draws
    book.figures["key/later"] = _key(book, key([views[t["turn"]] for t in later], small_legend(small)))


def _small_view(after: dict[int, State], told: dict[str, Any]) -> GroveView:
    """A log row's turn as its small board draws it: the cubes and holders after it, and the druids
    it knocked down or sent home."""
    view = grove_view(after[told["turn"]])
    view.marks = druid_marks(told)
    return view


def _small_boards(book: Book, told: dict[str, Any], after: dict[int, State]) -> list[int]:
    """``small/<turn>``: for each run of log rows, small boards of the turns that change something
    and have a row of their own (a circle won or lost, druids knocked down or sent home, labelled
    beside their circle as the big drawings label them), named by the run's first turn; a board the
    same as one already drawn in the run (a tug of war over one circle) is left to the table. The
    runs that have boards, by their first turn."""
    drawn_for: list[int] = []
    for part in told["later"]:
        rows = [r["turn"] for r in part.get("rows", []) if r["kind"] == "turn" and r["turn"]["turning"]]
        if rows:
            boards, keys, views, seen = [], [], [], set()
            for t in rows:
                view = _small_view(after, t)
                picture = (tuple(view.cubes.items()), tuple(view.holder.items()),
                           tuple((c, tuple(m)) for c, m in view.marks.items()))
                if picture not in seen:
                    seen.add(picture)
                    views.append(view)
                    boards.append((f"Turn {t['turn']}, {t['player']}", small_board(view, book.styles)))
                    keys.append(str(t["turn"]))   # its log row, by its first cell

            def figure(width: float, drawn: list = boards, keys: list = keys, legend: list = small_legend(views)) -> list:
                # the marks key/later left unexplained on the boards' spread
                return [SmallBoards(book.styles, width, drawn, legend, aspect=0.55, rows=keys,
                                    swatches=druid_swatches(book.styles))]
            book.figures[f"small/{part['log'][0]['turn']}"] = figure
            drawn_for.append(part["log"][0]["turn"])
    return drawn_for


def example(book: Book, inputs: EngineInputs, data: dict[str, Any], move: str) -> dict[str, Any]:
    """A worked example: the position ``data`` describes and the actions of ``move`` (separated by
    ';', dice given as rolls, e.g. 'stun A; roll 1-1-2'), told and drawn.

    :raises ValueError: for a position or an action the rules do not allow.
    """
    from generator.play.positions import PositionError, build_position
    try:
        start = build_position(inputs.engine, inputs.options, data)
    except PositionError as exc:
        raise ValueError(f"position: {exc}") from None
    try:
        _, turns = game_turns(inputs.options, [a.strip() for a in move.split(";") if a.strip()], start)
    except ValueError:
        raise
    except Exception as exc:  # the engine's notation and legality errors
        raise ValueError(f"{move}: {exc}") from None
    if len(turns) != 1:
        raise ValueError(f"{move}: expected the actions of one turn, found {len(turns)} turns")
    told, after = turns[0]
    parts = book.parts(GroveParts)
    figure = _diagram(book, parts, turn_view(after, told), book.styles.sheet.figures.turn_board_width,
                      inputs.options.druids_per_player) if parts else (lambda w: [])
    return {"told": told, "events": turn_events(told, told["winner"] is not None), "figure": figure}


APPENDICES = Appendices(row=row, figures=figures, charts=draw_charts, sample=sample, events=EVENTS,
                        read_events=read_events, example=example, uses=uses)
