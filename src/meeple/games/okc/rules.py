"""The Old King's Crown as a declaration for the shared flow (`meeple.core.flow`).

Each decision is declared once, in the module of the part of the round it
belongs to (bidding, spring, clashes, locations, autumn, winter, tactics,
favour, kingdom cards, Sites of Power), with `RULES.decision`: its legal
actions, its effect and its words side by side; the flow notes each answer
in the game's words (`action_word`) and tells a forced one to its seat.

The words of an action are its base's words (`actions.py`) with the verbs a
decision declares: `card` (a card of mine), `loc` (a location), `region`
(default "to"), `done` (default "done"), `steal` (default "steal"), `space`
(default "space"), or a `word(s, action, seat)` of its own that returns None
for the actions it leaves to the common words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.core.flow import Rules
from meeple.core.game import IllegalMove
from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    AMBUSH_C,
    BACK,
    BUY,
    CARD,
    COUNCIL,
    DEPLOY_C,
    DONE,
    DRAW,
    FAVOUR,
    FAVOUR2,
    FLANK_C,
    GOVERN,
    HERALD,
    JOURNEY,
    KACT,
    KPICK,
    LOC,
    OATHS,
    OFAVOUR,
    OFAVOUR2,
    PAIR,
    PAIRS,
    RALLY_C,
    REGION,
    RETREAT_C,
    RGOVERN,
    ROAD,
    SEAT,
    SECRETS,
    SPACE,
    STEAL,
    SUPP,
    SUPP_LOST,
    TACTIC,
    USE,
)
from meeple.games.okc.cards import KNAME, NCARDS, PER
from meeple.games.okc.data import COUNCILS, FACTIONS, LOCATIONS, REGIONS

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


def _words(s, kind: str, a: int, seat: int) -> str:
    return action_word(s, a, kind, seat)


def _told(s, kind: str, a: int, seat: int) -> tuple:
    """A forced answer, told to its seat alone (it may name a hand card)."""
    return (kind, action_word(s, a, kind, seat), FACTIONS[s.factions[seat]])


# An OKC decision's argument is a list (its stage, the cards it offers...) or nothing
RULES = Rules("okc", words=_words, told=_told, arg=(list, None))


@dataclass(frozen=True, slots=True)
class CardAction:
    """A kingdom card's or a Site of Power card's ability, named by its
    effect: when its action may be taken (`timing`: a season, several, or
    None for none), whether it can do anything now (`ready`), what taking it
    does (`start`), the choices of its own sub-decision ("kingdom" or "site",
    darg [effect, where, stage, ...]: `options` and `answer`), and what it
    does when the card is gained (`on_gain`)."""

    # (typed Any: a card that has a timing has `ready` and `start`, one with
    # a sub-decision `options` and `answer`; the rules call them only then)
    timing: Any  # str | tuple[str, ...] | None
    ready: Any = None  # (s, seat, where) -> bool
    start: Any = None  # (s, seat, where)
    options: Any = None  # (s, seat, darg) -> legal actions
    answer: Any = None  # (s, seat, darg, action)
    on_gain: Callable | None = None  # (s, seat, gid)


def turns(season: str) -> None:
    """Declare the steps of a season each seat takes in turn order: step
    `season` (i) queues step i + 1 and asks seat order[i] the decision
    `season`; step `<season>_seat` asks it again (queued after each of its
    actions, until it answers done)."""

    @RULES.step(season)
    def _next(s, i) -> None:
        if i < s.players:
            s.push(season, i + 1)
            s.ask(season, s.order[i])

    @RULES.step(season + "_seat")
    def _seat(s, seat) -> None:
        s.ask(season, seat)


def _seat_words(s: OKCFields, a: int, seat: int) -> str | None:
    if SEAT <= a < OFAVOUR:
        return f"seat {a - SEAT}"
    if a == OFAVOUR:
        return "borrow-favour"
    if a == OFAVOUR2:
        return "borrow-favour heirs"
    return None


def action_word(s: OKCFields, a: int, kind: str, seat: int) -> str:
    """Action `a` of decision `kind` for `seat`, in words (the MOVE text)."""
    text = _seat_words(s, a, seat)
    if text is not None:
        return text
    words = RULES.decisions[kind].words
    own = words.get("word")
    if own is not None:
        text = own(s, a, seat)
        if text is not None:
            return text
    if a == RGOVERN:
        return "region-govern"
    if a == DONE:
        return words.get("done", "done")
    if CARD <= a < GOVERN:
        return f"{words['card']} {C.local_name(s.gid(seat, a - CARD))}"
    for base, verb in (
        (GOVERN, "govern"),
        (JOURNEY, "journey"),
        (AMBUSH_C, "ambush"),
        (RETREAT_C, "retreat"),
        (FLANK_C, "flank"),
        (RALLY_C, "rally"),
        (DEPLOY_C, "deploy"),
        (BUY, "buy"),
    ):
        if base <= a < base + PER:
            return f"{verb} {C.local_name(s.gid(seat, a - base))}"
    if LOC <= a < REGION:
        return f"{words['loc']} {LOCATIONS[a - LOC]}"
    if REGION <= a < ROAD:
        return f"{words.get('region', 'to')} {REGIONS[a - REGION]}"
    if ROAD <= a < STEAL:
        kc = s.road[a - ROAD]
        assert kc is not None  # (legal only where a card lies)
        return "take " + KNAME[kc]
    if STEAL <= a < BACK:
        o, j = divmod(a - STEAL, 3)
        sp = s.boards[o][j]
        return f"{words.get('steal', 'steal')} " + (KNAME[sp[0]] if sp else f"{o}/{j}")
    if a == BACK:
        return "back"
    if SPACE <= a < HERALD:
        return f"{words.get('space', 'space')} {a - SPACE}"
    if a == HERALD:
        return "herald"
    if SUPP <= a < SUPP_LOST:
        return f"supporter {REGIONS[a - SUPP]}"
    if a == SUPP_LOST:
        return "supporter lost"
    if a == SECRETS:
        return "secrets"
    if a == OATHS:
        return "oaths"
    if a == FAVOUR:
        return "favour"
    if a == FAVOUR2:
        return "favour heirs"
    if TACTIC <= a < KPICK:
        return f"tactic {a - TACTIC + 1}"
    if KPICK <= a < PAIR:
        return "pick " + KNAME[s.darg[a - KPICK]]
    if USE <= a < RGOVERN:
        return "use " + C.local_name(s.gid(seat, a - USE))
    if PAIR <= a < USE:
        x, y = PAIRS[a - PAIR]
        return f"swap {REGIONS[x]} {REGIONS[y]}"
    if COUNCIL <= a < BUY:
        return f"council {COUNCILS[a - COUNCIL]}"
    if a == DRAW:
        return "draw"
    if KACT <= a < TACTIC:
        sp = s.boards[seat][a - KACT]
        return "kingdom " + (KNAME[sp[0]] if sp else str(a - KACT))
    raise IllegalMove(f"unknown action {a}")


# by card: its CARD action, CARD + its local id (g % PER: cards.local); read
# through `as_card_action` by map(), which runs no Python frame per list
CARD_ACTION = [CARD + g % PER for g in range(NCARDS)]
as_card_action = CARD_ACTION.__getitem__


def hand_cards(s: OKCFields, seat: int) -> list[int]:
    """CARD actions for each card in seat's hand (the commonest answer)."""
    return list(map(as_card_action, s.hands[seat]))
