"""Loading the optional compiled kernels: turned off by PNP_KERNEL=0 silently, missing with one
notice per process, and the Grove then plays in Python; a kernel's batch of games as a ``GameTable``."""
from __future__ import annotations

from array import array

from generator.play import kernels
from generator.play.records import GameTable
from generator.play.seeds import game_seed
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


class _MadeUpKernel:
    """A made-up game's kernel: two games a batch, its columns named by ``TABLE``."""

    TABLE = ("winner", "tie", "score_0", "score_1", "turns", "stalled", "bonus", "late")

    def __init__(self):
        self.calls = []

    def play_table(self, games, light, dark, light_iterations, dark_iterations, master=None):
        self.calls.append((games, light, dark, light_iterations, dark_iterations, master))
        return array("i", [1, 2, 5, 9, 30, 0, 4, -1,
                           -1, 0, 7, 7, 41, 1, 0, 1])


def test_a_kernels_table_array_becomes_the_game_table_its_game_names(monkeypatch):
    game = _MadeUpKernel()
    monkeypatch.setattr(kernels, "load", lambda package: game if package == "made_up" else None)
    data = kernels.batch_table((game, 0, 2), ["random", "strong"], 50, 7, range(3, 5))
    big = kernels.batch_table((game, 2, 1), ["strong:9", "greedy"], 50, 2 ** 70, range(2))
    assert game.calls[0] == ([3, 4], 0, 2, 0, 50, 7)
    assert game.calls[1][1:] == (2, 1, 9, 0, None) and game.calls[1][0] == [game_seed(2 ** 70, i) for i in range(2)]
    assert kernels.columns(data, game.TABLE)["score_1"] == [9, 7]

    def figures(column):
        return {"bonus": column["bonus"], "late": kernels.seats(column["late"])}

    table = kernels.as_table(big, "made_up", ("score_0", "score_1"), figures, ("longest", "youngest"))
    assert table == GameTable([1, None], ["youngest", None], [[5, 7], [9, 7]], [30, 41], [False, True],
                              [False, False], {"bonus": [4, 0], "late": [None, 1]})
    assert kernels.as_table(big, "made_up", ("score_1",), lambda column: {}).tie_break == [None, None]
