"""The Old King's Crown: the state.

The fields of a game (`FIELDS`, each declared once with how a clone copies
it and its value in a new game), the questions the rules ask of them, and
the small moves every part of the round shares (a card to hand, influence
and lore gained, draws). The rules themselves are declared, decision by
decision and step by step, in the modules of the round's parts (bidding,
spring, clashes, locations, autumn, winter, tactics, favour, kingdom, sites)
and run by the shared flow (`meeple.core.flow`): the round is a stack of steps
(`todo`, last = next), a step either does its work at once or asks a decision.

Simultaneous decisions (bids, face-down cards, the joust, the advanced setup)
have several seats in `decision().seats`; each seat answers with `seat=`,
sees only its own choice, and the game reveals all of them together once
every seat has chosen.
"""

from __future__ import annotations

from itertools import combinations
from math import comb
from typing import TYPE_CHECKING

from meeple.core.fields import (
    CACHE,
    COPY,
    LIST,
    LISTS,
    LISTS3,
    SAME,
    SHARED,
    Copy,
    Field,
    clone_function,
    fresh_function,
    lists3_of,
    mut_function,
    on_write,
    own_functions,
    slots,
)
from meeple.core.flow import FlowState, named_seat, seat_move, unnamed
from meeple.core.game import GameError
from meeple.core.rng import Rng
from meeple.core.spec import refuse_unknown_options
from meeple.games.okc import (
    autumn,  # noqa: F401
    bidding,  # noqa: F401
    blank,
    clashes,  # noqa: F401
    favour,  # noqa: F401
    kingdom,  # noqa: F401
    locations,  # noqa: F401
    sites,  # noqa: F401
    spring,  # noqa: F401
    tactics,  # noqa: F401
    winter,  # noqa: F401
)
from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    AMBUSH_C,  # noqa: F401
    CARD,
    DONE,  # noqa: F401
    E_GID,
    E_PART,
    NACTIONS,  # noqa: F401
    PER,  # noqa: F401
    SIMULTANEOUS,  # noqa: F401
    U_KINGDOM,
)
from meeple.games.okc.cards import COST, FX_LOCK, HAND_SIZE_HEIR, KEFFECT, KNAME, NAME, NK, STR, TACTICS
from meeple.games.okc.data import (
    ADVANCED_OFFER,
    ADVANCED_TABLE,
    BOARD_SPACES,
    FACTION_TOKENS,
    FACTIONS,
    FAVOUR_USES,
    HEIR,
    MAX_HAND_SIZE,
    MAX_PLAYERS,
    MIN_HAND_SIZE,
    MIN_PLAYERS,
    PATHFINDER,
    REGIONS,
    ROAD_SIZE,
    ROUNDS,
    SKIRMISH_ROUNDS,
    START_HAND_SIZE,
    SUPPORTERS,
)
from meeple.games.okc.rules import RULES

# ---- the fields ------------------------------------------------------------
# Declared with `meeple.core.fields`: how a clone copies each (its standard
# kinds, and OKC's own for the boards and the decision's argument) and its
# value in a new game. A cache is not copied. Fields that seldom change are
# shared by a clone until one of the two changes them (copy on write): COW1
# for a flat list, COW for a list of lists, COW3 three deep; whatever changes
# such a field in place takes it with `s.own_<name>()` (`s.mut(name)`) first.
COW1, COW, COW3 = on_write(LIST), on_write(LISTS), on_write(LISTS3)
BOARDS = Copy("[[None if sp is None else sp[:] for sp in b] for b in {0}]")  # [kingdom, occupier] | None
DARG = Copy("{0}[:] if {0}.__class__ is list else {0}")


def _per_seat(value):
    return lambda p: [value] * p


def _lists_per_seat(n: int = 0):
    return lambda p: [[0] * n for _ in range(p)]


def _none(p):
    return None


def _empty(p):
    return []


