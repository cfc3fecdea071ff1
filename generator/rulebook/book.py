"""Build one rulebook PDF: facts + rule text -> Markdown -> flowables, figures drawn from the data."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from reportlab.platypus import Flowable, Paragraph, Spacer

from generator.play.plugins import get_engine
from generator.core.errors import GameDataError, UserError
from generator.core.files import read_kept, write_atomically
from generator.model.game import Edition
from generator.model.layouts import Layouts, Profile
from generator.model.source import load_yaml
from generator.model.validation import validate
from generator.core.trace import span
from generator.core.units import MM
from generator.rulebook.appendices import Book, Figure, balance, for_engine, stall_runs
from generator.rulebook.balance import fixed, percent
from generator.rulebook.config import RulebookConfig, rules_folder
from generator.rulebook.diagrams import Diagrams, diagram_function
from generator.rulebook.document import PageSetup, write_document
from generator.rulebook.examples import Examples, example_function
from generator.rulebook.faces import PieceFaces
from generator.rulebook.facts import edition_facts, option_facts
from generator.rulebook.fan import CoverFan
from generator.rulebook.index import book_index
from generator.rulebook.gallery import CoverRow, Gallery
from generator.rulebook.markdown import Converter
from generator.rulebook.report import report_context
from generator.runs.work import engine_inputs
from generator.rulebook.settings import RulebookSettings, check_agents, load_style_sheet, settings_for
from generator.rulebook.styles import Styles, build_styles, seat_roles
from generator.rulebook.terms import load_terms, load_topics, term_pattern
from generator.rulebook.text import RuleText, TemplateDataError
from generator.rulebook.titles import set_title
from generator.rulebook.wordings import answered_questions


NOT_INDEXED = re.compile(r"^(appendix|glossary)\b", re.IGNORECASE)  # chapters from here on: worked games, the glossary


@dataclass
class Built:
    pages: int
    headings: list[tuple[int, str]]      # (level, text) of every heading in the table of contents
    seed: int | None
    agents: tuple[str, str] | None


def build_rulebook(edition: Edition, layouts: Layouts, profile: Profile, path: Path,
                   settings: RulebookSettings | None = None, say: Callable[[str], None] | None = None,
                   progress: Callable[[str, int], Any] | None = None) -> Built | None:
    """Write the rulebook of ``edition`` to ``path``; None when the game has no rules/ folder."""
    folder = rules_folder(edition)
    if folder is None:
        return None
    source = load_yaml(folder / "rulebook.yaml")
    config = validate(RulebookConfig, source.data, source)
    _check_cover_fan(edition, config, source)
    settings = settings or settings_for(layouts, profile)
    designers = settings.audience == "designers"
    if designers and config.report is None:
        return None
    styles = build_styles(layouts, load_style_sheet(layouts, settings.styles), settings.font_scale,
                          language=config.language, names=_unbroken_names(edition, load_terms(folder)),
                          unbroken=[t.entry for t in load_topics(folder)])
    setup = _page_setup(profile, settings)
    width = setup.size[0] - setup.inner - setup.outer
    faces = PieceFaces(edition, layouts, styles.sheet.figures.min_text)
    book = Book(edition, settings, faces, styles, config.board, source, say=say, progress=progress,
                narrated_turns=config.narrated_turns, sample_search=config.sample)
    figures = book.figures
    context = edition_facts(edition)
    _component_figures(edition, faces, styles, figures, setup.size[1] - setup.top - setup.bottom)
    diagrams = Diagrams(folder, edition, faces, styles, figures)   # rules/diagrams/*.yaml, checked now
    inputs = engine_inputs(edition)
    appendices = for_engine(edition.engine)
    context.update(options=[], questions=[], stalls=[], rules=None, sample=None, balance=None, seats=[],
                   strength=[], coverage=None, levers=None, decisions=[], headline=None,
                   play_summary=config.play_summary, settings=settings.model_dump(mode="json"))
    if inputs is not None:
        context["seats"] = list(get_engine(edition.engine).info.seats)  # the game's GameInfo names them
        styles.seat_roles = seat_roles(context["seats"])
        context["rules"] = inputs.options
        context["questions"] = answered_questions(folder, inputs.options)
        context["options"] = option_facts(inputs.options, context["questions"])
    if inputs is not None and appendices is not None:
        check_agents(settings, layouts, profile, get_engine(edition.engine).agent_kinds)
        for event in config.sample.shows:
            if event not in appendices.events:
                raise source.error(("sample", "shows", event), f"an event the {edition.engine} book can find, one "
                                   f"of {list(appendices.events)}", repr(event))
        with span("rulebook sample game"):
            if appendices.sample is not None:
                context["sample"] = appendices.sample(book, inputs)
            context.update(appendices.extras(book, inputs))
        if settings.simulates:  # balance runs belong to the designer's report, never a player book
            with span("rulebook balance"):
                context["balance"] = balance(book, appendices)
                context["stalls"] = stall_runs(book, appendices, inputs)
            with span("designer's report figures"):
                context.update(report_context(book, appendices, inputs, folder, config, context["balance"],
                                              context["stalls"], get_engine(edition.engine).info.seat_keys()))
    text = RuleText(folder, {"figure": _figure_function(figures), "colour": _colour_function(styles),
                             "diagram": diagram_function(diagrams)},
                    shared=[layer.root / "rulebook" for layer in reversed(layouts.layers)])
    text.env.filters.update(percent=percent, fixed=fixed)
    if inputs is not None and appendices is not None and appendices.example is not None:
        examples = Examples(folder, lambda data, move: appendices.example(book, inputs, data, move),
                            appendices.events, figures,
                            lambda intro, values: text.env.from_string(intro).render(**context, **values))
        text.env.globals["example"] = example_function(
            examples, lambda name, values: text.env.get_template(name).render(**context, **values))
    terms = [] if designers else load_terms(folder)
    context["terms"] = [t.model_dump() for t in terms]
    main = config.report if designers else config.main
    markdown = text.render(context, main)
    terms = [t for t in terms if term_pattern(t).search(markdown)]   # a term this edition never uses is left out
    # a meaning may depend on the edition (how its cards show a value): it is a template like the text
    context["terms"] = [{**t.model_dump(), "means": text.env.from_string(t.means).render(**context).strip()}
                        for t in terms]
    glossary = "\n\n" + text.render(context, "glossary.md") if terms else ""
    markdown += glossary
    # the turn at a glance is a page to look things up on: a drawing there would only fill it
    reference = text.render({**context, "figure": _no_figure}, config.reference) \
        if config.reference and not designers else None

    def converter(looks: Styles) -> Converter:
        return Converter(looks, width, _provider(figures, folder), chapter_breaks=settings.chapter_breaks)

    first = converter(styles)
    unused = [first.convert(markdown)]
    headings = first.headings
    index = None if designers else book_index(folder, terms, markdown, headings, NOT_INDEXED)
    told = [0]   # the cut the sample game's figures are drawn at

    def retold(cut: int) -> str:
        """The book's Markdown with its sample game told ``cut`` steps shorter (``Book.cut``), its
        figures drawn for it."""
        if told[0] != cut:
            book.cut, told[0], say = cut, cut, book.say
            book.say = None   # the same game: said once
            try:
                context["sample"] = appendices.sample(book, inputs)
            finally:
                book.say = say
        return markdown if cut == 0 else text.render(context, main) + glossary

    def body(looks: Styles, cut: int = 0) -> list[Flowable]:
        # the first layout takes the flowables made above; a later one new ones
        fresh = unused.pop() if unused and looks is styles and cut == told[0] == 0 \
            else converter(looks).convert(retold(cut))
        return _without_trailing_space(fresh)
    shorter = book.cuts if context["sample"] is not None and appendices is not None and appendices.sample else 0

    def back(looks: Styles) -> list[Flowable]:
        return converter(looks).convert(reference)

    kind = "designer's report" if designers else "rules"
    title = f"{edition.game.title}: {kind} ({edition.spec.title})"
    head = f"{edition.game.title} \u00b7 {edition.spec.title}" + (" \u00b7 designer's report" if designers else "")
    hint = contents_hint(edition, profile)
    with span("rulebook typeset"):
        pages = write_document(path, setup, styles, title, head,
                               lambda: _cover(edition, faces, config, styles, setup, designers), body,
                               config.contents_title, hint.entries, back=back if reference else None,
                               index=index, chapter_breaks=settings.chapter_breaks, cuts=shorter)
    hint.keep()
    sample = context["sample"]
    return Built(pages, headings, sample["seed"] if sample else None,
                 tuple(sample["agents"]) if sample else None)


def _unbroken_names(edition: Edition, terms: list) -> list[str]:
    """The words the book never hyphenates nor, in a short name, splits between lines: each term of
    the glossary with its other forms, each component's name, each piece's name, each glyph's."""
    names = [w for t in terms for w in (t.term, *t.also)]
    for component in edition.components:
        names += [component.spec.name, *(p.label for p in component.pieces)]
    return names + [g.name for g in edition.game.glyphs.values()]


