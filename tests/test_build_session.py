"""Load once, check once: a cold build of every edition of a made-up game, run the way the command
line runs it (one loading session), reads each YAML file once, makes one set of looks for the game
folder and runs each check of an edition once; a second run reads everything again."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.build.newgame import create_game
from generator.cli import run
from generator.core.session import current_session, loading_session


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
