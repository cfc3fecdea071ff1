"""Engine work run side by side: units on worker processes started by spawn (as on Windows and
macOS) give the rows played in one process; a build that runs its rulebooks' work ahead prints a
progress line to a non-terminal log and stores the same results as a build on one process."""
from __future__ import annotations

import re

from pnp_testing import run_cli

from generator.model import load_edition
from generator.runs.work import balance_work, engine_inputs, run_units, sample_work


def test_units_on_spawned_workers_equal_one_process(monkeypatch):
    monkeypatch.setenv("PNP_START_METHOD", "spawn")
    inputs = engine_inputs(load_edition("battle-for-the-grove", "2024"))
    work = balance_work(inputs, 230, 5, ("greedy", "random"))
    assert len(work.units) == 3 and sum(work.sizes) == 230
    done = []
    assert run_units(work, 2, done.append) == run_units(work, 1, None)
    assert sorted(done) == [30, 100, 100]
    sample = sample_work(engine_inputs(load_edition("the-channeling", "thirty")), 3, ("greedy", "greedy"))
    assert run_units(sample, 2, None) == run_units(sample, 1, None)


def test_a_build_runs_engine_work_ahead_with_progress_lines(tmp_path):
    """The designer's report (the profile that plays balance games): its 120 balance games, 120 for
    each of its two more stall pairings, the sample game and 120 for each of the eight cells of its
    lever sweep (the rules as printed and seven options changed alone) run ahead. 120 games make two
    units of each run (``BALANCE_UNIT`` is 100), so the workers' units are merged as one process plays them."""
    quick = {"PNP_RULEBOOK_GAMES": "120", "PNP_RULEBOOK_SAMPLE_AGENTS": "greedy,greedy",
             "PNP_RULEBOOK_BALANCE_AGENTS": "greedy,greedy"}
    ahead = run_cli("build", "battle-for-the-grove", "-p", "designer-report", "--out", str(tmp_path / "a"),
                    env={**quick, "PNP_RULEBOOK_JOBS": "2", "PNP_PROGRESS_EVERY": "0.1",
                         "PNP_CACHE_DIR": str(tmp_path / "cache-a")})
    assert ahead.returncode == 0, ahead.stderr
    assert re.search(r"games for the rulebooks: done, 1,441 games in \d+ s", ahead.stderr), ahead.stderr
    # progress says what is being done, with a count and, once games are in, an estimate of the time left
    assert re.search(r"[\w ]+: [\d,]+ of 1,441 on 2 processes", ahead.stderr), ahead.stderr
    alone = run_cli("build", "battle-for-the-grove", "-p", "designer-report", "--out", str(tmp_path / "b"),
                    env={**quick, "PNP_RULEBOOK_JOBS": "1", "PNP_CACHE_DIR": str(tmp_path / "cache-b")})
    assert alone.returncode == 0, alone.stderr
    assert "games for the rulebooks" not in alone.stderr
    stored = {p.name: p.read_bytes() for p in (tmp_path / "cache-a").glob("*.json")}
    assert stored and stored == {p.name: p.read_bytes() for p in (tmp_path / "cache-b").glob("*.json")}
    # the book built on a worker process is the book built here
    assert [p.read_bytes() for p in sorted((tmp_path / "a").glob("*.pdf"))] == \
        [p.read_bytes() for p in sorted((tmp_path / "b").glob("*.pdf"))]


def test_a_player_book_build_plays_only_its_sample_game(tmp_path):
    """No balance games for a player book: the engine work ahead of it is the one sample game."""
    quick = {"PNP_RULEBOOK_GAMES": "300", "PNP_RULEBOOK_SAMPLE_AGENTS": "greedy,greedy",
             "PNP_RULEBOOK_BALANCE_AGENTS": "greedy,greedy"}
    result = run_cli("build", "battle-for-the-grove", "-p", "rulebook-letter", "--out", str(tmp_path / "a"),
                     env={**quick, "PNP_RULEBOOK_JOBS": "2", "PNP_PROGRESS_EVERY": "0.1",
                          "PNP_CACHE_DIR": str(tmp_path / "cache")})
    assert result.returncode == 0, result.stderr
    assert re.search(r"games for the rulebooks: done, 1 games in \d+ s", result.stderr), result.stderr


def test_the_progress_line_estimates_the_time_left_from_the_rate_so_far():
    from generator.build.prefetch import progress_line
    assert progress_line(0, 12807, 3.0, 2).endswith(": 0 of 12,807 on 2 processes")
    assert progress_line(1200, 12807, 30.0, 2).endswith(": 1,200 of 12,807 on 2 processes")  # under a tenth
    assert progress_line(4100, 12807, 20.0, 2).endswith(": 4,100 of 12,807 on 2 processes, about 42 s left")
    assert progress_line(1300, 12807, 80.0, 2).endswith(", about 12 min left")
