"""The sample game's log cut to what teaches (``generator.runs.sample_log.log_rows``), on made-up
turns: a run where nothing changes is one row, two players trading one place back and forth are
one row after the first trade, and every turn that changes something new keeps its own row."""
from __future__ import annotations

from generator.runs.sample_log import log_rows
from generator.runs.sample_search import told_parts


def turn(n: int, player: str, shape: str, change: tuple = (), **more) -> dict:
    return {"turn": n, "player": player, "shape": shape, "words": f"{shape}, roll {n}", "change": list(change),
            "turning": bool(change), "notation": f"{shape} {n}", **more}


def kinds(rows: list[dict]) -> list[tuple[str, int, int]]:
    return [(r["kind"], r["first"], r["end"]) for r in rows]


def test_a_quiet_run_is_one_row_ending_on_its_last_turn():
    log = [turn(1, "N", "pull at x", [("holds", "N", "x")]), turn(2, "S", "pull at y"), turn(3, "N", "pull at x"),
           turn(4, "S", "pull at y"), turn(5, "N", "walk to y"), turn(6, "S", "pull at y", [("holds", "S", "y")])]
    rows = log_rows(log)
    assert kinds(rows) == [("turn", 1, 1), ("quiet", 2, 5), ("turn", 6, 6)]
    quiet = rows[1]
    assert quiet["last"]["turn"] == 5 and quiet["players"] == ["S", "N"]
    assert quiet["moves"] == [{"player": "S", "shapes": [("pull at y", 2)]},
                              {"player": "N", "shapes": [("pull at x", 1), ("walk to y", 1)]}]


def test_a_trade_made_again_and_again_is_one_row_after_the_first_trade():
    """N takes y, S takes it back, seven times over: the first trade keeps its two rows, the six
    trades after it are one row naming the turns they repeat."""
    log = [turn(1, "N", "pull at y")]
    for n in range(2, 16):
        log.append(turn(n, "N" if n % 2 else "S", "pull at y",
                        [("holds", "N", "y")] if n % 2 else [("lost", "N", "y")]))
    rows = log_rows(log)
    assert kinds(rows) == [("turn", 1, 1), ("turn", 2, 2), ("turn", 3, 3), ("again", 4, 15)]
    again = rows[-1]
    assert [t["turn"] for t in again["like"]] == [2, 3] and again["times"] == 6 and again["last"]["turn"] == 15


def test_a_repeated_move_that_changes_something_else_keeps_its_row():
    log = [turn(1, "N", "hit at y", [("stunned", "S", "y", "2")]), turn(2, "S", "wait"),
           turn(3, "N", "hit at y", [("stunned", "S", "y", "1")]), turn(4, "S", "wait"),
           turn(5, "N", "hit at y", [("stunned", "S", "y", "1")])]
    rows = log_rows(log)
    assert kinds(rows) == [("turn", 1, 1), ("turn", 2, 2), ("turn", 3, 3), ("turn", 4, 4), ("turn", 5, 5)]


def test_turns_that_say_nothing_of_what_they_change_keep_the_whole_log():
    log = [{"turn": n, "player": "AB"[n % 2], "notation": "x", "words": "x"} for n in range(1, 7)]
    assert kinds(log_rows(log)) == [("turn", n, n) for n in range(1, 7)]


def test_each_run_of_the_appendix_gets_its_rows():
    turns = [turn(n, "AB"[n % 2], "pull", shows=["a stun"] if n == 5 else []) for n in range(1, 10)]
    parts = told_parts(turns, 1)
    logs = [part for part in parts["later"] if "log" in part]
    assert [kinds(part["rows"]) for part in logs] == [[("quiet", 2, 4)], [("quiet", 6, 9)]]
