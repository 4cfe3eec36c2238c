"""Anunnaki: movement and the land — units moved or teleported one at a time (Odin's settlements carrying units), culture tokens flipping, harvest, followers placed and taken, settlements built."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import HEX, PASS, RES, RI, SETTLEMENT, UNIT
from meeple.games.anunnaki.board import UNDERWORLD, uncovered
from meeple.games.anunnaki.data import MAX_PLAYERS, RESOURCES
from meeple.games.anunnaki.declare import RULES

if TYPE_CHECKING:  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' `gs`
    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Movement(AnunnakiFields):
    """The movement and the land rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _unit_acts(self, s, h) -> list[int]:
        out = [UNIT] if self.fol[h][s] else []
        for g, where in self.gods[s].items():
            if where == h:
                out.append(UNIT + 1 if g == "major" else UNIT + 2 + self.minor_list(s).index(g))
        if self.osl[s].get(h):
            out.append(SETTLEMENT)
        return sorted(out)

    def _at_war(self, h: str) -> bool:
        """Two occupants or more, or one in an ancient region."""
        m = self.occ[h]
        return bool(m & (m - 1)) or (m != 0 and h in self.anc)

    def _my_hexes(self, s) -> list[str]:
        """Regions holding `s`'s units, in layout order."""
        return [*self.mine[s]]

    def _sources(self, s, mode) -> list[str]:
        out = []
        lay = self.lay
        reach, atlantis = lay.reach[s], lay.atlantis
        occ, anc, others = self.occ, self.anc, ~(1 << s)
        move, end = mode == "move", self.end_triggered
        stay = end or not move  # units in Atlantis stay there (a move before the end may leave it)
        for h in self.mine[s]:
            if occ[h] & others or h in anc:  # at war: `s` is there, so another seat or an ancient site
                continue
            if stay and h in atlantis:
                continue
            if move and (end or not reach[h]) and not self._dests(s, h, mode):
                continue  # (a neighbour it may move into, before the end: somewhere to go, as `_dests` tells)
            out.append(h)
        return out

    def _dests(self, s, h, mode) -> list[str]:
        lay = self.lay
        if mode == "move":
            # Atlantis is entered only across its dotted edges, so never from the
            # Underworld; it may be left across any edge, into the Underworld too
            if h == UNDERWORLD:
                cand = [x for x in self.controlled(s) if x != UNDERWORLD and not lay.info[x]["atlantis"]]
            else:
                cand = list(lay.reach[s][h])  # (no other seat's capital)
                if self._owns_underworld(s) and self.controller(h) == s:
                    cand.append(UNDERWORLD)
                if not self.end_triggered:
                    return cand
            out = []
            for x in cand:
                info = lay.info[x]
                if info["capital"] is not None and info["capital"] != s:
                    continue
                if self.end_triggered and (info["atlantis"] or lay.info[h]["atlantis"]):
                    continue
                out.append(x)
            return out
        out = lay.portal[s].copy()
        if h in out:
            out.remove(h)
        if h != UNDERWORLD and self._owns_underworld(s):
            out.append(UNDERWORLD)  # (the last region in layout order)
        return out

    def _owns_underworld(self, s) -> bool:
        return "underworld_map" in self.seats[s]["artifacts"]

    def _harvest_strength(self, s, h) -> int:
        units = self.units_at(h, s)
        st = sum(units)
        settle = self.stl.get(h) == s
        if settle:
            if self.power(s, "ishtar_settlement_harvest"):
                st += 2
            elif units and self.has(s, "isis"):
                st += 1
        if self.has(s, "osiris"):
            st += 1  # "+1 in each region you control": a settlement alone harvests 1
        if st <= 0:
            return 0
        if self.has(s, "ashur"):
            st += 1
        return st

    def _uncovered(self, h) -> tuple[str, ...]:
        """The resources of region h's icons not exhausted (all of them,
        worked out with the layout, while none is)."""
        ex = self.exh.get(h)
        return uncovered(self.lay.info[h], h, ex) if ex else self.lay.icons[h]

    def _harvestable(self, s, done) -> list[str]:
        # a follower or a god of `s` there harvests (every unit has strength, no bonus takes any away)
        fol, gods = self.fol, self.gods[s].values()
        exh, icons, info = self.exh, self.lay.icons, self.lay.info
        out = []
        for h in self.controlled(s):
            if h in done:
                continue
            ex = exh.get(h)
            if not (uncovered(info[h], h, ex) if ex else icons[h]):  # (`_uncovered`, a call less a region)
                continue
            if fol[h][s] or h in gods or self._harvest_strength(s, h) > 0:
                out.append(h)
        return out

    def _follower_spots(self, s) -> list[str]:
        """The regions of `s`'s settlements that it controls, each once, in
        layout order (`controller` read off `occ` here: a call less a region)."""
        occ, anc, stl, me = self.occ, self.anc, self.stl, 1 << s
        out = []
        for h, o in stl.items():
            if o == s:
                m = occ[h]
                if not m or (m == me and h not in anc):  # (nobody's units: its settlement controls it)
                    out.append(h)
        for h in self.osl[s]:  # Odin's settlements (its units: they hold the region)
            m = occ[h]
            if ((m == me and h not in anc) or (not m and stl.get(h) == s)) and h not in out:
                out.append(h)
        if len(out) > 1:
            out.sort(key=self.lay.index.__getitem__)
        return out

    def _settle_spots(self, s) -> list[str]:
        if self.seats[s]["settle_left"] <= 0:
            return []
        out = []
        for h in self.controlled(s):
            if not self.has_settlement(h) and h != UNDERWORLD:
                out.append(h)
        return out

    def _move_settlement(self, s, src, dest) -> None:
        o = self.own_osl()[s]
        o[src] -= 1
        if not o[src]:
            del o[src]
        o[dest] = o.get(dest, 0) + 1
        self._changed(src, s)
        self._changed(dest, s)

    def _carry_opts(self, s, src) -> list[int]:
        out = self._unit_acts(s, src)
        if SETTLEMENT in out:
            out.remove(SETTLEMENT)
        return out


