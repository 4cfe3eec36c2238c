"""A player's turn: recruit a card or play a band, then discard, then the
wizard's draw, then the next player.

Playing a band pushes the turn's end and the discard, then builds the band
card by card (`band`); once done the band resolves (`bands.py`), which pushes
its placement and its leader's ability on top.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.game import IllegalMove
from meeple.games.ethnos import data
from meeple.games.ethnos.ages import end_age, start_turn
from meeple.games.ethnos.bands import read_band, resolve, start_band
from meeple.games.ethnos.cards import CARD_KINGDOM, CARD_TRIBE, DRAGON, SKELETON
from meeple.games.ethnos.rules import ADD, DECK, DONE, DRAW, LEADER, PASS, RECRUIT, RULES, card_name, read_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.ethnos.fields import EthnosFields

_HAND_LIMIT = data.HAND_LIMIT
_MAX_BAND = data.MAX_BAND


def draw(s: EthnosFields, seat: int) -> bool:
    """Draw one card into the hand; dragons are set aside. False: the age is over."""
    deck = s.deck
    while deck:
        c = deck.pop()
        s._mark_reveal()
        if c != DRAGON:
            s.hands[seat].append(c)
            if s.record:
                s._event("draw", seat, card_name(c), seat)
            return True
        s.dragons += 1
        s._event("dragon", seat, s.dragons)
        if s.dragons >= data.DRAGONS:
            end_age(s, seat)
            return False
    return True


# --------------------------------------------------------------- the turn
assert RECRUIT == 0, "a recruit action is its card"


def _turn_legal(s: EthnosFields, cur: int) -> list[int]:
    hand = s.hands[cur]
    if len(hand) < _HAND_LIMIT:
        acts = list(set(s.market))
        if s.deck:
            acts.append(DECK)
        acts += [LEADER + c for c in set(hand) if c != SKELETON]
        return acts
    return [LEADER + c for c in set(hand) if c != SKELETON]


def _read_turn(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb == "band":
        return read_band(s, read_cards(args))
    if verb != "recruit" or len(args) != 1:
        return None
    if len(s.hands[s.current]) >= _HAND_LIMIT:
        raise IllegalMove(f"no recruiting with {_HAND_LIMIT} cards in hand: play a band")
    if args[0] == "deck":
        if not s.deck:
            raise IllegalMove("the deck is empty")
        return [DECK]
    c = read_cards(args)[0]
    if c not in s.market:
        raise IllegalMove(f"{args[0]} is not in the market")
    return [RECRUIT + c]


@RULES.decision(
    "turn",
    prompt="Recruit a card or play a band",
    forced=False,
    moves="recruit <card> | recruit deck | band <leader> <card> ...",
    legal=_turn_legal,
    read=_read_turn,
)
def turn(s: EthnosFields, a: int, cur: int) -> None:
    if a < DECK:
        s.market.remove(a)
        s.hands[cur].append(a)
        if s.record:
            s._event("recruit", cur, card_name(a))
        s.push("end")
    elif a == DECK:
        if draw(s, cur):
            s.push("end")
    else:
        s.push("end")
        s.push("discard")
        start_band(s, a - LEADER)


def _band_legal(s: EthnosFields, cur: int) -> list[int]:
    build = s.build
    acts = [DONE]
    if len(build) < _MAX_BAND:
        lead = build[0]
        lt, lk = CARD_TRIBE[lead], CARD_KINGDOM[lead]
        mode = s.darg
        last = build[-1] if len(build) > 1 else -1
        for c in set(s.hands[cur]):
            if c < last:
                continue
            if c == SKELETON or (mode != 2 and CARD_TRIBE[c] == lt) or (mode != 1 and CARD_KINGDOM[c] == lk):
                acts.append(ADD + c)
    return acts


def _read_band_step(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb == "add" and len(args) == 1:
        return [ADD + read_cards(args)[0]]
    return [DONE] if verb == "done" and not args else None


@RULES.decision(
    "band",
    prompt="Add a card to the band, or close it",
    arg=int,  # the band's rule: 0 undecided, 1 one tribe, 2 one kingdom
    part=True,  # noted whole when closed, even by the only answer left
    moves="add <card> | done",
    legal=_band_legal,
    read=_read_band_step,
)
def band(s: EthnosFields, a: int, cur: int) -> None:
    if a == DONE:
        cards = tuple(s.build)
        s.build = []
        s.bands[cur].append(cards)
        s._mark_reveal()  # the band leaves the hand face up
        if s.record:
            s._event("band", cur, [card_name(c) for c in cards])
        resolve(s, len(s.bands[cur]) - 1)
        return
    c = a - ADD
    s.hands[cur].remove(c)
    s.build.append(c)
    mode = s.darg
    if c != SKELETON and mode == 0:  # the second kind of card fixes the band's rule
        lead = s.build[0]
        if CARD_TRIBE[c] != CARD_TRIBE[lead]:
            mode = 2
        elif CARD_KINGDOM[c] != CARD_KINGDOM[lead]:
            mode = 1
    s.ask("band", cur, mode)  # the next card, or done


# --------------------------------------------------------- after a band
@RULES.step("discard")
def discard(s: EthnosFields) -> None:
    """After a band the rest of the hand goes to the market (an elf keeps some)."""
    s.push("wizard")
    cur = s.current
    hand = s.hands[cur]
    if s.keep and hand:
        s.build = []
        s.ask("keep", cur, s.keep)
    elif hand:
        s._mark_reveal()
        s.market.extend(hand)
        if s.record:
            s._event("discard", cur, [card_name(c) for c in hand])
        hand.clear()


def _keep_legal(s: EthnosFields, cur: int) -> list[int]:
    kept = s.build
    acts = [DONE]
    if len(kept) < s.darg:
        last = kept[-1] if kept else -1
        acts.extend(ADD + c for c in set(s.hands[cur]) if c >= last)
    return acts


def _read_keep(s: EthnosFields, verb: str, args: list[str]) -> list[int] | None:
    if verb != "keep":
        return None
    cards = read_cards(args)
    if len(cards) > s.darg:
        raise IllegalMove(f"you may keep at most {s.darg} cards")
    return [ADD + c for c in sorted(cards)]


@RULES.decision(
    "keep",
    prompt="Choose the cards the elf keeps",
    arg=int,  # how many cards the elf may keep
    part=True,  # noted whole when closed, even by the only answer left
    moves="keep <card> ...",
    legal=_keep_legal,
    why=lambda s: "those cards are not all in your hand",
    read=_read_keep,
)
def keep(s: EthnosFields, a: int, cur: int) -> None:
    hand = s.hands[cur]
    if a != DONE:
        c = a - ADD
        hand.remove(c)
        s.build.append(c)
        s.ask("keep", cur, s.darg)  # the next card, or done
        return
    kept = s.build
    s.build = []
    if hand:
        s._mark_reveal()  # the rest of the hand goes to the market
    s.market.extend(hand)
    if s.record:
        s._event("discard", cur, [card_name(c) for c in hand])
    hand[:] = kept


@RULES.step("wizard")
def wizard_step(s: EthnosFields) -> None:
    if s.wiz:
        s.ask("wizard", s.current, s.wiz)


@RULES.decision(
    "wizard",
    prompt="Draw cards for the wizard, or pass",
    arg=int,  # how many cards the wizard draws
    moves="draw | pass",
    legal=lambda s, seat: [DRAW, PASS] if s.deck else [PASS],
    why=lambda s: "the deck is empty: pass",
    read=lambda s, verb, args: None if args else {"draw": [DRAW], "pass": [PASS]}.get(verb),
)
def wizard(s: EthnosFields, a: int, cur: int) -> None:
    if a == DRAW:
        for _ in range(s.darg):
            if not s.deck or not draw(s, cur):
                return


@RULES.step("end")
def end(s: EthnosFields) -> None:
    s.current = (s.current + 1) % s.players
    start_turn(s)
