"""Actions of Battle for the Grove and their text notation.

Places are ``G`` (the Grove) and the circles ``A``, ``B``, ``C`` (more letters with more
circles). One action is one step of a turn; dice are chance actions, so a game's log holds every
roll and replays exactly. The notation::

    action = "stand " place | "move " place ">" circle | ( "channel" | "stun" | "banish" ) " " circle
           | "end" | "pass" | "roll " die { "-" die } | "first " total "-" total
           | "send " standing "s" lying "l" ;

* ``stand G`` stands one of the mover's lying druids up in the Grove (then a second action may follow).
* ``move G>A`` takes every standing druid of the mover from the Grove to circle A.
* ``channel B``, ``stun B``, ``banish B`` act at circle B; the next action is the dice: ``roll 2-5-6``
  (faces sorted).
* ``end`` declines the extra action granted by standing up in the Grove; ``pass`` is a turn
  without any legal action.
* ``send 1s1l`` is the banishing player's choice, after a Banish's roll, of which opposing druids go
  home: 1 standing and 1 lying (asked only when the roll sends some but not all of them home and
  both kinds are there, and the rule options leave the choice to the banisher).
* ``first 12-9`` is the roll for the first player: Light's total, then Dark's (a tie is rolled again).

``parse_action(str(a)) == a`` for every action.
"""
from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from generator.play.errors import ActionSyntaxError

STAND, MOVE, CHANNEL, STUN, BANISH, END, PASS, ROLL, FIRST, SEND = (
    "stand", "move", "channel", "stun", "banish", "end", "pass", "roll", "first", "send")
DICE_ACTIONS = (CHANNEL, STUN, BANISH)
CHANCE_KINDS = (ROLL, FIRST)


class Action(NamedTuple):
    """One step: ``kind`` with its place (``at``), destination (``to``), dice or, for a ``send``, the
    opposing druids sent home as (standing, lying). Hashable, comparable."""

    kind: str
    at: str = ""
    to: str = ""
    dice: tuple[int, ...] = ()
    home: tuple[int, ...] = ()

    def __str__(self) -> str:
        return format_action(self)

    @property
    def is_chance(self) -> bool:
        return self.kind in CHANCE_KINDS


def place_name(index: int) -> str:
    """0 -> 'G' (the Grove), 1 -> 'A', 2 -> 'B', ..."""
    return "G" if index == 0 else chr(64 + index)


_INDEX = {**{chr(64 + i): i for i in range(1, 27)}, "G": 0}


def place_index(name: str) -> int:
    """'G' -> 0, 'A' -> 1, ... (the inverse of ``place_name``)."""
    return _INDEX[name]


@lru_cache(maxsize=4096)  # a game's log writes the same few dozen actions and rolls over and over
def format_action(action: Action) -> str:
    kind = action.kind
    if kind in (END, PASS):
        return kind
    if kind == MOVE:
        return f"move {action.at}>{action.to}"
    if kind == ROLL:
        return "roll " + "-".join(map(str, action.dice))
    if kind == FIRST:
        return f"first {action.dice[0]}-{action.dice[1]}"
    if kind == SEND:
        return f"send {action.home[0]}s{action.home[1]}l"
    return f"{kind} {action.at}"


_RE = re.compile(r"^(?:(?P<end>end|pass)"
                 r"|stand (?P<stand>[GA-Z])"
                 r"|move (?P<src>[GA-Z])>(?P<dst>[A-Z])"
                 r"|(?P<act>channel|stun|banish) (?P<circle>[A-Z])"
                 r"|roll (?P<roll>\d{1,2}(?:-\d{1,2})*)"
                 r"|first (?P<light>\d{1,3})-(?P<dark>\d{1,3})"
                 r"|send (?P<standing>\d{1,2})s(?P<lying>\d{1,2})l)$")


def parse_action(text: str) -> Action:
    """The action a notation names (inverse of ``format_action``).

    >>> parse_action("move G>A")
    Action(kind='move', at='G', to='A', dice=())
    >>> str(parse_action("roll 2-5-6"))
    'roll 2-5-6'

    :raises ActionSyntaxError: when ``text`` does not follow the notation (or a roll is unsorted).
    """
    m = _RE.match(text.strip()) if isinstance(text, str) else None
    if m is None:
        raise ActionSyntaxError(f"not an action: {text!r} (expected e.g. 'stand G', 'move G>A', "
                                f"'channel A', 'roll 1-4-6', 'send 1s1l', 'end', 'pass' or 'first 11-7')")
    if m.group("end"):
        return Action(m.group("end"))
    if m.group("stand"):
        return Action(STAND, m.group("stand"))
    if m.group("src"):
        return Action(MOVE, m.group("src"), m.group("dst"))
    if m.group("act"):
        return Action(m.group("act"), m.group("circle"))
    if m.group("roll"):
        dice = tuple(int(d) for d in m.group("roll").split("-"))
        if list(dice) != sorted(dice) or min(dice) < 1:
            raise ActionSyntaxError(f"not an action: {text!r} (dice are written sorted, each at least 1)")
        return Action(ROLL, dice=dice)
    if m.group("standing"):
        return Action(SEND, home=(int(m.group("standing")), int(m.group("lying"))))
    return Action(FIRST, dice=(int(m.group("light")), int(m.group("dark"))))
