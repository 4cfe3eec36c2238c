"""The locations a clash winner claims: the Herald's reward, then the
location's own (Castle: govern into a council; Wilderness: journey; Harvest
Field: the Favour; Shrine: cards under the deck; Necropolis: draw from the
discard; the others influence only)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import blank
from meeple.games.okc import cards as C
from meeple.games.okc.actions import CARD, COUNCIL, DONE, DRAW, LOC
from meeple.games.okc.cards import KEFFECT, NAME, PER
from meeple.games.okc.data import COUNCILS, FAVOUR_USES, LOCATION_INFLUENCE, LOCATIONS
from meeple.games.okc.rules import RULES, as_card_action, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


@RULES.step("rewards")
def _rewards(s: OKCFields, r, winner) -> None:
    s.ask("location", winner, [r])


@RULES.decision(
    "location",
    prompt="You won the clash: claim a location",
    loc="claim",
    legal=lambda s, seat: [LOC + 2 * s.darg[0], LOC + 2 * s.darg[0] + 1],
)
def _location(s: OKCFields, a, seat):
    claim(s, seat, a - LOC)


def claim(s: OKCFields, seat: int, loc: int) -> None:
    """Claim rewards at a chosen location: Herald reward, then location reward."""
    if s.record:
        s._event("claim", seat, LOCATIONS[loc])
    owner_bonus(s, loc)
    # queued in reverse: location reward runs after the herald reward
    s.push("location_reward", seat, loc)
    if s.herald[seat] == loc:
        relics = s.votes(seat, 0)
        s._event("herald-reward", seat, (LOCATIONS[loc], relics))
        s._gain_influence(seat, 1 + relics)
        for o in range(s.players):
            if o != seat and s.herald[o] == loc and s.influence[o] > 0:
                s.influence[o] -= 1
                s.influence[seat] += 1
                s._event("steal-influence", seat, o)
        if relics and any(s.seat_of(g) == seat for g in s.councils[0]):
            s.ask("relics", seat)


def owner_bonus(s: OKCFields, loc: int) -> None:
    """trade-11: its owner gains 1 influence whenever anyone claims its location."""
    for o, k in s.kloc[loc]:
        if KEFFECT[k] == "location_influence":
            s._gain_influence(o, 1)


@RULES.step("location_reward")
def reward(s: OKCFields, seat: int, loc: int) -> None:
    if s.record:
        s._event("location-reward", seat, LOCATIONS[loc])
    s._gain_influence(seat, LOCATION_INFLUENCE[loc])
    name = LOCATIONS[loc]
    if name == "castle":
        s.ask("castle", seat)
    elif name == "wilderness":
        s.ask("wilderness", seat)
    elif name == "harvest-field":
        s.favour = seat
        s.favour_uses = FAVOUR_USES
        s._event("favour-claim", seat, None)
    elif name == "shrine":
        s.ask("shrine", seat, [0])
    elif name == "necropolis":
        s.own_rng().shuffle(s.discards[seat])
        s.ask("necropolis", seat, [0])


@RULES.decision(
    "relics",
    prompt="Relics: discard a card",
    card="discard",
    legal=lambda s, seat: [CARD + C.local(g) for g in s.councils[0] if s.seat_of(g) == seat],
)
def _relics(s: OKCFields, a, seat):
    g = s.gid(seat, a - CARD)
    s.own_councils()[0].remove(g)
    s._event("relics", seat, NAME[g])
    s._leave_council(g)


def _with_icon(kind: str):
    """Castle (a card with votes), Wilderness (with lore), Shrine (any, up
    to 3): from the hand or the map."""
    icons = blank.vote_icons if kind == "castle" else blank.lore_icons
    shrine = kind == "shrine"

    def legal(s, seat):
        acts = [DONE]
        if shrine and s.darg[0] >= 3:
            return acts
        # (as_card_action: CARD + the card's local id, read from a table)
        for g in s.hands[seat]:
            if shrine or icons(s, seat, g) >= 1:
                acts.append(as_card_action(g))
        mine = s.factions[seat]  # a card is seat's when g // PER is its faction
        for r, a in enumerate(s.active):
            for e in a:
                g = e[0]
                if g // PER == mine and (shrine or icons(s, seat, g, e, r) >= 1):
                    acts.append(as_card_action(g))
        return acts

    return legal


@RULES.decision(
    "castle",
    prompt="Castle: govern a card into a council, or pass",
    legal=_with_icon("castle"),
    card="govern",
    done="pass",
)
def _castle(s: OKCFields, a, seat):
    if a == DONE:
        return
    g = s.gid(seat, a - CARD)
    s._take_from_hand_or_map(seat, g)
    s.ask("council", seat, [g, 1])


@RULES.decision(
    "wilderness",
    prompt="Wilderness: journey a card, or pass",
    legal=_with_icon("wilderness"),
    card="journey",
    done="pass",
)
def _wilderness(s: OKCFields, a, seat):
    if a == DONE:
        return
    s._journey(seat, s.gid(seat, a - CARD))


@RULES.decision(
    "shrine",
    prompt="Shrine: put cards from your hand at the bottom of your deck",
    legal=_with_icon("shrine"),
    card="bottom",
)
def _shrine(s: OKCFields, a, seat):
    if a == DONE:
        return
    g = s.gid(seat, a - CARD)
    s._event("shrine", seat, None)  # which card stays unseen
    s._take_from_hand_or_map(seat, g, shown=False)  # under the deck unseen, any card allowed
    s.decks[seat].append(g)
    s.ask("shrine", seat, [s.darg[0] + 1])


@RULES.decision("council", prompt="Choose the council", legal=lambda s, seat: [COUNCIL + c for c in range(3)])
def _council(s: OKCFields, a, seat):
    g, castle = s.darg
    c = a - COUNCIL
    if castle:
        for o in s.councils[c]:
            s._leave_council(o)
        s.own_councils()[c] = []
    s.own_councils()[c].append(g)
    s._event("govern", seat, (NAME[g], COUNCILS[c]))


def _necropolis_legal(s: OKCFields, seat):
    acts = [DONE]
    if s.darg[0] < 3 and s.discards[seat]:
        acts.append(DRAW)
    return acts


@RULES.decision("necropolis", prompt="Necropolis: draw a card, or stop", legal=_necropolis_legal)
def _necropolis(s: OKCFields, a, seat):
    if a == DONE:
        s.ask("necro_discard", seat)
        return
    s._event("necropolis", seat, None)
    s._to_hand(seat, s.discards[seat].pop())
    s.ask("necropolis", seat, [s.darg[0] + 1])


@RULES.decision(
    "necro_discard",
    prompt="Necropolis: discard a card, or stop",
    legal=lambda s, seat: hand_cards(s, seat) + [DONE],
    card="discard",
)
def _necro_discard(s: OKCFields, a, seat):
    if a == DONE:
        return
    s._discard_from_hand(seat, a)
    s.ask("necro_discard", seat)
