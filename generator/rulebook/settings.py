"""Rulebook settings: the `options:` of a rulebook profile, rulebook styles from layouts/rulebook/.

A rulebook profile is a print profile of kind `rulebook` (layouts/profiles/rulebook-*.yaml): its
paper, orientation and margin lay out the pages; its `options:` are checked here. Environment
variables override the costly parts for quick builds and tests:
PNP_RULEBOOK_GAMES (games simulated per edition, for every kind of run), PNP_RULEBOOK_SAMPLE_AGENTS
and PNP_RULEBOOK_BALANCE_AGENTS (e.g. greedy,greedy), PNP_RULEBOOK_JOBS (processes for the simulations).
"""
from __future__ import annotations

import os
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from generator.core.errors import GameDataError, UserError
from generator.model.layouts import Layouts, Length, Profile
from generator.model.schema import Ident
from generator.model.source import load_yaml
from generator.model.validation import validate


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class RulebookSettings(Strict):
    """What a rulebook profile may say besides paper and margins."""

    styles: Ident = "styles"                       # layouts/rulebook/<styles>.yaml
    audience: Literal["players", "designers"] = "players"   # the player rulebook or the designer's report
    booklet: bool = False                          # pages padded to a multiple of 4, margins mirrored
    gutter: Length = 0                             # extra inner margin for the binding (booklets)
    impose: list[Literal["a4", "letter"]] = []     # a booklet also imposed for saddle-stitching on these papers
    font_scale: float = Field(1.0, ge=0.5, le=2.0)
    chapter_breaks: bool = False                   # each chapter starts a new page (else chapters run on)
    balance_games: int = Field(2400, ge=1, le=1_000_000)   # 2,400 games: a 95% interval of about +-2 points
    balance_agents: tuple[str, str] = ("greedy", "greedy")
    balance_seed: int = Field(1, ge=0)
    sample_agents: tuple[str, str] = ("mcts", "mcts")
    sample_seed: int = Field(1, ge=0)
    narrated_turns: int = Field(6, ge=0, le=1000)
    stall_agents: list[tuple[str, str]] = []       # the designer's report: more pairings checked for stalls
    stall_games: int = Field(400, ge=1, le=1_000_000)
    # the designer's report: each balance agent other than the baseline plays this many games from
    # each seat against the baseline, to state its edge (0: no edge measured)
    edge_games: int = Field(0, ge=0, le=1_000_000)
    edge_baseline: str = "greedy"
    # the designer's report: each rule option the game's wordings answer in more than one way (and
    # each lever rulebook.yaml adds) changed alone, these games per value, played by these agents
    sweep_games: int = Field(0, ge=0, le=1_000_000)
    sweep_agents: tuple[str, str] = ("greedy", "greedy")
    # the designer's report: rules that disagree with themselves, each reading played this many games
    # by the balance agents (besides sweep_games by the sweep agents; 0: by the sweep agents only)
    decision_games: int = Field(0, ge=0, le=1_000_000)
    # the designer's report: an action kind an agent uses fewer times a game than this is flagged
    coverage_at_least: float = Field(1.0, ge=0, le=1000)
    jobs: int = Field(2, ge=1, le=64)

    @property
    def simulates(self) -> bool:
        """Whether this book plays balance games: only the designer's report states statistics; a
        player book needs from the engine nothing but its sample game."""
        return self.audience == "designers"


def settings_for(layouts: Layouts, profile: Profile) -> RulebookSettings:
    """The profile's options as RulebookSettings, then the environment's overrides."""
    path = layouts.profile_path(profile.id)
    data = dict(profile.options)
    if path.is_file():
        source = load_yaml(path)
        settings = validate(RulebookSettings, data, source, ("options",))
    else:
        settings = RulebookSettings.model_validate(data)
    update = _environment()
    if "balance_games" in update:  # every kind of run the profile makes, with that many games
        update.update({key: update["balance_games"] for key in GAME_COUNTS if getattr(settings, key)})
    return settings.model_copy(update=update)


