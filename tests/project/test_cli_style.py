"""The command line in click's own style: value types that raise BadParameter (so click names the
option in one message), and every PNP_ variable the code reads listed in `--help` (and so in the docs'
environment reference, which is made from the same table)."""
from __future__ import annotations

import re
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from generator.cli import ENVIRONMENT, cli
from generator.cli.params import AGENT_PAIR, AXIS, RULE

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("kind, text", [(AGENT_PAIR, "greedy"), (AGENT_PAIR, "greedy,"), (AGENT_PAIR, "a,b,c"),
                                        (RULE, "turn_cap"), (RULE, "=3"), (AXIS, "turn_cap")])
def test_a_malformed_value_is_a_bad_parameter(kind, text):
    with pytest.raises(click.BadParameter):
        kind.convert(text, None, None)


def test_values_are_parsed():
    assert AGENT_PAIR.convert("greedy, mcts:40", None, None) == ("greedy", "mcts:40")
    assert RULE.convert("hidden_glyphs=3", None, None) == ("hidden_glyphs", 3)
    assert RULE.convert("order=[a, b]", None, None) == ("order", ("a", "b"))
    assert AXIS.convert("edition=2024,2025", None, None).values == ("2024", "2025")


def test_the_command_line_names_the_option_of_a_bad_value(monkeypatch):
    monkeypatch.setenv("CI", "1")
    result = CliRunner().invoke(cli, ["simulate", "the-channeling", "--games", "2", "--agents", "greedy"])
    assert result.exit_code == 2
    assert "Invalid value for '--agents'" in result.output and "one per seat" in result.output


def test_every_environment_variable_is_listed_and_documented():
    read = set()
    for path in (ROOT / "generator").rglob("*.py"):
        if path != ROOT / "generator" / "cli" / "__init__.py":  # the table itself
            read |= set(re.findall(r"PNP_[A-Z][A-Z_]*", path.read_text()))
    assert read == set(ENVIRONMENT)
    shown = CliRunner().invoke(cli, ["--help"]).output
    assert all(name in shown for name in ENVIRONMENT)
    assert "[env var: PNP_PROJECT]" in shown