class ContentsHint:
    """The table of contents of the last build of one rulebook, kept beside the simulation cache.

    Only a hint (the layout runs its passes until its contents agree with its pages, whatever the
    first pass was given), and read from a cache a cloned project may have planted: it is taken only
    in the shape the book's own headings give (``RulebookDoc.afterFlowable``): a level, a heading's
    escaped text (no mark-up that could draw an image or a link), a page and a heading's key. A hint
    of any other shape, or of an older format, is none."""

    FORMAT = 2
    KEY = re.compile(r"[a-z0-9-]{1,200}")

    def __init__(self, path: Path):
        import json
        self.path = path
        try:
            kept = json.loads(read_kept(path, 2**20) or "null")
        except (ValueError, RecursionError):
            kept = None
        good = isinstance(kept, dict) and kept.get("format") == self.FORMAT and isinstance(kept.get("entries"), list) \
            and all(self._entry(e) for e in kept["entries"])
        self.entries: list = list(kept["entries"]) if good else []
        self.was = list(self.entries) if good else None

    @classmethod
    def _entry(cls, entry: Any) -> bool:
        if not (isinstance(entry, list) and len(entry) == 4):
            return False
        level, text, page, key = entry
        return (type(level) is int and 0 <= level <= 6 and isinstance(text, str) and len(text) <= 1000
                and not set(text) & set("<>") and type(page) is int and 0 <= page <= 100_000
                and (key is None or isinstance(key, str) and cls.KEY.fullmatch(key) is not None))

    def keep(self) -> None:
        import json
        if self.entries == self.was:
            return
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            # never through a planted link
            write_atomically(self.path, json.dumps({"format": self.FORMAT, "entries": self.entries}))
        except (OSError, UserError):
            pass  # only a hint: the next build lays out one pass more


