"""Battle for the Grove, rule by rule: each test sets up a position, plays actions in notation
(dice included) and checks what the rules say must happen."""
from __future__ import annotations

import pytest

from generator.play import ActionSyntaxError, IllegalActionError
from pnp_games.grove import CHANCE, DARK, LIGHT, TERMINAL, GroveOptions, State
from pnp_games.grove.positions import position


def names(state: State) -> set[str]:
    return {str(a) for a in state.legal_actions()}


# ----------------------------------------------------------------- setup and first player
def test_setup_all_druids_lie_in_the_grove_and_dice_pick_the_first_player() -> None:
    state = State()
    assert state.current_player == CHANCE
    for p in (LIGHT, DARK):
        assert state.lying(p, "G") == 6 and state.standing(p, "G") == 0 and state.supply(p) == 19
    state.push("first 10-10")              # a tie is rolled again
    assert state.current_player == CHANCE and state.first_player is None
    state.push("first 9-12")
    assert state.first_player == DARK and state.current_player == DARK
    assert names(state) == {"stand G"}     # nothing stands yet: only standing up is possible


def test_first_player_totals_have_the_dice_distribution() -> None:
    outcomes = State().chance_outcomes()
    assert len(outcomes) == 16 * 16 and abs(sum(p for _, p in outcomes) - 1) < 1e-12
    light_first = sum(p for a, p in outcomes if a.dice[0] > a.dice[1])
    tie = sum(p for a, p in outcomes if a.dice[0] == a.dice[1])
    assert abs(light_first - (1 - tie) / 2) < 1e-12 and 0.05 < tie < 0.1


# ----------------------------------------------------------------- Stand
def test_standing_up_in_the_grove_grants_a_second_action_and_no_third() -> None:
    state = position({"G": "llllll dddddd".replace(" ", "")})
    state.push("stand G")
    assert state.current_player == LIGHT and state.in_bonus and "end" in names(state)
    state.push("stand G")                  # standing again is allowed as the second action
    assert state.current_player == DARK and state.standing(LIGHT, "G") == 2
    state.push("stand G")
    state.push("end")                      # the second action may be declined
    assert state.current_player == LIGHT and state.standing(DARK, "G") == 1


def test_second_action_after_standing_in_the_grove_can_be_any_action() -> None:
    state = position({"G": "lLLdddddd", "A": "lll"})
    state.push("stand G")
    assert {"move G>A", "move G>B", "move G>C", "stand A"} <= names(state)
    state.push("move G>B")
    assert state.standing(LIGHT, "B") == 3 and state.current_player == DARK


def test_standing_up_at_a_circle_gives_no_extra_action() -> None:
    state = position({"G": "llddddd", "A": "llLLd"})
    state.push("stand A")
    assert state.standing(LIGHT, "A") == 3 and state.current_player == DARK


# ----------------------------------------------------------------- Move
def test_move_takes_every_standing_druid_and_leaves_lying_ones() -> None:
    state = position({"G": "LLLlldddddd", "A": "L"})
    state.push("move G>C")
    assert state.standing(LIGHT, "C") == 3 and state.standing(LIGHT, "G") == 0 and state.lying(LIGHT, "G") == 2
    state.push("stand G")
    state.push("end")
    state.push("move A>C")
    assert state.standing(LIGHT, "C") == 4 and state.standing(LIGHT, "A") == 0


def test_move_never_returns_to_the_grove_unless_the_option_allows_it() -> None:
    druids = {"G": "llldddddd", "A": "LLL"}
    assert names(position(druids)) >= {"move A>B", "move A>C"} and "move A>G" not in names(position(druids))
    with pytest.raises(IllegalActionError):
        position(druids).push("move A>G")
    assert "move A>G" in names(position(druids, options=GroveOptions(move_to_grove=True)))


# ----------------------------------------------------------------- Channel
def test_channel_counts_dice_at_or_under_the_standing_druids() -> None:
    state = position({"G": "ldddddd", "A": "LLLLl"})
    state.push("channel A")
    assert state.current_player == CHANCE
    state.push("roll 2-4-5")               # 4 standing: 2 and 4 succeed, 5 fails
    assert state.cubes("A") == (2, 0) and state.supply(LIGHT) == 17 and state.current_player == DARK


def test_channel_cancels_light_against_dark_and_returns_both_to_supply() -> None:
    state = position({"G": "lllddd", "A": "LLLDDD"}, cubes={"A": -2})
    state.push("channel A")
    state.push("roll 1-2-3")               # three Light cubes land on two Dark ones
    assert state.cubes("A") == (1, 0)
    assert state.supply(LIGHT) == 19 - 1 and state.supply(DARK) == 19
    state.push("channel A")
    state.push("roll 1-1-6")               # Dark: two successes, one cancels the lone Light cube
    assert state.cubes("A") == (0, 1) and state.supply(LIGHT) == 19 and state.supply(DARK) == 18


