"""Anunnaki: Dawn of the Gods — the state.

The rules are declared for the shared flow (`meeple.core.flow`), each
decision once with its legal actions, effect and question, in the module of
the part of the game it belongs to: `turn` (turn and tiles), `movement`
(units, harvest, followers, settlements), `battle`, `effects` (card effects:
gains, tracks, contracts, gods' powers, artifacts) and `culture` (culture
tokens and the end). Those modules also give the state the rule queries it
answers (mixins); this one holds the fields, the board queries every part
uses, and the new game.

Turn flow is a stack of steps (`todo`, last first): a turn pushes main action,
mana action, additional actions, battles, culture tokens and the turn's end;
each step either changes the state or sets a pending decision. Decisions stay
small (a move of several units is unit by unit, a harvest region by region);
actions are small ints (`actions.py`) whose words are the MOVE notation.

The weapon choice of a battle between two players is a simultaneous decision
(`decision().seats` = the seats still to choose); a chosen card stays secret
(`secret`) until both have chosen and the cards are revealed.

All state fields are plain JSON values (names, not indexes), so STATE is the
state itself; all component numbers come from `data.py`.
"""

from __future__ import annotations

from bisect import bisect
from operator import itemgetter

from meeple.core.fields import (
    CACHE,
    COPY,
    LIST,
    SAME,
    SHARED,
    Copy,
    Field,
    clone_function,
    mut_function,
    on_write,
    own_functions,
    slots,
)
from meeple.core.flow import FlowState
from meeple.core.rng import Rng
from meeple.core.spec import refuse_unknown_options
from meeple.games.anunnaki.actions import (  # noqa: F401  (the action space, read here by bots and encoders)
    ART_IDS,
    ARTIFACT,
    BALLISTA_GOD,
    CHOICE,
    CONTRACT,
    FULFILL,
    HEX,
    HORN,
    MANA,
    MANA_KINDS,
    MARKET,
    METAL,
    NDEV,
    PANDORA,
    PASS,
    PORTAL_BASIC,
    RES,
    RI,
    SEAT_FIELDS,
    SETTLEMENT,
    SETUP,
    SPACE,
    STRENGTH,
    SUMMON,
    SUMMON_MAJOR,
    TILE,
    TRACK_CHOICES,
    UNIT,
    WEAPON,
    WEAPON_KINDS,
    WPAIR,
    YES,
    _copy,
    action_to_str,
)
from meeple.games.anunnaki.battle import Battle
from meeple.games.anunnaki.board import layout
from meeple.games.anunnaki.culture import ALL_SPOTS, CultureEnd
from meeple.games.anunnaki.data import DATA, RESOURCES
from meeple.games.anunnaki.declare import RULES, queued
from meeple.games.anunnaki.effects import Effects
from meeple.games.anunnaki.movement import Movement, _run_flip
from meeple.games.anunnaki.turn import Turn, _run_setup_gods, _run_start_turn

DATA.check_rewards()  # every reward is declared now (rewards.DECLARED): the lists of the data name them

_COPY = itemgetter(slice(None))  # v -> v[:], called from C


def _lists(x):
    if type(x) is dict:
        return dict(zip(x, map(_COPY, x.values()), strict=True))
    return [None if v is None else v[:] for v in x]


# the list-valued entries of a seat record (the rest are numbers, flags and names)
SEAT_LISTS = (
    "res",
    "tracks",
    "cubes",
    "developed",
    "tokens",
    "gods_offer",
    "summoned",
    "hand",
    "pile",
    "contracts",
    "fulfilled",
    "artifacts",
    "pandora",
    "defeated",
)


def _seat_copier():
    """`_seat(sd)`: a seat record with each of its SEAT_LISTS copied, the
    loop over them unrolled (`own_seat`: a state's own copy of a record a
    clone may share)."""
    lines = ["def _seat(sd: dict) -> dict:", "    d = sd.copy()"]
    lines += [f"    d[{k!r}] = sd[{k!r}][:]" for k in SEAT_LISTS]
    scope: dict = {}
    exec("\n".join(lines + ["    return d"]), scope)
    return scope["_seat"]


