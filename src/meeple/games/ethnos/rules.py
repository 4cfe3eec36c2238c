"""Ethnos's action space and its rules declaration.

`RULES` is filled by the modules that hold the game, each decision declared
once with its legal actions, its effect and its words (`meeple.core.flow`):
`turn.py` (recruit, play a band, the elf's keep, the wizard's draw, the turn's
end), `bands.py` (a band's placement and leader abilities) and `ages.py` (an
age's end and scoring, the orc horde, the next age). Decisions are kept small
for bots and RL: a band is chosen as leader, then cards one at a time in
ascending card order, then done; the notation writes it as one move.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from meeple.core.flow import Rules
from meeple.core.game import IllegalMove
from meeple.games.ethnos import data
from meeple.games.ethnos.cards import CARD_NAME, NCARDS, NK
from meeple.games.ethnos.cards import parse as parse_card

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.ethnos.fields import EthnosFields

# ---- the action space ------------------------------------------------------
RECRUIT = 0  # + card: take that card from the market
DECK = NCARDS  # take the top card of the deck
LEADER = DECK + 1  # + card: start a band led by that card
ADD = LEADER + NCARDS  # + card: add it to the band (or to the elf keep)
DONE = ADD + NCARDS  # the band (or the keep) is complete
PLACE = DONE + 1  # + kingdom
TROLL_TAKE = PLACE + NK  # + value - 1
DRAW = TROLL_TAKE + len(data.TROLL_TOKENS)
PASS = DRAW + 1
CASH = PASS + 1
KEEP = CASH + 1
SWAP = KEEP + 1  # + band_index * SWAP_SEATS + seat
SWAP_SEATS = 8


def words(s, kind: str, a: int, seat: int) -> str | None:
    """An answer as the move list notes it; None for the first and middle
    steps of a band or an elf's keep, which are noted whole when closed."""
    if kind == "band" or kind == "keep":
        if a != DONE:
            return None
        cards = " ".join(CARD_NAME[c] for c in s.build)
        return f"{kind} {cards}" if cards or kind == "band" else kind
    if a < DECK:
        return "recruit " + CARD_NAME[a - RECRUIT]
    if a == DECK:
        return "recruit deck"
    if a < ADD:
        return None  # a band's leader: the band is noted once closed
    if a < TROLL_TAKE:
        return "place " + data.KINGDOMS[a - PLACE]
    if a < DRAW:
        return f"troll {a - TROLL_TAKE + 1}"
    if a >= SWAP:
        j, other = divmod(a - SWAP, SWAP_SEATS)
        return f"swap {other} {j}"
    return {DRAW: "draw", PASS: "pass", CASH: "cash", KEEP: "keep"}[a]


# Ethnos tells no forced answer (none of its decisions hides a choice the
# log would need to explain); most decisions take no argument
RULES = Rules("ethnos", words=words, arg=None)

POP = [bin(i).count("1") for i in range(1 << NK)]  # kingdoms in a bit mask


def card_name(card: int) -> str:
    return CARD_NAME[card]


def full_troll_pool() -> int:
    pool = 0
    for v in data.TROLL_TOKENS:
        pool |= 1 << v
    return pool


# ---- reading a MOVE (each decision's `read`: (state, verb, args) -> actions,
# None when the words are not one of its moves)
NUMBER = re.compile(r"[0-9]{1,4}")


class Misread(Exception):
    """Words a decision cannot read, and why; the notation adds its move forms."""


def read_cards(words: list[str]) -> list[int]:
    out = []
    for w in words:
        try:
            out.append(parse_card(w))
        except ValueError as e:
            raise IllegalMove(str(e)) from None
    return out


def supply(s: EthnosFields, seat: int) -> int:
    """Markers still in the player's supply (26 less all on the boards)."""
    p = s.players
    used = 1 + (s.merfolk is not None) + POP[s.orc[seat]]
    return data.MARKERS_PER_PLAYER - used - sum(s.markers[seat::p])
