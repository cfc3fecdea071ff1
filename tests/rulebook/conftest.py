"""Rulebook tests: small simulations (PNP_RULEBOOK_GAMES), greedy sample games and a cache of their
own, passed to each command explicitly, so the default run stays quick while building real PDFs
through the real command line."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from rulebook_helpers import PLAYER_BOOKS, build_rulebook_cli, pdf_text  # noqa: E402

QUICK = {"PNP_RULEBOOK_GAMES": "60", "PNP_RULEBOOK_SAMPLE_AGENTS": "greedy,greedy", "PNP_RULEBOOK_JOBS": "1",
         "PNP_RULEBOOK_BALANCE_AGENTS": "greedy,greedy"}


@pytest.fixture(scope="session")
def rulebook_env(tmp_path_factory) -> dict[str, str]:
    return {**QUICK, "PNP_CACHE_DIR": str(tmp_path_factory.mktemp("rulebook-cache"))}


@pytest.fixture
def quick(monkeypatch, rulebook_env) -> dict[str, str]:
    """The same settings for code run in this process."""
    for key, value in rulebook_env.items():
        monkeypatch.setenv(key, value)
    return rulebook_env


@pytest.fixture(scope="session")
def book_2025(tmp_path_factory, rulebook_env) -> dict:
    """The 2025 rulebook (Letter) and designer's report, built once: paths and the text of each page."""
    out = tmp_path_factory.mktemp("rulebook-2025")
    pdf = build_rulebook_cli(out, "2025", "--profile", "rulebook-letter", "--profile", "designer-report",
                             env=rulebook_env)
    report = out / "the-channeling-2025-designer-report.pdf"
    return {"pdf": pdf, "pages": pdf_text(pdf), "out": out, "report": report, "report_pages": pdf_text(report)}


@pytest.fixture(scope="session")
def player_books(tmp_path_factory, rulebook_env) -> dict[tuple[str, str, str], Path]:
    """Every player book, built once through the command line: (game, edition, profile) -> PDF, and
    the cache folder's file names after the builds under the key "cache". Every book plays its
    sample game with the profile's agents, as a user's build does, so each page the tests read is
    the page a publisher prints (the quick settings keep only the simulations small). Under
    pytest-xdist the workers share the books: each builds those no other worker has taken, then
    waits for the rest."""
    from pnp_testing import build_once, run_cli, run_folder
    root = run_folder(tmp_path_factory, "player-books")
    cache = root / "cache"
    cache.mkdir(exist_ok=True)
    env = {**rulebook_env, "PNP_CACHE_DIR": str(cache), "PNP_RULEBOOK_SAMPLE_AGENTS": ""}   # empty: the profile's
    folders = {book: root / "-".join(book) for book in PLAYER_BOOKS}

    def builder(game: str, edition: str, profile: str):
        def build() -> None:
            folders[game, edition, profile].mkdir(exist_ok=True)
            result = run_cli("rulebook", game, "--edition", edition, "--profile", profile,
                             "--out", str(folders[game, edition, profile]), env=env)
            assert result.returncode == 0, result.stderr
        return build
    taken = [book for book in PLAYER_BOOKS if not build_once(folders[book], builder(*book), wait=False)]
    for book in taken:
        build_once(folders[book], builder(*book))
    out: dict = {}
    for book, folder in folders.items():
        pdf = folder / f"{'-'.join(book)}.pdf"
        assert pdf.is_file(), sorted(p.name for p in folder.iterdir())
        out[book] = pdf
    out["cache"] = sorted(p.name for p in cache.iterdir())
    return out
