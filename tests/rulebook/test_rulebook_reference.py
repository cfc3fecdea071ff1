"""Reference aids from the game's data: every player book ends with its turn at a glance (the
booklet's back cover), a glossary of rules/terms.yaml, and an index when it runs past 12 pages."""
from __future__ import annotations

import re

import pytest
import yaml

from rulebook_helpers import PLAYER_BOOKS, ROOT
from pnp_testing import run_cli


def _pages(pdf) -> list[str]:
    from pypdf import PdfReader
    return [re.sub(r"\s+", " ", page.extract_text() or "") for page in PdfReader(str(pdf)).pages]


def _page_numbers(listed: str) -> list[int]:
    """'2\u20135, 8, 9' -> [2, 3, 4, 5, 8, 9]."""
    out: list[int] = []
    for part in listed.split(", "):
        first, _, last = part.partition("\u2013")
        out += range(int(first), int(last or first) + 1)
    return out


@pytest.mark.parametrize("book", PLAYER_BOOKS, ids=["-".join(b) for b in PLAYER_BOOKS])
def test_each_player_book_ends_with_its_reference_glossary_and_index(player_books, book):
    game = book[0]
    pages = _pages(player_books[book])
    last = pages[-1]
    assert "Turn at a glance" in last and "Notes" not in last        # the back cover of a booklet too
    text = " ".join(pages)
    from generator.rulebook.terms import Term, term_pattern
    listed = yaml.safe_load((ROOT / "components" / game / "rules" / "terms.yaml").read_text())["terms"]
    glossary = text[text.rindex("Glossary"):]
    body = text[:text.rindex("Glossary")]
    terms = [t for t in listed if term_pattern(Term(**t)).search(body)]   # the terms this book uses
    assert len(terms) >= len(listed) - 1
    for term in listed:   # in the glossary exactly when the book uses it (the forest deck is no Magic Circle)
        assert (f"{term['term']}." in glossary) == (term in terms), term["term"]
    # the book decides before a booklet is padded with blank Notes pages, its reference page counted
    body_pages = len([p for p in pages if not re.fullmatch(r".* \d+ Notes ?", p)])
    index = re.search(r"Index (.*?)(?:Turn at a glance|$)", text[text.rindex("Glossary"):])
    if body_pages > 12:
        assert index, "a book over 12 pages has an index"
        entries = {t["term"]: m.group(1) for t in terms
                   if (m := re.search(re.escape(t["term"]) + r" ((?:\d+(?:\u2013\d+)?, )*\d+(?:\u2013\d+)?)", index.group(1)))}
        assert len(entries) >= len(terms) // 2, entries
        forms = {t["term"]: term_pattern(Term(**t)) for t in terms}
        for term, numbers in entries.items():   # each page listed shows a form of the term
            for number in _page_numbers(numbers):
                assert forms[term].search(pages[number - 1]), (term, number)
    else:
        assert "Index" not in text[text.rindex("Glossary"):]


_GLANCE_BOOKS = [b for b in PLAYER_BOOKS if b[2] in ("rulebook-letter", "rulebook-a5-booklet")]


@pytest.mark.parametrize("book", _GLANCE_BOOKS, ids=["-".join(b) for b in _GLANCE_BOOKS])
def test_the_turn_at_a_glance_has_one_rule_under_its_heading(player_books, book):
    """Like every chapter heading, one rule between the heading and its text (it had two)."""
    import pdfplumber
    with pdfplumber.open(str(player_books[book])) as doc:
        page = doc.pages[-1]
        words = page.extract_words()
        heading = next(w for w in words if w["text"] == "glance")
        first = min(w["top"] for w in words if w["top"] > heading["bottom"] + 1)
        rules = [r for r in page.lines + page.rects if abs(r["top"] - r["bottom"]) < 2
                 and r["x1"] - r["x0"] > 0.5 * page.width and heading["bottom"] < r["top"] < first]
    assert len(rules) == 1, rules


def test_a_terms_file_error_names_file_line_and_key(game_copy, rulebook_env, tmp_path):
    terms = game_copy / "the-channeling" / "rules" / "terms.yaml"
    lines = terms.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if "means:" in line)
    lines[number - 1] = lines[number - 1].replace("means:", "meaning:")
    terms.write_text("\n".join(lines) + "\n")
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--profile", "rulebook-letter", "--out",
                     str(tmp_path / "out"), env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"terms.yaml:{number - 1} at 'terms[0].means'" in result.stderr, result.stderr   # the entry lacks it


def test_cover_states_players_time_and_ages_from_rulebook_yaml(tmp_path, rulebook_env):
    from generator.build.newgame import create_game
    folder = create_game(tmp_path, "demo", "Demo")
    config = folder / "rules" / "rulebook.yaml"
    config.write_text(config.read_text() + "playing_time: 20 to 30 minutes\nages: 10 and up\n")
    out = tmp_path / "out"
    result = run_cli("rulebook", "demo", "--profile", "rulebook-letter", "--out", str(out),
                     env={**rulebook_env, "PNP_PROJECT": str(tmp_path)})
    assert result.returncode == 0, result.stderr
    cover = _pages(next(out.glob("demo-*-rulebook-letter.pdf")))[0]
    assert "20 to 30 minutes" in cover and "ages 10 and up" in cover, cover


@pytest.mark.parametrize("edition, says, never", [
    ("2025", ("outer circles", "inner petals"), ("diamond",)),
    ("forest", ("diamond at the top left", "circle at the bottom right"), ("outer circles", "inner petals"))])
def test_glossary_tells_vigor_and_splendor_as_the_editions_cards_show_them(player_books, edition, says, never):
    text = " ".join(" ".join(_pages(player_books[("the-channeling", edition, "rulebook-letter")])).split())
    glossary = text[text.rindex("Glossary"):]
    vigor = re.search(r"Vigor\. (.+?) Once your cubes", glossary).group(1)
    splendor = re.search(r"Splendor\. (.+?) It is what a taken card scores", glossary).group(1)
    assert says[0] in vigor and says[1] in splendor, (vigor, splendor)
    assert not any(word in vigor + splendor for word in never), (vigor, splendor)
