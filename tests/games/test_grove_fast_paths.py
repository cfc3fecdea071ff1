"""Battle for the Grove's fast paths draw and decide exactly as the plain ones: a roll takes the
random numbers the compiled kernel takes, legal actions from the shared
pattern table equal the ones worked out for the position, and a stall the rules make certain
(``State.stall_certain``) is one: no cube moves and nobody wins until the turn cap."""
from __future__ import annotations

import random

import pytest

from pnp_games.grove import CHANCE, DARK, LIGHT, GroveOptions, State
from pnp_games.grove.positions import position
from pnp_games.grove.tables import tables
from generator.play.rng import SplitMix64

VARIANTS = [GroveOptions(), GroveOptions(dice=2, die_sides=8, banish_on=7),
            GroveOptions(dice=5, die_sides=20, banish_on=15),  # more faces than the roll table holds
            GroveOptions(dice=1, die_sides=2, banish_on=2, banish_needs_standing_druid=True)]


@pytest.mark.parametrize("options", VARIANTS, ids=["3d6", "2d8", "5d20", "1d2"])
def test_a_roll_takes_one_draw_or_one_randint_per_die(options):
    """From the shared generator a roll is one draw below sides ** dice, its digits the faces (what
    the compiled kernel does); dice too many for the faces table, or another generator, roll each
    die with randint."""
    fast, plain, table = SplitMix64(11), SplitMix64(11), tables(options)
    sides, dice = options.die_sides, options.dice
    for _ in range(3000):
        if sides ** dice <= 50_000:
            index, faces = plain.below(sides ** dice), []
            for _ in range(dice):
                index, face = divmod(index, sides)
                faces.append(face + 1)
            faces = tuple(sorted(faces))
        else:
            faces = tuple(sorted(plain.randint(1, sides) for _ in range(dice)))
        assert table.roll(fast).dice == faces
    assert fast.next64() == plain.next64()  # and leaves the stream where the plain draws leave it
    mt, plain_mt = random.Random(3), random.Random(3)
    for _ in range(300):
        assert table.roll(mt).dice == tuple(sorted(plain_mt.randint(1, sides) for _ in range(dice)))


def _legal_by_hand(state: State) -> list[str]:
    """The legal actions straight from the rules' wording, without any table."""
    o, p = state.options, state.current_player
    places = state.places()
    if state.sending:  # the banisher picks which n of the opponent's druids at the circle go home
        n, at = state.sending, state.pending.at
        standing, lying = state.standing(1 - p, at), state.lying(1 - p, at)
        return [f"send {s}s{n - s}l" for s in range(min(n, standing), max(0, n - lying) - 1, -1)]
    out = [f"stand {x}" for x in places if state.lying(p, x)]
    for x in places:
        if state.standing(p, x):
            out += [f"move {x}>{y}" for y in places if y != x and (y != "G" or o.move_to_grove)]
    for c in places[1:]:
        if state.standing(p, c):
            out += [f"channel {c}", f"stun {c}", f"banish {c}"]
        elif not o.banish_needs_standing_druid and (state.standing(1 - p, c) or state.lying(1 - p, c)):
            out.append(f"banish {c}")
    if state.in_bonus:
        return out + ["end"]
    return out or ["pass"]


@pytest.mark.parametrize("options, sends", [
    (GroveOptions(), True), (GroveOptions(move_to_grove=True, banish_needs_standing_druid=True), True),
    (GroveOptions(banish_order="standing_first"), False), (GroveOptions(banish_order="lying_first"), False)],
    ids=["default", "strict-banish", "standing-first", "lying-first"])
def test_legal_actions_from_the_pattern_table_are_the_rules(options, sends):
    """Under the default the banisher's choices are offered (and only those); under a fixed order never."""
    rng, checked, chose = random.Random(5), 0, 0
    for _ in range(30):
        state = State(options)
        while not state.is_terminal() and state.turn < 200:
            if state.current_player == CHANCE:
                state.apply_action(state.sample_chance(rng))
                continue
            assert [str(a) for a in state.legal_actions()] == _legal_by_hand(state)
            checked += 1
            chose += bool(state.sending)
            state.apply_action(rng.choice(state.legal_actions()))
    assert checked > 3000 and (chose > 10 if sends else chose == 0), chose


def test_no_cube_left_in_either_supply_and_no_winner_means_a_certain_stall():
    options = GroveOptions(turn_cap=300)
    state = position({"G": "llll", "A": "LLdd", "B": "dddd"}, {"A": 19, "B": -19}, to_move=LIGHT, options=options)
    assert state.supply(LIGHT) == state.supply(DARK) == 0 and state.stall_certain()
    cubes = [state.cubes(c) for c in "ABC"]
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(state.sample_chance(rng) if state.current_player == CHANCE
                           else rng.choice(state.legal_actions()))
        assert [state.cubes(c) for c in "ABC"] == cubes
    assert state.is_stalled() and state.turn == 300


def test_a_stall_is_not_certain_while_a_cube_can_move_or_a_player_holds_enough():
    with_supply = position({"G": "llllll", "B": "dddddd"}, {"A": 18, "B": -19})
    holds_two = position({"G": "llllll", "B": "dddddd"}, {"A": 12, "C": 7, "B": -19}, to_move=DARK)
    assert not with_supply.stall_certain() and not holds_two.stall_certain()


def test_once_certain_a_stall_stays_certain_and_the_game_stalls():
    """Random games under rules that let supplies run dry: every game that reaches a certain stall
    ends stalled at the cap with its cubes as they were."""
    options, rng, seen = GroveOptions(cubes_per_player=8, control_at=5, turn_cap=250), random.Random(9), 0
    for _ in range(60):
        state, cubes = State(options), None
        while not state.is_terminal():
            state.apply_action(state.sample_chance(rng) if state.current_player == CHANCE
                               else rng.choice(state.legal_actions()))
            if cubes is None and state.stall_certain():
                cubes = [state.cubes(c) for c in "ABC"]
            if cubes is not None:
                assert state.stall_certain() or state.is_terminal()
                assert [state.cubes(c) for c in "ABC"] == cubes
        if cubes is not None:
            seen += 1
            assert state.is_stalled()
    assert seen >= 3