_seat = _seat_copier()

# the argument of a decision that has none: shared, as decision arguments are never changed in place


# Anunnaki's own copy kinds, beside the standard ones of `meeple.core.fields`
LISTS_OR_NONE = Copy("_lists({0})", {"_lists": _lists})  # a list (None kept) or dict of lists
DICTS = Copy("[d.copy() for d in {0}]")  # a list of dicts
# the seats whose records a state owns (`own_seat`): a clone owns none, and
# neither does the original any more (its set emptied in place)
DISOWN = Copy("{0}.clear() or set()")
DEEP = Copy("_copy({0}) if {0} else {{}}", {"_copy": _copy})  # nested JSON

# Every field of the state once, with how a clone copies it (`meeple.core.fields`;
# SAME: never changed in place, replaced whole or fixed for the game; COPY
# for a dict and the generator). The
# slots and `clone` follow from it; STATE (`notation.dump`/`load`) names each field too.
FIELDS = tuple(
    Field(name, how)
    for name, how in (
        ("players", SAME),
        ("houses", SAME),
        ("lay", SAME),
        ("arrangement", SAME),
        ("first_game", SAME),
        ("current", SAME),
        ("end_triggered", SAME),
        ("finished", SAME),
        ("winners", SAME),
        # the seat records: each shared by a clone until one side writes it (`own_seat`)
        ("seats", LIST),
        ("seat_own", DISOWN),
        ("fol", on_write(LISTS_OR_NONE)),  # shared by a clone until written (mut)
        ("gods", on_write(DICTS)),
        ("stl", COPY),
        ("osl", on_write(DICTS)),
        ("exh", on_write(LISTS_OR_NONE)),
        ("anc", on_write(LISTS_OR_NONE)),
        ("cul", on_write(LISTS_OR_NONE)),
        ("cul_check", SAME),  # the culture spots whose regions changed since the last culture step (bits)
        ("occ", on_write(COPY)),  # region -> the seats with units there (bits), kept by `_changed`
        ("mine", SAME),  # per seat, the regions holding its units in layout order (tuples, replaced whole)
        ("deck", LIST),
        ("display", LIST),
        ("art_deck", LIST),
        ("art_seen", LIST),
        ("conquests", SAME),
        ("dom_tokens", LIST),
        ("objectives", SAME),
        ("removed", LIST),
        ("used", LIST),
        ("flags", COPY),
        # the pending decision and the step stack (steps and decision arguments are never changed in place)
        ("kind", SAME),
        ("dseats", LIST),
        ("darg", SAME),
        ("todo", LIST),
        ("ctx", DEEP),
        ("secret", COPY),
        ("final", SAME),
        ("rng", COPY),
        ("reveals", SAME),
        ("history", SAME),
        ("events", SAME),
        ("record", SAME),
        ("legal_now", CACHE),  # the pending decision's legal actions, once the flow has them
        (SHARED, SAME),  # a bit per field shared by a clone until written (`mut`)
    )
)
_BASE_FIELDS = frozenset(FlowState.__slots__) | {"reveals"}


