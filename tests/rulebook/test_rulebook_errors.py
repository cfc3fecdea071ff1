"""Mistakes in rule text are reported as one message naming the file and the line (exit code 2)."""
from __future__ import annotations

import pytest

from pnp_testing import run_cli

from generator.core.errors import GameDataError
from generator.rulebook.text import RuleText


def _break(game_copy, file: str, line_text: str) -> int:
    """Append a line to a rules file of the copy; returns its line number."""
    path = game_copy / "the-channeling" / "rules" / file
    lines = path.read_text().splitlines()
    lines.append(line_text)
    path.write_text("\n".join(lines) + "\n")
    return len(lines)


@pytest.mark.parametrize("file, text, found", [
    ("turn.md", "You hold {{ rules.hidden_glyph }} glyphs.", "hidden_glyph"),
    ("setup.md", "The deck holds {{ dekc.total }} cards.", "dekc"),
    ("components.md", "{{ figure('components/no-such-thing') }}", "no-such-thing"),
])
def test_bad_placeholder_names_file_and_line(game_copy, rulebook_env, tmp_path, file, text, found):
    line = _break(game_copy, file, text)
    out = tmp_path / "out"
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--out", str(out),
                     env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2
    message = result.stderr.strip()
    assert f"rules/{file}:{line}" in message and found in message
    assert "Traceback" not in result.stderr and len(message.splitlines()) == 1
    assert not list(out.glob("*.pdf")) if out.exists() else True


def test_syntax_error_names_file_and_line(tmp_path):
    (tmp_path / "rulebook.md").write_text("# Title\n\n{% include 'part.md' %}\n")
    (tmp_path / "part.md").write_text("one\ntwo\n{% if %}\n")
    with pytest.raises(GameDataError) as caught:
        RuleText(tmp_path).render({})
    assert caught.value.file.endswith("part.md") and caught.value.line == 3


def test_sandbox_refuses_unsafe_attributes(tmp_path):
    (tmp_path / "rulebook.md").write_text("{{ deck.__class__.__mro__ }}\n")
    with pytest.raises(GameDataError) as caught:
        RuleText(tmp_path).render({"deck": {"total": 36}})
    assert caught.value.line == 1 and "unsafe" in caught.value.found


def test_bad_rulebook_profile_option_names_file_and_line(rulebook_env, tmp_path):
    from pnp_testing import project_copy
    project = project_copy(tmp_path)
    profile = project / "layouts" / "profiles" / "designer-report.yaml"
    lines = profile.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if "balance_games:" in line)
    lines[number - 1] = "  balance_games: lots"
    profile.write_text("\n".join(lines) + "\n")
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--profile", "designer-report", "--out",
                     str(tmp_path / "out"), env={**rulebook_env, "PNP_PROJECT": str(project), "PNP_RULEBOOK_GAMES": ""})
    assert result.returncode == 2
    assert f"designer-report.yaml:{number}" in result.stderr and "balance_games" in result.stderr


def test_a_cover_fan_by_no_field_of_the_deck_names_file_and_line(game_copy, rulebook_env, tmp_path):
    path = game_copy / "the-channeling" / "rules" / "rulebook.yaml"
    lines = path.read_text().splitlines()
    number = next(i for i, line in enumerate(lines, 1) if line.startswith("cover_fan_by:"))
    lines[number - 1] = "cover_fan_by: glory"
    path.write_text("\n".join(lines) + "\n")
    result = run_cli("rulebook", "the-channeling", "--edition", "2025", "--out", str(tmp_path / "out"),
                     env={**rulebook_env, "PNP_COMPONENTS": str(game_copy)})
    assert result.returncode == 2
    assert f"rules/rulebook.yaml:{number}" in result.stderr and "cover_fan_by" in result.stderr, result.stderr
    assert "splendor" in result.stderr and "'glory'" in result.stderr and "Traceback" not in result.stderr
