"""Load once, check once: a cold build of every edition of a made-up game, run the way the command
line runs it (one loading session), reads each YAML file once, makes one set of looks for the game
folder and runs each check of an edition once; a second run reads everything again. A game with a
rules engine (the toy plug-in) and its rulebooks, whose games are played for the book, too."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from generator.build.newgame import create_game
from generator.cli import run
from generator.core.session import current_session, loading_session
from generator.play.plugins import ENGINES, GROUP

PLUGINS = Path(__file__).parent / "plugins"


@pytest.fixture
def two_editions(tmp_path: Path, monkeypatch) -> Path:
    root = tmp_path / "studio"
    game = create_game(root, "star-market", "Star Market")
    first = (game / "editions" / "first.yaml").read_text()
    (game / "editions" / "second.yaml").write_text(first.replace("id: first", "id: second", 1))
    spec = (game / "game.yaml").read_text()
    assert "editions: [first]" in spec
    (game / "game.yaml").write_text(spec.replace("editions: [first]", "editions: [first, second]"))
    monkeypatch.setenv("PNP_PROJECT", str(root))
    monkeypatch.setenv("PNP_RULEBOOK_JOBS", "1")  # every read in this process, where the session counts it
    monkeypatch.setenv("PNP_NO_REPLAY", "1")
    return root


def test_a_cold_build_reads_each_yaml_file_once_and_checks_each_edition_once(two_editions):
    with loading_session() as session:
        assert run(["build", "--force"]) == 0
    assert len(session.editions) == 2 and len(session.looks) == 1  # one Layouts for the game's folder
    assert session.yaml_reads and max(session.yaml_reads.values()) == 1, session.yaml_reads.most_common(3)
    assert {check: session.checks[check] for check in ("templates", "print safety", "engine set-up")} == \
        {"templates": 2, "print safety": 2, "engine set-up": 2}
    edition_files = [p for p in session.yaml_reads if p.parent.name == "editions"]
    assert sorted(p.name for p in edition_files) == ["first.yaml", "second.yaml"]


def test_each_run_has_its_own_session(two_editions):
    with loading_session() as first:
        assert run(["validate"]) == 0
    assert current_session() is None
    with loading_session() as second:
        assert run(["validate"]) == 0
    assert second is not first and second.yaml_reads == first.yaml_reads  # read again, once each


@pytest.fixture
def toy_engine_game(tmp_path: Path, monkeypatch) -> Path:
    """The toy engine installed as a plug-in (its package and a dist-info declaring its entry point on
    the path) and a copy of the project of the game it plays."""
    site = tmp_path / "site"
    shutil.copytree(PLUGINS / "nim_engine", site / "nim_engine")
    info = site / "nim_engine-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: nim-engine\nVersion: 0.1\n")
    (info / "entry_points.txt").write_text(f"[{GROUP}]\nnim = nim_engine.game:ENGINE\n")
    root = tmp_path / "project"
    shutil.copytree(PLUGINS / "nim_project", root)
    monkeypatch.syspath_prepend(str(site))
    for name, value in (("PNP_PROJECT", root), ("PNP_RULEBOOK_JOBS", 1), ("PNP_NO_REPLAY", 1),
                        ("PNP_CACHE_DIR", tmp_path / "cache")):
        monkeypatch.setenv(name, str(value))
    ENGINES.refresh()
    yield root
    monkeypatch.undo()
    ENGINES.refresh()


def test_a_game_with_an_engine_and_its_rulebooks_reads_each_yaml_once_and_checks_once(toy_engine_game, tmp_path,
                                                                                     monkeypatch):
    """The rules are checked as the engine's options once, though validate and both books' games need them."""
    from nim_engine.game import NimOptions
    validated = []
    check = NimOptions.model_validate
    monkeypatch.setattr(NimOptions, "model_validate", lambda data, **k: validated.append(data) or check(data, **k))
    with loading_session() as session:
        assert run(["rulebook", "nim-race", "--out", str(tmp_path / "books")]) == 0
    assert sorted(p.name for p in (tmp_path / "books").glob("*.pdf")) == [
        "nim-race-base-designer-report.pdf", "nim-race-base-rulebook-letter.pdf"]
    assert len(session.editions) == 1 and len(session.looks) == 1
    assert session.yaml_reads and max(session.yaml_reads.values()) == 1, session.yaml_reads.most_common(3)
    assert any(p.name == "rulebook.yaml" for p in session.yaml_reads)  # the books were made in this process
    assert session.checks["engine options"] == 1 and len(validated) == 1, (session.checks, validated)
