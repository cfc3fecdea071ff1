"""A mistake in an edition's ``rules:`` block is user input gone wrong: validate, simulate and
replay and build report it alike, as one line naming the file, the line,
the key path and what was expected and found, and exit 2 with nothing else printed.

Every case edits a copy of components/. The commands run as a user types them, in fresh
processes, for one case; every case goes through ``registry.options_for``, the one check all
the commands share.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from generator.play.registry import options_for
from generator.core.errors import GameDataError
from generator.model import load_edition
from pnp_testing import run_cli

EDITIONS = "the-channeling/editions"
COMMANDS = {
    "validate": ["validate", "the-channeling"],
    "simulate": ["simulate", "the-channeling", "--games", "2"],
    "replay": ["replay", "the-channeling", "--seed", "1"],
}

# (file edited, text replaced, replacement, edition run, key path, message after the key path)
CASES = {
    "typo in the edition's own file": (
        "thirty.yaml", "  hidden_glyphs: 0", "  hiden_glyphs: 0", "thirty", "rules.hiden_glyphs",
        "expected a known key, found unknown key 'hiden_glyphs'"),
    "bad value": (
        "2025.yaml", "  cubes_returned_basis: vigor", "  cubes_returned_basis: vigour", "2025",
        "rules.cubes_returned_basis", "expected one of 'vigor' or 'splendor', found 'vigour'"),
    "typo inherited from the extended edition": (
        "2025.yaml", "  hidden_glyphs: 3", "  hiden_glyphs: 3", "thirty", "rules.hiden_glyphs",
        "expected a known key, found unknown key 'hiden_glyphs'"),
    "values that contradict each other": (
        "forest.yaml", "  hidden_glyphs: 0", "  hidden_glyphs: 0\n  grid_size: 6", "forest", "rules",
        "expected hand_size must be twice grid_size (12), got 8, found "),
}


def _break(components: Path, case: str) -> tuple[str, str]:
    """Apply a case to the copy; return (the edition to run, the one error line expected)."""
    file, old, new, edition, key, message = CASES[case]
    path = components / EDITIONS / file
    text = path.read_text()
    assert text.count(old) == 1, f"{file} no longer holds {old!r}"
    path.write_text(text.replace(old, new))
    lines = path.read_text().splitlines()
    wanted = new.splitlines()[-1] if key != "rules" else "rules:"
    line = lines.index(wanted) + 1
    return edition, f"error: {path}:{line} at '{key}': {message}"


def test_validate_simulate_and_replay_report_a_rules_mistake_alike(game_copy):
    edition, expected = _break(game_copy, "typo in the edition's own file")
    env = {"PNP_COMPONENTS": str(game_copy)}
    with ThreadPoolExecutor(len(COMMANDS)) as pool:
        runs = dict(zip(COMMANDS, pool.map(
            lambda args: run_cli(*args, "--edition", edition, env=env), COMMANDS.values())))
    for name, result in runs.items():
        assert result.returncode == 2, (name, result.stdout, result.stderr)
        assert result.stdout == "", name
        assert result.stderr.splitlines() == [expected], (name, result.stderr)


@pytest.mark.parametrize("case", sorted(CASES))
def test_every_rules_mistake_names_file_line_and_key(game_copy, monkeypatch, case):
    edition, expected = _break(game_copy, case)
    monkeypatch.setenv("PNP_COMPONENTS", str(game_copy))
    with pytest.raises(GameDataError) as caught:
        options_for(load_edition("the-channeling", edition))
    assert f"error: {caught.value}".startswith(expected)


def test_build_reports_a_rules_mistake_like_validate(game_copy, tmp_path):
    edition, expected = _break(game_copy, "typo in the edition's own file")
    out = tmp_path / "out"
    result = run_cli("build", "the-channeling", "--edition", edition, "--profile", "a4",
                     "--out", str(out), env={"PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2, result.stdout
    assert result.stderr.splitlines() == [expected] and not out.exists()