def test_the_cube_supply_caps_placement() -> None:
    state = position({"G": "lldddddd", "A": "LLLL", "B": ""}, cubes={"B": 18})
    assert state.supply(LIGHT) == 1
    state.push("channel A")
    state.push("roll 1-1-1")
    assert state.cubes("A") == (1, 0) and state.supply(LIGHT) == 0 and state.tally(LIGHT)["supply_short"] == 1


def test_a_channel_that_cannot_place_a_cube_rolls_no_dice() -> None:
    state = position({"G": "lldddddd", "A": "LLL", "B": "l"}, cubes={"B": 19})
    state.push("channel A")
    assert state.current_player == DARK and state.cubes("A") == (0, 0)


# ----------------------------------------------------------------- Stun
def test_stun_is_capped_by_the_standing_druids_and_never_at_the_grove() -> None:
    state = position({"G": "llll", "A": "LLDDDDdd"})
    assert not {"stun G", "channel G", "banish G"} & names(state)
    with pytest.raises(IllegalActionError):
        state.push("stun G")
    state.push("stun A")
    state.push("roll 1-1-2")               # three dice at or under 2, but only 2 may count
    assert state.standing(DARK, "A") == 2 and state.lying(DARK, "A") == 4


def test_stun_needs_own_druids_there_and_rolls_nothing_without_a_standing_target() -> None:
    state = position({"G": "lllddd", "A": "LLLd", "B": "Dd"})
    assert "stun B" not in names(state)     # Light has no druid at B
    state.push("stun A")                    # no standing Dark druid at A: nothing to lay down, no dice
    assert state.current_player == DARK and state.lying(DARK, "A") == 1


# ----------------------------------------------------------------- Banish
def test_banish_sends_one_opposing_druid_home_lying_per_six_standing_ones_first() -> None:
    state = position({"G": "lllddd", "A": "LLLDdd"}, options=GroveOptions(banish_order="standing_first"))
    state.push("banish A")
    state.push("roll 1-6-6")
    assert state.standing(DARK, "A") == 0 and state.lying(DARK, "A") == 1 and state.lying(DARK, "G") == 5
    assert state.standing(LIGHT, "A") == 3  # own druids stay


def test_the_banisher_chooses_which_druids_go_home_by_default() -> None:
    state = position({"G": "lllddd", "A": "LLLDdd"})
    assert GroveOptions().banish_order == "banisher_chooses"
    state.push("banish A")
    state.push("roll 5-6-6")                # 2 of Dark's 3 druids at A go home: 1 standing and 2 lying there
    assert state.current_player == LIGHT and state.sending == 2 and state.pending is not None
    assert [str(a) for a in state.legal_actions()] == ["send 1s1l", "send 0s2l"]  # the most standing first
    with pytest.raises(IllegalActionError):
        state.push("send 2s0l")              # only one Dark druid stands there
    state.push("send 0s2l")
    assert state.current_player == DARK and state.pending is None and state.sending == 0
    assert (state.standing(DARK, "A"), state.lying(DARK, "A"), state.lying(DARK, "G")) == (1, 0, 5)
    assert state.tally(LIGHT)["druids_banished"] == 2


@pytest.mark.parametrize("druids, roll", [({"G": "lllddd", "A": "LLLDdd"}, "roll 6-6-6"),   # all three go
                                          ({"G": "lllddd", "A": "LLLddd"}, "roll 1-6-6"),   # lying ones only
                                          ({"G": "lllddd", "A": "LLLDDD"}, "roll 1-6-6"),   # standing ones only
                                          ({"G": "lllddd", "A": "LLLDdd"}, "roll 1-2-3")])  # nobody goes
def test_a_banish_without_a_choice_asks_for_none(druids, roll) -> None:
    state = position(druids)
    state.push("banish A")
    state.push(roll)
    assert state.current_player == DARK and state.sending == 0


@pytest.mark.parametrize("order, sent", [("standing_first", (1, 1)), ("lying_first", (0, 2))])
def test_a_fixed_banish_order_leaves_no_choice(order, sent) -> None:
    state = position({"G": "lllddd", "A": "LLLDdd"}, options=GroveOptions(banish_order=order))
    state.push("banish A")
    assert [str(a) for a in state.legal_actions()][:1] == ["roll 1-1-1"]
    state.push("roll 5-6-6")
    assert state.current_player == DARK and "send 1s1l" not in names(state)
    assert (state.standing(DARK, "A"), state.lying(DARK, "A")) == (1 - sent[0], 2 - sent[1])


def test_the_choice_is_notation_that_reads_back_and_an_action_id() -> None:
    from pnp_games.grove.actions import SEND, Action, parse_action
    from pnp_games.grove.ids import ids_for
    assert parse_action("send 2s1l") == Action(SEND, home=(2, 1)) and str(Action(SEND, home=(0, 3))) == "send 0s3l"
    ids = ids_for(GroveOptions())
    state = position({"G": "lllddd", "A": "LLLDdd"})
    state.push("banish A")
    state.push("roll 5-6-6")
    for action in state.legal_actions():
        assert ids.action(ids.id_of(action)) == action


