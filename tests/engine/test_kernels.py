"""Loading the optional compiled kernels: turned off by PNP_KERNEL=0 silently, missing with one
notice per process, and the Grove then plays in Python."""
from __future__ import annotations

from generator.play import kernels
from pnp_games.grove import kernel as grove_kernel
from pnp_games.grove.options import GroveOptions
from generator.runs.simulation import simulate


def test_pnp_kernel_0_turns_every_kernel_off(monkeypatch, capsys):
    monkeypatch.setenv("PNP_KERNEL", "0")
    assert kernels.load("pnp_games.grove") is None and not kernels.enabled()
    assert grove_kernel.game_for(GroveOptions()) is None
    assert capsys.readouterr().err == ""


def test_a_missing_kernel_gives_one_notice_and_python_plays(monkeypatch, capsys):
    monkeypatch.delenv("PNP_KERNEL", raising=False)
    monkeypatch.setattr(kernels, "_noticed", False)
    assert kernels.load("pnp_games.no_such_engine") is None
    assert kernels.load("pnp_games.no_such_engine") is None
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "no compiled game kernel" in err and "play in Python" in err
    monkeypatch.setattr(grove_kernel, "_games", {})
    monkeypatch.setattr(kernels, "load", lambda package: None)
    result = simulate(GroveOptions(turn_cap=60), None, 4, ["greedy", "random"], seed=2, game="grove")
    assert result["games"] == 4
