"""Anunnaki: movement and the land — units moved or teleported one at a time (Odin's settlements carrying units), culture tokens flipping, harvest, followers placed and taken, settlements built."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import HEX, PASS, PORTAL_BASIC, RES, RI, SETTLEMENT, UNIT
from meeple.games.anunnaki.board import UNDERWORLD, uncovered
from meeple.games.anunnaki.data import MAX_PLAYERS, RESOURCES
from meeple.games.anunnaki.declare import RULES, queued, reward, rewarding
from meeple.games.anunnaki.rewards import AMOUNT

if (
    TYPE_CHECKING
):  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' state `s`
    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Movement(AnunnakiFields):
    """The movement and the land rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _unit_acts(self, seat, h) -> list[int]:
        out = [UNIT] if self.fol[h][seat] else []
        for g, where in self.gods[seat].items():
            if where == h:
                out.append(UNIT + 1 if g == "major" else UNIT + 2 + self.minor_list(seat).index(g))
        if self.osl[seat].get(h):
            out.append(SETTLEMENT)
        return sorted(out)

    def _at_war(self, h: str) -> bool:
        """Two occupants or more, or one in an ancient region."""
        m = self.occ[h]
        return bool(m & (m - 1)) or (m != 0 and h in self.anc)

    def _my_hexes(self, seat) -> list[str]:
        """Regions holding `s`'s units, in layout order."""
        return [*self.mine[seat]]

    def _sources(self, seat, mode) -> list[str]:
        out = []
        lay = self.lay
        reach, atlantis = lay.reach[seat], lay.atlantis
        occ, anc, others = self.occ, self.anc, ~(1 << seat)
        move, end = mode == "move", self.end_triggered
        stay = end or not move  # units in Atlantis stay there (a move before the end may leave it)
        for h in self.mine[seat]:
            if occ[h] & others or h in anc:  # at war: `s` is there, so another seat or an ancient site
                continue
            if stay and h in atlantis:
                continue
            if move and (end or not reach[h]) and not self._dests(seat, h, mode):
                continue  # (a neighbour it may move into, before the end: somewhere to go, as `_dests` tells)
            out.append(h)
        return out

    def _dests(self, seat, h, mode) -> list[str]:
        lay = self.lay
        if mode == "move":
            # Atlantis is entered only across its dotted edges, so never from the
            # Underworld; it may be left across any edge, into the Underworld too
            if h == UNDERWORLD:
                cand = [x for x in self.controlled(seat) if x != UNDERWORLD and not lay.info[x]["atlantis"]]
            else:
                cand = list(lay.reach[seat][h])  # (no other seat's capital)
                if self._owns_underworld(seat) and self.controller(h) == seat:
                    cand.append(UNDERWORLD)
                if not self.end_triggered:
                    return cand
            out = []
            for x in cand:
                info = lay.info[x]
                if info["capital"] is not None and info["capital"] != seat:
                    continue
                if self.end_triggered and (info["atlantis"] or lay.info[h]["atlantis"]):
                    continue
                out.append(x)
            return out
        out = lay.portal[seat].copy()
        if h in out:
            out.remove(h)
        if h != UNDERWORLD and self._owns_underworld(seat):
            out.append(UNDERWORLD)  # (the last region in layout order)
        return out

    def _owns_underworld(self, seat) -> bool:
        return "underworld_map" in self.seats[seat]["artifacts"]

    def _harvest_strength(self, seat, h) -> int:
        units = self.units_at(h, seat)
        st = sum(units)
        settle = self.stl.get(h) == seat
        if settle:
            if self.power(seat, "ishtar_settlement_harvest"):
                st += 2
            elif units and self.has(seat, "isis"):
                st += 1
        if self.has(seat, "osiris"):
            st += 1  # "+1 in each region you control": a settlement alone harvests 1
        if st <= 0:
            return 0
        if self.has(seat, "ashur"):
            st += 1
        return st

    def _uncovered(self, h) -> tuple[str, ...]:
        """The resources of region h's icons not exhausted (all of them,
        worked out with the layout, while none is)."""
        ex = self.exh.get(h)
        return uncovered(self.lay.info[h], h, ex) if ex else self.lay.icons[h]

    def _harvestable(self, seat, done) -> list[str]:
        # a follower or a god of `s` there harvests (every unit has strength, no bonus takes any away)
        fol, gods = self.fol, self.gods[seat].values()
        exh, icons, info = self.exh, self.lay.icons, self.lay.info
        out = []
        for h in self.controlled(seat):
            if h in done:
                continue
            ex = exh.get(h)
            if not (uncovered(info[h], h, ex) if ex else icons[h]):  # (`_uncovered`, a call less a region)
                continue
            if fol[h][seat] or h in gods or self._harvest_strength(seat, h) > 0:
                out.append(h)
        return out

    def _follower_spots(self, seat) -> list[str]:
        """The regions of `s`'s settlements that it controls, each once, in
        layout order (`controller` read off `occ` here: a call less a region)."""
        occ, anc, stl, me = self.occ, self.anc, self.stl, 1 << seat
        out = []
        for h, o in stl.items():
            if o == seat:
                m = occ[h]
                if not m or (m == me and h not in anc):  # (nobody's units: its settlement controls it)
                    out.append(h)
        for h in self.osl[seat]:  # Odin's settlements (its units: they hold the region)
            m = occ[h]
            if ((m == me and h not in anc) or (not m and stl.get(h) == seat)) and h not in out:
                out.append(h)
        if len(out) > 1:
            out.sort(key=self.lay.index.__getitem__)
        return out

    def _settle_spots(self, seat) -> list[str]:
        if self.seats[seat]["settle_left"] <= 0:
            return []
        out = []
        for h in self.controlled(seat):
            if not self.has_settlement(h) and h != UNDERWORLD:
                out.append(h)
        return out

    def _move_settlement(self, seat, src, dest) -> None:
        o = self.own_osl()[seat]
        o[src] -= 1
        if not o[src]:
            del o[src]
        o[dest] = o.get(dest, 0) + 1
        self._changed(src, seat)
        self._changed(dest, seat)

    def _carry_opts(self, seat, src) -> list[int]:
        out = self._unit_acts(seat, src)
        if SETTLEMENT in out:
            out.remove(SETTLEMENT)
        return out


