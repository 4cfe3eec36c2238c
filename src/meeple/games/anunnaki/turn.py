"""Anunnaki: turn and tiles — the turn (setup gods, main action on the tiles, Ra's cubes, the turn's end), the tile actions, market, development, mana and additional actions, contracts taken and weapons drawn."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import (
    CHOICE,
    CONTRACT,
    FULFILL,
    HEX,
    HORN,
    MANA,
    MANA_KINDS,
    MARKET,
    PANDORA,
    PASS,
    RES,
    RI,
    NUMBERS,
    SETUP,
    SPACE,
    SUMMON,
    SUMMON_MAJOR,
    TILE,
    WEAPON,
    YES,
)
from meeple.games.anunnaki.battle import _run_battles
from meeple.games.anunnaki.culture import _run_culture
from meeple.games.anunnaki.data import DATA, MAX_PLAYERS, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import RULES
from meeple.games.anunnaki.movement import FLIP, _run_harvest, _run_units


def _mana_table() -> dict:
    """Per mana action: its cost, its mana, and the one resource it takes
    (index) with how many (none: 0 of resource 0)."""
    out = {}
    for k, c in NUMBERS["mana_actions"].items():
        takes = [(RI[r], n) for r, n in c.items() if r in RI]
        if len(takes) > 1:
            raise ValueError(f"mana action {k} takes more than one resource")
        out[k] = (c, c["mana"], *(takes[0] if takes else (0, 0)))
    return out


_MANA = _mana_table()
# the mana actions in their order, the mirror (always last) aside: (kind, cost, mana, resource, count)
_MANA_ROWS = tuple((k, *_MANA[k]) for k in MANA_KINDS if k != "mirror")
if MANA_KINDS[-1] != "mirror":
    raise ValueError("the mirror is offered after the other mana actions")
_LEAST_MANA = min(need for _cost, need, _r, _n in _MANA.values())  # the cheapest mana action's mana


def _contract_table() -> dict:
    """Per contract: all it takes (any kind included), its fulfil action and
    the count its cost names of each resource (in the order of `RESOURCES`,
    the four a seat's `res` counts): `can_pay` read off a table at each
    additional action, the total first (most contracts held cost more than
    the seat has)."""
    out = {}
    for c, k in DATA.contracts.items():
        cost = k["cost"]
        out[c] = (sum(cost.values()), FULFILL + int(c[1:]) - 1, *[cost.get(r, 0) for r in RESOURCES])
    return out


_CONTRACTS = _contract_table()

# the spaces whose cubes win each minor god token, and the major god token
_MINOR_TOKENS = [frozenset(tok) for tok in DATA.minor_tokens]
_MAJOR_TOKEN = frozenset(DATA.major_token)

# the tiles of each colour (the arrangement places every tile once)
_TILES_OF = {c: sum(1 for t in DATA.tiles.values() if t["color"] == c) for c in ("red", "blue")}

if TYPE_CHECKING:  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' `gs`
    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Turn(AnunnakiFields):
    """The turn and tiles rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _developable(self, s, gold_spent: int = 0) -> list[int]:
        """The tiles seat s may develop (a red one costs extra), with
        `gold_spent` of its gold already paid for the mana action that develops."""
        sd = self.seats[s]
        if sd["pawn"] < 0:
            return []
        extra = NUMBERS["develop_red_extra"]
        if gold_spent:
            extra = {**extra, "gold": extra.get("gold", 0) + gold_spent}
        out = []
        for pos in DATA.adj[sd["pawn"]]:
            t = self.arrangement[pos]
            if t in sd["developed"]:
                continue
            if DATA.tiles[t]["color"] == "red" and not self.can_pay(s, extra):
                continue
            out.append(t)
        return sorted(out)

    def _mana_options(self, s, discount, exclude) -> list[str]:
        sd = self.seats[s]
        res, mana = sd["res"], sd["mana"]
        mirror = "mirror" in sd["artifacts"] and not discount and "mirror" not in exclude
        if mana < _LEAST_MANA - discount:  # (most turns: no mana left) the mirror alone may be offered
            return ["mirror"] if mirror else []
        out = []
        for k, cost, need, r, n in _MANA_ROWS:
            # short of mana (never below 0) or of the resource it takes
            if mana < need - discount or res[r] < n or k in exclude:
                continue
            if k in ("red", "blue"):
                # a tile of that colour other than the one the pawn is on
                on = sd["pawn"] >= 0 and DATA.tiles[self.arrangement[sd["pawn"]]]["color"] == k
                if _TILES_OF[k] - on <= 0:
                    continue
            elif k == "weapons" and not sd["pile"]:
                continue
            elif k == "develop":
                if not self._developable(s, cost.get("gold", 0)):
                    continue
            elif k == "settle":
                if not self._settle_spots(s):
                    continue
            out.append(k)
        if mirror:
            out.append("mirror")
        return out

    def _extra_options(self, s) -> list[int]:
        sd = self.seats[s]
        used = self.used
        out = []
        minor = sd["free_minor"] > 0
        major = sd["free_major"] and not sd["major"]
        if (minor or major) and "summon" not in used and self.has_followers(s):  # a god replaces a follower
            if minor:
                ml, summoned = self.minor_list(s), sd["summoned"]
                for g in sd["gods_offer"]:
                    if g not in summoned:
                        out.append(SUMMON + ml.index(g))
            if major:
                out.append(SUMMON_MAJOR)
        if "contract" not in used and sd["contracts"]:
            res = sd["res"]
            have = sum(res)
            r0, r1, r2, r3 = res
            for c in sd["contracts"]:
                cost = _CONTRACTS[c]  # (as can_pay)
                if cost[0] <= have:
                    _total, act, n0, n1, n2, n3 = cost
                    if r0 >= n0 and r1 >= n1 and r2 >= n2 and r3 >= n3:
                        out.append(act)
        if "horn" not in used and "horn_of_plenty" in sd["artifacts"]:
            out.append(HORN)
        if "pandora" not in used and sd["pandora"]:
            out.append(PANDORA)
        if out:  # (most turns none)
            out.sort()
        return out

    @staticmethod
    def space_of(a: int) -> int | None:
        """The star space action `a` names, if it names one."""
        return a - SPACE if SPACE <= a < CONTRACT else None

    def space_tiles(self, sp: int) -> tuple[int, int]:
        """The two tiles a star space lies between (their numbers, lower first):
        its name in words, the arrangement being the same on every seat's star."""
        a, b, _mana = DATA.spaces[sp]
        x, y = self.arrangement[a], self.arrangement[b]
        return (x, y) if x < y else (y, x)

    def _place_cube(self, s, sp) -> None:
        sd = self.own_seat(s)
        sd["cubes"].append(sp)
        sd["cubes"].sort()
        mana = DATA.spaces[sp][2]
        sd["mana"] += mana
        if self.record:
            self._event("cube", s, (sp, *self.space_tiles(sp)))
        cubes = set(sd["cubes"])
        for k, tok in enumerate(_MINOR_TOKENS):
            if tok <= cubes and k not in sd["tokens"]:
                sd["tokens"].append(k)
                sd["free_minor"] += 1
        if not sd["major_token"] and _MAJOR_TOKEN <= cubes:
            sd["major_token"] = True
            sd["free_major"] = True
        if len(sd["cubes"]) >= SETUP["cubes"]:
            self._trigger_end(s, "cubes")
        if mana > 0 and self.power(s, "ra_mana_resource"):
            self.todo.append(["gain_any", s, 1])

    def _trigger_end(self, s, why) -> None:
        if not self.end_triggered:
            self.end_triggered = True
            self._event("end_trigger", s, why)

    def _income(self, s, extra_followers=0):
        built = SETUP["settlements"] - 1 - self.seats[s]["settle_left"]
        lv = DATA.income[max(0, min(built, len(DATA.income) - 1))]
        self.own_seat(s)["vp"] += lv["vp"]
        if lv["vp"]:
            self._event("vp", s, (lv["vp"], "income"))
        self.todo.append(["followers", s, lv["followers"] + extra_followers])


@RULES.step("setup_gods")
def _run_setup_gods(gs: AnunnakiFields, s):
    gs.ask("discard_god", s, {})


def _legal_discard_god(gs: AnunnakiFields, s):
    return [CHOICE + i for i in range(len(gs.seats[s]["gods_offer"]))]


@RULES.decision(
    "discard_god", prompt="Setup: discard one of your minor gods (you keep the others)", legal=_legal_discard_god
)
def _ans_discard_god(gs: AnunnakiFields, a, s):
    g = gs.own_seat(s)["gods_offer"].pop(a - CHOICE)
    gs._event("discard_god", s, g)


# per seat, the steps of a turn after its main action, as `_run_start_turn`
# queues them (last first; steps are never changed in place, so every turn
# shares them). A step of these that asks nothing runs the next one at once
# when that one is on top of the stack, as the flow would (a loaded state's
# steps are other lists: the flow runs them).
_EXTRA, _BATTLES, _CULTURE, _END_TURN = ["extra"], ["battles"], ["culture"], ["end_turn"]
_NO_EXCLUDE: list = []  # the mana actions a turn's first mana step excludes: none (never changed in place)
_TURN_STEPS = [
    [_END_TURN, _CULTURE, _BATTLES, _EXTRA, ["mana_choice", s, 0, _NO_EXCLUDE, False]] for s in range(MAX_PLAYERS)
]


@RULES.step("start_turn")
def _run_start_turn(gs: AnunnakiFields):
    s = gs.current
    gs.used = []
    gs.flags = {}
    if gs.record:
        gs._event("turn", s, gs.seats[s]["turns"] + 1)
    gs.todo += _TURN_STEPS[s]
    gs.ask("main", s, {})  # the main action is asked at once (as the step "main" on top would)


@RULES.step("main")
def _run_main(gs: AnunnakiFields):
    gs.ask("main", gs.current, {})


# an arrangement of the tiles (as a tuple) -> per position of the pawn, the
# main action's legal actions (`_main_acts`): a game reads its own every turn
_MAIN_ACTS: dict[tuple, list[list[int]]] = {}


def _main_acts(arrangement) -> list[list[int]]:
    """Per position of the pawn, the actions naming every tile but the
    pawn's, in the order of `arrangement`; kept in `_MAIN_ACTS` (a few
    hundred arrangements at most: forgotten all at once past that)."""
    if len(_MAIN_ACTS) >= 256:
        _MAIN_ACTS.clear()
    every = [TILE + t - 1 for t in arrangement]
    acts = _MAIN_ACTS[tuple(arrangement)] = [every[:i] + every[i + 1 :] for i in range(len(every))]
    return acts


def _legal_main(gs: AnunnakiFields, s):
    pawn = gs.seats[s]["pawn"]
    if pawn < 0:  # the first move: to a blue tile
        return [TILE + t - 1 for t in gs.arrangement if DATA.tiles[t]["color"] == "blue"]
    acts = _MAIN_ACTS.get(tuple(gs.arrangement)) or _main_acts(gs.arrangement)
    return acts[pawn].copy()  # any tile but the pawn's (a copy: the caller's own)


@RULES.decision("main", prompt="Main action: move your pawn to a tile", legal=_legal_main, forced=False)
def _ans_main(gs: AnunnakiFields, a, s):
    sd = gs.seats[s] if s in gs.seat_own else gs.own_seat(s)  # (own_seat, a call less when owned)
    t = a - TILE + 1
    new = gs.arrangement.index(t)
    old = sd["pawn"]
    sd["pawn"] = new
    if gs.record:
        gs._event("main", s, t)
    developed = t in sd["developed"]
    if old >= 0 and new in DATA.adj[old]:
        sp = DATA.adj[old][new]
        if sp not in sd["cubes"]:
            if len(sd["cubes"]) < SETUP["cubes"]:
                gs.todo.append(["action", s, t, developed])
                gs._place_cube(s, sp)  # (may queue Ra's resource, taken before the action)
                return
        elif gs.power(s, "ra_move_cube"):
            gs.todo.append(["action", s, t, developed])
            gs.ask("ra_cube", s, {"space": sp})
            return
    _run_action(gs, s, t, developed)  # nothing comes between: the tile's action at once (as its step would)
    _then_mana(gs, s)


def _then_mana(gs: AnunnakiFields, s) -> None:
    """The turn's mana step at once when nothing is asked and it is next
    on the stack (`_TURN_STEPS`), as the flow would run it."""
    todo = gs.todo
    if gs.kind is None and todo and todo[-1] is _TURN_STEPS[s][-1]:
        todo.pop()
        _run_mana_choice(gs, s, 0, _NO_EXCLUDE, False)


def _legal_ra_cube(gs: AnunnakiFields, s):
    cubes = gs.seats[s]["cubes"]
    return [PASS] + [SPACE + i for i in range(len(DATA.spaces)) if i not in cubes]


@RULES.decision("ra_cube", prompt="Ra: move this cube to another space?", legal=_legal_ra_cube)
def _ans_ra_cube(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    sd = gs.own_seat(s)
    sd["cubes"].remove(arg["space"])
    gs._place_cube(s, a - SPACE)


@RULES.step("end_turn")
def _run_end_turn(gs: AnunnakiFields):
    s = gs.current
    (gs.seats[s] if s in gs.seat_own else gs.own_seat(s))["turns"] += 1  # (own_seat, a call less when owned)
    if gs.end_triggered and s == gs.players - 1:
        gs._finish()
        return
    gs.current = (s + 1) % gs.players
    _run_start_turn(gs)  # the next turn starts at once (the step "start_turn" on top, run now)


@RULES.step("action")
def _run_action(gs: AnunnakiFields, s, t, developed):
    tile = DATA.tiles[t]
    v = tile["developed"] if developed else tile["basic"]
    act = tile["action"]
    if gs.record:
        gs._event("action", s, f"{act}{'+' if developed else ''}")
    if act == "portal" or act == "move":  # the units move at once, then culture tokens turn up
        n = v + (1 if ("enlil" if act == "portal" else "hermes") in gs.seats[s]["summoned"] else 0)  # (has)
        gs.todo.append(FLIP)
        _run_units(gs, s, act, n, None)
    elif act == "commerce":
        gs._push(*[["take_contract", s]] * v)
    elif act == "harvest":
        _run_harvest(gs, s, v, [])  # at once (as its step would)
    elif act == "creation":
        n = gs.shrines(s)
        if n <= 0:
            return
        if developed:
            gs.ask("creation", s, {"n": n})
        else:
            gs._gain(s, gs.house(s)["capital_resource"], n)
    elif act == "income":
        gs._income(s, v)
    elif act == "domination":
        gs._dom(s, gs.objective(s, gs.objectives["dom"]) + v)
    elif act == "market":
        gs.ask("market", s, {"developed": developed})


def _legal_creation(gs: AnunnakiFields, s):
    return [RES + i for i in range(4)]


@RULES.decision("creation", prompt="Creation: choose the resource", legal=_legal_creation)
def _ans_creation(gs: AnunnakiFields, a, s):
    arg = gs.darg
    gs._gain(s, RESOURCES[a - RES], arg["n"])
    gs._event("creation", s, (RESOURCES[a - RES], arg["n"]))


# the market's trades by the resource they pay (the free ones: a developed
# market's); MARKET lists them by what they pay, so those of the resources
# a seat has, one resource after another, are in order
_TRADES_PAYING = [tuple(CHOICE + i for i, (p, _a, _b) in enumerate(MARKET) if p == r) for r in range(len(RESOURCES))]
_FREE_TRADES = tuple(CHOICE + i for i, (p, _a, _b) in enumerate(MARKET) if p is None)
_PAID = [a for trades in _TRADES_PAYING for a in trades]
if _PAID != sorted(_PAID):
    raise ValueError("MARKET lists its trades by the resource they pay")


def _legal_market(gs: AnunnakiFields, s):
    if gs.darg["developed"]:
        return [PASS, *_FREE_TRADES]
    res = gs.seats[s]["res"]
    out = [PASS]
    for r, trades in enumerate(_TRADES_PAYING):
        if res[r] > 0:
            out += trades
    return out


@RULES.decision("market", prompt="Market: trade resources (or pass)", legal=_legal_market)
def _ans_market(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    p, x, y = MARKET[a - CHOICE]
    if gs.record:
        gs._event("market", s, (None if p is None else RESOURCES[p], RESOURCES[x], RESOURCES[y]))
    res = gs.own_seat(s)["res"]
    if p is not None:
        res[p] -= 1
    res[x] += 1
    res[y] += 1


@RULES.step("take_contract")
def _run_take_contract(gs: AnunnakiFields, s):
    if gs.display:
        gs.ask("contract", s, {})


_TAKE = {c: CONTRACT + int(c[1:]) - 1 for c in DATA.contracts}  # a contract -> the action taking it


def _legal_contract(gs: AnunnakiFields, s):
    out = []
    for c in gs.display:
        out.append(_TAKE[c])
    return out


@RULES.decision("contract", prompt="Commerce: take a contract from the display", legal=_legal_contract)
def _ans_contract(gs: AnunnakiFields, a, s):
    c = f"c{a - CONTRACT + 1}"
    gs.display.remove(c)
    gs.own_seat(s)["contracts"].append(c)
    if gs.deck:
        if len(gs.deck) > 1:
            gs._mark_reveal()  # the last card of the deck is known to all: what is left
        gs.display.append(gs.deck.pop())
    gs._event("contract", s, c)


@RULES.step("pick_weapon")
def _run_pick_weapon(gs: AnunnakiFields, s, n):
    if n > 0 and gs.seats[s]["pile"]:
        gs.ask("weapon_pick", s, {"n": n})


def _legal_weapon_pick(gs: AnunnakiFields, s):
    wl = gs.weapon_list(s)
    out = []
    for w in gs.seats[s]["pile"]:
        a = WEAPON + wl.index(w)
        if a not in out:
            out.append(a)
    out.sort()
    return out


@RULES.decision("weapon_pick", prompt="Draw an advanced weapon from your board", legal=_legal_weapon_pick)
def _ans_weapon_pick(gs: AnunnakiFields, a, s):
    arg = gs.darg
    w = gs.weapon_list(s)[a - WEAPON]
    sd = gs.own_seat(s)
    sd["pile"].remove(w)
    sd["hand"].append(w)
    gs._event("weapon", s, w, private_to=s)
    gs.todo.append(["pick_weapon", s, arg["n"] - 1])


@RULES.step("develop")
def _run_develop(gs: AnunnakiFields, s):
    if gs._developable(s):
        gs.ask("develop", s, {})


def _legal_develop(gs: AnunnakiFields, s):
    return [TILE + t - 1 for t in gs._developable(s)]


@RULES.decision("develop", prompt="Choose a tile to develop", legal=_legal_develop)
def _ans_develop(gs: AnunnakiFields, a, s):
    t = a - TILE + 1
    tile = DATA.tiles[t]
    if tile["color"] == "red":
        gs._pay(s, NUMBERS["develop_red_extra"])
    gs.own_seat(s)["developed"].append(t)
    gs.own_seat(s)["developed"].sort()
    gs._event("develop", s, t)
    gs._track(s, "tech", NUMBERS["develop_steps"][tile["color"]])
    gs.ask("dev_do", s, {"tile": t})


def _legal_dev_do(gs: AnunnakiFields, s):
    return [YES, PASS]


@RULES.decision("dev_do", prompt="Use the developed tile's action now?", legal=_legal_dev_do)
def _ans_dev_do(gs: AnunnakiFields, a, s):
    arg = gs.darg
    if a == YES:
        gs.todo.append(["action", s, arg["tile"], True])


@RULES.step("tile_effect")
def _run_tile_effect(gs: AnunnakiFields, s, color):
    gs.darg = {"color": color}
    if _legal_tile_pick(gs, s):
        gs.ask("tile_pick", s, {"color": color})


def _legal_tile_pick(gs: AnunnakiFields, s):
    sd = gs.seats[s]
    pawn_tile = gs.arrangement[sd["pawn"]] if sd["pawn"] >= 0 else None
    color, tiles = gs.darg["color"], DATA.tiles
    out = []
    for t in gs.arrangement:
        if tiles[t]["color"] == color and t != pawn_tile:
            out.append(TILE + t - 1)
    return out


@RULES.decision("tile_pick", prompt="Choose the tile to activate", legal=_legal_tile_pick)
def _ans_tile_pick(gs: AnunnakiFields, a, s):
    t = a - TILE + 1
    gs.todo.append(["action", s, t, t in gs.seats[s]["developed"]])


@RULES.step("cube_move")
def _run_cube_move(gs: AnunnakiFields, s):
    sd = gs.seats[s]
    if sd["cubes"] and len(sd["cubes"]) < len(DATA.spaces):
        gs.ask("cube_from", s, {})


def _legal_cube_from(gs: AnunnakiFields, s):
    return [SPACE + i for i in sorted(gs.seats[s]["cubes"])]


@RULES.decision("cube_from", prompt="Move a cube: choose the cube", legal=_legal_cube_from)
def _ans_cube_from(gs: AnunnakiFields, a, s):
    gs.own_seat(s)["cubes"].remove(a - SPACE)
    gs.ask("cube_to", s, {"from": a - SPACE})


def _legal_cube_to(gs: AnunnakiFields, s):
    """A free space other than the one the cube left: 「召喚キューブ1個を、他の任意の
    スペースに移動させます」 (put back, it would collect that space's mana again)."""
    cubes, left = gs.seats[s]["cubes"], gs.darg.get("from")  # (a hand-made STATE may not say)
    return [SPACE + i for i in range(len(DATA.spaces)) if i not in cubes and i != left]


@RULES.decision("cube_to", prompt="Move a cube: choose the free space", legal=_legal_cube_to)
def _ans_cube_to(gs: AnunnakiFields, a, s):
    gs._place_cube(s, a - SPACE)


@RULES.step("mana_choice")
def _run_mana_choice(gs: AnunnakiFields, s, discount, exclude, more):
    options = gs._mana_options(s, discount, exclude)
    if options:
        gs.ask("mana", s, {"discount": discount, "exclude": exclude, "more": more}, _mana_acts(options))
        return
    todo = gs.todo
    if todo and todo[-1] is _EXTRA:  # the turn's additional actions next (see _TURN_STEPS)
        todo.pop()
        _run_extra(gs)


_MANA_ACTION = {k: MANA + i for i, k in enumerate(MANA_KINDS)}  # a mana action's name -> the action naming it


def _mana_acts(options):
    out = [PASS]
    for k in options:
        out.append(_MANA_ACTION[k])
    return out


def _legal_mana(gs: AnunnakiFields, s):
    return _mana_acts(gs._mana_options(s, gs.darg["discount"], gs.darg["exclude"]))


@RULES.decision("mana", prompt="Mana action (or pass)", legal=_legal_mana)
def _ans_mana(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    k = MANA_KINDS[a - MANA]
    sd = gs.own_seat(s)
    if k == "mirror":
        sd["artifacts"].remove("mirror")
        gs._event("artifact", s, "mirror")
        gs.todo.append(["mana_choice", s, 1, ["mirror"], True])
        return
    if arg["more"]:
        gs.todo.append(["mana_choice", s, arg["discount"], arg["exclude"] + [k], False])
    cost = NUMBERS["mana_actions"][k]
    sd["mana"] -= max(0, cost["mana"] - arg["discount"])
    for r, n in cost.items():
        if r in RI:
            sd["res"][RI[r]] -= n
    if gs.record:
        gs._event("mana", s, k)
    steps = {
        "red": [["tile_effect", s, "red"]],
        "blue": [["tile_effect", s, "blue"]],
        "weapons": [["pick_weapon", s, cost.get("draw", 0)]],
        "develop": [["develop", s]],
        "settle": [["settle", s]],
        "followers": [["followers", s, cost.get("gain", 0)]],
    }[k]
    # run before the queued second mirror action
    for st in reversed(steps):
        gs.todo.append(st)


@RULES.step("extra")
def _run_extra(gs: AnunnakiFields):
    s = gs.current
    options = gs._extra_options(s)
    if options:
        gs.ask("extra", s, {}, legal=[PASS, *options])
        return
    todo = gs.todo
    if todo and todo[-1] is _BATTLES:  # the turn's battles, culture and end next (see _TURN_STEPS)
        todo.pop()
        _run_battles(gs)
        if gs.kind is None and todo[-1] is _CULTURE:
            todo.pop()
            _run_culture(gs)
            if todo[-1] is _END_TURN:  # (unless culture tokens offer their benefits)
                todo.pop()
                _run_end_turn(gs)


def _legal_extra(gs: AnunnakiFields, s):
    return [PASS, *gs._extra_options(s)]


@RULES.decision(
    "extra", prompt="Additional actions: summon a god, fulfil a contract and more (or end the turn)", legal=_legal_extra
)
def _ans_extra(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    gs.todo.append(_EXTRA)
    sd = gs.own_seat(s)
    if SUMMON <= a < SUMMON_MAJOR:
        gs.used.append("summon")
        god = gs.minor_list(s)[a - SUMMON]
        gs.ask("summon_hex", s, {"god": god})
    elif a == SUMMON_MAJOR:
        gs.used.append("summon")
        gs.ask("summon_hex", s, {"god": "major"})
    elif FULFILL <= a < MANA:
        gs.used.append("contract")
        c = f"c{a - FULFILL + 1}"
        gs._fulfil(s, c, pay=True, check=not gs.first_game)
    elif a == HORN:
        gs.used.append("horn")
        sd["artifacts"].remove("horn_of_plenty")
        gs.ask("horn", s, {})
    elif a == PANDORA:
        gs.used.append("pandora")
        gs.ask("pandora", s, {})


def _legal_summon_hex(gs: AnunnakiFields, s):
    fol = gs.fol
    hexes = []
    for h in gs.mine[s]:  # (in layout order)
        if fol[h][s]:
            hexes.append(h)
    return gs._hexacts(hexes)


@RULES.decision(
    "summon_hex", prompt="The god replaces one of your followers: choose its region", legal=_legal_summon_hex
)
def _ans_summon_hex(gs: AnunnakiFields, a, s):
    arg = gs.darg
    h = gs.lay.hexes[a - HEX]
    sd = gs.own_seat(s)
    god = arg["god"]
    gs.own_fol()[h][s] -= 1
    gs.own_gods()[s][god] = h
    gs._changed(h, s)
    gs._event("summon", s, god)
    if god == "major":
        sd["major"] = True
        sd["free_major"] = False
        ms = NUMBERS["major_summon"]
        for t in TRACKS:
            gs._track(s, t, ms["tracks"])
        gs._dom(s, ms["dom"])
        return
    sd["summoned"].append(god)
    sd["free_minor"] -= 1
    g = DATA.minor[god]
    gs._track(s, g["summon"]["track"], g["summon"]["steps"])
    if g["kind"] == "immediate":
        gs._immediate(s, g["effect"])