class AnunnakiState(Turn, Movement, Battle, Effects, CultureEnd, FlowState):
    game = "anunnaki"
    RULES = RULES
    __slots__ = slots(FIELDS, FlowState)

    # ------------------------------------------------------------ basics
    def clone(self) -> AnunnakiState:
        raise NotImplementedError  # replaced by the copier generated from FIELDS below

    # the board's followers, gods, Odin's settlements, exhausted icons,
    # ancient sites and culture tokens are shared by a clone until one side
    # changes them: whatever changes them in place takes them with `mut(name)` first
    mut = mut_function(FIELDS)  # type: ignore[assignment]  # generated code

    def own_seat(self, seat: int) -> dict:
        """Seat `s`'s record, about to change in place: this state's own copy
        first if a clone may share it (a clone copies the list of records
        only; most records are never written before the clone is dropped,
        or by the few moves after it). Everything that changes a record,
        its numbers or its lists, takes it here."""
        if seat in self.seat_own:
            return self.seats[seat]
        self.seat_own.add(seat)
        sd = self.seats[seat] = _seat(self.seats[seat])
        return sd

    def scores(self) -> list[int]:
        return [sd["vp"] for sd in self.seats]

    def _secret_move(self, move: str) -> str:
        """Another seat's secret choice ("@seat weapon") reads "?" to others, and
        so do the advanced weapon it draws or puts back and its Destiny track."""
        if move.startswith("@"):
            return move.split(" ", 1)[0] + " ?"
        w = move.split(" ")
        if len(w) == 2 and w[0] in ("draw", "lose", "destiny"):
            return w[0] + " ?"
        return move

    # ------------------------------------------------------------ the flow
    def before_forced(self, acts: list[int]) -> None:
        """While recording, the flow has the pending decision's legal actions:
        mark what a hidden hand told."""
        if self.kind in WEAPON_KINDS:
            # asked or answered for it: either tells whether it had one choice
            # (counted for a recorded game: undo reads it; other hands are
            # tried before the actions are kept: legal_actions works them out)
            seat, forced = self.dseats[0], len(acts) == 1
            if self._weapons_tell(seat, lambda: (len(self.legal_actions(seat)) == 1) != forced):
                self._mark_reveal()

    def advance(self) -> None:
        FlowState.advance(self)
        if self.kind is None and not self.finished:
            raise AssertionError("no step left and no decision")

    _advance = advance

    def action_to_str_for(self, a: int, seat: int) -> str:
        return action_to_str(self, a, seat)

    def _changed(self, h: str, s: int) -> None:
        """Seat `s`'s units or settlements in region `h` (or its ancient site)
        have changed (called after the change): who holds and controls it is
        read off `occ` and `mine`, kept here instead of scanning the board,
        and the culture step looks at its spots again."""
        self.cul_check |= self.lay.spot_bits[h]
        bit, old = 1 << s, self.occ[h]
        # (`mut("occ")`, a call less while no clone shares any field)
        if self.fol[h][s] or h in self.osl[s] or h in self.gods[s].values():
            if old & bit:
                return
            (self.mut("occ") if self.shared else self.occ)[h] = old | bit
            index = self.lay.index
            regions = list(self.mine[s])  # (tuples rebuilt through lists: cheaper than slices joined)
            regions.insert(bisect(regions, index[h], key=index.__getitem__), h)  # (in layout order)
        else:
            if not old & bit:
                return
            (self.mut("occ") if self.shared else self.occ)[h] = old & ~bit
            regions = list(self.mine[s])
            regions.remove(h)  # (its bit was set: h is one of its regions)
        mine = list(self.mine)
        mine[s] = tuple(regions)
        self.mine = tuple(mine)

    def _recount(self) -> None:
        """`occ` and `mine` worked out from the board (a new or loaded state)."""
        self.occ = occupancy(self)
        self.mine = holdings(self.occ, self.players)

    def _push(self, *steps) -> None:
        """Queue steps (lists, never changed in place: clones share them) to
        run in the order given (a single step is appended to `todo` as is)."""
        self.todo += steps[::-1]

    def _hexacts(self, hexes, out: list[int] | None = None) -> list[int]:
        """The actions naming regions `hexes`, after those of `out` (a new
        list if none); a loop: in Python 3.11 `[*map(d.__getitem__, ...)]`
        costs half as much again."""
        if out is None:
            out = []
        action = self.lay.action
        for h in hexes:
            out.append(action[h])
        return out

    def _order_from(self, seat) -> list[int]:
        return [(seat + i) % self.players for i in range(self.players)]

    # ------------------------------------------------------------ queries
    def house(self, seat: int) -> dict:
        return DATA.houses[self.houses[seat]]

    def minor_list(self, seat: int) -> list:
        return self.house(seat)["minor_gods"]

    def weapon_list(self, seat: int) -> list:
        h = self.house(seat)
        return h["basic_weapons"] + h["advanced_weapons"]

    def has(self, seat: int, god: str) -> bool:
        return god in self.seats[seat]["summoned"]

    def power(self, seat: int, power: str) -> bool:
        maj = DATA.major[self.houses[seat]]
        if maj["basic"] == power:
            return True
        return maj["upgraded"] == power and self.seats[seat]["major"]

    def units_at(self, h: str, seat: int, settlements: bool = True, god_strength: int | None = None) -> list[int]:
        """Strengths of `seat`'s units at `h` (with Odin's settlements-as-units
        unless `settlements` is False: they are units only for movement, portal
        and battle effects); `god_strength` replaces every god's (Ballista)."""
        out = [STRENGTH["follower"]] * self.fol[h][seat]
        for g, where in self.gods[seat].items():
            if where == h:
                out.append(god_strength or (STRENGTH["major"] if g == "major" else STRENGTH["minor"]))
        if settlements:
            n = self.osl[seat].get(h, 0)
            if n:
                out.extend([self.settlement_unit_strength(seat)] * n)
        return out

    def settlement_unit_strength(self, seat: int) -> int:
        return 2 if self.power(seat, "odin_settlement_strength_2") else 0

    def has_units(self, h: str, seat: int) -> bool:
        if self.fol[h][seat] or self.osl[seat].get(h):
            return True
        return h in self.gods[seat].values()

    def settlements_of(self, seat: int) -> list[str]:
        """The regions of `seat`'s settlements (repeated if several)."""
        out = []
        for h, o in self.stl.items():
            if o == seat:
                out.append(h)
        for h, n in self.osl[seat].items():
            out.extend([h] * n)
        return out

    def has_settlement(self, h: str) -> bool:
        if h in self.stl:
            return True
        for o in self.osl:  # Odin's settlement units
            if o.get(h):
                return True
        return False

    def occupants(self, h: str) -> list[int]:
        """The seats with units in region h (followers, gods, settlement units)."""
        m = self.occ[h]
        out = []
        for s in range(self.players):
            if m >> s & 1:
                out.append(s)
        return out

    def controller(self, h: str):
        """The seat controlling region h, or None: its one occupant, unless it
        is an ancient site, or, with none, the owner of a settlement there."""
        m = self.occ[h]
        if m:
            if m & (m - 1) or h in self.anc:
                return None  # two occupants (contested) or an ancient site
            return m.bit_length() - 1
        return self.stl.get(h)

    def controllers(self) -> dict:
        """The controller of every region at once (None: nobody), for rules
        that look at many regions; the same as `controller`."""
        out = dict.fromkeys(self.fol)
        out.update(self.stl)
        controller = self.controller
        for h, m in self.occ.items():
            if m:
                out[h] = controller(h)
        return out

    def controlled(self, seat: int, controllers: dict | None = None) -> list[str]:
        """Regions `seat` controls, in layout order (from `controllers()` when
        the caller has it already)."""
        if controllers is not None:
            return [h for h, c in controllers.items() if c == seat]
        # where seat has units, it controls the region if no other seat has
        # any there and it is no ancient site; where it has only a settlement,
        # if nobody has units there (as `controller`)
        occ, anc, me = self.occ, self.anc, 1 << seat
        out = []
        for h in self.mine[seat]:
            if occ[h] == me and h not in anc:
                out.append(h)
        if seat in self.stl.values():
            held = len(out)
            for h, o in self.stl.items():
                if o == seat and not occ[h]:
                    out.append(h)
            if len(out) > held:  # (most turns none: its settlements' regions hold its units)
                out.sort(key=self.lay.index.__getitem__)
        return out

    def has_followers(self, seat: int) -> bool:
        """Has `seat` a follower on the board?"""
        fol = self.fol
        for h in self.mine[seat]:
            if fol[h][seat]:
                return True
        return False

    def followers_out(self, seat: int) -> int:
        """`seat`'s followers on the board, counted in its regions with
        units (`mine`) rather than over the whole board."""
        fol, n = self.fol, 0
        for h in self.mine[seat]:
            n += fol[h][seat]
        return n

    def supply(self, seat: int) -> int:
        return SETUP["followers"] - self.followers_out(seat)

    def shrines(self, seat: int, controllers: dict | None = None) -> int:
        info = self.lay.info
        n = 1 if self.has(seat, "poseidon") else 0
        for h in self.controlled(seat, controllers):
            n += info[h]["shrines"]
        return n

    def objective(self, seat: int, obj: str, controllers: dict | None = None) -> int:
        o = DATA.objectives[obj]
        if obj == "shrines":
            n = self.shrines(seat, controllers)
        elif obj == "settlements":
            n = len(self.settlements_of(seat))
        elif obj == "regions":
            # with the controllers at hand, the regions seat controls are counted in C
            n = len(self.controlled(seat)) if controllers is None else [*controllers.values()].count(seat)
        else:
            n = self.followers_out(seat) + len(self.gods[seat])  # settlements aside
        return min(o["max"], n // o["divisor"])

    def can_pay(self, seat: int, cost: dict) -> bool:
        res = self.seats[seat]["res"]
        need = 0
        for r, n in cost.items():
            if r == "any":
                continue
            if res[RI[r]] < n:
                return False
            need += n
        return sum(res) - need >= cost.get("any", 0)

    def weapon_cost(self, seat: int, w: str) -> dict:
        cost = dict(DATA.weapons[w]["cost"])
        if self.has(seat, "sekhmet") and cost:
            k = "metal" if "metal" in cost else next(iter(cost))
            cost[k] -= 1
            if cost[k] <= 0:
                del cost[k]
        return cost

    def _dev_cap(self, seat: int) -> int:
        return NDEV - 1 if self.seats[seat]["dom"] >= DATA.lightning else NDEV - 2


def occupancy(s: AnunnakiState) -> dict[str, int]:
    """Region -> the seats with units there (bit s: seat s), counted from the
    board: followers, gods and settlement units."""
    occ = dict.fromkeys(s.lay.hexes, 0)
    for h, f in s.fol.items():
        for seat, n in enumerate(f):
            if n:
                occ[h] |= 1 << seat
    for seat in range(s.players):
        for h in s.gods[seat].values():
            occ[h] |= 1 << seat
        for h in s.osl[seat]:
            occ[h] |= 1 << seat
    return occ


def holdings(occ: dict[str, int], players: int) -> tuple[tuple[str, ...], ...]:
    """Per seat, the regions holding its units in layout order (`occ`'s order)."""
    held: list[list[str]] = [[] for _ in range(players)]
    for h, m in occ.items():
        if m:  # (most regions hold nobody's units at the start)
            for s in range(players):
                if m >> s & 1:
                    held[s].append(h)
    return tuple(map(tuple, held))


AnunnakiState.clone = clone_function(AnunnakiState, FIELDS)  # type: ignore[method-assign, assignment]  # generated code
for _name, _own in own_functions(FIELDS).items():  # s.own_<field>(): s.mut(field) for one field, at half the cost
    setattr(AnunnakiState, _name, _own)


# ------------------------------------------------------------------ new game
def new_game(
    players: int,
    seed: int = 0,
    houses: list[str] | None = None,
    first_game: bool = False,
    record: bool = True,
    **options,
) -> AnunnakiState:
    """A new game (an option Anunnaki does not have is refused as in every game)."""
    refuse_unknown_options("anunnaki", options, ("houses", "first_game"))
    from meeple.core.game import GameError
    from meeple.games.anunnaki.data import MAX_PLAYERS, MIN_PLAYERS

    if not isinstance(players, int) or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameError(f"anunnaki is for {MIN_PLAYERS}-{MAX_PLAYERS} players, not {players}")
    rng = Rng(seed)
    if houses is None:
        pool = list(DATA.house_ids)
        rng.shuffle(pool)
        houses = pool[:players]
    houses = list(houses)
    if len(houses) != players or len(set(houses)) != players or any(h not in DATA.houses for h in houses):
        raise GameError(f"houses must be {players} different of {', '.join(DATA.house_ids)}")
    s = AnunnakiState.__new__(AnunnakiState)
    s.players = players
    s.houses = houses
    s.lay = lay = layout(houses, players)
    s.first_game = bool(first_game)
    s.current = 0
    s.end_triggered = False
    s.finished = False
    s.winners = []
    s.record = record
    s.history = None
    s.events = None
    s.used = []
    s.flags = {}
    s.ctx = {}
    s.secret = {}
    s.final = None
    s.removed = []
    s.art_seen = []
    s.conquests = 0
    tiles = sorted(DATA.tiles)
    rng.shuffle(tiles)
    s.arrangement = tiles
    s.fol = {h: [0] * players for h in lay.hexes}
    s.gods = [dict() for _ in range(players)]
    s.stl = {}
    s.osl = [dict() for _ in range(players)]
    s.exh = {}
    s.seats = []
    s.seat_own = set(range(players))  # records made here: no clone shares them yet
    for i, house in enumerate(houses):
        h = DATA.houses[house]
        offer = list(h["minor_gods"])
        rng.shuffle(offer)
        offer = offer[: SETUP["minor_keep"] if first_game else SETUP["minor_draw"]]
        s.seats.append(
            {
                "res": [SETUP["resources"][r] for r in RESOURCES],
                "mana": SETUP["mana"],
                "vp": 0,
                "tracks": [0, 0, 0],
                "dom": DATA.dom_start,
                "pawn": -1,
                "cubes": [],
                "developed": [],
                "tokens": [],
                "major_token": False,
                "free_minor": 0,
                "free_major": False,
                "gods_offer": offer,
                "summoned": [],
                "major": False,
                "hand": list(h["basic_weapons"]),
                "pile": list(h["advanced_weapons"]),
                "settle_left": SETUP["settlements"] - 1,
                "contracts": [],
                "fulfilled": [],
                "artifacts": [],
                "pandora": [],
                "destiny": None,
                "defeated": [],
                "turns": 0,
            }
        )
        cap = lay.capital[i]
        if DATA.major[house]["basic"] == "odin_settlement_units":
            s.osl[i][cap] = 1
        else:
            s.stl[cap] = i
        s.fol[cap][i] += SETUP["capital_followers"]
        s.fol[lay.start_hex[i]][i] += SETUP["shrine_follower"]
    anc = list(DATA.ancient)
    rng.shuffle(anc)
    s.anc = {}
    for h in lay.ancient_sites:
        s.anc[h] = [anc.pop(), False, lay.info[h]["atlantis"]]
    cul = list(DATA.culture)
    rng.shuffle(cul)
    s.cul = [[cul.pop(), False] for _ in lay.spots]
    s.cul_check = ALL_SPOTS
    s._recount()
    arts = list(DATA.artifacts)
    rng.shuffle(arts)
    s.art_deck = arts[: SETUP["artifacts_used"]]
    deck = [c for c, k in DATA.contracts.items() if first_game or k["house"] is None or k["house"] in houses]
    rng.shuffle(deck)
    s.deck = deck
    s.display = [deck.pop() for _ in range(min(SETUP["display"], len(deck)))]
    s.dom_tokens = list(DATA.dom_tokens)
    objs = list(DATA.objectives)
    rng.shuffle(objs)
    s.objectives = {"war": objs[0], "tech": objs[1], "commerce": objs[2], "dom": objs[3]}
    s.rng = rng
    s.kind = None
    s.dseats = []
    s.darg = {}
    s.todo = []
    s.legal_now = None
    s.shared = 0
    _run_flip(s)
    s.events = None
    steps = [] if first_game else [queued(_run_setup_gods, i) for i in range(players)]
    s._push(*steps, queued(_run_start_turn))
    s._advance()
    return s