def check_agents(settings: RulebookSettings, layouts: Layouts, profile: Profile, offered: tuple[str, ...]) -> None:
    """Every agent the profile names for the books is one the game's engine offers.

    :raises GameDataError: naming the profile's file, line and key (or the environment variable).
    """
    for key in ("sample_agents", "balance_agents", "sweep_agents", "edge_baseline"):
        value = getattr(settings, key)
        for spec in (value,) if isinstance(value, str) else value:
            if spec.split(":")[0] in offered:
                continue
            expected = f"agents this game's engine offers, from {', '.join(offered)}"
            variable = AGENT_VARIABLES.get(key)
            if variable and os.environ.get(variable):
                raise UserError(f"{variable}: expected {expected}, found {spec!r}")
            path = layouts.profile_path(profile.id)
            if path.is_file():
                raise load_yaml(path).error(("options", key), expected, repr(spec))
            raise UserError(f"profile '{profile.id}', options.{key}: expected {expected}, found {spec!r}")


AGENT_VARIABLES = {"sample_agents": "PNP_RULEBOOK_SAMPLE_AGENTS", "balance_agents": "PNP_RULEBOOK_BALANCE_AGENTS"}
GAME_COUNTS = ("balance_games", "stall_games", "edge_games", "sweep_games", "decision_games")  # PNP_RULEBOOK_GAMES sets each (not 0)


def _environment() -> dict[str, Any]:
    out: dict[str, Any] = {}
    for var, key in (("PNP_RULEBOOK_GAMES", "balance_games"), ("PNP_RULEBOOK_JOBS", "jobs")):
        text = os.environ.get(var)
        if text:
            try:
                number = int(text) if text.strip().isascii() else 0  # int() takes '٣', isdigit() '²'
            except ValueError:
                number = 0
            if number < 1:
                raise UserError(f"{var}={text!r}: expected a whole number of at least 1")
            out[key] = number
    for key, variable in AGENT_VARIABLES.items():
        agents = os.environ.get(variable)
        if agents:
            parts = tuple(a.strip() for a in agents.split(","))
            if len(parts) != 2 or not all(parts):
                raise UserError(f"{variable}={agents!r}: expected two agents, e.g. greedy,greedy")
            out[key] = parts
    return out


# ------------------------------------------------------------------ styles


class TextStyle(Strict):
    parent: str | None = None
    font: str | None = None              # a font named in layouts/style.yaml
    size: float | None = Field(None, gt=0, le=200)
    leading: float | None = Field(None, gt=0, le=300)
    colour: str | None = None            # a colour named in layouts/style.yaml
    align: Literal["left", "centre", "right", "justify"] | None = None
    space_before: float | None = Field(None, ge=0, le=500)
    space_after: float | None = Field(None, ge=0, le=500)
    left_indent: float | None = Field(None, ge=0, le=500)
    page_break_before: bool | None = None
    keep_with_next: bool | None = None
    toc_level: int | None = Field(None, ge=0, le=3)
    hyphenate: bool | None = None        # break words at syllables (in the book's language) to fill lines


class FigureSizes(Strict):
    board_width: float = Field(0.7, gt=0.1, le=1.0)        # share of the text width for a whole board
    turn_board_width: float = Field(0.42, gt=0.1, le=1.0)  # boards beside a narrated turn
    gallery_height: Length = 70                              # printed height of a card in the components gallery
    chart_height: Length = 55
    min_text: float = Field(6.5, ge=4, le=20)  # smallest text a figure prints, in points; smaller text is left out


class StyleSheet(Strict):
    styles: dict[str, TextStyle]
    colours: dict[str, str] = {}         # roles (table_head, seat1, seat2, path...) -> colour names
    colour_words: dict[str, str] = {}    # colour names -> the word a caption uses for them ("green")
    figures: FigureSizes = FigureSizes()


