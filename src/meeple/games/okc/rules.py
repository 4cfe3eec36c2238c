"""The Old King's Crown as a declaration for the shared flow (`meeple.core.flow`).

Each decision is declared once, in the module of the part of the round it
belongs to (bidding, spring, clashes, locations, autumn, winter, tactics,
favour, kingdom cards, Sites of Power), with `decision`: its legal actions,
its effect and its words side by side. `decision` adds what every OKC
decision shares: the pending decision clears (with the legal actions the state
kept of it) and a player's own answer is noted in the move list, in its
words, before the effect runs (in a game not recorded, the flow clears the
pending decision itself and runs the effect alone: its `quiet` effect).

The words of an action are its base's words (`actions.py`) with the verbs a
decision declares: `card` (a card of mine), `loc` (a location), `region`
(default "to"), `done` (default "done"), `steal` (default "steal"), `space`
(default "space"), or a `word(s, action, seat)` of its own that returns None
for the actions it leaves to the common words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable

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

RULES = Rules("okc")


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


WORDS: dict[str, dict[str, Any]] = {}


def decision(kind: str, *, prompt: str, legal: Callable, simultaneous: bool = False, **words) -> Callable:
    """Declare decision `kind`; the decorated `effect(s, action, seat)` runs
    after the shared prologue (a simultaneous decision's effect gets `auto`
    too and keeps its answer secret itself)."""

    def declare(body: Callable) -> Callable:
        if simultaneous:

            def effect(s, a, seat, auto, body=body):
                s.legal_now = None
                body(s, a, seat)
        else:

            def effect(s, a, seat, auto, body=body):
                s.legal_now = None
                s.kind = None
                if s.record:
                    if auto:  # the only answer, taken for the seat, said to it (private: may name a hand card)
                        word = action_word(s, a, kind, seat)
                        s._event("forced", seat, (kind, word, FACTIONS[s.factions[seat]]), seat)
                    else:
                        s._note(seat, action_word(s, a, kind, seat))
                body(s, a, seat)

        # unrecorded, the flow does the prologue itself and runs the body (Rules.decision's `quiet`)
        RULES.decision(kind, prompt=prompt, legal=legal, simultaneous=simultaneous, quiet=body)(effect)
        WORDS[kind] = words
        return body

    return declare


def step(name: str) -> Callable:
    """Declare the automatic step `name`; it runs with the step's arguments."""
    return RULES.step(name)


def turns(season: str) -> None:
    """Declare the steps of a season each seat takes in turn order: step
    `season` (i) queues step i + 1 and asks seat order[i] the decision
    `season`; step `<season>_seat` asks it again (queued after each of its
    actions, until it answers done)."""

    @step(season)
    def _next(s, i) -> None:
        if i < s.players:
            s.todo.append((season, i + 1))
            s.kind, s.dseats, s.darg = season, [s.order[i]], None  # (the step `<season>_seat` at once)

    @step(season + "_seat")
    def _seat(s, seat) -> None:
        s.kind, s.dseats, s.darg = season, [seat], None  # (s._ask written out: a step per action)


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
    words = WORDS[kind]
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
