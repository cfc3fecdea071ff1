"""The designer's report as an editor marks it up: one unit for a count (seats, not games counted
twice), no claim about figures the player rulebook no longer prints, each figure said once, the lever
with the largest effect on length named, commands a reader can type anywhere, a note never parted
from its table, and the sample game's seed and players said plainly. The 2025 report comes from the
session's quick build (``book_2025``); the made-up game's report and the Grove's are tested beside
their own fixtures (test_designer_report.py, test_rulebook_grove.py)."""
from __future__ import annotations

import re
from collections import Counter

import pytest

from rulebook_helpers import unbreak

FIGURE = re.compile(r"\d+\.\d% \[\d+\.\d%, \d+\.\d%\]")   # a share with its 95% interval, as the report prints it


def flat(pages: list[str]) -> str:
    return " ".join(unbreak("\n".join(pages)).replace("\u2019", "'").split())


def seat_counts(text: str) -> dict:
    """The rule-coverage section's counts: the games and seats it covers, each agent's seats."""
    coverage = text[text.rindex("Rule coverage"):]
    total = re.search(r"\(([\d,]+) games, ([\d,]+) seats\)", coverage)
    agents = re.findall(r"(\w+) \(([\d,]+) seats\)", coverage[:coverage.index("Flagged")])
    return {"games": int(total.group(1).replace(",", "")), "seats": int(total.group(2).replace(",", "")),
            "agents": {a: int(n.replace(",", "")) for a, n in agents}}


def repeated_figures(text: str) -> dict[str, int]:
    """Each share-with-interval printed more than once, with its count."""
    return {f: n for f, n in Counter(FIGURE.findall(text)).items() if n > 1}


def stale_claims(text: str) -> list[str]:
    """Sentences that say the player rulebook states figures or shares the report's simulations:
    the player book holds rules and its sample game only."""
    sentences = re.split(r"(?<=[.!?])\s+", text)
    about_book = [s for s in sentences if "player rulebook" in s or s.startswith("Both are built")]
    return [s for s in about_book if re.search(r"figure|simulation|win rate", s)]


def test_rule_coverage_counts_seats_throughout(book_2025):
    """Every count of the coverage section is in seats: the agents' seats add up to the seats of
    the games covered, two a game, and the untested-rule note counts the same seats."""
    text = flat(book_2025["report_pages"])
    found = seat_counts(text)
    assert found["seats"] == 2 * found["games"] == sum(found["agents"].values()), found
    assert not re.search(r"\(\s*[\d,]+ games\)", text[text.rindex("Rule coverage"):][:600])
    for note in re.findall(r"No agent used [^:]+:", text):
        assert f"{found['seats']:,} seats" in note, note


def test_the_report_claims_no_figure_of_the_player_rulebook(book_2025):
    assert stale_claims(flat(book_2025["report_pages"])) == []


def test_the_stale_claim_check_finds_the_old_sentences():
    old = ("A game stalls when it reaches the turn limit. The player rulebook leaves these games out of every "
           "figure it states. The games lasted 67.4 turns, about 34 for each player: the figure the player "
           "rulebook gives. Both are built from the same data and the same simulations.")
    assert len(stale_claims(old)) == 3


def test_no_share_is_printed_twice(book_2025):
    """A figure is said where it is measured; elsewhere the report names the section."""
    assert repeated_figures(flat(book_2025["report_pages"])) == {}


def test_the_replay_commands_are_the_installed_program(book_2025):
    text = flat(book_2025["report_pages"])
    assert "python build.py" not in text and "build.py" not in text
    for kind in ("replay", "simulate", "sweep"):
        assert re.search(rf"pnpkit {kind} the-channeling --edition 2025 ", text), kind
    from generator.rulebook.commands import PROGRAM
    import tomllib
    from rulebook_helpers import ROOT
    scripts = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["scripts"]
    assert PROGRAM in scripts    # the name a reader types is the one the package installs


