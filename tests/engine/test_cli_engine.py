"""The simulate and replay commands on the real game data, driven through click's CliRunner.

Mistakes in an edition's own rules are tested on copies in test_rule_option_errors.py.
"""
from __future__ import annotations

import json

import click
import pytest
from click.testing import CliRunner

from generator.cli.replay import replay
from generator.cli.simulate import simulate
from generator.play.registry import options_for, play_game
from generator.model import load_edition


@pytest.fixture
def run(monkeypatch):
    monkeypatch.setenv("CI", "1")

    @click.group()
    def cli():
        pass
    cli.add_command(simulate)
    cli.add_command(replay)
    runner = CliRunner()
    return lambda *args: runner.invoke(cli, list(args))


def test_simulate_summary_and_json(run, tmp_path):
    out = tmp_path / "res.json"
    r = run("simulate", "the-channeling", "--games", "20", "--agents", "greedy,random",
            "--seed", "4", "--jobs", "2", "--json", str(out))
    assert r.exit_code == 0, r.output
    assert "Light wins" in r.output and "95% CI" in r.output
    res = json.loads(out.read_text())
    assert res["games"] == 20 and res["agents"] == ["greedy", "random"]
    assert res["options"]["hidden_glyphs"] == 3


def test_simulate_json_to_stdout_and_rule_override(run):
    r = run("simulate", "the-channeling", "-e", "thirty", "-n", "5", "--json", "-",
            "--rule", "end_trigger_cards=5", "--rule", "tie_breakers=[second_player]")
    assert r.exit_code == 0, r.output
    res = json.loads(r.output)
    assert res["options"]["end_trigger_cards"] == 5
    assert res["options"]["tie_breakers"] == ["second_player"]


@pytest.mark.parametrize("args,needle", [
    (["--games", "0"], "games"),
    (["--games", "10000001"], "games"),
    (["--games", "3", "--seed", "1.5"], "seed"),
    (["--games", "3", "--agents", "greedy,wizard"], "unknown agent"),
    (["--games", "3", "--agents", "greedy"], "two agents"),
    (["--games", "3", "--edition", "nope"], "an edition, one of"),
    (["--games", "3", "--rule", "grid_size=5"], "--rule: grid_size must be even"),
    (["--games", "3", "--rule", "colour=red"], "--rule colour: no such rules option"),
    (["--games", "3", "--rule", "hidden_glyphs=lots"], "--rule hidden_glyphs:"),
    (["--games", "3", "--rule", "nonsense"], "KEY=VALUE"),
])
def test_simulate_bad_input_exits_2(run, args, needle):
    r = run("simulate", "the-channeling", *args)
    assert r.exit_code == 2, r.output
    assert needle in r.output
    assert "Traceback" not in r.output


def test_unknown_game_exits_2(run):
    r = run("simulate", "chess", "--games", "3")
    assert r.exit_code == 2 and "a game, one of" in r.output


@pytest.mark.parametrize("engine_line, needle", [
    ("engine: chaneling", "game.yaml:{line} at 'engine': expected a registered rules engine"),
    ("", "has no rules engine"),
])
def test_a_game_without_a_known_engine_exits_2(run, monkeypatch, game_copy, engine_line, needle):
    game_file = game_copy / "the-channeling" / "game.yaml"
    lines = game_file.read_text().splitlines()
    line = lines.index("engine: channeling") + 1
    lines[line - 1] = engine_line
    game_file.write_text("\n".join(lines) + "\n")
    monkeypatch.setenv("PNP_COMPONENTS", str(game_copy))
    r = run("replay", "the-channeling", "--seed", "1")
    assert r.exit_code == 2 and needle.format(line=line) in r.output, r.output


def test_replay_prints_every_turn(run):
    r = run("replay", "the-channeling", "--seed", "7", "--agents", "greedy,random")
    assert r.exit_code == 0, r.output
    assert "setup Light: h[" in r.output and "turn 1 Light:" in r.output
    assert "final scores" in r.output and "a1" not in r.output.splitlines()[0]
    r2 = run("replay", "the-channeling", "--seed", "7", "--agents", "greedy,random")
    assert r.output == r2.output


def test_replay_needs_integer_seed(run):
    r = run("replay", "the-channeling", "--seed", "x")
    assert r.exit_code == 2


# ----------------------------------------------------------------- Battle for the Grove
def test_simulate_grove_prints_groves_own_summary(run, tmp_path) -> None:
    out = tmp_path / "res.json"
    r = run("simulate", "battle-for-the-grove", "--games", "12", "--seed", "2", "--json", str(out))
    assert r.exit_code == 0, r.output
    res = json.loads(out.read_text())
    light = res["win_rate_by_seat"]["light"]["rate"]
    assert f"Light wins {100 * light:.1f}%" in r.output and "stalled" in r.output and "banishes" in r.output
    assert res["games"] == 12 and res["game"] == "grove"


def test_simulate_grove_rejects_a_rule_override_it_does_not_know(run) -> None:
    r = run("simulate", "battle-for-the-grove", "--games", "2", "--rule", "grid_size=4")
    assert r.exit_code == 2 and "--rule grid_size: no such rules option" in r.output


def test_replay_grove_labels_dice_as_dice_and_ends_as_the_engine_does(run) -> None:
    r = run("replay", "battle-for-the-grove", "--seed", "7", "--agents", "greedy,random")
    assert r.exit_code == 0, r.output
    record = play_game(options_for(load_edition("battle-for-the-grove", "2024")), None, 7, ["greedy", "random"],
                       game="grove")
    steps = [line for line in r.output.splitlines() if line.startswith("turn ")]
    assert [line.split(": ", 1)[1] for line in steps] == record.actions
    for line, action in zip(steps, record.actions):
        who = line.split(":")[0].split()[-1]
        assert (who == "Dice") == action.startswith(("roll", "first")), line
    numbers = [int(line.split()[1]) for line in steps]
    assert numbers == sorted(numbers) and numbers[-1] == record.turns
    assert r.output.rstrip().endswith(f"winner {('Light', 'Dark')[record.winner]}")


def test_replay_refuses_the_mana_hex_draft_naming_its_missing_rules(run) -> None:
    r = run("replay", "mana-hex", "--seed", "1")
    assert r.exit_code == 2 and "cannot be replayed" in r.output and "Power Struggle" in r.output