@RULES.step("units")
def _run_units(s: AnunnakiFields, seat, mode, n, src):
    if n > 0:
        if src is not None:  # anu: a fixed source
            if s.has_units(src, seat) and s._dests(seat, src, "portal"):
                s.ask("unit", seat, {"mode": mode, "n": n, "hex": src})
                return
        else:
            acts = _from_acts(s, seat, mode)
            if len(acts) > 1:
                s.ask("from", seat, {"mode": mode, "n": n}, acts)
                return


@rewarding("portal", words=lambda: "a portal action")
def _portal(s: AnunnakiFields, seat):
    """A portal action of the tile's basic strength; Enlil: one unit more."""
    return [queued(_run_units, seat, "portal", PORTAL_BASIC + (1 if s.has(seat, "enlil") else 0), None), FLIP]


@rewarding("move", AMOUNT, words=lambda n: f"move {n}")
def _move(s: AnunnakiFields, seat, n):
    """A move action of `n` units; Hermes: one unit more."""
    return [queued(_run_units, seat, "move", n + (1 if s.has(seat, "hermes") else 0), None), FLIP]


def _from_acts(s: AnunnakiFields, seat, mode):
    return s._hexacts(s._sources(seat, mode), [PASS])


def _legal_from(s: AnunnakiFields, seat):
    return _from_acts(s, seat, s.darg["mode"])


