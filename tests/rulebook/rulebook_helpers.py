"""Helpers for the rulebook tests: build through the CLI, read a PDF as a reader would."""
from __future__ import annotations

import re
import sys
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tests"))

from pnp_testing import run_cli  # noqa: E402


# every player book of the shipped games, on every paper: (game, edition, profile)
PLAYER_BOOKS = [("the-channeling", e, "rulebook-letter") for e in ("2025", "thirty", "forest")] + [
    ("battle-for-the-grove", "2024", "rulebook-letter"), ("mana-hex", "draft", "rulebook-letter"),
    ("the-channeling", "2025", "rulebook-a5-booklet"), ("battle-for-the-grove", "2024", "rulebook-a5-booklet"),
    ("the-channeling", "2025", "rulebook-a4"), ("the-channeling", "thirty", "rulebook-a5-booklet"),
    ("the-channeling", "forest", "rulebook-a5-booklet"), ("battle-for-the-grove", "2024", "rulebook-a4"),
    ("the-channeling", "thirty", "rulebook-a4"), ("the-channeling", "forest", "rulebook-a4"),
    ("mana-hex", "draft", "rulebook-a4"), ("mana-hex", "draft", "rulebook-a5-booklet")]


def build_rulebook_cli(out: Path, edition: str, *extra: str, env: dict) -> Path:
    result = run_cli("rulebook", "the-channeling", "--edition", edition, "--out", str(out), *extra, env=env)
    assert result.returncode == 0, result.stderr
    pdfs = sorted(p for p in out.glob(f"the-channeling-{edition}-rulebook-*.pdf") if "-imposed-" not in p.name)
    assert pdfs, result.stdout
    return pdfs[0]


def pdf_text(pdf: Path) -> list[str]:
    from pypdf import PdfReader
    return [page.extract_text() or "" for page in PdfReader(str(pdf)).pages]


def unbreak(text: str) -> str:
    """Extracted text with the words the typesetter hyphenated at a line's end joined again."""
    return re.sub(r"(\w)-\n\s*(\w)", r"\1\2", text)


def section(pages: list[str], start: str, end: str | None = None) -> str:
    """The text from the page holding heading ``start`` up to (not including) the page holding ``end``."""
    text = "\n".join(pages)
    begin = text.index(f"\n{start}\n", text.index(start) + 1) if text.count(start) > 1 else text.index(start)
    stop = text.index(f"\n{end}\n", begin) if end else len(text)
    return text[begin:stop]


def load(path: Path):
    return yaml.safe_load(path.read_text())


def deck_rows(components: Path, file: str = "magic-circle-36.yaml") -> list[dict]:
    return load(components / "the-channeling" / "cards" / file)


def gallery_counts(text: str) -> dict[str, int]:
    """'×4' above a card's name in the components gallery -> {name: 4}."""
    return {m.group(2).strip(): int(m.group(1)) for m in re.finditer(r"×(\d+)\s*\n\s*([^\n×]+)", text)}