# the fields: name, how a clone copies it, its value in a new game of p players
FIELDS = (
    Field("players", SAME, None),  # set by new_game / load
    Field("reveals", SAME, 0),  # what became known (meeple.core.record)
    Field("factions", SAME, None),  # faction index per seat
    Field("fseat", SAME, None),  # the seat of each faction in the game: seats_by_faction(factions)
    Field("rounds", SAME, None),
    Field("round", SAME, lambda p: 1),
    Field("order", SAME, None),  # turn order, seats (only ever replaced whole)
    Field("influence", LIST, _per_seat(0)),
    Field("lore", LIST, _per_seat(0)),
    Field("site_lore", COW1, _per_seat(0)),  # lore on an empty Site of Power
    Field("hand_size", COW1, _per_seat(START_HAND_SIZE)),
    Field("hands", LISTS, _lists_per_seat()),
    Field("known", LISTS, _lists_per_seat()),  # hand cards every seat saw arrive (from public view)
    Field("decks", LISTS, _lists_per_seat()),
    Field("discards", LISTS, _lists_per_seat()),
    Field("lost", LIST, _empty),
    Field("lost_sup", LIST, _per_seat(0)),
    Field("site", COW, _lists_per_seat()),  # Site of Power cards still to buy
    Field("hq", COW, _lists_per_seat()),
    Field("kdeck", LIST, _empty),
    Field("road", LIST, lambda p: [None] * ROAD_SIZE),
    Field("kdiscard", LIST, _empty),
    # per seat, per space: [kingdom, occupier] | None
    Field("boards", on_write(BOARDS), lambda p: [[None] * BOARD_SPACES for _ in range(p)]),
    Field("herald", LIST, _per_seat(-1)),
    Field("sup_board", LIST, _per_seat(SUPPORTERS)),
    Field("sup_map", COW, _lists_per_seat(3)),
    Field("sup_part", COW, _lists_per_seat(3)),  # supporters already counted in a clash
    Field("tokens", COW, _lists_per_seat(6)),  # faction tokens per location
    Field("councils", COW, lambda p: [[], [], []]),
    Field("bids", LIST, _per_seat(None)),
    Field("bids_open", SAME, lambda p: False),
    Field("facedown", COW, lambda p: [[], [], []]),
    Field("active", lists3_of(3), lambda p: [[], [], []]),  # per region: [gid, part, gt, gc, used, deploy, pass]
    Field("favour", SAME, lambda p: -1),  # its holder
    Field("favour_uses", SAME, lambda p: FAVOUR_USES),
    Field("used", LIST, _per_seat(0)),  # once-per-round flags (actions.U_*)
    Field("round_fx", LIST, _per_seat(0)),  # this round's effects (cards.FX_*)
    Field("clash_order", LIST, _empty),
    Field("taken", SAME, lambda p: False),  # a road card was taken in the bids
    Field("todo", LIST, _empty),  # the step stack: tuples, never changed in place
    Field("kind", SAME, _none),  # the pending decision
    Field("dseats", LIST, _empty),
    Field("darg", DARG, _none),
    Field("fd_pos", LIST, _per_seat(0)),
    Field("finished", SAME, lambda p: False),
    Field("winners", SAME, _empty),  # (only ever replaced whole)
    Field("rng", on_write(COPY), None),  # shuffles take it with s.mut("rng")
    Field("history", SAME, _none),
    Field("events", SAME, _none),
    Field("record", SAME, lambda p: True),
    Field("fd_log", COW, _lists_per_seat()),
    Field("tactics", COW, None),  # uses left per tactic tile
    Field("bonus", COW1, _per_seat(0)),
    Field("ctokens", COW, _lists_per_seat(3)),  # Uprising HQ2 council tokens
    Field("gtokens", COW, _lists_per_seat(3)),  # Gathering A2 council tokens
    Field("hqtok", COW1, _per_seat(0)),
    Field("ksupply", COW, _lists_per_seat()),
    # per seat, a bit per kingdom card it holds (on its board or in its supply:
    # cards.held_bits), kept by the one place that moves them (`_set_space`,
    # `_supply_add`, `_supply_remove`); replaced whole, never changed in place
    Field("kheld", SAME, _per_seat(0)),
    Field("kregion", COW3, lambda p: [[], [], []]),  # [seat, kingdom card] per region
    Field("kloc", COW3, lambda p: [[] for _ in range(6)]),  # [seat, kingdom card] per location
    Field("kburned", COW1, _empty),
    Field("joust", LIST, _per_seat(None)),
    Field("copies", COW, _empty),  # [card, copied card, with strength]
    Field("burned", COW1, _empty),
    Field("offer", COW, _lists_per_seat()),  # advanced setup: dealt kingdom cards
    Field("pick", COW, _lists_per_seat()),  # advanced setup: [kingdom card, occupier]
    Field("peeked", COW, _lists_per_seat()),  # face-down cards seen with the Uprising Favour
    Field("hid_known", SAME, _none),  # (move, cards everyone knew) hidden face down in that move
    Field("legal_now", CACHE, _none),  # the pending decision's legal actions, once the flow has them
    Field(SHARED, SAME, lambda p: 0),  # a bit per COW field this state may share with a clone
)


