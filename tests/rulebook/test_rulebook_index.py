"""The index of a long player book, read from the built PDF: each entry's few pages in page order, the
defining one in bold, never a run over most of the book; rule topics from rules/terms.yaml
(a tie, the end of the game) beside the glossary's terms."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from pnp_testing import run_cli

LONG_BOOKS = [("the-channeling", "2025", "rulebook-letter"), ("battle-for-the-grove", "2024", "rulebook-a5-booklet")]


def index_entries(pdf: Path) -> tuple[dict[str, list[tuple[int, bool]]], int]:
    """The index of ``pdf`` as {entry: [(page, printed in bold), ...]} in the printed order, and the
    number of the page where the index starts (the pages before it: the rules, the glossary)."""
    import pdfplumber
    entries: dict[str, list[tuple[int, bool]]] = {}
    start = 0
    number_re = re.compile(r"(\d+)(?:\u2013(\d+))?,?")
    with pdfplumber.open(str(pdf)) as doc:
        for number, page in enumerate(doc.pages, 1):
            words = [w for w in page.extract_words(extra_attrs=["fontname"])   # not the running head or folio
                     if 0.08 * page.height < w["top"] < 0.92 * page.height]
            if not start:
                heading = _heading(words, "Index")
                if heading is None:
                    continue
                start = number
                words = [w for w in words if w["top"] > heading["bottom"]]
            end = _heading(words, "Turn")   # the turn at a glance may follow on the same page
            words = [w for w in words if end is None or w["top"] < end["top"]]
            words = [w for w in words if w["text"] != ","]   # a comma after a bold number is a word of its own
            for line in _lines(words, page.width):
                names = [w["text"] for w in line if not number_re.fullmatch(w["text"])]
                pages = [(n, "bold" in w["fontname"].lower()) for w in line if (m := number_re.fullmatch(w["text"]))
                         for n in range(int(m[1]), int(m[2] or m[1]) + 1)]
                if pages and names and line[0]["text"] == names[0]:
                    entries[" ".join(names)] = pages
            if end is not None:
                break
    return entries, start


def _heading(words: list[dict], first: str) -> dict | None:
    """The word ``first`` of the page set in its largest type (a chapter heading), if any."""
    biggest = max((w["bottom"] - w["top"] for w in words), default=0)
    return next((w for w in words if w["text"] == first and w["bottom"] - w["top"] > 0.9 * biggest), None)


def _lines(words: list[dict], width: float) -> list[list[dict]]:
    """The words of each column's lines (left column first), read left to right."""
    rows: dict[tuple[bool, int], list[dict]] = {}
    for w in words:
        rows.setdefault((w["x0"] > width / 2, round(w["top"])), []).append(w)
    return [sorted(row, key=lambda w: w["x0"]) for _, row in sorted(rows.items())]


def check_index(pdf: Path) -> list[str]:
    """What is wrong with the index of ``pdf``: an entry with other than one bold (defining) page, pages out of order, that
    lists more than four pages, or whose pages (a range counted page by page) cover more than half the
    pages before the index."""
    entries, start = index_entries(pdf)
    if not entries:
        return ["no index"]
    rules = start - 1
    out = []
    for name, pages in entries.items():
        numbers = [p for p, _ in pages]
        if sum(bold for _, bold in pages) != 1:
            out.append(f"{name}: not exactly one page (the defining one) in bold: {pages}")
        if numbers != sorted(numbers):
            out.append(f"{name}: pages not in page order: {numbers}")
        if len(numbers) > rules / 2:
            out.append(f"{name}: {numbers} cover more than half of the {rules} pages")
        if len(numbers) > 4:
            out.append(f"{name}: {len(numbers)} pages listed")
    return out


def _defining(pages: list[tuple[int, bool]]) -> int:
    """The page an entry prints in bold."""
    return next(page for page, bold in pages if bold)


def _page_text(pdf: Path, number: int) -> str:
    from pypdf import PdfReader
    return " ".join((PdfReader(str(pdf)).pages[number - 1].extract_text() or "").split())


@pytest.mark.parametrize("book", LONG_BOOKS, ids=["-".join(b) for b in LONG_BOOKS])
def test_each_index_entry_gives_few_pages_the_defining_one_in_bold(player_books, book):
    assert check_index(player_books[book]) == []


