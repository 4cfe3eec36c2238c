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
    NUMBERS,
    PANDORA,
    PASS,
    RES,
    RI,
    SETUP,
    SPACE,
    SUMMON,
    SUMMON_MAJOR,
    TILE,
    WEAPON,
    YES,
)
from meeple.games.anunnaki.data import DATA, MAX_PLAYERS, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import RULES, queued, reward, rewarding
from meeple.games.anunnaki.movement import FLIP, _run_followers, _run_harvest, _run_settle, _run_units
from meeple.games.anunnaki.rewards import AMOUNT


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


# the spaces whose cubes win each minor god token, and the major god token
_MINOR_TOKENS = [frozenset(tok) for tok in DATA.minor_tokens]
_MAJOR_TOKEN = frozenset(DATA.major_token)

# the tiles of each colour (the arrangement places every tile once)
_TILES_OF = {c: sum(1 for t in DATA.tiles.values() if t["color"] == c) for c in ("red", "blue")}

if (
    TYPE_CHECKING
):  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' state `s`
    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Turn(AnunnakiFields):
    """The turn and tiles rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _developable(self, seat, gold_spent: int = 0) -> list[int]:
        """The tiles seat s may develop (a red one costs extra), with
        `gold_spent` of its gold already paid for the mana action that develops."""
        sd = self.seats[seat]
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
            if DATA.tiles[t]["color"] == "red" and not self.can_pay(seat, extra):
                continue
            out.append(t)
        return sorted(out)

    def _mana_options(self, seat, discount, exclude) -> list[str]:
        sd = self.seats[seat]
        res, mana = sd["res"], sd["mana"]
        mirror = "mirror" in sd["artifacts"] and not discount and "mirror" not in exclude
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
                if not self._developable(seat, cost.get("gold", 0)):
                    continue
            elif k == "settle":
                if not self._settle_spots(seat):
                    continue
            out.append(k)
        if mirror:
            out.append("mirror")
        return out

    def _extra_options(self, seat) -> list[int]:
        sd = self.seats[seat]
        used = self.used
        out = []
        minor = sd["free_minor"] > 0
        major = sd["free_major"] and not sd["major"]
        if (minor or major) and "summon" not in used and self.has_followers(seat):  # a god replaces a follower
            if minor:
                ml, summoned = self.minor_list(seat), sd["summoned"]
                for g in sd["gods_offer"]:
                    if g not in summoned:
                        out.append(SUMMON + ml.index(g))
            if major:
                out.append(SUMMON_MAJOR)
        if "contract" not in used:
            for c in sd["contracts"]:
                if self.can_pay(seat, DATA.contracts[c]["cost"]):
                    out.append(FULFILL + int(c[1:]) - 1)
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

    def _place_cube(self, seat, sp) -> None:
        sd = self.own_seat(seat)
        sd["cubes"].append(sp)
        sd["cubes"].sort()
        mana = DATA.spaces[sp][2]
        sd["mana"] += mana
        if self.record:
            self._event("cube", seat, (sp, *self.space_tiles(sp)))
        cubes = set(sd["cubes"])
        for k, tok in enumerate(_MINOR_TOKENS):
            if tok <= cubes and k not in sd["tokens"]:
                sd["tokens"].append(k)
                sd["free_minor"] += 1
        if not sd["major_token"] and cubes >= _MAJOR_TOKEN:
            sd["major_token"] = True
            sd["free_major"] = True
        if len(sd["cubes"]) >= SETUP["cubes"]:
            self._trigger_end(seat, "cubes")
        if mana > 0 and self.power(seat, "ra_mana_resource"):
            self.todo.append(["gain_any", seat, 1])

    def _trigger_end(self, seat, why) -> None:
        if not self.end_triggered:
            self.end_triggered = True
            self._event("end_trigger", seat, why)

    def _income(self, seat, extra_followers=0):
        built = SETUP["settlements"] - 1 - self.seats[seat]["settle_left"]
        lv = DATA.income[max(0, min(built, len(DATA.income) - 1))]
        self.own_seat(seat)["vp"] += lv["vp"]
        if lv["vp"]:
            self._event("vp", seat, (lv["vp"], "income"))
        self.todo.append(queued(_run_followers, seat, lv["followers"] + extra_followers))


@RULES.step("setup_gods")
def _run_setup_gods(s: AnunnakiFields, seat):
    s.ask("discard_god", seat, {})


def _legal_discard_god(s: AnunnakiFields, seat):
    return [CHOICE + i for i in range(len(s.seats[seat]["gods_offer"]))]


@RULES.decision(
    "discard_god", prompt="Setup: discard one of your minor gods (you keep the others)", legal=_legal_discard_god
)
def _ans_discard_god(s: AnunnakiFields, a, seat):
    g = s.own_seat(seat)["gods_offer"].pop(a - CHOICE)
    s._event("discard_god", seat, g)


# per seat, the steps of a turn after its main action, as `_run_start_turn`
# queues them (last first; steps are never changed in place, so every turn
# shares them)
_EXTRA, _BATTLES, _CULTURE, _END_TURN = ["extra"], ["battles"], ["culture"], ["end_turn"]
_NO_EXCLUDE: list = []  # the mana actions a turn's first mana step excludes: none (never changed in place)
_TURN_STEPS = [
    [_END_TURN, _CULTURE, _BATTLES, _EXTRA, ["mana_choice", s, 0, _NO_EXCLUDE, False]] for s in range(MAX_PLAYERS)
]


@RULES.step("start_turn")
def _run_start_turn(s: AnunnakiFields):
    seat = s.current
    s.used = []
    s.flags = {}
    if s.record:
        s._event("turn", seat, s.seats[seat]["turns"] + 1)
    s.todo += _TURN_STEPS[seat]
    s.ask("main", seat, {})  # the main action is asked at once (as the step "main" on top would)


@RULES.step("main")
def _run_main(s: AnunnakiFields):
    s.ask("main", s.current, {})


def _legal_main(s: AnunnakiFields, seat):
    pawn = s.seats[seat]["pawn"]
    if pawn < 0:  # the first move: to a blue tile
        return [TILE + t - 1 for t in s.arrangement if DATA.tiles[t]["color"] == "blue"]
    return [TILE + t - 1 for i, t in enumerate(s.arrangement) if i != pawn]  # any tile but the pawn's


@RULES.decision("main", prompt="Main action: move your pawn to a tile", legal=_legal_main, forced=False)
def _ans_main(s: AnunnakiFields, a, seat):
    sd = s.seats[seat] if seat in s.seat_own else s.own_seat(seat)  # (own_seat, a call less when owned)
    t = a - TILE + 1
    new = s.arrangement.index(t)
    old = sd["pawn"]
    sd["pawn"] = new
    if s.record:
        s._event("main", seat, t)
    developed = t in sd["developed"]
    if old >= 0 and new in DATA.adj[old]:
        sp = DATA.adj[old][new]
        if sp not in sd["cubes"]:
            if len(sd["cubes"]) < SETUP["cubes"]:
                s.todo.append(queued(_run_action, seat, t, developed))
                s._place_cube(seat, sp)  # (may queue Ra's resource, taken before the action)
                return
        elif s.power(seat, "ra_move_cube"):
            s.todo.append(queued(_run_action, seat, t, developed))
            s.ask("ra_cube", seat, {"space": sp})
            return
    _run_action(s, seat, t, developed)  # nothing comes between: the tile's action at once (as its step would)


def _legal_ra_cube(s: AnunnakiFields, seat):
    cubes = s.seats[seat]["cubes"]
    return [PASS] + [SPACE + i for i in range(len(DATA.spaces)) if i not in cubes]


@RULES.decision("ra_cube", prompt="Ra: move this cube to another space?", legal=_legal_ra_cube)
def _ans_ra_cube(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    sd = s.own_seat(seat)
    sd["cubes"].remove(arg["space"])
    s._place_cube(seat, a - SPACE)


@RULES.step("end_turn")
def _run_end_turn(s: AnunnakiFields):
    seat = s.current
    (s.seats[seat] if seat in s.seat_own else s.own_seat(seat))["turns"] += 1  # (own_seat, a call less when owned)
    if s.end_triggered and seat == s.players - 1:
        s._finish()
        return
    s.current = (seat + 1) % s.players
    _run_start_turn(s)  # the next turn starts at once (the step "start_turn" on top, run now)


@RULES.step("action")
def _run_action(s: AnunnakiFields, seat, t, developed):
    tile = DATA.tiles[t]
    v = tile["developed"] if developed else tile["basic"]
    act = tile["action"]
    if s.record:
        s._event("action", seat, f"{act}{'+' if developed else ''}")
    if act == "portal" or act == "move":  # the units move at once, then culture tokens turn up
        n = v + (1 if ("enlil" if act == "portal" else "hermes") in s.seats[seat]["summoned"] else 0)  # (has)
        s.todo.append(FLIP)
        _run_units(s, seat, act, n, None)
    elif act == "commerce":
        s._push(*[queued(_run_take_contract, seat)] * v)
    elif act == "harvest":
        _run_harvest(s, seat, v, [])  # at once (as its step would)
    elif act == "creation":
        n = s.shrines(seat)
        if n <= 0:
            return
        if developed:
            s.ask("creation", seat, {"n": n})
        else:
            s._gain(seat, s.house(seat)["capital_resource"], n)
    elif act == "income":
        s._income(seat, v)
    elif act == "domination":
        s._dom(seat, s.objective(seat, s.objectives["dom"]) + v)
    elif act == "market":
        s.ask("market", seat, {"developed": developed})


def _legal_creation(s: AnunnakiFields, seat):
    return [RES + i for i in range(4)]


@RULES.decision("creation", prompt="Creation: choose the resource", legal=_legal_creation)
def _ans_creation(s: AnunnakiFields, a, seat):
    arg = s.darg
    s._gain(seat, RESOURCES[a - RES], arg["n"])
    s._event("creation", seat, (RESOURCES[a - RES], arg["n"]))


# the market's trades by the resource they pay (the free ones: a developed
# market's); MARKET lists them by what they pay, so those of the resources
# a seat has, one resource after another, are in order
_TRADES_PAYING = [tuple(CHOICE + i for i, (p, _a, _b) in enumerate(MARKET) if p == r) for r in range(len(RESOURCES))]
_FREE_TRADES = tuple(CHOICE + i for i, (p, _a, _b) in enumerate(MARKET) if p is None)
_PAID = [a for trades in _TRADES_PAYING for a in trades]
if sorted(_PAID) != _PAID:
    raise ValueError("MARKET lists its trades by the resource they pay")


def _legal_market(s: AnunnakiFields, seat):
    if s.darg["developed"]:
        return [PASS, *_FREE_TRADES]
    res = s.seats[seat]["res"]
    out = [PASS]
    for r, trades in enumerate(_TRADES_PAYING):
        if res[r] > 0:
            out += trades
    return out


@RULES.decision("market", prompt="Market: trade resources (or pass)", legal=_legal_market)
def _ans_market(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    p, x, y = MARKET[a - CHOICE]
    if s.record:
        s._event("market", seat, (None if p is None else RESOURCES[p], RESOURCES[x], RESOURCES[y]))
    res = s.own_seat(seat)["res"]
    if p is not None:
        res[p] -= 1
    res[x] += 1
    res[y] += 1


@RULES.step("take_contract")
def _run_take_contract(s: AnunnakiFields, seat):
    if s.display:
        s.ask("contract", seat, {})


reward("contract", runs=_run_take_contract, words=lambda: "take a contract")


_TAKE = {c: CONTRACT + int(c[1:]) - 1 for c in DATA.contracts}  # a contract -> the action taking it


def _legal_contract(s: AnunnakiFields, seat):
    out = []
    for c in s.display:
        out.append(_TAKE[c])
    return out


@RULES.decision("contract", prompt="Commerce: take a contract from the display", legal=_legal_contract)
def _ans_contract(s: AnunnakiFields, a, seat):
    c = f"c{a - CONTRACT + 1}"
    s.display.remove(c)
    s.own_seat(seat)["contracts"].append(c)
    if s.deck:
        if len(s.deck) > 1:
            s._mark_reveal()  # the last card of the deck is known to all: what is left
        s.display.append(s.deck.pop())
    s._event("contract", seat, c)


@RULES.step("pick_weapon")
def _run_pick_weapon(s: AnunnakiFields, seat, n):
    if n > 0 and s.seats[seat]["pile"]:
        s.ask("weapon_pick", seat, {"n": n})


reward("weapon", AMOUNT, runs=_run_pick_weapon, words=lambda n: f"draw {n} weapon{'s' if n > 1 else ''}")


def _legal_weapon_pick(s: AnunnakiFields, seat):
    wl = s.weapon_list(seat)
    out = []
    for w in s.seats[seat]["pile"]:
        a = WEAPON + wl.index(w)
        if a not in out:
            out.append(a)
    out.sort()
    return out


@RULES.decision("weapon_pick", prompt="Draw an advanced weapon from your board", legal=_legal_weapon_pick)
def _ans_weapon_pick(s: AnunnakiFields, a, seat):
    arg = s.darg
    w = s.weapon_list(seat)[a - WEAPON]
    sd = s.own_seat(seat)
    sd["pile"].remove(w)
    sd["hand"].append(w)
    s._event("weapon", seat, w, private_to=seat)
    s.todo.append(queued(_run_pick_weapon, seat, arg["n"] - 1))


@RULES.step("develop")
def _run_develop(s: AnunnakiFields, seat):
    if s._developable(seat):
        s.ask("develop", seat, {})


reward("develop", runs=_run_develop, words=lambda: "develop a tile")


def _legal_develop(s: AnunnakiFields, seat):
    return [TILE + t - 1 for t in s._developable(seat)]


@RULES.decision("develop", prompt="Choose a tile to develop", legal=_legal_develop)
def _ans_develop(s: AnunnakiFields, a, seat):
    t = a - TILE + 1
    tile = DATA.tiles[t]
    if tile["color"] == "red":
        s._pay(seat, NUMBERS["develop_red_extra"])
    s.own_seat(seat)["developed"].append(t)
    s.own_seat(seat)["developed"].sort()
    s._event("develop", seat, t)
    s._track(seat, "tech", NUMBERS["develop_steps"][tile["color"]])
    s.ask("dev_do", seat, {"tile": t})


def _legal_dev_do(s: AnunnakiFields, seat):
    return [YES, PASS]


@RULES.decision("dev_do", prompt="Use the developed tile's action now?", legal=_legal_dev_do)
def _ans_dev_do(s: AnunnakiFields, a, seat):
    arg = s.darg
    if a == YES:
        s.todo.append(queued(_run_action, seat, arg["tile"], True))


@RULES.step("tile_effect")
def _run_tile_effect(s: AnunnakiFields, seat, color):
    s.darg = {"color": color}
    if _legal_tile_pick(s, seat):
        s.ask("tile_pick", seat, {"color": color})


@rewarding("blue", words=lambda: "a blue tile action")
def _blue(s: AnunnakiFields, seat):
    return [queued(_run_tile_effect, seat, "blue")]


@rewarding("red", words=lambda: "a red tile action")
def _red(s: AnunnakiFields, seat):
    return [queued(_run_tile_effect, seat, "red")]


def _legal_tile_pick(s: AnunnakiFields, seat):
    sd = s.seats[seat]
    pawn_tile = s.arrangement[sd["pawn"]] if sd["pawn"] >= 0 else None
    color, tiles = s.darg["color"], DATA.tiles
    out = []
    for t in s.arrangement:
        if tiles[t]["color"] == color and t != pawn_tile:
            out.append(TILE + t - 1)
    return out


@RULES.decision("tile_pick", prompt="Choose the tile to activate", legal=_legal_tile_pick)
def _ans_tile_pick(s: AnunnakiFields, a, seat):
    t = a - TILE + 1
    s.todo.append(queued(_run_action, seat, t, t in s.seats[seat]["developed"]))


@RULES.step("cube_move")
def _run_cube_move(s: AnunnakiFields, seat):
    sd = s.seats[seat]
    if sd["cubes"] and len(sd["cubes"]) < len(DATA.spaces):
        s.ask("cube_from", seat, {})


reward("cube", runs=_run_cube_move, words=lambda: "move a cube")


def _legal_cube_from(s: AnunnakiFields, seat):
    return [SPACE + i for i in sorted(s.seats[seat]["cubes"])]


@RULES.decision("cube_from", prompt="Move a cube: choose the cube", legal=_legal_cube_from)
def _ans_cube_from(s: AnunnakiFields, a, seat):
    s.own_seat(seat)["cubes"].remove(a - SPACE)
    s.ask("cube_to", seat, {"from": a - SPACE})


def _legal_cube_to(s: AnunnakiFields, seat):
    """A free space other than the one the cube left: 「召喚キューブ1個を、他の任意の
    スペースに移動させます」 (put back, it would collect that space's mana again)."""
    cubes, left = s.seats[seat]["cubes"], s.darg.get("from")  # (a hand-made STATE may not say)
    return [SPACE + i for i in range(len(DATA.spaces)) if i not in cubes and i != left]


@RULES.decision("cube_to", prompt="Move a cube: choose the free space", legal=_legal_cube_to)
def _ans_cube_to(s: AnunnakiFields, a, seat):
    s._place_cube(seat, a - SPACE)


@RULES.step("mana_choice")
def _run_mana_choice(s: AnunnakiFields, seat, discount, exclude, more):
    options = s._mana_options(seat, discount, exclude)
    if options:
        s.ask("mana", seat, {"discount": discount, "exclude": exclude, "more": more}, _mana_acts(options))


_MANA_ACTION = {k: MANA + i for i, k in enumerate(MANA_KINDS)}  # a mana action's name -> the action naming it


def _mana_acts(options):
    out = [PASS]
    for k in options:
        out.append(_MANA_ACTION[k])
    return out


def _legal_mana(s: AnunnakiFields, seat):
    return _mana_acts(s._mana_options(seat, s.darg["discount"], s.darg["exclude"]))


@RULES.decision("mana", prompt="Mana action (or pass)", legal=_legal_mana)
def _ans_mana(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    k = MANA_KINDS[a - MANA]
    sd = s.own_seat(seat)
    if k == "mirror":
        sd["artifacts"].remove("mirror")
        s._event("artifact", seat, "mirror")
        s.todo.append(queued(_run_mana_choice, seat, 1, ["mirror"], True))
        return
    if arg["more"]:
        s.todo.append(queued(_run_mana_choice, seat, arg["discount"], arg["exclude"] + [k], False))
    cost = NUMBERS["mana_actions"][k]
    sd["mana"] -= max(0, cost["mana"] - arg["discount"])
    for r, n in cost.items():
        if r in RI:
            sd["res"][RI[r]] -= n
    if s.record:
        s._event("mana", seat, k)
    steps = {
        "red": [queued(_run_tile_effect, seat, "red")],
        "blue": [queued(_run_tile_effect, seat, "blue")],
        "weapons": [queued(_run_pick_weapon, seat, cost.get("draw", 0))],
        "develop": [queued(_run_develop, seat)],
        "settle": [queued(_run_settle, seat)],
        "followers": [queued(_run_followers, seat, cost.get("gain", 0))],
    }[k]
    # run before the queued second mirror action
    for st in reversed(steps):
        s.todo.append(st)


@RULES.step("extra")
def _run_extra(s: AnunnakiFields):
    seat = s.current
    options = s._extra_options(seat)
    if options:
        s.ask("extra", seat, {}, legal=[PASS, *options])


def _legal_extra(s: AnunnakiFields, seat):
    return [PASS, *s._extra_options(seat)]


@RULES.decision(
    "extra", prompt="Additional actions: summon a god, fulfil a contract and more (or end the turn)", legal=_legal_extra
)
def _ans_extra(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    s.todo.append(_EXTRA)
    sd = s.own_seat(seat)
    if SUMMON <= a < SUMMON_MAJOR:
        s.used.append("summon")
        god = s.minor_list(seat)[a - SUMMON]
        s.ask("summon_hex", seat, {"god": god})
    elif a == SUMMON_MAJOR:
        s.used.append("summon")
        s.ask("summon_hex", seat, {"god": "major"})
    elif FULFILL <= a < MANA:
        s.used.append("contract")
        c = f"c{a - FULFILL + 1}"
        s._fulfil(seat, c, pay=True, check=not s.first_game)
    elif a == HORN:
        s.used.append("horn")
        sd["artifacts"].remove("horn_of_plenty")
        s.ask("horn", seat, {})
    elif a == PANDORA:
        s.used.append("pandora")
        s.ask("pandora", seat, {})


def _legal_summon_hex(s: AnunnakiFields, seat):
    fol = s.fol
    hexes = []
    for h in s.mine[seat]:  # (in layout order)
        if fol[h][seat]:
            hexes.append(h)
    return s._hexacts(hexes)


@RULES.decision(
    "summon_hex", prompt="The god replaces one of your followers: choose its region", legal=_legal_summon_hex
)
def _ans_summon_hex(s: AnunnakiFields, a, seat):
    arg = s.darg
    h = s.lay.hexes[a - HEX]
    sd = s.own_seat(seat)
    god = arg["god"]
    s.own_fol()[h][seat] -= 1
    s.own_gods()[seat][god] = h
    s._changed(h, seat)
    s._event("summon", seat, god)
    if god == "major":
        sd["major"] = True
        sd["free_major"] = False
        ms = NUMBERS["major_summon"]
        for t in TRACKS:
            s._track(seat, t, ms["tracks"])
        s._dom(seat, ms["dom"])
        return
    sd["summoned"].append(god)
    sd["free_minor"] -= 1
    g = DATA.minor[god]
    s._track(seat, g["summon"]["track"], g["summon"]["steps"])
    if g["kind"] == "immediate":
        s._immediate(seat, g["effect"])
