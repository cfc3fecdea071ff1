"""The binding protocol checked without any framework: the shipped Grove binding and the toy Nim
plug-in's keep it, and the checker catches a binding that breaks it."""
from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

from generator.play import registry
from generator.adapters.binding import BindingError, binding_for, check_binding, rule_parameters
from generator.adapters.conformance import check_binding_plays
from pnp_games.grove import GroveOptions

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "plugins"))
from nim_engine.frameworks import BINDING as NIM, BoundNim, NimGame  # noqa: E402
from nim_engine.game import NimState  # noqa: E402


@pytest.mark.parametrize("params", [{"turn_cap": 30}, {"turn_cap": 20, "circles": 4, "first_player": "light"}])
def test_the_grove_binding_keeps_the_protocol(params):
    assert check_binding_plays(binding_for("grove"), params, games=3, seed=2) == []


def test_the_toy_binding_keeps_the_protocol():
    assert check_binding_plays(NIM, {"heap": 40, "take_most": 5}, games=10) == []


def test_parameters_are_the_scalar_rule_options_with_their_defaults():
    grove = binding_for("grove")
    assert grove.parameters == rule_parameters(GroveOptions)
    assert grove.parameters["turn_cap"] == 600 and grove.parameters["first_player"] == "dice"
    with pytest.raises(ValueError, match="turn_cap"):
        grove.configure({"turn_cap": 0})


class SharedClone(BoundNim):
    def clone(self):
        return self


class OffByOne(NimGame):
    def string_to_action(self, text, chance):
        return int(text)

    def new_initial_state(self):
        return SharedClone(NimState(self.options), [])


class Broken:
    short_name, long_name, player_names, information = "broken", "Broken", ("a", "b"), "perfect"
    parameters = NIM.parameters

    def configure(self, params=None):
        return OffByOne(NIM.configure(params).options)


def test_the_checker_names_what_a_broken_binding_gets_wrong():
    problems = check_binding_plays(Broken(), {"heap": 5}, games=1)
    assert "action 0 reads '1', which reads back as 1" in problems
    assert "game 0: playing on a clone changed the original state" in problems


def test_a_binding_missing_members_is_refused(monkeypatch):
    class Half:
        short_name, information = "half", "secret"
    with pytest.raises(BindingError, match="has no long_name, player_names, parameters, configure"):
        check_binding(Half())
    Half.long_name, Half.player_names, Half.parameters = "Half", ("a",), {}
    Half.configure = lambda self, params=None: None
    with pytest.raises(BindingError, match="information must be 'perfect' or 'imperfect'"):
        check_binding(Half())
    with pytest.raises(BindingError, match="unknown game engine 'chess'"):
        binding_for("chess")
    unbound = replace(registry.ENGINES["grove"], frameworks=None)
    monkeypatch.setattr(registry, "ENGINES", {"grove": unbound})
    with pytest.raises(BindingError, match="rules engine 'grove' has no framework binding"):
        binding_for("grove")
