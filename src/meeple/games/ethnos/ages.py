"""Ages: a turn's start (or the age's end when nothing is left to recruit),
an age's scoring, the orc horde, the bands' glory and the next age's deal.

The third dragon ends the age (`end_age`): the kingdoms, the giant and the
merfolk track score at once; then the orc step asks each seat with horde
markers to cash them (not after the last age: they are cashed), and the
bands step scores the bands and deals the next age or ends the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.ethnos import data
from meeple.games.ethnos.cards import CARD_TRIBE, DRAGON, DWARF, SKELETON, tribe_cards
from meeple.games.ethnos.rules import CASH, KEEP, POP, RULES, card_name, full_troll_pool

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.ethnos.fields import EthnosFields

_BAND_GLORY = data.BAND_GLORY
_MAXG = len(_BAND_GLORY) - 1


def start_turn(s: EthnosFields) -> None:
    """The current player's turn begins (ruling 9: a hand of skeletons only at
    the hand limit is discarded and the turn passes; nothing left to recruit
    ends the age)."""
    s.keep = s.wiz = 0
    s.placed = False
    s.moved = ()
    while True:
        cur = s.current
        if not s.market and not s.deck:
            end_age(s, cur)
            return
        hand = s.hands[cur]
        if len(hand) >= data.HAND_LIMIT and all(c == SKELETON for c in hand):
            s._mark_reveal()
            s.market.extend(hand)
            if s.record:
                s._event("discard", cur, [card_name(c) for c in hand])
            hand.clear()
            s.current = (cur + 1) % s.players
            continue
        s.ask("turn", cur)
        return


# ------------------------------------------------------------- age scoring
def _places(s: EthnosFields, slots: tuple, counts: list[int]) -> list[int]:
    """Glory each seat earns on one board (a kingdom or the merfolk board)."""
    p, age = s.players, s.age
    gain = [0] * p
    ranked = [seat for seat in range(p) if counts[seat] > 0]
    if not ranked:
        return gain
    if p == 2 and age == 2:
        if len(ranked) == 1:
            gain[ranked[0]] = slots[0] + slots[1]
            return gain
        values = [slots[1]]
    else:
        values = [slots[i] for i in range(age - 1, -1, -1)]

    def key(seat):
        t = s.trolls[seat]
        return (counts[seat], sum(t), max(t, default=0))

    ranked.sort(key=key, reverse=True)
    pos, i = 0, 0
    while i < len(ranked) and pos < len(values):
        k0 = key(ranked[i])
        j = i
        while j < len(ranked) and key(ranked[j]) == k0:
            j += 1
        share = sum(values[pos : j - i + pos]) // (j - i)
        for seat in ranked[i:j]:
            gain[seat] = share
        pos += j - i
        i = j
    return gain


def end_age(s: EthnosFields, seat: int) -> None:
    """The third dragon (or an empty deck and market): score the age."""
    p = s.players
    s.last_dragon = seat
    s.todo = []
    s.build = []
    s.kind = None
    s.keep = s.wiz = 0
    s.moved = ()
    for h in s.hands:
        h.clear()
    detail = {}
    for k, name in enumerate(data.KINGDOMS):
        gains = _places(s, s.slots[k], s.markers[k * p : (k + 1) * p])
        detail[name] = gains
        for i in range(p):
            s.glory[i] += gains[i]
    side = "small" if data.small_game(p) else "large"
    if s.giant is not None:
        v = data.GIANT_AGE[side][s.age - 1]
        s.glory[s.giant[0]] += v
        detail["giant"] = [v if i == s.giant[0] else 0 for i in range(p)]
    if s.merfolk is not None:
        gains = _places(s, data.MERFOLK_GLORY[side], s.merfolk)
        detail["merfolk"] = gains
        for i in range(p):
            s.glory[i] += gains[i]
    s._event("age_end", seat, detail)
    s.push("age_bands")
    if s.age >= s.ages:
        for i in range(p):
            cash_orcs(s, i)
    else:
        for i in range(p - 1, -1, -1):
            s.push("orc", (seat + i) % p)


def cash_orcs(s: EthnosFields, seat: int) -> None:
    n = POP[s.orc[seat]]
    if n:
        s.glory[seat] += data.ORC_CASH[n]
        s.orc[seat] = 0
        s._event("orc", seat, data.ORC_CASH[n])


@RULES.step("orc")
def orc_step(s: EthnosFields, seat: int) -> None:
    if s.orc[seat]:
        s.ask("orc", seat)


@RULES.decision(
    "orc",
    prompt="Cash the orc horde now, or keep it growing",
    moves="cash | keep",
    legal=lambda s, seat: [CASH, KEEP],
    read=lambda s, verb, args: None if args else {"cash": [CASH], "keep": [KEEP]}.get(verb),
)
def orc(s: EthnosFields, a: int, seat: int) -> None:
    if a == CASH:
        cash_orcs(s, seat)


@RULES.step("age_bands")
def age_bands(s: EthnosFields) -> None:
    """The bands score (skeletons leave them first); then the next age or the end."""
    p = s.players
    gains = [0] * p
    for i in range(p):
        kept = []
        for b in s.bands[i]:
            b = tuple(c for c in b if c != SKELETON)
            kept.append(b)
            size = len(b) + (CARD_TRIBE[b[0]] == DWARF)
            gains[i] += _BAND_GLORY[min(size, _MAXG)]
        s.glory[i] += gains[i]
        s.bands[i] = kept
    s._event("bands", None, gains)
    s.giant = None
    s.trolls = [()] * p
    s.troll_pool = full_troll_pool()
    if s.age >= s.ages:
        s.finished = True
        s.kind = None
        s.winners = _winners(s)
        s._event("game_end", None, s.winners)
        return
    for i in range(p):
        s.bands[i] = []
    s.age += 1
    low = min(s.glory)
    first = s.last_dragon if s.last_dragon is not None else 0
    for i in range(p):
        seat = (first + i) % p
        if s.glory[seat] == low:
            first = seat
            break
    setup_age(s, first)


def _winners(s: EthnosFields) -> list[int]:
    def key(seat):
        sizes = sorted((len(b) for b in s.bands[seat]), reverse=True)
        return (s.glory[seat], sum(s.markers[seat :: s.players]), sizes)

    best = max(key(seat) for seat in range(s.players))
    return [seat for seat in range(s.players) if key(seat) == best]


def setup_age(s: EthnosFields, first: int) -> None:
    """Shuffle, deal one card each, lay the market, bury the dragons."""
    rng = s.rng
    cards = []
    for t in s.tribes:
        cards.extend(tribe_cards(t))
    rng.shuffle(cards)
    p = s.players
    for i in range(p):
        s.hands[(first + i) % p].append(cards.pop())
    s.market = [cards.pop() for _ in range(2 * p)]
    top = len(cards) // 2
    bottom = cards[: len(cards) - top] + [DRAGON] * data.DRAGONS
    rng.shuffle(bottom)
    s.deck = bottom + cards[len(cards) - top :]
    s.dragons = 0
    s.current = first
    s._event("age_start", first, s.age)
    start_turn(s)