def contents_hint(edition: Edition, profile: Profile) -> ContentsHint:
    import hashlib
    from generator.runs.cache import cache_dir
    name = hashlib.sha256(f"{edition.game.folder.resolve()}|{edition.id}|{profile.id}".encode()).hexdigest()[:24]
    return ContentsHint(cache_dir() / "contents" / f"{name}.json")


def _without_trailing_space(flowables: list[Flowable]) -> list[Flowable]:
    """The body without the space after its last block, which could start a page of its own."""
    while flowables and isinstance(flowables[-1], Spacer):
        flowables = flowables[:-1]
    return flowables


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


def _no_figure(name: str, caption: str = "") -> str:
    raise TemplateDataError("no drawing on the turn at a glance (a page to look things up on)", f"figure({name!r})")


def _colour_function(styles: Styles) -> Callable[[str], str]:
    def colour(role: str) -> str:
        try:
            return styles.colour_word(role)
        except KeyError as exc:
            raise TemplateDataError(str(exc.args[0]), repr(role)) from None
    return colour


def _component_figures(edition: Edition, faces: PieceFaces, styles: Styles, figures: dict[str, Figure],
                       page_height: float) -> None:
    height = styles.sheet.figures.gallery_height
    drawable = [c for c in edition.components if c.spec.face and c.pieces]
    tallest = max((faces.face(c.id, c.pieces[0])[0].size[1] for c in drawable), default=1)
    for component in drawable:
        figures[f"components/{component.id}"] = (
            lambda w, c=component: [Gallery(c, faces, styles, height, height / tallest, page_height=page_height)])


def _cover_pieces(edition: Edition, faces: PieceFaces, config: RulebookConfig) -> list[tuple[str, Any]]:
    """The pieces rulebook.yaml puts on the cover."""
    out = []
    for ref in config.cover:
        component = faces.component(ref.component)
        out += [(component.id, p) for p in component.pieces
                if all(p.fields.get(k) == v for k, v in ref.where.items())]
    return out


def _check_cover_fan(edition: Edition, config: RulebookConfig, source: Any) -> None:
    if config.cover_fan_by is None or not edition.spec.deck:
        return
    fields = edition.component(edition.spec.deck).spec.fields
    if config.cover_fan_by not in fields:
        raise source.error(("cover_fan_by",), f"a field of the deck '{edition.spec.deck}', one of {sorted(fields)}",
                           repr(config.cover_fan_by))


