"""The rulebook's parts on their own: the cache, the balance figures, Markdown handlers, narration."""
from __future__ import annotations

import json

from generator.runs import cache


def test_cache_computes_once_per_key_and_never_mixes_keys(quick):
    calls = []

    def compute(value):
        def run():
            calls.append(value)
            return {"value": value}
        return run

    first = cache.cached("unit", {"deck": [1, 2], "seed": 3}, compute("a"))
    again = cache.cached("unit", {"seed": 3, "deck": [1, 2]}, compute("b"))
    other = cache.cached("unit", {"deck": [1, 2, 3], "seed": 3}, compute("c"))
    assert (first, again, other) == ({"value": "a"}, {"value": "a"}, {"value": "c"})
    assert calls == ["a", "c"]
    stored = list(cache.cache_dir().glob("unit-*.json"))
    assert len(stored) == 2 and all(json.loads(p.read_text()) for p in stored)


def test_engine_source_is_part_of_every_key(quick, monkeypatch):
    key = cache.cache_key("unit", {"seed": 1}, "grove")
    monkeypatch.setattr(cache, "engine_fingerprint", lambda engine=None: "another engine")
    assert cache.cache_key("unit", {"seed": 1}, "grove") != key


def test_each_engine_is_keyed_by_its_own_code(tmp_path):
    """An engine's results depend on its own package and the shared agent, search and seeding code,
    never on another engine's files: editing one engine keeps the other's stored results."""
    grove, _ = cache.engine_sources("grove")
    channeling, functions = cache.engine_sources("channeling")
    assert any(p.parent.name == "grove" and p.name == "state.py" for p in grove)
    assert not any(p.parent.name == "channeling" for p in grove)
    assert not any(p.parent.name == "grove" for p in channeling)
    assert {p.name for p in grove} >= {"agents_base.py", "mcts.py"}
    assert any("def play_game" in f for f in functions)
    assert {p.name for p in grove} >= {"seeds.py"}  # game seeds come from there
    assert cache.engine_fingerprint("grove") != cache.engine_fingerprint("channeling")
    copies = []
    for path in grove:
        copies.append(tmp_path / f"{len(copies)}-{path.name}")
        copies[-1].write_bytes(path.read_bytes())
    before = cache.source_digest(copies, functions)
    copies[0].write_text(copies[0].read_text() + "\n# edited\n")
    assert cache.source_digest(copies, functions) != before


def test_renaming_a_card_keeps_the_simulation_key():
    from pnp_games.channeling import Card
    from pnp_games.channeling.cards import Deal
    from pnp_games.grove.options import GroveOptions
    from generator.runs.work import EngineInputs

    def key(deck):
        inputs = EngineInputs("channeling", GroveOptions(), Deal(tuple(deck), ("a",)))
        return cache.cache_key("balance", inputs.key(), "channeling")
    deck = [Card("Ring", 4, 3, "faerie-ring"), Card("Stone", 6, 5)]
    assert key([Card("Ring of Ash", 4, 3, "faerie-ring"), Card("Stone", 6, 5)]) == key(deck)
    assert key([Card("Ring", 5, 3, "faerie-ring"), Card("Stone", 6, 5)]) != key(deck)
    assert key([Card("Ring", 4, 3, "stone-circle"), Card("Stone", 6, 5)]) != key(deck)
    assert key(deck[::-1]) != key(deck)


def test_balance_figures_agree_with_the_engines_simulate(quick):
    from generator.runs.simulation import simulate
    from generator.model import load_edition
    from pnp_games.channeling.book.balance import figures
    from generator.runs.work import balance_rows, engine_inputs

    inputs = engine_inputs(load_edition("the-channeling", "thirty"))
    ours = figures(balance_rows(inputs, 40, 7, ("greedy", "greedy")))
    theirs = simulate(inputs.options, inputs.inputs, 40, ["greedy", "greedy"], seed=7, game=inputs.engine)
    assert ours["light"]["count"] == theirs["wins"]["light"]
    assert ours["dark"]["count"] == theirs["wins"]["dark"]
    assert ours["ties"]["count"] == theirs["ties"]["count"]
    assert ours["turns"]["mean"] == theirs["turns"]["mean"]
    assert sum(ours["histograms"]["turns"].values()) == 40


def test_markdown_handlers_build_flowables_without_a_global_story():
    from reportlab.platypus import KeepTogether, ListFlowable, Table

    from generator.model import layouts_dir
    from generator.model.layouts import Layouts
    from generator.rulebook.flowables import RoomFor
    from generator.rulebook.markdown import BLOCKS, Converter, Heading
    from generator.rulebook.settings import load_style_sheet
    from generator.rulebook.styles import build_styles, seat_roles

    layouts = Layouts(layouts_dir())
    styles = build_styles(layouts, load_style_sheet(layouts, "styles"))
    styles.seat_roles = seat_roles(("Light", "Dark"))  # as a book sets them from the game's seats
    text = "# One\n\nSome *words*.\n\n- a\n- b\n\n| x | y |\n|---|--:|\n| 1 | 2 |\n\n## Two\n"
    converter = Converter(styles, 400, lambda name, w: [])
    flow = converter.convert(text)
    assert converter.headings == [(0, "One"), (1, "Two")]
    # each heading is kept with the start of what follows it: room for it and two lines is asked first
    rooms = [(f, flow[i + 1]) for i, f in enumerate(flow) if isinstance(f, RoomFor)]
    assert rooms and all(isinstance(after, Heading) and room.kept[0] is after for room, after in rooms)
    assert rooms[0][0].follower is flow[flow.index(rooms[0][1]) + 2]   # heading, rule, then the paragraph
    inner = [g for f in flow for g in (f._content if isinstance(f, KeepTogether) else [f])]
    assert any(isinstance(f, ListFlowable) for f in inner) and any(isinstance(f, Table) for f in inner)
    assert {"heading", "paragraph", "table", "bullet_list", "fence"} <= set(BLOCKS)


def test_narration_matches_the_engine_for_a_whole_game(quick):
    from generator.play.registry import play_game
    from generator.model import load_edition
    from pnp_games.channeling.book.narrate import game_stories
    from generator.runs.work import engine_inputs

    edition = load_edition("the-channeling", "2025")
    inputs = engine_inputs(edition)
    record = play_game(inputs.options, inputs.inputs, 11, ["greedy", "greedy"]).to_dict()
    names = {g.id: g.name for g in edition.game.glyphs.values()}
    stories = game_stories(inputs, record, names)  # raises if any sentence disagrees with the engine
    assert [s["notation"] for s, _ in stories] == record["actions"]
    taken = sum(len(s["taken"]) for s, _ in stories)
    assert taken == sum(record["cards"])
    last = stories[-1][0]
    assert (last["score"]["light"], last["score"]["dark"]) == tuple(record["scores"])