def test_the_sample_game_seed_is_said_plainly(book_2025):
    text = flat(book_2025["report_pages"])
    assert "found after trying" not in text and "onwards" not in text
    seed = int(re.search(r"pnpkit replay \S+ --edition \S+ --seed (\d+)", text).group(1))
    assert re.search(rf"Sample game seed {seed}: how it was chosen is under What the sample game shows", text)
    assert re.search(rf"The sample game is (the first game tried, seed {seed}|seed {seed}:)", text)
    agents = re.search(r"--seed \d+ --agents (\w+),(\w+)", text).groups()
    assert f"Sample game agents {agents[0]} against {agents[1]}" in text


# ------------------------------------------------------------------ what a page foot must not part

PAGE = (420, 300)   # a small page: its frame is 200 points high


def _styles():
    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles
    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))
    return styles


def _pages_of(markdown: str, lead: float, styles, path) -> list[list[str]]:
    """The made-up Markdown set ``lead`` points down a small page's frame, through the rulebook's
    own Converter: each page's text lines."""
    import pypdfium2 as pdfium
    from reportlab.platypus import SimpleDocTemplate, Spacer
    from generator.rulebook.markdown import Converter
    doc = SimpleDocTemplate(str(path), pagesize=PAGE, leftMargin=40, rightMargin=40, topMargin=50, bottomMargin=50)
    doc.build([Spacer(0, lead), *Converter(styles, 340, lambda n, w: []).convert(markdown)])
    pdf = pdfium.PdfDocument(str(path))
    pages = [page.get_textpage().get_text_bounded().splitlines() for page in pdf]
    pdf.close()
    return pages


def _feet(step: float = 3.0) -> list[float]:
    """Lead heights that bring the page foot across every line of what follows them."""
    frame = PAGE[1] - 100
    return [frame - 12 - step * i for i in range(int(frame / step) - 8)]


@pytest.mark.parametrize("rows", [1, 8])
def test_a_note_under_a_table_never_opens_a_page_without_the_tables_rows(rows, tmp_path):
    """A made-up table and the two notes under it, the page foot falling at every height: the page
    that holds a note holds the table's header and its last rows (three, or all of a shorter
    table) too, and both notes share that page."""
    from generator.rulebook.flowables import MIN_ROWS
    styles = _styles()
    text = "| Kind | Uses |\n|---|--:|\n" + "".join(f"| row-{i} | {i}.00 |\n" for i in range(rows))
    text += "\n> **zorblax first note.**\n\n> **quibble second note.**\n\nAfter.\n"
    parted = []
    for lead in _feet():
        pages = _pages_of(text, lead, styles, tmp_path / "notes.pdf")
        page = next(p for p in pages if any("zorblax" in line for line in p))
        held = [int(re.search(r"row-(\d+)", line).group(1)) for line in page if re.search(r"\brow-\d+\b", line)]
        if not (any("quibble" in line for line in page) and any("Kind" in line for line in page)
                and held[-1:] == [rows - 1] and len(held) >= min(MIN_ROWS, rows)):
            parted.append((lead, held))
    assert parted == []


def test_a_lead_in_never_ends_a_page_without_its_command(tmp_path):
    """"To play these games again:" and the command under it share a page wherever the foot falls;
    two such pairs that fit a page stay on it."""
    styles = _styles()
    names = ("these games", "those games")
    text = "".join(f"To play {name} again:\n\n```command\npnpkit simulate made-up --games 40 --seed {n}\n```\n\n"
                   for n, name in enumerate(names)) + "After.\n"
    assert len(_pages_of(text, 0, styles, tmp_path / "commands.pdf")) == 1
    parted = []
    for lead in _feet():
        pages = _pages_of(text, lead, styles, tmp_path / "commands.pdf")
        for n, name in enumerate(names):
            page = next(p for p in pages if any(f"To play {name} again" in line for line in p))
            if not any(f"--games 40 --seed {n}" in line for line in page):
                parted.append((lead, name))
    assert parted == []