def _cover_picture(edition: Edition, faces: PieceFaces, config: RulebookConfig, height: float) -> Flowable | None:
    front = _cover_pieces(edition, faces, config)
    if edition.spec.deck:
        return CoverFan(faces, front, height, config.cover_fan_by)
    return CoverRow(faces, front, height, budget=1.5 * height) if front else None


def _spelled_date(date: str, language: str) -> str:
    """An ISO date as a reader writes it ('July 23, 2025' in en-US, '23 July 2025' in en-GB); '' for
    any other form, since only an ISO date cannot be read two ways (12-8-24)."""
    import datetime
    try:
        day = datetime.date.fromisoformat(date) if re.fullmatch(r"\d{4}-\d{2}-\d{2}", date) else None
    except ValueError:
        day = None
    if day is None:
        return ""
    month = ("January", "February", "March", "April", "May", "June", "July", "August", "September",
             "October", "November", "December")[day.month - 1]
    return f"{month} {day.day}, {day.year}" if language == "en-US" else f"{day.day} {month} {day.year}"


def _cover(edition: Edition, faces: PieceFaces, config: RulebookConfig, styles: Styles,
           setup: PageSetup, designers: bool = False) -> list[Flowable]:
    from xml.sax.saxutils import escape
    game = edition.game
    height = setup.size[1] - setup.top - setup.bottom
    width = setup.cover_width
    out: list[Flowable] = [Spacer(0, height * 0.06), _cover_title(game.title, styles["cover_title"], width)]
    if game.spec.subtitle:
        out.append(Paragraph(escape(game.spec.subtitle), styles["cover_subtitle"]))
    out.append(Spacer(0, height * 0.04))
    at = len(out)
    date = _spelled_date(str(edition.spec.date or ""), config.language)
    dated = f" \u00b7 {date}" if date else ""
    what = "Designer's report" if designers else "Rules"
    out += [Spacer(0, height * 0.05), Paragraph(f"<b>{what}, {escape(edition.spec.title)}</b>{escape(dated)}",
                                                styles["cover_text"])]
    facts = []
    named = re.search(r"\bplayers?\b", game.spec.subtitle or "", re.IGNORECASE)   # "A game for two players"
    if game.spec.players and not named:  # a draft may not say yet
        lo, hi = game.spec.players
        facts.append(f"{lo} players" if lo == hi else f"{lo} to {hi} players")
    if config.playing_time:
        facts.append(config.playing_time)
    if config.ages:
        facts.append(f"ages {config.ages}")
    if facts:
        out.append(Paragraph(escape(" \u00b7 ".join(facts)), styles["cover_text"]))
    out.append(Spacer(0, height * 0.05))
    for credit in edition.credits:
        out.append(Paragraph(f"<b>{escape(credit.role)}:</b> {escape(', '.join(credit.names))}", styles["cover_text"]))
    website = edition.spec.website or config.website
    if website:
        out.append(Paragraph(escape(website), styles["cover_text"]))
    picture = _fitted_picture(edition, faces, config, out, width, height)
    return out[:at] + ([picture] if picture is not None else []) + out[at:]


def _cover_title(title: str, style: Any, width: float) -> Paragraph:
    """The title in balanced lines (``titles.set_title``), at the style's size or a little under."""
    from xml.sax.saxutils import escape
    from reportlab.pdfbase.pdfmetrics import stringWidth
    fitted = set_title(title, lambda text, size: stringWidth(text, style.fontName, size), style.fontSize, width)
    scale = fitted.size / style.fontSize
    return Paragraph("<br/>".join(escape(line) for line in fitted.lines),
                     style.clone(f"{style.name}-set", fontSize=fitted.size, leading=style.leading * scale))


def _fitted_picture(edition: Edition, faces: PieceFaces, config: RulebookConfig, words: list[Flowable],
                    width: float, height: float) -> Flowable | None:
    """The cover's picture, 30% of the page tall, or less when the page cannot hold it beside the
    cover's words: the cover must not be shrunk to fit, which would take its text and its pieces'
    text under the figures' smallest size."""
    taken = sum(f.wrap(width, height)[1] + f.getSpaceBefore() + f.getSpaceAfter() for f in words)
    size = height * 0.3
    for _ in range(3):
        picture = _cover_picture(edition, faces, config, size)
        if picture is None:
            return None
        drawn = picture.wrap(width, height - taken)[1]
        room = height * 0.98 - taken
        if drawn <= room:
            break
        size *= room / drawn
    return picture
