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
    assert quiet["moves"] == [{"player": "S", "shapes": [{"shape": "pull at y", "times": 2, "turns": [2, 4]}]},
                              {"player": "N", "shapes": [{"shape": "pull at x", "times": 1, "turns": [3]},
                                                         {"shape": "walk to y", "times": 1, "turns": [5]}]}]


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


# ------------------------------------------------------------ the first turns: repeated turns folded
def opening(notes: str, shows: dict | None = None) -> list[dict]:
    """Turns of players N and S in turn, one letter a turn's notation ('aaab': N, S and N make 'a')."""
    return [{"turn": n, "player": "NS"[(n - 1) % 2], "notation": note, "words": f"do {note}",
             "shows": (shows or {}).get(n, [])} for n, note in enumerate(notes, start=1)]


def blocks(parts: dict) -> list:
    """The appendix's blocks of first turns in short: ('run', first, last), ('full' or 'same', [turns])."""
    out = []
    for block in parts["blocks"]:
        kind, value = next(iter(block.items()))
        out.append(("run", value["first"], value["end"]) if kind == "run" else (kind, [t["turn"] for t in value]))
    return out


def test_an_opening_where_each_player_makes_one_turn_again_and_again_is_one_line():
    parts = told_parts(opening("aaaaaabc"), 8)
    assert blocks(parts) == [("run", 1, 6), ("full", [7, 8])]
    run = parts["blocks"][0]["run"]
    assert run["alike"] and [(e["player"], e["times"], e["turn"]["turn"]) for e in run["each"]] == \
        [("N", 3, 1), ("S", 3, 2)]
    assert [t["turn"] for t in parts["full"]] == [7, 8]   # only these are drawn


def test_a_stretch_ends_where_a_player_changes_their_turn_and_each_player_repeats_in_it():
    # N: a a a d d, S: b b c c -> turns 1-5 fold; S changes on turn 6, and 6-9 fold again from there
    assert blocks(told_parts(opening("ababacdcd"), 9)) == [("run", 1, 5), ("run", 6, 9)]
    # a lone repeat (S's 'b' comes back once, N never repeats) stays a line of its own
    assert blocks(told_parts(opening("abcbd"), 5)) == [("full", [1, 2, 3]), ("same", [4]), ("full", [5])]


def test_a_turn_that_shows_a_rule_is_never_folded():
    parts = told_parts(opening("aaaaaab", {1: ["a rule"]}), 7)
    assert blocks(parts) == [("full", [1]), ("run", 2, 6), ("full", [7])]


def test_the_folded_turns_are_what_the_appendix_does_not_tell_in_full():
    from generator.runs.sample_search import folded_turns
    assert folded_turns(opening("aaaaaabcbd")) == {1, 2, 3, 4, 5, 6, 9}


def test_a_wanted_event_is_shown_on_a_turn_told_in_full_when_the_game_has_one():
    from generator.runs.sample_search import REPEAT, first_turns
    events = [(1, {"rise", REPEAT}), (2, {"rise", REPEAT}), (3, {"clash"}), (4, {"rise"}), (5, {"fall", REPEAT})]
    assert first_turns(events, ["rise", "clash", "fall"]) == {"rise": 4, "clash": 3, "fall": 5}


def test_the_search_is_keyed_by_the_code_that_reads_its_games(tmp_path, monkeypatch):
    """A changed event reader or a module of its package (a game's rulebook appendix, which the
    engine's fingerprint leaves out) makes a new search rather than reading an old one's highlights;
    for a reader in no package, only its own module counts."""
    import importlib
    from generator.runs.sample_search import reader_fingerprint
    book = tmp_path / "made_up_book"
    book.mkdir()
    (book / "__init__.py").write_text("")
    (book / "reader.py").write_text("def read(inputs, record):\n    return []\n")
    (tmp_path / "made_up_reader.py").write_text("def read(inputs, record):\n    return []\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    packaged = importlib.import_module("made_up_book.reader").read
    alone = importlib.import_module("made_up_reader").read
    before = reader_fingerprint(packaged), reader_fingerprint(alone)
    (book / "story.py").write_text("TOLD = 1\n")   # a module beside the reader, as a book's story is
    (tmp_path / "notes.py").write_text("X = 1\n")  # beside the lone reader: not its code
    assert reader_fingerprint(packaged) != before[0] and reader_fingerprint(alone) == before[1]
    (tmp_path / "made_up_reader.py").write_text("def read(inputs, record):\n    return [(1, set())]\n")
    assert reader_fingerprint(alone) != before[1]
