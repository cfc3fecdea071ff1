"""The labels of the sample game's highlighted turns (rulebook.yaml ``sample.shows``) say what the
turn they mark did: a count in a label comes from that turn, never from the label's own words."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.core.errors import GameDataError
from generator.model.source import Sourced, load_yaml
from generator.rulebook.appendices import Book

ROOT = Path(__file__).resolve().parents[2]


def _book(source: Sourced) -> Book:
    return Book(edition=None, settings=None, faces=None, styles=None, board=None,  # type: ignore[arg-type]
                config_source=source)


def _choice(turn: int, event: str, rule: str) -> dict:
    return {"seed": 1, "tried": 1, "highlights": [{"turn": turn, "event": event, "rule": rule}], "missing": []}


def test_a_label_is_filled_from_the_facts_of_its_own_turn():
    book = _book(Sourced(Path("rulebook.yaml"), {}))
    choice = _choice(7, "hops", "hopping {hops} times")
    assert book.labelled(choice, {7: {"hops": "four"}, 8: {"hops": "two"}})["highlights"][0]["rule"] == \
        "hopping four times"
    assert book.labelled(_choice(8, "hops", "a hop"), {})["highlights"][0]["rule"] == "a hop"


def test_a_label_asking_for_a_fact_its_turn_lacks_names_its_entry():
    source = Sourced(Path("rulebook.yaml"), {"sample": {"shows": {"hops": "x"}}},
                     {("sample",): 3, ("sample", "shows"): 4, ("sample", "shows", "hops"): 5})
    with pytest.raises(GameDataError) as raised:
        _book(source).labelled(_choice(7, "hops", "hopping {jumps} times"), {7: {"hops": "four"}})
    said = str(raised.value)
    assert "rulebook.yaml:5" in said and "sample.shows.hops" in said and "jumps" in said, said


def _games(edition: str, seeds: range):
    from generator.model import load_edition
    from generator.play.registry import play_game
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.narrate import game_stories
    inputs = engine_inputs(load_edition("the-channeling", edition))
    for seed in seeds:
        record = play_game(inputs.options, inputs.inputs, seed, ["greedy", "greedy"], game=inputs.engine).to_dict()
        yield [t for t, _ in game_stories(inputs, record, {}) if not t["setup"]]


def test_the_channelings_label_for_several_cards_counts_the_cards_its_turn_took():
    """The Channeling's label for a turn that takes several cards names their count: a turn of two
    and a turn of three of real greedy games get two labels, each with its own number."""
    from pnp_games.channeling.book.book import label_facts, turn_events
    from generator.rulebook.text import in_words
    source = load_yaml(ROOT / "components" / "the-channeling" / "rules" / "rulebook.yaml")
    rule = source.data["sample"]["shows"]["several_cards"]
    seen: dict[int, str] = {}
    for turns in _games("thirty", range(1, 60)):
        for t in turns:
            if "several_cards" in turn_events(t, False) and len(t["taken"]) not in seen:
                choice = _choice(t["turn"], "several_cards", rule)
                seen[len(t["taken"])] = _book(source).labelled(choice, {t["turn"]: label_facts(t)})["highlights"][0]["rule"]
        if {2, 3} <= set(seen):
            break
    else:
        pytest.fail(f"no greedy thirty game in 60 seeds takes both two and three cards in a turn: {seen}")
    for count, label in seen.items():
        assert f" {in_words(count)} cards" in label, (count, label)
    assert seen[2] != seen[3]
