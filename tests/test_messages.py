"""Messages a person reads: an unknown name suggests the near one, and a file below the current folder is
shown by its relative path, as the user would type it."""
from __future__ import annotations

import os
import re

from pnp_testing import run_cli

from generator.build.jsonschemas import KINDS
from generator.core.errors import GameDataError, did_you_mean


def test_did_you_mean_names_the_nearest_known_name_only_when_one_is_close():
    assert did_you_mean("inkk", ["paper", "ink", "frame"]) == "'inkk' (did you mean 'ink'?)"
    assert did_you_mean("a44", ["a4", "letter"]) == "'a44' (did you mean 'a4'?)"
    assert did_you_mean("zebra", ["a4", "letter"]) == "'zebra'"


def test_a_file_below_the_current_folder_is_shown_relative(tmp_path, monkeypatch):
    inside = tmp_path / "components" / "demo" / "game.yaml"
    monkeypatch.chdir(tmp_path)
    assert str(GameDataError(inside, 3, "title", "text", "a number")).startswith(
        f"{os.path.join('components', 'demo', 'game.yaml')}:3 at 'title'")
    elsewhere = tmp_path.parent / "other.yaml"
    assert str(GameDataError(elsewhere, None, "", "x", "y")).startswith(str(elsewhere))


def test_unknown_names_on_the_command_line_get_a_suggestion():
    profile = run_cli("build", "the-channeling", "--edition", "2025", "--profile", "lettre")
    assert profile.returncode == 2 and "found 'lettre' (did you mean 'letter'?)" in profile.stderr
    edition = run_cli("validate", "the-channeling", "--edition", "2052")
    assert edition.returncode == 2 and "(did you mean '2025'?)" in edition.stderr
    game = run_cli("validate", "the-chaneling")
    assert game.returncode == 2 and "(did you mean 'the-channeling'?)" in game.stderr
    agent = run_cli("simulate", "the-channeling", "--games", "2", "--agents", "greedy,gredy")
    assert agent.returncode == 2 and "(did you mean 'greedy'?)" in agent.stderr


def test_a_build_ends_with_what_to_open_and_what_to_print(tmp_path):
    import subprocess
    import sys
    env = {**os.environ, "CI": "1", "PNP_CACHE_DIR": str(tmp_path / "cache")}
    env.pop("PNP_PROJECT", None)
    pnpkit = [sys.executable, "-m", "generator"]
    subprocess.run([*pnpkit, "new", "demo"], cwd=tmp_path, env=env, check=True, capture_output=True)
    built = subprocess.run([*pnpkit, "build", "demo", "-p", "a4", "-p", "gutterfold", "-p", "proof"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert built.returncode == 0, built.stderr
    lines = built.stdout.splitlines()
    assert re.fullmatch(r"demo first: \d+ files in output/demo/first/", lines[0]), lines[0]
    said = [" ".join(line.split()) for line in lines[1:]]
    assert said == ["open first:", "output/demo/first/demo-first-proof.html the proof page",
                    "print at 100% scale (no 'fit to page'):",
                    "output/demo/first/demo-first-a4-cards.pdf 4 pages, both sides, flip on the long edge",
                    "output/demo/first/demo-first-a4-tokens.pdf 1 page, one side",
                    "output/demo/first/demo-first-gutterfold-cards.pdf 4 pages, one side, then fold each sheet on "
                    "its line",
                    "output/demo/first/demo-first-gutterfold-tokens.pdf 1 page, one side"]
    again = subprocess.run([*pnpkit, "build", "demo", "-p", "a4", "-p", "gutterfold", "-p", "proof"],
                           cwd=tmp_path, env=env, capture_output=True, text=True)
    assert again.stdout == "demo first: up to date in output/demo/first/\n"


def _pnpkit(cwd, *args):
    import subprocess
    import sys
    env = {k: v for k, v in os.environ.items() if not k.startswith("PNP_")} | {"CI": "1"}
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=cwd, env=env, capture_output=True,
                          text=True)


def test_new_names_the_game_folder_and_the_output_folder_from_where_it_runs(tmp_path):
    (tmp_path / "components" / "drafts").mkdir(parents=True)
    made = _pnpkit(tmp_path / "components" / "drafts", "new", "star-market")
    assert made.returncode == 0, made.stderr
    assert made.stdout.splitlines()[0].startswith("made ../star-market/ ")
    assert "into ../../output/star-market/first/" in made.stdout
    assert (tmp_path / "components" / "star-market" / "game.yaml").is_file()


def test_simulate_on_a_game_without_an_engine_says_so_before_asking_for_games(tmp_path):
    _pnpkit(tmp_path, "new", "demo")
    done = _pnpkit(tmp_path, "simulate", "demo")
    assert done.returncode == 2 and done.stderr == "error: game 'demo' has no rules engine, so its games cannot " \
                                                   "be simulated\n"


def test_schema_says_how_to_point_an_editor_at_the_files(tmp_path):
    _pnpkit(tmp_path, "new", "demo")
    done = _pnpkit(tmp_path, "schema")
    assert done.returncode == 0 and done.stdout.startswith(f"{len(KINDS)} JSON Schemas in .pnpkit/schemas/")
    assert "  # yaml-language-server: $schema=../../.pnpkit/schemas/game.schema.json\n" in done.stdout
    first = (tmp_path / "components" / "demo" / "game.yaml").read_text().splitlines()[0]
    assert first == "# yaml-language-server: $schema=../../.pnpkit/schemas/game.schema.json"