@RULES.decision("from", prompt="Choose a region to take a unit from (or stop)", legal=_legal_from)
def _ans_from(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    h = s.lay.hexes[a - HEX]
    mode = "anu" if arg["mode"] == "anu_src" else arg["mode"]
    s.ask("unit", seat, dict(arg, hex=h, mode=mode))


def _legal_unit(s: AnunnakiFields, seat):
    acts = s._unit_acts(seat, s.darg["hex"])
    return [PASS] + acts if s.darg["mode"] == "anu" else acts


@RULES.decision("unit", prompt="Which unit?", legal=_legal_unit)
def _ans_unit(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    s.ask("to", seat, dict(arg, unit=a - UNIT))


def _legal_to(s: AnunnakiFields, seat):
    return s._hexacts(s._dests(seat, s.darg["hex"], s.darg["mode"]))


@RULES.decision("to", prompt="Choose the region to move to", legal=_legal_to)
def _ans_to(s: AnunnakiFields, a, seat):
    arg = s.darg
    dest = s.lay.hexes[a - HEX]
    src = arg["hex"]
    u = arg["unit"]
    god = None
    if u == SETTLEMENT - UNIT:
        s._move_settlement(seat, src, dest)
        s._event(arg["mode"], seat, f"settlement {src}>{dest}")
        s.todo.append(queued(_run_units, seat, arg["mode"], arg["n"] - 1, src if arg["mode"] == "anu" else None))
        if s._carry_opts(seat, src):
            s.ask("carry", seat, {"from": src, "to": dest, "n": 2})
        return
    if u == 0:
        fol = s.own_fol()
        fol[src][seat] -= 1
        fol[dest][seat] += 1
    else:
        god = "major" if u == 1 else s.minor_list(seat)[u - 2]
        s.own_gods()[seat][god] = dest
    s._changed(src, seat)
    s._changed(dest, seat)
    mode = arg["mode"]
    if s.record:
        s._event(mode, seat, f"{src}>{dest}")
    fixed = src if mode == "anu" else None  # Anu's units all come from one region
    if god is not None and s._at_war(dest) and s.has(seat, "anubis") and not s.flags.get("anubis"):
        s.flags["anubis"] = True
        s.todo.append(queued(_run_units, seat, mode, arg["n"] - 1, fixed))
        s.todo.append(queued(_run_follower_at, seat, dest))
        return
    _run_units(s, seat, mode, arg["n"] - 1, fixed)  # the next unit at once (as its step would)


def _legal_carry(s: AnunnakiFields, seat):
    return [PASS] + s._carry_opts(seat, s.darg["from"])


@RULES.decision("carry", prompt="Odin: carry a unit along with the settlement?", legal=_legal_carry)
def _ans_carry(s: AnunnakiFields, a, seat):
    """Odin: a settlement carries up to 2 units from its region with it."""
    if a == PASS:
        return
    arg = s.darg
    src, dest = arg["from"], arg["to"]
    u = a - UNIT
    if u == 0:
        fol = s.own_fol()
        fol[src][seat] -= 1
        fol[dest][seat] += 1
    else:
        s.own_gods()[seat]["major" if u == 1 else s.minor_list(seat)[u - 2]] = dest
    s._changed(src, seat)
    s._changed(dest, seat)
    s._event("carry", seat, f"{src}>{dest}")
    if arg["n"] > 1 and s._carry_opts(seat, src):
        s.ask("carry", seat, dict(arg, n=arg["n"] - 1))


@RULES.step("follower_at")
def _run_follower_at(s: AnunnakiFields, seat, h):
    if s.supply(seat) > 0:
        s.own_fol()[h][seat] += 1
        s._changed(h, seat)
        if s.record:  # (Anubis's, Frigg's: said, not done in silence)
            s._event("follower", seat, h)
        return
    s.ask("take_follower", seat, {"then": h, "avoid": h})


@RULES.step("flip")
def _run_flip(s: AnunnakiFields):
    occ, spots = s.occ, s.lay.spots
    for i, c in enumerate(s.cul):
        if c is not None and not c[1]:  # face down (most are up or taken)
            a, b, d = spots[i][0]  # (a spot joins three regions)
            if occ[a] or occ[b] or occ[d]:  # someone is there
                spot = s.own_cul()[i]  # (this state's own copy of c)
                assert spot is not None
                spot[1] = True
                s._mark_reveal()
                s._event("culture_up", None, c[0])


# the step turning culture tokens up after units move, queued below their
# step (shared: steps are never changed in place)
FLIP = queued(_run_flip)


@RULES.step("harvest")
def _run_harvest(s: AnunnakiFields, seat, n, done):
    if n <= 0:
        return
    acts = _harvest_acts(s, seat, done)
    if len(acts) > 1:
        s.ask("harvest", seat, {"n": n, "done": done}, acts)


def _harvest_acts(s: AnunnakiFields, seat, done):
    return s._hexacts(s._harvestable(seat, done), [PASS])


def _legal_harvest(s: AnunnakiFields, seat):
    return _harvest_acts(s, seat, s.darg["done"])


@RULES.decision("harvest", prompt="Harvest: choose a region you control (or stop)", legal=_legal_harvest)
def _ans_harvest(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    h = s.lay.hexes[a - HEX]
    left, done = arg["n"] - 1, arg["done"] + [h]  # the harvest goes on: the regions left
    st = s._harvest_strength(seat, h)
    unc = s._uncovered(h)
    info = s.lay.info[h]
    if s.record:
        s._event("harvest", seat, h)
    if h == UNDERWORLD:
        s.todo.append(queued(_run_harvest, seat, left, done))
        s.own_exh().setdefault(h, []).append("any")
        # (Ishtar upgraded: no icon limit in any region but a capital, the Underworld too)
        s.todo.append(["gain_any", seat, st if s.power(seat, "ishtar_no_cap") else min(st, len(unc))])
        return
    if info["capital"] is not None:
        s._gain(seat, info["res"][0], min(st, info["icons"]))
    elif len(info["res"]) > 1:
        kinds = sorted(set(unc), key=RI.__getitem__)
        if len(kinds) == 2:  # a choice first
            s.todo.append(queued(_run_harvest, seat, left, done))
            if st >= 2:
                for r in kinds:
                    s._gain(seat, r, 1)
                s.ask("exhaust", seat, {"hex": h, "options": kinds})
            else:
                s.ask("harvest_res", seat, {"hex": h, "options": kinds})
            return
        s._gain(seat, kinds[0], 1)
        s.own_exh().setdefault(h, []).append(kinds[0])
    else:
        r = info["res"][0]
        s._gain(seat, r, st if s.power(seat, "ishtar_no_cap") else min(st, len(unc)))
        s.own_exh().setdefault(h, []).append(r)
    _run_harvest(s, seat, left, done)  # the next region at once (as its step would)


def _legal_harvest_res(s: AnunnakiFields, seat):
    return [RES + RI[r] for r in s.darg["options"]]


@RULES.decision("harvest_res", prompt="This region has two resources: which do you take?", legal=_legal_harvest_res)
def _ans_harvest_res(s: AnunnakiFields, a, seat):
    arg = s.darg
    r = RESOURCES[a - RES]
    s._gain(seat, r, 1)
    s._event("gain_res", seat, r)
    s.own_exh().setdefault(arg["hex"], []).append(r)


@RULES.decision("exhaust", prompt="Which resource is exhausted?", legal=_legal_harvest_res)
def _ans_exhaust(s: AnunnakiFields, a, seat):
    arg = s.darg
    s.own_exh().setdefault(arg["hex"], []).append(RESOURCES[a - RES])
    s._event("exhaust", seat, (arg["hex"], RESOURCES[a - RES]))


@RULES.step("followers")
def _run_followers(s: AnunnakiFields, seat, n):
    if n <= 0:
        return
    if s.has(seat, "hera"):
        n += 1
    s.todo += [_PLACE[seat]] * (n - 1)
    _run_place_follower(s, seat)  # the first at once (as its step, on top, would)


reward("follower", AMOUNT, runs=_run_followers, words=lambda n: f"{n} follower{'s' if n > 1 else ''}")


@RULES.step("place_follower")
def _run_place_follower(s: AnunnakiFields, seat):
    acts = _legal_place_follower(s, seat)
    if not acts:
        return
    if s.supply(seat) <= 0:
        s.ask("take_follower", seat, {"then": None})
        return
    s.ask("place_follower", seat, {}, legal=acts)


# per seat, the step placing one of its followers (shared: steps are never
# changed in place)
_PLACE = [queued(_run_place_follower, s) for s in range(MAX_PLAYERS)]


def _legal_place_follower(s: AnunnakiFields, seat):
    return s._hexacts(s._follower_spots(seat))


@RULES.decision("place_follower", prompt="Place a follower", legal=_legal_place_follower)
def _ans_place_follower(s: AnunnakiFields, a, seat):
    h = s.lay.hexes[a - HEX]
    s.own_fol()[h][seat] += 1
    s._changed(h, seat)
    if s.record:
        s._event("follower", seat, h)


def _legal_take_follower(s: AnunnakiFields, seat):
    fol, avoid = s.fol, s.darg.get("avoid")
    out = [PASS]
    for h in s.mine[seat]:  # (in layout order)
        if fol[h][seat] and h != avoid:
            out.append(s.lay.action[h])
    return out


@RULES.decision("take_follower", prompt="Take a follower back from the board (or stop)", legal=_legal_take_follower)
def _ans_take_follower(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    h = s.lay.hexes[a - HEX]
    fol = s.own_fol()
    fol[h][seat] -= 1
    s._changed(h, seat)
    if s.record:
        s._event("follower_back", seat, (h, arg.get("then")))
    if arg.get("then"):
        fol[arg["then"]][seat] += 1
        s._changed(arg["then"], seat)
    else:
        s.ask("place_follower", seat, {})


@RULES.step("settle")
def _run_settle(s: AnunnakiFields, seat):
    acts = _legal_settle(s, seat)
    if acts:
        s.ask("settle", seat, {}, legal=acts)


reward("settle", runs=_run_settle, words=lambda: "a settlement")


def _legal_settle(s: AnunnakiFields, seat):
    return s._hexacts(s._settle_spots(seat))


@RULES.decision("settle", prompt="Build a settlement: choose the region", legal=_legal_settle)
def _ans_settle(s: AnunnakiFields, a, seat):
    h = s.lay.hexes[a - HEX]
    if s.power(seat, "odin_settlement_units"):
        osl = s.own_osl()[seat]
        osl[h] = osl.get(h, 0) + 1
    else:
        s.stl[h] = seat
    s._changed(h, seat)
    s.own_seat(seat)["settle_left"] -= 1
    s._event("settle", seat, h)