# the step turning culture tokens up after units move, queued below their
# step (shared: steps are never changed in place)
FLIP = ["flip"]


@RULES.step("units")
def _run_units(gs: AnunnakiFields, s, mode, n, src):
    if n > 0:
        if src is not None:  # anu: a fixed source
            if gs.has_units(src, s) and gs._dests(s, src, "portal"):
                gs.ask("unit", s, {"mode": mode, "n": n, "hex": src})
                return
        else:
            acts = _from_acts(gs, s, mode)
            if len(acts) > 1:
                gs.ask("from", s, {"mode": mode, "n": n}, acts)
                return
    todo = gs.todo
    if todo and todo[-1] is FLIP:  # the move is over: the tokens turn up at once (as the flow would run them)
        todo.pop()
        _run_flip(gs)


def _from_acts(gs: AnunnakiFields, s, mode):
    return gs._hexacts(gs._sources(s, mode), [PASS])


def _legal_from(gs: AnunnakiFields, s):
    return _from_acts(gs, s, gs.darg["mode"])


@RULES.decision("from", prompt="Choose a region to take a unit from (or stop)", legal=_legal_from)
def _ans_from(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    h = gs.lay.hexes[a - HEX]
    mode = "anu" if arg["mode"] == "anu_src" else arg["mode"]
    gs.ask("unit", s, dict(arg, hex=h, mode=mode))


def _legal_unit(gs: AnunnakiFields, s):
    acts = gs._unit_acts(s, gs.darg["hex"])
    return [PASS] + acts if gs.darg["mode"] == "anu" else acts


@RULES.decision("unit", prompt="Which unit?", legal=_legal_unit)
def _ans_unit(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    gs.ask("to", s, dict(arg, unit=a - UNIT))


def _legal_to(gs: AnunnakiFields, s):
    return gs._hexacts(gs._dests(s, gs.darg["hex"], gs.darg["mode"]))


@RULES.decision("to", prompt="Choose the region to move to", legal=_legal_to)
def _ans_to(gs: AnunnakiFields, a, s):
    arg = gs.darg
    dest = gs.lay.hexes[a - HEX]
    src = arg["hex"]
    u = arg["unit"]
    god = None
    if u == SETTLEMENT - UNIT:
        gs._move_settlement(s, src, dest)
        gs._event(arg["mode"], s, f"settlement {src}>{dest}")
        gs.todo.append(["units", s, arg["mode"], arg["n"] - 1, src if arg["mode"] == "anu" else None])
        if gs._carry_opts(s, src):
            gs.ask("carry", s, {"from": src, "to": dest, "n": 2})
        return
    if u == 0:
        fol = gs.own_fol()
        fol[src][s] -= 1
        fol[dest][s] += 1
    else:
        god = "major" if u == 1 else gs.minor_list(s)[u - 2]
        gs.own_gods()[s][god] = dest
    gs._changed(src, s)
    gs._changed(dest, s)
    mode = arg["mode"]
    if gs.record:
        gs._event(mode, s, f"{src}>{dest}")
    fixed = src if mode == "anu" else None  # Anu's units all come from one region
    if god is not None and gs._at_war(dest) and gs.has(s, "anubis") and not gs.flags.get("anubis"):
        gs.flags["anubis"] = True
        gs.todo.append(["units", s, mode, arg["n"] - 1, fixed])
        gs.todo.append(["follower_at", s, dest])
        return
    _run_units(gs, s, mode, arg["n"] - 1, fixed)  # the next unit at once (as its step would)


def _legal_carry(gs: AnunnakiFields, s):
    return [PASS] + gs._carry_opts(s, gs.darg["from"])


@RULES.decision("carry", prompt="Odin: carry a unit along with the settlement?", legal=_legal_carry)
def _ans_carry(gs: AnunnakiFields, a, s):
    """Odin: a settlement carries up to 2 units from its region with it."""
    if a == PASS:
        return
    arg = gs.darg
    src, dest = arg["from"], arg["to"]
    u = a - UNIT
    if u == 0:
        fol = gs.own_fol()
        fol[src][s] -= 1
        fol[dest][s] += 1
    else:
        gs.own_gods()[s]["major" if u == 1 else gs.minor_list(s)[u - 2]] = dest
    gs._changed(src, s)
    gs._changed(dest, s)
    gs._event("carry", s, f"{src}>{dest}")
    if arg["n"] > 1 and gs._carry_opts(s, src):
        gs.ask("carry", s, dict(arg, n=arg["n"] - 1))


@RULES.step("follower_at")
def _run_follower_at(gs: AnunnakiFields, s, h):
    if gs.supply(s) > 0:
        gs.own_fol()[h][s] += 1
        gs._changed(h, s)
        if gs.record:  # (Anubis's, Frigg's: said, not done in silence)
            gs._event("follower", s, h)
        return
    gs.ask("take_follower", s, {"then": h, "avoid": h})


@RULES.step("flip")
def _run_flip(gs: AnunnakiFields):
    occ, spots = gs.occ, gs.lay.spots
    for i, c in enumerate(gs.cul):
        if c is not None and not c[1]:  # face down (most are up or taken)
            a, b, d = spots[i][0]  # (a spot joins three regions)
            if occ[a] or occ[b] or occ[d]:  # someone is there
                spot = gs.own_cul()[i]  # (this state's own copy of c)
                assert spot is not None
                spot[1] = True
                gs._mark_reveal()
                gs._event("culture_up", None, c[0])


@RULES.step("harvest")
def _run_harvest(gs: AnunnakiFields, s, n, done):
    if n <= 0:
        return
    acts = _harvest_acts(gs, s, done)
    if len(acts) > 1:
        gs.ask("harvest", s, {"n": n, "done": done}, acts)


def _harvest_acts(gs: AnunnakiFields, s, done):
    return gs._hexacts(gs._harvestable(s, done), [PASS])


def _legal_harvest(gs: AnunnakiFields, s):
    return _harvest_acts(gs, s, gs.darg["done"])


@RULES.decision("harvest", prompt="Harvest: choose a region you control (or stop)", legal=_legal_harvest)
def _ans_harvest(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    h = gs.lay.hexes[a - HEX]
    left, done = arg["n"] - 1, arg["done"] + [h]  # the harvest goes on: the regions left
    st = gs._harvest_strength(s, h)
    unc = gs._uncovered(h)
    info = gs.lay.info[h]
    if gs.record:
        gs._event("harvest", s, h)
    if h == UNDERWORLD:
        gs.todo.append(["harvest", s, left, done])
        gs.own_exh().setdefault(h, []).append("any")
        # (Ishtar upgraded: no icon limit in any region but a capital, the Underworld too)
        gs.todo.append(["gain_any", s, st if gs.power(s, "ishtar_no_cap") else min(st, len(unc))])
        return
    if info["capital"] is not None:
        gs._gain(s, info["res"][0], min(st, info["icons"]))
    elif len(info["res"]) > 1:
        kinds = sorted(set(unc), key=RI.__getitem__)
        if len(kinds) == 2:  # a choice first
            gs.todo.append(["harvest", s, left, done])
            if st >= 2:
                for r in kinds:
                    gs._gain(s, r, 1)
                gs.ask("exhaust", s, {"hex": h, "options": kinds})
            else:
                gs.ask("harvest_res", s, {"hex": h, "options": kinds})
            return
        gs._gain(s, kinds[0], 1)
        gs.own_exh().setdefault(h, []).append(kinds[0])
    else:
        r = info["res"][0]
        gs._gain(s, r, st if gs.power(s, "ishtar_no_cap") else min(st, len(unc)))
        gs.own_exh().setdefault(h, []).append(r)
    _run_harvest(gs, s, left, done)  # the next region at once (as its step would)


def _legal_harvest_res(gs: AnunnakiFields, s):
    return [RES + RI[r] for r in gs.darg["options"]]


@RULES.decision("harvest_res", prompt="This region has two resources: which do you take?", legal=_legal_harvest_res)
def _ans_harvest_res(gs: AnunnakiFields, a, s):
    arg = gs.darg
    r = RESOURCES[a - RES]
    gs._gain(s, r, 1)
    gs._event("gain_res", s, r)
    gs.own_exh().setdefault(arg["hex"], []).append(r)


@RULES.decision("exhaust", prompt="Which resource is exhausted?", legal=_legal_harvest_res)
def _ans_exhaust(gs: AnunnakiFields, a, s):
    arg = gs.darg
    gs.own_exh().setdefault(arg["hex"], []).append(RESOURCES[a - RES])
    gs._event("exhaust", s, (arg["hex"], RESOURCES[a - RES]))


# per seat, the step placing one of its followers (shared: steps are never
# changed in place); a follower placed goes on to the next at once when it is on top
_PLACE = [["place_follower", s] for s in range(MAX_PLAYERS)]


@RULES.step("followers")
def _run_followers(gs: AnunnakiFields, s, n):
    if n <= 0:
        return
    if gs.has(s, "hera"):
        n += 1
    gs.todo += [_PLACE[s]] * (n - 1)
    _run_place_follower(gs, s)  # the first at once (as its step, on top, would)


@RULES.step("place_follower")
def _run_place_follower(gs: AnunnakiFields, s):
    acts = _legal_place_follower(gs, s)
    if not acts:
        return
    if gs.supply(s) <= 0:
        gs.ask("take_follower", s, {"then": None})
        return
    gs.ask("place_follower", s, {}, legal=acts)


def _legal_place_follower(gs: AnunnakiFields, s):
    return gs._hexacts(gs._follower_spots(s))


@RULES.decision("place_follower", prompt="Place a follower", legal=_legal_place_follower)
def _ans_place_follower(gs: AnunnakiFields, a, s):
    h = gs.lay.hexes[a - HEX]
    gs.own_fol()[h][s] += 1
    gs._changed(h, s)
    if gs.record:
        gs._event("follower", s, h)
    todo = gs.todo
    if todo and todo[-1] is _PLACE[s]:  # the next follower at once (as the flow would)
        todo.pop()
        _run_place_follower(gs, s)


def _legal_take_follower(gs: AnunnakiFields, s):
    fol, avoid = gs.fol, gs.darg.get("avoid")
    out = [PASS]
    for h in gs.mine[s]:  # (in layout order)
        if fol[h][s] and h != avoid:
            out.append(gs.lay.action[h])
    return out


@RULES.decision("take_follower", prompt="Take a follower back from the board (or stop)", legal=_legal_take_follower)
def _ans_take_follower(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    h = gs.lay.hexes[a - HEX]
    fol = gs.own_fol()
    fol[h][s] -= 1
    gs._changed(h, s)
    if gs.record:
        gs._event("follower_back", s, (h, arg.get("then")))
    if arg.get("then"):
        fol[arg["then"]][s] += 1
        gs._changed(arg["then"], s)
    else:
        gs.ask("place_follower", s, {})


@RULES.step("settle")
def _run_settle(gs: AnunnakiFields, s):
    acts = _legal_settle(gs, s)
    if acts:
        gs.ask("settle", s, {}, legal=acts)


def _legal_settle(gs: AnunnakiFields, s):
    return gs._hexacts(gs._settle_spots(s))


@RULES.decision("settle", prompt="Build a settlement: choose the region", legal=_legal_settle)
def _ans_settle(gs: AnunnakiFields, a, s):
    h = gs.lay.hexes[a - HEX]
    if gs.power(s, "odin_settlement_units"):
        osl = gs.own_osl()[s]
        osl[h] = osl.get(h, 0) + 1
    else:
        gs.stl[h] = s
    gs._changed(h, s)
    gs.own_seat(s)["settle_left"] -= 1
    gs._event("settle", s, h)
