"""The turn at a glance is a page to look things up on: its text may not place a drawing there (a
drawing would only fill the page), and a reference text that asks for one is an error naming its line."""
from __future__ import annotations

import sys

from rulebook_helpers import ROOT

sys.path.insert(0, str(ROOT / "tests"))

from quartet_game import write_quartet_game  # noqa: E402


def test_a_drawing_asked_for_on_the_turn_at_a_glance_names_the_reference_line(tmp_path, rulebook_env):
    from pnp_testing import run_cli
    root = write_quartet_game(tmp_path / "game")
    rules = root / "components" / "quartet" / "rules"
    rules.mkdir()
    (rules / "rulebook.yaml").write_text("main: rulebook.md\nlanguage: en-GB\nreference: reference.md\n")
    (rules / "rulebook.md").write_text("# Overview\n\nEach player leads a band of heroes across the isles.\n")
    (rules / "reference.md").write_text("# Turn at a glance\n\n**Lead** a card.\n\n"
                                        "{{ figure('components/heroes', 'The heroes') }}\n")
    result = run_cli("rulebook", "quartet", "-p", "rulebook-letter", "--out", str(tmp_path / "out"),
                     env={**rulebook_env, "PNP_PROJECT": str(root)})
    assert result.returncode == 2, result.stderr
    assert "reference.md:5" in result.stderr and "no drawing on the turn at a glance" in result.stderr, result.stderr
    assert "Traceback" not in result.stderr
    assert not list((tmp_path / "out").glob("*.pdf"))
