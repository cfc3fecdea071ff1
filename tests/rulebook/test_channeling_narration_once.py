"""The Channeling's sample game says once why cubes stay for a card's Splendor: the first taking
that shows it gives the reason, every later one refers back to that turn. Read from the engine's
own narration of a real game, rendered by the book's turn template."""
from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
REASON = "because cubes go back only up to its Splendor, not up to its Vigor"


def _told(edition: str, seed: int) -> list[dict]:
    from generator.model import load_edition
    from generator.play.registry import play_game
    from generator.runs.work import engine_inputs
    from pnp_games.channeling.book.narrate import game_stories
    inputs = engine_inputs(load_edition("the-channeling", edition))
    record = play_game(inputs.options, inputs.inputs, seed, ["greedy", "greedy"], game=inputs.engine).to_dict()
    return [t for t, _ in game_stories(inputs, record, {}) if not t["setup"]]


def _narrated(turns: list[dict]) -> list[str]:
    from generator.rulebook.text import RuleText
    text = RuleText(ROOT / "components" / "the-channeling" / "rules")
    template = text.env.from_string('{% import "_narration.md" as narration %}{{ narration.turn(t) }}')
    return [" ".join(template.render(t=t).split()) for t in turns]


def test_the_reason_cubes_stay_for_splendor_is_given_once_then_referred_to():
    from pnp_games.channeling.book.narrate import explain_once, splendor_kept
    turns = _told("forest", 1)    # greedy play: seven such takings, two of them in one turn
    shown = [(t["turn"], k) for t in turns for k in t["taken"] if splendor_kept(k)]
    assert len(shown) >= 3 and len({turn for turn, _ in shown}) < len(shown)
    explain_once(turns)
    said = dict(zip((t["turn"] for t in turns), _narrated(turns)))
    first = shown[0][0]
    assert sum(s.count(REASON) for s in said.values()) == 1 and REASON in said[first]
    for turn, taken in shown[1:]:
        refer = "as above" if turn == first else f"as on turn {first}"
        mine = re.search(rf"With {taken['cubes']} cubes? on {re.escape(taken['card']['name'])} \({taken['square']}, "
                         rf"[^.]*Overchanneling \(([^)]*)\)", said[turn])
        assert mine and mine[1].endswith(refer), (turn, said[turn])
        beyond = taken["cubes"] - taken["card"]["vigor"]
        assert ("laid beyond its Vigor, and the rest" in mine[1]) == (beyond > 0), mine[1]


def test_a_taking_told_alone_gives_the_whole_reason():
    """Without the sample game's order (a rules chapter's worked example), each taking says why."""
    from pnp_games.channeling.book.narrate import splendor_kept
    turns = [t for t in _told("forest", 1) if any(splendor_kept(k) for k in t["taken"])]
    assert all(REASON in said for said in _narrated(turns))