REQUIRED_STYLES = ("body", "h1", "h2", "h3", "list", "caption", "table", "table_head", "notation", "note",
                   "toc0", "toc1", "footer", "cover_title", "cover_subtitle", "cover_text")
REQUIRED_COLOURS = ("rule", "table_head", "table_head_ink", "table_stripe", "table_grid", "note_fill", "note_bar",
                    "seat1", "seat2", "path", "move", "cancel", "axis")


class StyleSheetLayer(Strict):
    """One layer's rulebook style file: the styles, roles and figure sizes it adds or replaces."""

    styles: dict[str, TextStyle] = {}
    colours: dict[str, str] = {}
    colour_words: dict[str, str] = {}
    figures: dict[str, Any] = {}


def load_style_sheet(layouts: Layouts, name: str) -> StyleSheet:
    """rulebook/<name>.yaml of every layer, merged key by key (a later layer's style replaces one of
    the same name); each problem is reported in the file that set the key."""
    paths = layouts.all_of(f"rulebook/{name}.yaml")
    if not paths:
        raise GameDataError(layouts.root / "rulebook" / f"{name}.yaml", None, "",
                            "a rulebook style file in a layouts/rulebook/ folder", "no such file")
    styles: dict[str, TextStyle] = {}
    colours: dict[str, str] = {}
    colour_words: dict[str, str] = {}
    figures: dict[str, Any] = {}
    origin: dict[tuple[str, str], Any] = {}
    for path in paths:
        source = load_yaml(path)
        part = validate(StyleSheetLayer, source.data or {}, source)
        for group, merged, values in (("styles", styles, part.styles), ("colours", colours, part.colours),
                                      ("colour_words", colour_words, part.colour_words),
                                      ("figures", figures, part.figures)):
            merged.update(values)
            origin.update({(group, key): source for key in values})
    source = load_yaml(paths[-1])
    sheet = validate(StyleSheet, {"styles": {k: v.model_dump(exclude_none=True) for k, v in styles.items()},
                                  "colours": colours, "colour_words": colour_words, "figures": figures}, source)

    def where(group: str, key: str):
        return origin.get((group, key), source)

    known_colours, known_fonts = layouts.style.colours, layouts.style.fonts
    for key in REQUIRED_STYLES:
        if key not in sheet.styles:
            raise source.error(("styles",), f"a style named '{key}'", "none")
    for key in REQUIRED_COLOURS:
        if key not in sheet.colours:
            raise source.error(("colours",), f"a colour role named '{key}'", "none")
    for key, colour in sheet.colours.items():
        if colour not in known_colours:
            raise where("colours", key).error(("colours", key), "a colour named in a style.yaml", repr(colour))
    for key in sheet.colour_words:
        if key not in known_colours:
            raise where("colour_words", key).error(("colour_words", key), "a colour named in a style.yaml",
                                                   repr(key))
    for key, style in sheet.styles.items():
        if style.parent is not None and style.parent not in sheet.styles:
            raise where("styles", key).error(("styles", key, "parent"), "another rulebook style",
                                             repr(style.parent))
        if style.font is not None and style.font not in known_fonts:
            raise where("styles", key).error(("styles", key, "font"), "a font named in a style.yaml",
                                             repr(style.font))
        if style.colour is not None and style.colour not in known_colours:
            raise where("styles", key).error(("styles", key, "colour"), "a colour named in a style.yaml",
                                             repr(style.colour))
    for key in sheet.styles:  # parents must not loop
        seen = [key]
        while sheet.styles[seen[-1]].parent:
            seen.append(sheet.styles[seen[-1]].parent)
            if seen[-1] in seen[:-1]:
                raise where("styles", key).error(("styles", key, "parent"),
                                                 "styles that do not inherit from themselves", " -> ".join(seen))
    return sheet
