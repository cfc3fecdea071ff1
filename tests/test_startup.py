"""Start-up cost of the quick commands: `--help` lists every command without importing any
command's body, `validate` and `list` load no painting, rulebook or agent code."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from generator.cli import COMMANDS, load_command

ROOT = Path(__file__).resolve().parents[1]
HEAVY = ("pydantic", "reportlab", "PIL", "jinja2", "markdown_it", "generator.model", "generator.play",
         "generator.rulebook", "generator.render", "generator.cli.simulate", "generator.cli.engine_options")
PROBE = """
import contextlib, io, json, runpy, sys
sys.argv = ["build.py", *{args!r}]
with contextlib.redirect_stdout(io.StringIO()):
    try:
        runpy.run_path("build.py", run_name="__main__")
    except SystemExit:
        pass
print(json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in ("pydantic", "reportlab", "PIL", "jinja2",
                                                                         "markdown_it", "generator"))))
"""


def imported(*args: str, cache: Path | None = None) -> set[str]:
    """The modules a command loads: with no kept answers (cold), or with the answers kept in ``cache``."""
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)} if cache else {**os.environ, "PNP_NO_REPLAY": "1"}
    out = subprocess.run([sys.executable, "-c", PROBE.format(args=list(args))], cwd=ROOT, capture_output=True,
                         text=True, check=True, env=env)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def loaded(modules: set[str], name: str) -> bool:
    return any(m == name or m.startswith(name + ".") for m in modules)


def test_help_imports_no_command_body():
    modules = imported("--help")
    assert not [h for h in HEAVY if loaded(modules, h)]


AGENTS_AND_BOOKS = ("jinja2", "generator.rulebook", "generator.cli.engine_options", "pnp_games.channeling.agents",
                    "pnp_games.grove.agents", "generator.play.mcts")


@pytest.mark.parametrize("command", ["validate", "list"])
def test_quick_commands_load_no_rulebook_or_agents(command):
    modules = imported(command)
    assert not [u for u in AGENTS_AND_BOOKS if loaded(modules, u)]
    assert loaded(modules, "generator.model")  # they do read the games


@pytest.mark.parametrize("command", ["validate", "list"])
def test_a_kept_answer_loads_no_game_code(command, tmp_path):
    imported(command, cache=tmp_path)  # the first run keeps its answer
    modules = imported(command, cache=tmp_path)
    assert not [h for h in HEAVY if loaded(modules, h)]


def test_list_loads_no_painting():
    modules = imported("list")  # validate checks every face, so it paints; list does not
    assert not [u for u in ("reportlab", "PIL", "generator.render") if loaded(modules, u)]


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_the_table_gives_each_command_its_own_summary(name):
    command = load_command(name)
    assert command.name == name
    assert COMMANDS[name].summary == " ".join(command.help.split("\n\n")[0].split())
