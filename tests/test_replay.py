"""`validate` and `list` keep their answer under a digest of everything it depends on
(generator/build/kept_answers.py): a kept answer is printed again only while every input is unchanged."""
from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from generator.build import kept_answers as replay
from generator.play import plugins
from pnp_testing import ROOT, project_copy, project_env, run_cli

sys.path.insert(0, str(ROOT / "tests" / "engine"))
from test_plugins import install_toy  # noqa: E402


def kept(root: Path) -> list[Path]:
    return sorted((root / ".pnp-cache").rglob("commands/*.json"))


def test_a_kept_answer_is_the_same_output_and_status(tmp_path):
    root = project_copy(tmp_path)
    edition = root / "components" / "the-channeling" / "editions" / "2025.yaml"
    edition.write_text(edition.read_text().replace("total: 36", "total: 35", 1))
    env = project_env(root)
    first = run_cli("validate", "the-channeling", "-e", "2025", env=env)
    assert first.returncode == 1 and "36 pieces, but the edition declares 35" in first.stdout, first.stderr
    assert len(kept(root)) == 1
    again = run_cli("validate", "the-channeling", "-e", "2025", env=env)
    assert (again.returncode, again.stdout, again.stderr) == (first.returncode, first.stdout, first.stderr)
    as_json = run_cli("validate", "the-channeling", "-e", "2025", "--json", env=env)
    assert as_json.stdout.lstrip().startswith("{") and len(kept(root)) == 2  # other arguments, another answer
    edition.write_text(edition.read_text().replace("total: 35", "total: 36", 1))
    fixed = run_cli("validate", "the-channeling", "-e", "2025", env=env)
    assert fixed.returncode == 0, fixed.stdout


def test_a_run_that_stops_with_an_error_is_not_kept(tmp_path):
    root = project_copy(tmp_path)
    game = root / "components" / "the-channeling" / "game.yaml"
    game.write_text(game.read_text() + "\n  bad: [indent\n")
    for _ in range(2):
        result = run_cli("validate", env=project_env(root))
        assert result.returncode == 2 and "game.yaml" in result.stderr and "Traceback" not in result.stderr
    assert kept(root) == []


def test_no_replay_keeps_nothing(tmp_path):
    root = project_copy(tmp_path)
    result = run_cli("list", env={**project_env(root), "PNP_NO_REPLAY": "1"})
    assert result.returncode == 0 and "game the-channeling" in result.stdout
    assert kept(root) == []


def test_a_changed_look_changes_the_listing(tmp_path):
    root = project_copy(tmp_path)
    env = project_env(root)
    assert "(default)" in next(row for row in run_cli("list", env=env).stdout.splitlines() if " a4 " in row)
    profile = root / "layouts" / "profiles" / "a4.yaml"
    profile.write_text(profile.read_text().replace("default: true", "default: false"))
    assert "(default)" not in next(row for row in run_cli("list", env=env).stdout.splitlines() if " a4 " in row)


def test_a_plug_in_engine_edited_in_place_is_noticed(tmp_path):
    site = install_toy(tmp_path)
    env = {**os.environ, "CI": "1", "PNP_COMPONENTS": str(tmp_path / "components"), "PNP_CACHE_DIR": str(tmp_path / "cache"),
           "PYTHONPATH": os.pathsep.join([str(site), str(ROOT)])}

    def validate() -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, str(ROOT / "build.py"), "validate"], capture_output=True, text=True,
                              env=env, cwd=ROOT)

    assert validate().returncode == 0
    code = site / "nim_engine" / "game.py"
    code.write_text(code.read_text().replace("ge=1, le=10", "ge=1, le=2"))  # the edition's take_most: 3 now fails
    result = validate()
    assert result.returncode == 2 and "take_most" in result.stderr, result.stdout


def test_the_plug_in_group_is_the_registry_one():
    assert replay.GROUP == plugins.GROUP


def test_only_the_latest_answers_are_kept(tmp_path, monkeypatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("PNP_PROJECT", str(tmp_path))
    monkeypatch.setattr(replay, "KEEP", 3)
    for i in range(5):
        assert replay.replayed("probe", [i], lambda: 0) == 0
    kept_now = sorted((tmp_path / "cache" / "commands").glob("*.json"))
    assert len(kept_now) == 3
    assert (tmp_path / "cache" / "commands" / f"{replay.digest('probe', [4])}.json") in kept_now


def test_a_game_in_a_linked_folder_is_read_through_the_link(tmp_path):
    """A link that stays inside the project is followed (one leading out of it is refused unread)."""
    root = project_copy(tmp_path)
    elsewhere = root / "elsewhere"
    (root / "components" / "the-channeling").rename(elsewhere)
    (root / "components" / "the-channeling").symlink_to(elsewhere, target_is_directory=True)
    (elsewhere / "loop").symlink_to(elsewhere, target_is_directory=True)  # a loop is walked once
    env = project_env(root)
    assert run_cli("validate", "the-channeling", "-e", "2025", env=env).returncode == 0
    edition = elsewhere / "editions" / "2025.yaml"
    edition.write_text(edition.read_text().replace("total: 36", "total: 35", 1))
    assert run_cli("validate", "the-channeling", "-e", "2025", env=env).returncode == 1
