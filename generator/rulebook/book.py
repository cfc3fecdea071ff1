"""Build one rulebook PDF: facts + rule text -> Markdown -> flowables, figures drawn from the data."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from pydantic import BaseModel, ConfigDict
from reportlab.platypus import Flowable, Paragraph, Spacer

from ..errors import GameDataError
from ..model import load_edition
from ..model.game import Edition
from ..model.layouts import Layouts, Profile
from ..model.source import load_yaml
from ..model.validation import validate
from ..units import MM
from . import charts
from .balance import figures as balance_figures, fixed, percent
from .diagrams import BoardDiagram, BoardParts, board_view
from .document import PageSetup, write_document
from .faces import PieceFaces
from .facts import edition_facts, option_facts
from .gallery import CoverFan, Gallery
from .markdown import Converter, Heading
from .narrate import game_stories, replay_states, turn_view
from .play import EngineInputs, balance_rows, engine_inputs, sample_game, step_example
from .settings import RulebookSettings, load_style_sheet, settings_for
from .styles import Styles, build_styles
from .text import MAIN, RuleText, TemplateDataError

Figure = Callable[[float], list[Flowable]]
NARRATED = ("channeling",)  # engines whose turns narrate.py can tell and diagrams.py can draw


class RulebookConfig(BaseModel):
    """components/<game>/rules/rulebook.yaml: how the rulebook of this game is put together."""

    model_config = ConfigDict(extra="forbid", frozen=True)
    main: str = MAIN
    contents_title: str = "Contents"
    board: BoardParts | None = None      # the parts of the table diagrams (games with a board engine)


@dataclass
class Built:
    pages: int
    headings: list[tuple[int, str]]      # (level, text) of every heading in the table of contents
    seed: int | None
    agents: tuple[str, str] | None


def rules_folder(edition: Edition) -> Path | None:
    folder = edition.game.folder / "rules"
    return folder if (folder / "rulebook.yaml").is_file() else None


def build_rulebook(edition: Edition, layouts: Layouts, profile: Profile, path: Path,
                   settings: RulebookSettings | None = None, say: Callable[[str], None] | None = None) -> Built | None:
    """Write the rulebook of ``edition`` to ``path``; None when the game has no rules/ folder."""
    folder = rules_folder(edition)
    if folder is None:
        return None
    source = load_yaml(folder / "rulebook.yaml")
    config = validate(RulebookConfig, source.data, source)
    settings = settings or settings_for(layouts, profile)
    styles = build_styles(layouts, load_style_sheet(layouts, settings.styles), settings.font_scale)
    setup = _page_setup(profile, settings)
    width = setup.size[0] - setup.inner - setup.outer
    faces = PieceFaces(edition, layouts)
    figures: dict[str, Figure] = {}
    context = edition_facts(edition)
    _component_figures(edition, faces, styles, figures)
    inputs = engine_inputs(edition)
    context.update(options=[], rules=None, sample=None, balance=None, step=None)
    if inputs is not None:
        context["rules"] = inputs.options
        context["options"] = option_facts(inputs.options)
        if inputs.engine in NARRATED:  # the sample game and the turn diagram need a narrator for the game
            context["sample"] = _sample(edition, inputs, settings, faces, config, styles, figures, say)
            context["step"] = _step(inputs, settings, faces, config, styles, figures, edition)
        context["balance"] = _balance(edition, settings, styles, figures, say)
    text = RuleText(folder, {"figure": _figure_function(figures)})
    text.env.filters.update(percent=percent, fixed=fixed)
    markdown = text.render(context, config.main)
    first = Converter(styles, width, _provider(figures, folder)).convert(markdown)
    headings = [(f.toc_level, f.plain) for f in first if isinstance(f, Heading) and f.toc_level is not None]
    unused = [first]

    def body() -> list[Flowable]:  # the first layout takes the flowables made above; a second one new ones
        return unused.pop() if unused else Converter(styles, width, _provider(figures, folder)).convert(markdown)

    title = f"{edition.game.title}: rules ({edition.spec.title})"
    pages = write_document(path, setup, styles, title, f"{edition.game.title} \u00b7 {edition.spec.title}",
                           lambda: _cover(edition, faces, config, styles, setup), body, config.contents_title)
    sample = context["sample"]
    return Built(pages, headings, sample["seed"] if sample else None,
                 tuple(sample["agents"]) if sample else None)


def _page_setup(profile: Profile, settings: RulebookSettings) -> PageSetup:
    width, height = profile.paper_size
    if profile.orientation == "landscape" and height > width or profile.orientation == "portrait" and width > height:
        width, height = height, width
    margin = profile.margin
    return PageSetup((width, height), top=margin + 6 * MM, bottom=margin + 6 * MM, inner=margin + settings.gutter,
                     outer=margin, booklet=settings.booklet)


def _provider(figures: dict[str, Figure], folder: Path) -> Callable[[str, float], list[Flowable]]:
    def draw(name: str, width: float) -> list[Flowable]:
        if name not in figures:
            raise GameDataError(folder, None, "figure", f"a figure this rulebook can draw, one of {sorted(figures)}",
                                repr(name))
        return figures[name](width)
    return draw


def _figure_function(figures: dict[str, Figure]) -> Callable[..., str]:
    def figure(name: str, caption: str = "") -> str:
        if name not in figures:
            raise TemplateDataError(f"a figure this rulebook can draw, one of {sorted(figures)}", repr(name))
        safe = str(caption).replace("[", "(").replace("]", ")").replace("\n", " ")
        return f"![{safe}](figure:{name})"
    return figure


def _component_figures(edition: Edition, faces: PieceFaces, styles: Styles, figures: dict[str, Figure]) -> None:
    height = styles.sheet.figures.gallery_height
    drawable = [c for c in edition.components if c.spec.face and c.pieces]
    tallest = max((faces.face(c.id, c.pieces[0])[0].size[1] for c in drawable), default=1)
    for component in drawable:
        figures[f"components/{component.id}"] = (
            lambda w, c=component: [Gallery(c, faces, styles, height, height / tallest)])


def _board(view, faces: PieceFaces, config: RulebookConfig, styles: Styles, share: float) -> Figure:
    if config.board is None:
        raise GameDataError("rules/rulebook.yaml", None, "board", "the parts of the board diagrams", "none")
    return lambda w: [BoardDiagram(view, faces, config.board, styles, w * share)]


def _sample(edition: Edition, inputs: EngineInputs, settings: RulebookSettings, faces: PieceFaces,
            config: RulebookConfig, styles: Styles, figures: dict[str, Figure], say) -> dict[str, Any]:
    seed, agents = settings.sample_seed, settings.sample_agents
    if say:
        say(f"sample game: {edition.id}, seed {seed}, {','.join(agents)}")
    record = sample_game(inputs, seed, agents)
    names = {g.id: g.name for g in edition.game.glyphs.values()}
    stories = game_stories(inputs, record, names)
    first = replay_states(inputs, record)[0][0] if record["actions"] else None
    if first is not None and config.board:
        figures["setup"] = _board(board_view(first), faces, config, styles, styles.sheet.figures.board_width)
    narrated, log = [], []
    for told, after in stories:
        if told["setup"] or told["turn"] <= settings.narrated_turns:
            if not told["setup"] and config.board:
                figures[f"turn/{told['turn']}"] = _board(turn_view(after, told), faces, config, styles,
                                                         styles.sheet.figures.turn_board_width)
            narrated.append(told)
        else:
            log.append(told)
    players = {}
    for p, name in enumerate(("light", "dark")):
        players[name] = {"score": record["scores"][p], "splendor": record["splendor"][p],
                         "overchanneling": record["overchanneling"][p], "cards": record["cards"][p]}
    winner = record["winner"]
    return {
        "seed": record["seed"], "agents": list(agents), "edition": edition.id,
        "replay": f"python build.py replay {edition.game.id} --edition {edition.id} --seed {record['seed']} "
                  f"--agents {','.join(agents)}",
        "setup": [t for t in narrated if t["setup"]], "turns": [t for t in narrated if not t["setup"]],
        "log": log, "players": players, "winner": None if winner is None else ("Light", "Dark")[winner],
        "tie_break": record["tie_break"], "turns_played": record["turns"], "stalled": bool(record["flags"].get("stalled")),
        "actions": len(record["actions"]),
    }


def _step(inputs: EngineInputs, settings: RulebookSettings, faces: PieceFaces, config: RulebookConfig,
          styles: Styles, figures: dict[str, Figure], edition: Edition) -> dict[str, Any] | None:
    found = step_example(inputs, settings.sample_seed)
    if not found or not config.board:
        return None
    names = {g.id: g.name for g in edition.game.glyphs.values()}
    told, after = game_stories(inputs, {"seed": found["seed"], "actions": found["actions"]}, names)[-1]
    figures["turn-step"] = _board(turn_view(after, told), faces, config, styles, styles.sheet.figures.board_width)
    return told


def _balance(edition: Edition, settings: RulebookSettings, styles: Styles, figures: dict[str, Figure],
             say) -> dict[str, Any]:
    runs = []
    for edition_id in edition.game.spec.editions:
        other = edition if edition_id == edition.id else load_edition(edition.game, edition_id)
        inputs = engine_inputs(other)
        if inputs is None:
            continue
        if say:
            say(f"balance: {edition_id}, {settings.balance_games} games, {','.join(settings.balance_agents)}")
        rows = balance_rows(inputs, settings.balance_games, settings.balance_seed, settings.balance_agents,
                            settings.jobs)
        runs.append({"id": edition_id, "title": other.spec.title, "current": edition_id == edition.id,
                     **balance_figures(rows)})
    height = styles.sheet.figures.chart_height
    for run in runs:
        hist = run["histograms"]
        figures[f"chart/scores/{run['id']}"] = lambda w, h=hist: [charts.histogram(
            [("Light", "light", _ints(h["light"])), ("Dark", "dark", _ints(h["dark"]))], "final score", w, height,
            styles)]
        figures[f"chart/turns/{run['id']}"] = lambda w, h=hist: [charts.histogram(
            [("Turns", "path", _ints(h["turns"]))], "turns played (both players counted)", w, height * 0.8, styles)]
    figures["chart/win-rates"] = lambda w: [charts.win_rates(
        [(r["title"], r["light"]["rate"], r["light"]["low"], r["light"]["high"]) for r in runs], w, styles)]
    this = next((r for r in runs if r["current"]), None)
    return {"games": settings.balance_games, "agents": list(settings.balance_agents), "seed": settings.balance_seed,
            "editions": runs, "this": this}


def _ints(counts: dict) -> dict[int, int]:
    return {int(k): int(v) for k, v in counts.items()}  # JSON turned the keys into text


def _cover(edition: Edition, faces: PieceFaces, config: RulebookConfig, styles: Styles,
           setup: PageSetup) -> list[Flowable]:
    from xml.sax.saxutils import escape
    game = edition.game
    height = setup.size[1] - setup.top - setup.bottom
    out: list[Flowable] = [Spacer(0, height * 0.06), Paragraph(escape(game.title), styles["cover_title"])]
    if game.spec.subtitle:
        out.append(Paragraph(escape(game.spec.subtitle), styles["cover_subtitle"]))
    out.append(Spacer(0, height * 0.04))
    try:
        out.append(CoverFan(faces, config.board, height * 0.3))
    except GameDataError:
        pass  # a game without a drawable deck gets a cover without a picture
    dated = f" \u00b7 {edition.spec.date}" if edition.spec.date else ""
    lo, hi = game.spec.players
    players = f"{lo} players" if lo == hi else f"{lo} to {hi} players"
    out += [Spacer(0, height * 0.05), Paragraph(f"<b>Rules, {escape(edition.spec.title)}</b>{escape(dated)}",
                                                styles["cover_text"]),
            Paragraph(players, styles["cover_text"]), Spacer(0, height * 0.05)]
    for credit in game.spec.credits:
        out.append(Paragraph(f"<b>{escape(credit.role)}:</b> {escape(', '.join(credit.names))}", styles["cover_text"]))
    return out
