"""The binding protocol is general: the toy Nim engine, installed as a plug-in package outside
``generator/`` and registered only through its entry point, is served by the same generic adapters
to OpenSpiel (its random-simulation test) and PettingZoo (its API test); and neither the engines
nor ``simulate`` import a framework."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from test_plugins import ROOT, install_toy

pytest.importorskip("pyspiel")
pytest.importorskip("pettingzoo")

FRAMEWORKS = ("pyspiel", "open_spiel", "pettingzoo", "gymnasium", "numpy")

THROUGH_FRAMEWORKS = """
import json, random
import numpy as np, pyspiel
from pettingzoo.test import api_test
from generator.adapters import openspiel_game
from generator.adapters.binding import binding_for
from generator.adapters.pettingzoo_env import env

game = pyspiel.load_game("one_heap_nim", {"heap": 21, "take_most": 3})
pyspiel.random_sim_test(game, num_sims=25, serialize=True, verbose=False)
state = game.new_initial_state()
for text in ("3", "1", "2"):
    state.apply_action(state.string_to_action(text))
api_test(env("nim", heap=30), num_cycles=200, verbose_progress=False)
zoo = env("nim", heap=7)
zoo.reset(seed=1)
takes = []
for agent in zoo.agent_iter():
    obs, reward, terminated, truncated, _ = zoo.last()
    action = None if terminated or truncated else int(np.flatnonzero(obs["action_mask"])[-1])
    takes.append((agent, action, reward))
    zoo.step(action)
try:
    binding_for("nim").configure({"take_most": 30})
    bad = None
except ValueError as exc:
    bad = str(exc)
print(json.dumps({"registered": openspiel_game.register_all(), "type": str(game.get_type().chance_mode),
                  "actions": game.num_distinct_actions(), "history": state.history(),
                  "info": state.information_state_string(1), "heap": str(state),
                  "takes": takes, "bad": bad}))
"""


def python(code: str, site=None) -> subprocess.CompletedProcess:
    path = os.pathsep.join([str(site), str(ROOT)] if site else [str(ROOT)])
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT,
                          env={**os.environ, "PYTHONPATH": path})


def test_a_plug_in_engine_with_a_binding_runs_in_openspiel_and_pettingzoo(tmp_path):
    site = install_toy(tmp_path)
    result = python(THROUGH_FRAMEWORKS, site)
    assert result.returncode == 0, result.stderr
    out = json.loads(result.stdout.splitlines()[-1])
    assert sorted(out["registered"]) == ["battle_for_the_grove", "one_heap_nim", "the_channeling"]
    assert out["type"] == "ChanceMode.DETERMINISTIC" and out["actions"] == 3
    assert out["history"] == [2, 0, 1] and out["info"] == "3 1 2" and out["heap"].startswith("heap 15")
    # heap 7, each side takes the most it may: 3, 3, then the first takes the last one and wins
    moves = [(agent, action) for agent, action, _ in out["takes"] if action is not None]
    assert moves == [("first", 2), ("second", 2), ("first", 0)]
    assert {agent: reward for agent, action, reward in out["takes"] if action is None} == \
        {"first": 1.0, "second": -1.0}
    assert "take_most" in out["bad"]


def test_an_engine_without_a_binding_is_one_clear_error(tmp_path):
    site = install_toy(tmp_path)
    game_py = site / "nim_engine" / "game.py"
    game_py.write_text(game_py.read_text().replace('frameworks="nim_engine.frameworks:BINDING"',
                                                   'frameworks="nim_engine.missing:BINDING"'))
    code = ("import warnings; warnings.simplefilter('error')\n"
            "from generator.adapters.pettingzoo_env import env\n"
            "try:\n    env('nim')\nexcept ValueError as exc:\n    print(exc)\n"
            "from generator.adapters import openspiel_game\n")
    result = python(code, site)
    assert "rules engine 'nim' names the framework binding nim_engine.missing:BINDING" in result.stdout
    # importing the OpenSpiel adapter registers the others and warns about the broken one
    assert result.returncode == 1 and "nim_engine.missing:BINDING" in result.stderr


def test_a_broken_plug_in_does_not_stop_the_others_registering(tmp_path):
    site = install_toy(tmp_path)
    (site / "nim_engine-0.1.dist-info" / "entry_points.txt").write_text(
        "[pnp_generator.engines]\nnim = nim_engine.missing:ENGINE\n")
    code = ("import warnings, pyspiel\nwith warnings.catch_warnings(record=True) as seen:\n"
            "    warnings.simplefilter('always')\n    from generator.adapters import openspiel_game\n"
            "print([str(w.message) for w in seen])\n"
            "print(pyspiel.load_game('battle_for_the_grove').num_distinct_actions())")
    result = python(code, site)
    assert result.returncode == 0, result.stderr
    warned, actions = result.stdout.splitlines()[-2:]
    assert "rules engine 'nim' is registered as nim_engine.missing:ENGINE" in warned and actions == "40"


def test_engines_and_simulate_import_no_framework():
    code = ("import sys\nfrom generator.play.registry import ENGINES\n"
            "import pnp_games.grove, pnp_games.grove.frameworks\n"
            "[ENGINES[name] for name in ENGINES]\n"
            f"print(sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r}))")
    result = python(code)
    assert result.returncode == 0 and result.stdout.strip() == "[]", result.stderr
    cli = subprocess.run([sys.executable, "-X", "importtime", str(ROOT / "build.py"), "simulate",
                          "battle-for-the-grove", "--games", "4", "--jobs", "1", "--agents", "greedy,random"],
                         capture_output=True, text=True, cwd=ROOT,
                         env={**os.environ, "PYTHONPATH": str(ROOT), "CI": "1"})
    assert cli.returncode == 0, cli.stderr
    imported = {line.split("|")[-1].strip() for line in cli.stderr.splitlines() if line.startswith("import time:")}
    assert "pnp_games.grove.state" in imported
    assert not {m for m in imported if m.split(".")[0] in FRAMEWORKS}


GUARDS = """
import pyspiel
from open_spiel.python.observation import make_observation
from generator.adapters import openspiel_game
from generator.adapters.binding import IMPERFECT, BindingError
from nim_engine.frameworks import NimBinding

openspiel_game._registered.clear()
NimBinding.short_name = "nim"
try:
    openspiel_game.register("nim")
except BindingError as exc:
    print(exc)
NimBinding.short_name, NimBinding.information = "hidden_nim", IMPERFECT
game = pyspiel.load_game(openspiel_game.register("nim"))
own = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                 private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER)
public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                    private_info=pyspiel.PrivateInfoType.NONE)
print(game.get_type().information, len(make_observation(game, own).tensor))
try:
    make_observation(game, public)
except Exception as exc:
    print(exc)
"""


def test_openspiel_names_and_hidden_information_are_guarded(tmp_path):
    site = install_toy(tmp_path)
    result = python(GUARDS, site)
    assert result.returncode == 0, result.stderr
    taken, kind, refused = result.stdout.splitlines()[:3]
    assert taken == "rules engine 'nim': OpenSpiel already has a game called 'nim'; choose another short_name"
    assert kind == "Information.IMPERFECT_INFORMATION 3"
    assert "only a player's own view" in refused
