"""Sweeps over rule options and deck variants, and simulations on a Dask cluster: the same bytes
as a local run with the same seed."""
from __future__ import annotations

import json

import pytest

from generator.runs.cluster import on_cluster
from generator.runs.simulation import simulate
from generator.runs.sweep import Axis, grid, parse_axis, rescale_deck, run_cells
from generator.model import load_edition
from pnp_testing import run_cli

distributed = pytest.importorskip("dask.distributed")


def test_axes_and_grid():
    assert parse_axis("deck.vigor=4-7,4-6") == Axis("deck.vigor", ("4-7", "4-6"))
    assert parse_axis("tie_breakers=[[fewer_cards], []]") == Axis("tie_breakers", (("fewer_cards",), ()))
    assert grid([Axis("a", (1, 2)), Axis("b", ("x", "y"))]) == [
        {"a": 1, "b": "x"}, {"a": 1, "b": "y"}, {"a": 2, "b": "x"}, {"a": 2, "b": "y"}]
    with pytest.raises(ValueError, match="--vary expects KEY=V1,V2"):
        parse_axis("hidden_glyphs")


def test_rescaling_a_deck_field_keeps_its_ends_and_order():
    entries = load_edition("the-channeling", "2025").deck_entries
    scaled = rescale_deck(entries, "vigor", 4, 6)
    pairs = sorted({(e.vigor, s.vigor) for e, s in zip(entries, scaled)})
    assert pairs == [(4, 4), (5, 5), (6, 5), (7, 6)]
    assert [s.splendor for s in scaled] == [e.splendor for e in entries]


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False, protocol="tcp",
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        yield cluster, client


def _grove_cells():
    from generator.cli.sweep import _cell
    axes = [parse_axis("banish_needs_standing_druid=false,true"), parse_axis("control_at=6,7")]
    return [_cell("battle-for-the-grove", None, label, ()) for label in grid(axes)]


def test_a_sweep_of_four_cells_is_byte_identical_on_a_local_cluster(cluster):
    _, client = cluster
    cells = _grove_cells()
    assert len(cells) == 4
    local = json.dumps(run_cells(cells, 24, ["random", "greedy"], 5, 1, True, simulate))
    two_jobs = json.dumps(run_cells(cells, 24, ["random", "greedy"], 5, 2, True, simulate))
    with on_cluster(client):
        remote = json.dumps(run_cells(cells, 24, ["random", "greedy"], 5, 1, True, simulate))
    assert local == two_jobs == remote
    first = json.loads(local)["cells"][0]
    assert first["light_vs_first"]["difference"] == 0 and first["games"] == 24


def test_simulate_and_sweep_commands_with_a_scheduler_match_local_runs(cluster):
    address = cluster[0].scheduler_address
    args = ["simulate", "the-channeling", "--games", "30", "--agents", "random,greedy", "--seed", "2", "--json", "-"]
    local, remote = run_cli(*args), run_cli(*args, "--scheduler", address)
    assert local.returncode == 0 and remote.returncode == 0, remote.stderr
    assert local.stdout == remote.stdout
    sweep = ["sweep", "the-channeling", "--vary", "deck.vigor=4-7,4-6", "--vary", "hidden_glyphs=0,3",
             "--games", "12", "--agents", "random,random", "--json", "-"]
    local, remote = run_cli(*sweep), run_cli(*sweep, "--scheduler", address)
    assert local.returncode == 0 and remote.returncode == 0, remote.stderr
    assert local.stdout == remote.stdout and len(json.loads(local.stdout)["cells"]) == 4


def test_an_unreachable_scheduler_is_one_message():
    result = run_cli("simulate", "the-channeling", "--games", "2", "--scheduler", "tcp://127.0.0.1:9")
    assert result.returncode == 2 and "cannot reach the Dask scheduler at tcp://127.0.0.1:9" in result.stderr
    assert "Traceback" not in result.stderr


def test_bad_sweep_axes_are_one_message():
    bad = run_cli("sweep", "the-channeling", "--vary", "deck.vigor=4", "--games", "2")
    assert bad.returncode == 2 and "--vary deck.vigor: expected a range LOW-HIGH" in bad.stderr
    unknown = run_cli("sweep", "the-channeling", "--vary", "vigour=1,2", "--games", "2")
    assert unknown.returncode == 2 and "--vary vigour: no such rules option" in unknown.stderr


def test_a_sweep_over_editions_and_a_fixed_rule():
    result = run_cli("sweep", "the-channeling", "--vary", "edition=2025,thirty", "--rule", "turn_cap=400",
                     "--games", "6", "--agents", "random,random", "--json", "-")
    assert result.returncode == 0, result.stderr
    res = json.loads(result.stdout)
    assert [c["cell"] for c in res["cells"]] == [{"edition": "2025"}, {"edition": "thirty"}]
    assert all(c["games"] == 6 and c["light"]["count"] + c["dark"]["count"] + c["neither"]["count"] == 6
               for c in res["cells"])