def test_the_channeling_index_points_to_its_tie_and_end_of_game_rules(player_books):
    pdf = player_books[("the-channeling", "2025", "rulebook-letter")]
    entries, _ = index_entries(pdf)
    tie = _page_text(pdf, _defining(entries["Tie"]))
    assert "Scoring" in tie and "scores are equal" in tie, tie
    end = _page_text(pdf, _defining(entries["End of the game"]))
    assert "The end of the game" in end and "one more turn" in end, end


def _long_game(tmp_path: Path, see: str = "Ending") -> Path:
    """A made-up game whose rulebook runs past 12 pages, every chapter naming its token, and a terms
    file with one term (no heading of its own) and one topic told under the heading ``see``."""
    from generator.build.newgame import create_game
    folder = create_game(tmp_path, "fable", "Fable")
    filler = " ".join(["A quiet sentence that fills the page so the book runs long."] * 100)
    chapters = [f"# Chapter {i}\n\nEach player keeps a Lantern token. {filler}\n" for i in range(1, 15)]
    ending = f"# {see}\n\nWhen both players have the same number of Lantern tokens, the game is a tie.\n"
    (folder / "rules" / "rulebook.md").write_text("\n".join(chapters[:7] + [ending] + chapters[7:]))
    (folder / "rules" / "terms.yaml").write_text(
        "terms:\n"
        "  - term: Lantern token\n"
        "    means: The token each player keeps.\n"
        "index:\n"
        "  - entry: Tie\n"
        "    see: Ending\n"
        "    also: [same number]\n")
    return folder


def test_a_made_up_games_topic_points_to_its_heading_and_terms_to_few_pages(tmp_path, rulebook_env):
    _long_game(tmp_path)
    out = tmp_path / "out"
    result = run_cli("rulebook", "fable", "--profile", "rulebook-letter", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    pdf = next(out.glob("fable-*-rulebook-letter.pdf"))
    assert check_index(pdf) == []
    entries, start = index_entries(pdf)
    assert start > 13
    assert "Ending" in _page_text(pdf, _defining(entries["Tie"]))
    lantern = [p for p, _ in entries["Lantern token"]]
    assert "Chapter 1" in _page_text(pdf, _defining(entries["Lantern token"])) and len(lantern) <= 4, lantern   # not all 15 chapters


def test_a_topic_under_a_missing_heading_names_file_line_and_key(tmp_path, rulebook_env):
    _long_game(tmp_path, see="The finish")   # the topic still says "Ending"
    out = tmp_path / "out"
    result = run_cli("rulebook", "fable", "--profile", "rulebook-letter", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(tmp_path)})
    assert result.returncode == 2 and "Traceback" not in result.stderr, result.stderr
    assert "terms.yaml:6 at 'index[0].see'" in result.stderr and "'Ending'" in result.stderr, result.stderr
    assert not list(out.glob("*.pdf"))


def test_entry_pages_put_the_see_section_first_then_named_headings_then_the_densest_pages():
    from generator.rulebook.index import Entry, Mark, entry_pages
    marks = [Mark("Setup", 2, 0), Mark("Turn", 4, 0), Mark("Moving a pawn", 5, 1), Mark("Ending", 7, 0),
             Mark("Scoring", 8, 1), Mark("Appendix pawns", 9, 0)]
    texts = {n: "filler " * 50 for n in range(2, 12)}
    for n in (2, 3, 4, 6, 10, 11):
        texts[n] += " pawn" * (n % 5 + 1)   # the pawn on almost every page, most on 3, 4 and 6
    pawn = Entry("Pawn", re.compile(r"\bpawns?\b", re.I), None)
    assert entry_pages(pawn, marks, texts) == [5, 3, 4, 9]             # its first heading, then 9, then the densest
    texts[8] += " equal scores"
    tie = Entry("Tie", re.compile(r"\b(?:tie|equal)\b", re.I), "Ending")
    assert entry_pages(tie, marks, texts) == [8]                         # the first page of its section telling it
    told = Entry("Tie", re.compile(r"\bnowhere\b"), "ending")
    assert entry_pages(told, marks, texts) == [7]                        # the heading's page, when no page tells it
    assert entry_pages(Entry("Gone", re.compile(r"\bgone\b"), None), marks, texts) == []