def test_banish_order_option_sends_lying_druids_first() -> None:
    state = position({"G": "lllddd", "A": "LLLDdd"}, options=GroveOptions(banish_order="lying_first"))
    state.push("banish A")
    state.push("roll 5-6-6")
    assert state.standing(DARK, "A") == 1 and state.lying(DARK, "A") == 0


def test_banish_needs_no_own_druid_at_the_circle_by_default() -> None:
    druids = {"G": "LLLlll", "A": "dddddd"}
    assert "banish A" in names(position(druids))       # the rules name the place, not a presence
    assert "banish B" not in names(position(druids))   # nobody at B to banish
    state = position(druids)
    state.push("banish A")
    state.push("roll 2-6-6")
    assert state.lying(DARK, "A") == 4 and state.lying(DARK, "G") == 2


def test_the_stricter_banish_reading_is_a_named_option() -> None:
    druids = {"G": "LLLlll", "A": "dddddd"}
    strict = GroveOptions(banish_needs_standing_druid=True)
    assert "banish A" not in names(position(druids, options=strict))
    assert "banish A" in names(position({"G": "Lllll", "A": "Ldddddd"}, options=strict))


# ----------------------------------------------------------------- control and winning
def test_control_at_seven_wins_when_the_holders_turn_starts() -> None:
    state = position({"G": "lddd", "A": "LL", "B": "LLL", "C": "ddd"}, cubes={"A": 7, "B": 6})
    state.push("channel B")
    state.push("roll 1-5-6")
    assert state.controller("B") == LIGHT and state.controlled(LIGHT) == 2
    assert not state.is_terminal()          # Dark still has a turn to break it
    state.push("stand G")
    state.push("end")
    assert state.is_terminal() and state.current_player == TERMINAL and state.winner() == LIGHT
    assert state.returns() == [1.0, -1.0]


def test_control_can_be_lost_before_it_wins() -> None:
    state = position({"G": "l", "A": "LL", "B": "LLLDDDddd"}, cubes={"A": 7, "B": 6})
    state.push("channel B")
    state.push("roll 1-1-1")
    assert state.controlled(LIGHT) == 2
    state.push("channel B")                 # Dark answers at B: three successes cancel three cubes
    state.push("roll 2-3-3")
    assert state.cubes("B") == (6, 0) and state.controller("B") is None
    assert state.tally(DARK)["control_lost"] == 0 and state.tally(LIGHT)["control_lost"] == 1
    assert not state.is_terminal() and state.current_player == LIGHT


def test_only_the_player_whose_turn_starts_is_checked() -> None:
    state = position({"G": "llllll", "A": "DDD", "B": "DDD"}, cubes={"A": -7, "B": -7}, to_move=LIGHT)
    assert not state.is_terminal() and state.current_player == LIGHT
    state.push("stand G")
    state.push("end")
    assert state.is_terminal() and state.winner() == DARK


def test_a_position_opening_with_two_circles_held_is_already_won() -> None:
    state = position({"G": "llllll", "A": "DDD", "B": "DDD"}, cubes={"A": -7, "B": -7}, to_move=DARK)
    assert state.is_terminal() and state.winner() == DARK


# ----------------------------------------------------------------- chance and notation
def test_dice_outcomes_sum_to_one_and_grouping_keeps_the_effects() -> None:
    state = position({"G": "lllddd", "A": "LLLDDD"})
    state.push("channel A")
    full, grouped = state.chance_outcomes(), state.chance_outcomes(grouped=True)
    assert len(full) == 56 and abs(sum(p for _, p in full) - 1) < 1e-12
    assert len(grouped) == 4 and abs(sum(p for _, p in grouped) - 1) < 1e-12
    # successes with 3 standing druids: binomial(3, 1/2)
    by_hits = {sum(d <= 3 for d in a.dice): p for a, p in grouped}
    assert [round(by_hits[k] * 8, 9) for k in range(4)] == [1, 3, 3, 1]


@pytest.mark.parametrize("text", ["roll 6-1-1", "roll 0-1-1", "walk G", "move G>G>A", "stand g", ""])
def test_malformed_notation_is_a_syntax_error(text: str) -> None:
    with pytest.raises(ActionSyntaxError):
        State().push(text)


def test_illegal_actions_are_refused_with_the_reason() -> None:
    state = State()
    with pytest.raises(IllegalActionError, match="rolled for"):
        state.push("stand G")
    state.push("first 12-3")
    with pytest.raises(IllegalActionError, match="light to act"):
        state.push("roll 1-2-3")
    with pytest.raises(IllegalActionError):
        state.push("move G>A")              # nobody stands yet