if TYPE_CHECKING:  # checked as the rule modules' state type (fields.py); at run time the slots come from FIELDS
    from meeple.games.okc.fields import OKCFields as _Typed
else:
    _Typed = FlowState


class OKCState(_Typed):
    game = "okc"
    RULES = RULES
    __slots__ = slots(FIELDS, FlowState)
    # the fields' types are on OKCFields (fields.py), what the rule modules take

    @classmethod
    def fresh(cls, players: int) -> OKCState:
        """A state of `players` seats with every field at its new-game value
        (those without one, None: new_game or load sets them)."""
        s = _fresh(players)
        s.players = players
        return s

    def clone(self) -> OKCState:  # replaced below by the one generated from FIELDS
        raise NotImplementedError

    mut = mut_function(FIELDS)

    # ------------------------------------------------------------ the flow
    def before_forced(self, acts: list[int]) -> None:
        """While recording, the flow has the pending decision's legal actions:
        mark what the hand told."""
        if self._forced_by_hand(len(acts)):
            self._mark_reveal()

    _advance = FlowState.advance

    # ------------------------------------------------------------ what the seats see
    def scores(self) -> list[int]:
        return list(self.influence)

    def _secret_move(self, move: str) -> str:
        """Other seats' bids, face-down cards and hidden cards read "?"."""
        return _redact(move)

    # ------------------------------------------------------------ small queries
    def seat_of(self, gid: int) -> int:
        """The seat of card gid's faction (a KeyError if it is not in the game)."""
        return self.fseat[gid // PER]

    def gid(self, seat: int, local: int) -> int:
        return self.factions[seat] * PER + local

    def votes(self, seat: int, council: int) -> int:
        mine = self.factions[seat]  # a card is seat's when g // PER is its faction
        v = sum(blank.council_votes(self, seat, g) for g in self.councils[council] if g // PER == mine)
        return v + self._token_votes(seat, council)

    def _token_votes(self, seat: int, council: int) -> int:
        """The votes of seat's council tokens there."""
        v = self.ctokens[seat][council]  # Uprising HQ2 tokens
        if self.gtokens[seat][council] and C.card_in_council(self, seat, "council_token"):
            v += self.gtokens[seat][council]  # Gathering A2 tokens, while it stays
        return v

    def has_votes(self, seat: int, council: int) -> bool:
        """votes(seat, council) > 0, read card by card until one votes (none
        counts less than nothing): autumn asks it at every decision."""
        mine = self.factions[seat]
        for g in self.councils[council]:
            if g // PER == mine and blank.council_votes(self, seat, g):
                return True
        return self._token_votes(seat, council) > 0

    def order_pos(self, seat: int) -> int:
        return self.order.index(seat)

    def tokens_free(self, seat: int) -> int:
        return FACTION_TOKENS - sum(self.tokens[seat]) - sum(self.ctokens[seat]) - sum(self.gtokens[seat])

    def hsize(self, s: int) -> int:
        """The hand size now: the marker, +1 while trade-17 is occupied (3..7)."""
        v = self.hand_size[s]
        if self.kheld[s] & HAND_SIZE_HEIR:
            v += 1
        return MIN_HAND_SIZE if v < MIN_HAND_SIZE else MAX_HAND_SIZE if v > MAX_HAND_SIZE else v

    def _find_active(self, gid: int):
        for r in range(3):
            for e in self.active[r]:
                if e[E_GID] == gid:
                    return r, e
        return None, None

    def _own_active(self, s: int, r: int | None = None, counted: bool = True):
        rs = range(3) if r is None else (r,)
        mine = self.factions[s]  # a card is seat s's when g // PER is its faction
        return [(x, e) for x in rs for e in self.active[x] if e[E_GID] // PER == mine and (counted or not e[E_PART])]

    def strength(self, g: int) -> int:
        """Printed strength plus gained strength (Gathering A3's copy)."""
        v = STR[g]
        for a3, src, with_strength in self.copies:
            if a3 == g and with_strength:
                v += STR[src]
        return v

    def _current_clash(self):
        """(region, participants, pass) of the clash being resolved, or None."""
        t = clashes.last_clash(self.todo)
        return None if t is None else (t[1], t[2], t[3])

    def _clash_n(self) -> int:
        t = clashes.last_clash(self.todo)
        return -1 if t is None else t[4]

    def _locked(self, s: int, r: int) -> bool:
        """Nobility tactic 2: another seat locked region r's first clash (the
        clash in progress there, or the one still to come)."""
        fx = self.round_fx
        if not any(fx):
            return False  # no effect this round at all
        bit = FX_LOCK << r
        for o in range(self.players):
            if o != s and fx[o] & bit:
                break
        else:
            return False  # nobody locked it
        cur = self._current_clash()
        return not (cur is not None and cur[0] == r and self._clash_n() != 0)

    def _unresolved(self) -> list[int]:
        """Regions whose clash has not begun yet this round."""
        for t in reversed(self.todo):
            if t[0] == "clashes":
                return self.clash_order[t[1] :]
        return []

    # ------------------------------------------------------------ shared moves
    def _ask_deploy(self, s: int, g: int) -> None:
        """Deploy card g from the hand: it is shown while its region is chosen
        (nothing new if everyone saw it go into the hand)."""
        if g not in self._hand_known(s):
            self._mark_reveal()
        self.ask("deploy", s, [g])

    def _hand_full(self, s: int) -> bool:
        """Would a card added to seat s's hand go on top of its deck instead?"""
        return len(self.hands[s]) >= self.hsize(s)

    def _back_to_hand(self, s: int, r: int, e) -> None:
        """Seat s's active card (its entry e in region r) goes back to the
        hand, told with whether the hand is full (then onto the deck)."""
        self.active[r].remove(e)
        g = e[E_GID]
        if self.record:  # (the words are built only for a recorded game)
            self._event("to-hand", s, (NAME[g], REGIONS[r], self._hand_full(s)))
        self._to_hand(s, g)

    def _to_hand(self, s: int, g: int) -> None:
        """A card (always from public view) added to the hand: everyone knows it
        is there. To a full hand it goes on top of the deck instead."""
        if len(self.hands[s]) >= self.hsize(s):
            self.decks[s].insert(0, g)
        else:
            self.hands[s].append(g)
            self.known[s].append(g)

    def _leave_hand(self, s: int, g: int) -> bool:
        """Card g leaves seat s's hand. Was it known to be there (showing it
        then tells nobody anything)?"""
        every = self.record and self._whole_hand_known(s)
        self.hands[s].remove(g)
        known = self.known[s]
        if g in known:
            known.remove(g)
            return True
        return every

    def _whole_hand_known(self, s: int) -> bool:
        """Every card of seat s's hand is known to all: by elimination, no
        other card of s is hidden anywhere (no deck, face-down card, bid)."""
        return not self.decks[s] and len(self._unplaced(s)) == len(self.hands[s])

    def _look_at_facedown(self, seat: int, r: int) -> None:
        """Seat looks at region r's face-down cards (the Uprising Favour,
        intrigue-06): told to it alone, and remembered (`peeked`)."""
        self._event("peek", seat, (REGIONS[r], [NAME[g] for g in self.facedown[r]]), private_to=seat)
        self._mark_reveal()
        self.mut("peeked")[seat] = sorted(set(self.peeked[seat]) | set(self.facedown[r]))

    def _hid_known(self, g: int) -> None:
        """Card g, which everyone knew, was just hidden face down. Revealed in
        this same move it shows only the choice the move made, nothing hidden.
        (The move is told by the history it was recorded in: recorded games only.)"""
        if self.record:
            h = self.hid_known
            self.hid_known = (self.history, (h[1] if h is not None and h[0] is self.history else ()) + (g,))

    def _hidden_this_move(self, cards) -> bool:
        """Were all these face-down cards ones everyone knew, hidden in this move?"""
        h = self.hid_known
        return h is not None and h[0] is self.history and all(g in h[1] for g in cards)

    def _hand_known(self, s: int) -> list[int]:
        """Seat s's hand cards everyone knows are there."""
        return list(self.hands[s]) if self._whole_hand_known(s) else self.known[s]

    def _discard_from_hand(self, s: int, a: int) -> None:
        """The chosen card (action CARD + local id) goes from the hand to the discard."""
        g = self.gid(s, a - CARD)
        if not self._leave_hand(s, g):
            self._mark_reveal()
        self.discards[s].append(g)
        self._event("discard", s, NAME[g])  # the discard is seen by all

    def _take_from_hand_or_map(self, s: int, g: int, shown: bool = True) -> None:
        """Card g leaves the hand (a reveal if it is `shown`: the Shrine puts
        it under the deck unseen, any card allowed) or the map."""
        if g in self.hands[s]:
            if not self._leave_hand(s, g) and shown:
                self._mark_reveal()
        else:
            r, e = self._find_active(g)
            self.active[r].remove(e)

    def _journey(self, s: int, g: int) -> None:
        """Journey with a hand or active card: its Pathfinder and lore are read
        where it stands (blank there means ignored), then it leaves."""
        t, lore = blank.card_traits(self, s, g), blank.card_lore_icons(self, s, g)
        lore = C.journey_lore(self, s, lore)
        self._take_from_hand_or_map(s, g)
        if t & PATHFINDER:
            self.discards[s].append(g)
        else:
            self.lost.append(g)
            if C.owns_kingdom(self, s, "council_to_hand"):  # intrigue-01: "may go to the deck bottom"
                kingdom.may_instead(self, s, g, "lost", "deck-bottom", "journey")
        if self.record:
            self._event("journey", s, NAME[g])
        if t & PATHFINDER and C.owns_kingdom(self, s, "pathfinder_journey_bonus"):
            self._gain_influence(s, 1)
            lore += 1
        self._gain_lore(s, lore)

    def _gain_influence(self, s: int, n: int) -> None:
        if n:
            self.influence[s] += n
            if self.record:  # (told only in a recorded game: most influence is gained in rollouts)
                self._event("influence", s, n)

    def _gain_lore(self, s: int, n: int) -> None:
        """Lore to the supply, then the seat may buy. With an empty Site of Power
        the seat may put it onto the Site instead (2 lore there = 1 influence
        at the end): a choice, asked as the next step."""
        if n <= 0:
            return
        if not self.site[s]:
            self.push("site_lore", s, n)
            return
        self._lore_to_supply(s, n)

    def _lore_to_supply(self, s: int, n: int) -> None:
        self.lore[s] += n
        if self.record:
            self._event("lore", s, n)
        if self.can_buy(s):
            self.push("buy", s)

    def can_buy(self, s: int) -> bool:
        """Has seat s the lore for one of its Site of Power cards still to buy?"""
        lore, cost = self.lore[s], COST
        for g in self.site[s]:  # (a loop: asked at each lore gained)
            if cost[g] <= lore:
                return True
        return False

    def _draw(self, s: int, n: int, shown: bool = True) -> None:
        """Draw n cards (attrition when the deck is empty); `shown` unless
        the seat can tell which cards they are."""
        hand, deck = self.hands[s], self.decks[s]
        for _ in range(n):
            if not deck:
                self._attrition(s)
                if not deck:
                    return
            hand.append(deck.pop(0))
            if shown:
                self._mark_reveal()

    def _attrition(self, s: int) -> None:
        deck = self.decks[s]
        deck.extend(self.discards[s])
        self.discards[s] = []
        self.mut("rng").shuffle(deck)
        absorb = [k for k in self.ksupply[s] if KEFFECT[k] == "absorb_attrition"]
        if absorb:  # trade-04 absorbs it
            self._supply_remove(s, absorb[0])
            self.kdiscard.append(absorb[0])
            self._event("attrition-absorbed", s, KNAME[absorb[0]])
        else:
            self.mut("hand_size")[s] = max(MIN_HAND_SIZE, self.hand_size[s] - 1)
            self._event("attrition", s, self.hand_size[s])

    def _draw_to_size(self, s: int) -> None:
        hand = self.hands[s]
        before = len(hand)
        self._draw_up(s)
        if len(hand) > before and self.record:
            self._event("draw-up", s, (len(hand) - before, len(hand)))

    def _draw_up(self, s: int) -> None:
        hand, deck = self.hands[s], self.decks[s]
        size = self.hsize(s)
        while len(hand) < size:
            if not deck:
                # attrition: the discard becomes the deck, the hand size drops
                self._attrition(s)
                if not deck:
                    break
                size = self.hsize(s)
                continue
            hand.append(deck.pop(0))
            self._mark_reveal()

    def swap_facedown(self, o: int, ra: int, rb: int) -> None:
        """Seat o's face-down cards in regions ra and rb change places."""
        fd = self.mut("facedown")
        ga = next(g for g in fd[ra] if self.seat_of(g) == o)
        gb = next(g for g in fd[rb] if self.seat_of(g) == o)
        fd[ra].remove(ga)
        fd[rb].remove(gb)
        fd[ra].append(gb)
        fd[rb].append(ga)
        fd[ra].sort()
        fd[rb].sort()

    # ------------------------------------------------------------ kingdom cards held
    def _set_space(self, s: int, j: int, space: list[int] | None) -> None:
        """Board space j of seat s now holds `space` ([kingdom card, occupier] or None).
        A new kingdom card there has its own action, not yet used this round
        (the once-a-round mark is kept per space: U_KINGDOM << j)."""
        old = self.boards[s][j]
        if space is not None and (old is None or old[0] != space[0]) and self.used[s] & U_KINGDOM << j:
            self.used[s] &= ~(U_KINGDOM << j)
        self.mut("boards")[s][j] = space
        self._held_changed(s)

    def _supply_add(self, s: int, kc: int) -> None:
        self.mut("ksupply")[s].append(kc)
        self._held_changed(s)

    def _supply_remove(self, s: int, kc: int) -> None:
        self.mut("ksupply")[s].remove(kc)
        self._held_changed(s)

    def _held_changed(self, s: int) -> None:
        """Seat s's kingdom cards changed: its bits of `kheld` again (a new
        list: a clone may share the old one)."""
        held = self.kheld.copy()
        held[s] = C.held_bits(self, s)
        self.kheld = held

    def _kingdom_gained(self, s: int, kc: int) -> None:
        """Uprising HQ2: a token on the council of the card's suit (max 2 per council)."""
        if C.has_hq(self, s, "uprising_hq2"):
            c = kc // 17
            if self.ctokens[s][c] < 2 and self.tokens_free(s) > 0:
                self.mut("ctokens")[s][c] += 1

    def _refill_road_now(self) -> None:
        """After a card leaves the Great Road outside bidding: slide right, refill."""
        road = self.road
        rest: list[int | None] = [c for c in road if c is not None]
        road[:] = [None] * (ROAD_SIZE - len(rest)) + rest
        new = []
        for i in range(ROAD_SIZE - 1, -1, -1):
            if road[i] is None:
                if not self.kdeck and self.kdiscard:
                    self.kdeck = self.kdiscard
                    self.kdiscard = []
                    self.mut("rng").shuffle(self.kdeck)
                if self.kdeck:
                    card = road[i] = self.kdeck.pop(0)
                    self._mark_reveal()
                    new.append(KNAME[card])
        if new:
            self._event("road", None, new)

    def _leave_council(self, g: int) -> None:
        """A card removed from a council goes to its owner's discard; with Clans
        HQ1 or intrigue-01 its owner is then asked whether it goes to hand."""
        o = self.seat_of(g)
        self.discards[o].append(g)
        if C.has_hq(self, o, "clans_hq1"):  # "may go to hand"
            kingdom.may_instead(self, o, g, "discard", "hand", "clans-hq1")
        elif C.owns_kingdom(self, o, "council_to_hand"):
            kingdom.may_instead(self, o, g, "discard", "hand", "intrigue-01")

    # ------------------------------------------------------------ undo: what a hand decides
    def _forced_by_hand(self, n: int) -> bool:
        """Could the hidden hand decide whether this decision (n options) is
        answered for its seat (one option) or asked? Either way tells everyone
        something of that hand: it does if some hand the others think
        possible (`_some_hand`) would have done the other.
        (Only for recorded games: the undo needs it, rollouts do not.)"""
        s = self.dseats[0]
        if len(self._hand_known(s)) >= len(self.hands[s]):
            return False
        if n > 1:
            return self._some_hand(s, lambda acts: len(acts) <= 1)
        if self._hands_few(s):  # some possible hand would have offered more
            known = self._hand_known(s)
            pool = sorted(set(self._unplaced(s)) - set(known))
            return any(
                len(self._actions_with_hand(s, known + list(rest))) > 1
                for rest in combinations(pool, len(self.hands[s]) - len(known))
            )
        # too many hands to try: some card not known in it, swapped for one
        # the others cannot place, would have offered another option
        hand, known = self.hands[s], self._hand_known(s)
        rest = list(hand)
        rest.remove(next(g for g in reversed(hand) if g not in known))
        return any(len(self._actions_with_hand(s, rest + [g])) > 1 for g in sorted(set(self._unplaced(s)) - set(hand)))

    _FEW_HANDS = 64  # up to this many hands the others think possible are each tried

    def _hands_few(self, s: int) -> bool:
        known = self._hand_known(s)
        return comb(len(set(self._unplaced(s)) - set(known)), len(self.hands[s]) - len(known)) <= self._FEW_HANDS

    def _some_hand(self, s: int, test, kind: str | None = None) -> bool:
        """Does `test(legal actions)` of decision `kind` (the pending one by
        default) hold for a hand the others think possible: its known cards
        and as many of the cards they cannot place as its size (they know it)?
        `test` must be one that fewer cards can only make hold (a hand offers
        what its cards offer): one option at most, an action missing.
        First the worst cases, the known cards and the rest copies of one
        card (none holds: no hand does); then, when there are few, each hand."""
        known = self._hand_known(s)
        k = len(self.hands[s]) - len(known)
        if k <= 0:
            return False
        pool = sorted(set(self._unplaced(s)) - set(known))
        if not any(test(self._actions_with_hand(s, known + [g] * k, kind)) for g in pool):
            return False
        return comb(len(pool), k) > self._FEW_HANDS or any(
            test(self._actions_with_hand(s, known + list(rest), kind)) for rest in combinations(pool, k)
        )

    def _unplaced(self, s: int) -> list[int]:
        """Seat s's cards that another seat cannot locate: any may be in its hand."""
        out = self.hands[s] + self.decks[s] + self.pick[s][1:]
        out += [g for f in self.facedown for g in f if self.seat_of(g) == s]
        out += [g for g in (self.joust[s], None if self.bids_open else self.bids[s]) if g is not None]
        return out

    def _actions_with_hand(self, s: int, hand: list[int], kind: str | None = None) -> list[int]:
        """Seat s's legal actions in decision `kind` (the pending one by
        default) were `hand` its hand."""
        real, pending = self.hands[s], self.kind
        self.hands[s] = hand
        if kind is not None:
            self.kind = kind
        try:
            return self.RULES.decisions[self.kind].legal(self, s)  # type: ignore[index]  # a decision is pending
        finally:
            self.hands[s] = real
            self.kind = pending


def seats_by_faction(factions: list[int]) -> dict[int, int]:
    """faction -> its seat, for the factions in the game (`OKCState.fseat`)."""
    return {f: seat for seat, f in enumerate(factions)}


OKCState.clone = clone_function(OKCState, FIELDS)  # type: ignore[method-assign, assignment]  # generated code
for _name, _own in own_functions(FIELDS).items():  # s.own_<field>(): s.mut(field) for one field, at half the cost
    setattr(OKCState, _name, _own)
_fresh = fresh_function(OKCState, FIELDS)


# moves whose card may be one only its owner sees (a hand or face-down card):
# hide (ambush/tie), bottom (Shrine), deploy and choose (named before the card
# is placed), swap/with (Uprising Favour, intrigue-03/08 swaps)
_PRIVATE_VERBS = ("hide", "bottom", "deploy", "choose", "swap", "with")
_LOCAL_NAMES = frozenset(n.split(":", 1)[1] for n in NAME)


def _redact(m: str) -> str:
    seat = named_seat(m)
    if seat is not None:  # a secret choice: only its verb shows
        words = unnamed(m).split() or [""]
        return seat_move(seat, " ".join([words[0]] + ["?"] * (len(words) - 1)))
    words = m.split()
    if words and words[0] in _PRIVATE_VERBS:
        return " ".join([words[0]] + ["?" if w in _LOCAL_NAMES else w for w in words[1:]])
    return m


def new_game(
    players: int,
    seed: int = 0,
    factions: list[str] | None = None,
    rounds: int = ROUNDS,
    record: bool = True,
    advanced: bool = False,
    **options,
) -> OKCState:
    """A new game. `rounds` 6, or 4/5 for a skirmish; `advanced` the advanced
    setup (its table is a placeholder: data.ADVANCED_TABLE). Options of other
    games that are off (the CLI passes `fairy=False` to every game) are ignored."""
    refuse_unknown_options("okc", options, ("rounds", "advanced", "factions"))
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError(f"okc is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    if rounds not in (ROUNDS,) + SKIRMISH_ROUNDS:
        raise GameError(f"a game has {ROUNDS} rounds, or 4 or 5 for a skirmish, not {rounds}")
    rng = Rng(seed)
    if factions is None:
        fs = list(range(len(FACTIONS)))
        rng.shuffle(fs)
        fs = sorted(fs[:players])
    else:
        if len(factions) != players or len(set(factions)) != players or any(f not in FACTIONS for f in factions):
            raise GameError(f"give {players} different factions of {', '.join(FACTIONS)}")
        fs = [FACTIONS.index(f) for f in factions]
    s = OKCState.fresh(players)
    s.factions = fs
    s.fseat = seats_by_faction(fs)
    s.rounds = rounds
    s.rng = rng
    s.kdeck = list(range(NK))
    rng.shuffle(s.kdeck)
    if advanced:
        for i in range(players):
            s.offer[i] = [s.kdeck.pop(0) for _ in range(ADVANCED_OFFER)]
    draw = ADVANCED_TABLE[rounds][0] if advanced else START_HAND_SIZE - 1
    for i, f in enumerate(fs):
        deck = C.basic_cards(f)
        heir = deck.pop(HEIR)
        rng.shuffle(deck)
        s.hands[i] = [heir] + deck[:draw]
        s.known[i] = [heir]  # everyone starts with its heir in hand
        s.decks[i] = deck[draw:]
        s.site[i] = C.site_cards(f)
    s.road = [s.kdeck.pop(0) for _ in range(ROAD_SIZE)]
    order = list(range(players))
    rng.shuffle(order)
    s.order = order
    s.todo = [("round",)]
    if advanced:
        s.todo += [("advanced_reveal",), ("advanced",)]
    s.tactics = [[u for _, u, _ in TACTICS[f]] for f in fs]
    s.record = record
    s.advance()
    return s
