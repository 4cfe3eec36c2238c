"""Anunnaki: Dawn of the Gods — the state and every rule implemented.

Turn flow is a declared stack of steps (`todo`, last first): a turn pushes
main action, mana action, additional actions, battles, culture tokens and the
turn's end; each step either changes the state or sets a pending decision.
Decisions stay small (a move of several units is unit by unit, a harvest region
by region); actions are small ints (constants below), `action_to_str` gives
words, and those words are the MOVE notation (`notation.py`).

The weapon choice of a battle between two players is a simultaneous decision
(`decision().seats` = the seats still to choose); a chosen card stays secret
(`secret`) until both have chosen and the cards are revealed.

All state fields are plain JSON values (names, not indexes), so STATE is the
state itself; all component numbers come from `data.py`.
"""

from __future__ import annotations

from meeple.core.game import Decision, IllegalMove
from meeple.core.record import GameRecord
from meeple.core.rng import Rng
from meeple.games.anunnaki.board import UNDERWORLD, layout
from meeple.games.anunnaki.data import DATA, RESOURCES, TRACKS

# ---- the action space --------------------------------------------------------
PASS, YES = 0, 1
TILE = 2            # + tile number - 1
RES = 12            # + resource index
UNIT = 16           # 16 follower, 17 major god, 18 + i: the house's i-th minor god
WEAPON = 25         # + index in the house's weapon list (basic first)
WPAIR = 34          # + i * 9 + j (Loki: two weapons)
HEX = 116           # + hex index in the layout
SPACE = 180         # + action star space
CONTRACT = 195      # + contract number - 1: take from the display
FULFILL = 231       # + contract number - 1
MANA = 270          # + index in MANA_KINDS
SUMMON = 280        # + minor god index
SUMMON_MAJOR = 287
HORN = 288
PANDORA = 289
CHOICE = 290        # + option index (meaning depends on the decision)
ARTIFACT = 330      # + index in data.ARTIFACTS
METAL = 340         # + metal paid (chariot)
SETTLEMENT = 400    # unit: a settlement that counts as a unit (Odin's basic power)
BALLISTA_GOD = 1    # "each of the opponent's gods, minor, major or Atlantis god, has strength 1" (rulebook)

MANA_KINDS = ("red", "blue", "weapons", "develop", "settle", "followers", "mirror")
# decisions whose options come from a seat's weapons, some hidden from others
_WEAPON_KINDS = frozenset({"weapon", "weapon_pick", "helmet", "composite", "lose_weapon"})
RI = {r: i for i, r in enumerate(RESOURCES)}
ART_IDS = tuple(DATA.artifacts)
# market combinations: basic (pay, a, b) then developed (a, b)
MARKET = [(p, a, b) for p in range(4) for a in range(4) for b in range(a + 1, 4) if p not in (a, b)]
MARKET += [(None, a, b) for a in range(4) for b in range(a + 1, 4)]
TRACK_CHOICES = TRACKS + ("dom",)
SETUP = DATA.setup
RULES = DATA.rules
STRENGTH = DATA.strength
NDEV = len(DATA.multipliers)
PORTAL_BASIC = next(t["basic"] for t in DATA.tiles.values() if t["action"] == "portal")


def _copy(x):
    t = type(x)
    if t is list:
        return [_copy(v) for v in x]
    if t is dict:
        return {k: _copy(v) for k, v in x.items()}
    return x


SEAT_FIELDS = ("res", "mana", "vp", "tracks", "dom", "pawn", "cubes", "developed", "tokens", "major_token",
               "free_minor", "free_major", "gods_offer", "summoned", "major", "hand", "pile",
               "settle_left", "contracts", "fulfilled", "artifacts", "pandora", "destiny", "defeated", "turns")


class AnunnakiState(GameRecord):
    game = "anunnaki"
    _NOTATION = "meeple.games.anunnaki.notation"
    _VIEW = "meeple.games.anunnaki.view"
    __slots__ = ("players", "houses", "lay", "arrangement", "first_game", "current", "end_triggered",
                 "finished", "winners", "seats", "fol", "gods", "stl", "osl", "exh", "anc", "cul", "deck",
                 "display", "art_deck", "art_seen", "conquests", "dom_tokens", "objectives", "removed",
                 "used", "flags", "kind", "dseats", "darg", "todo", "ctx", "secret", "final",
                 "rng", "history", "events", "record")

    # ------------------------------------------------------------ basics
    def clone(self) -> "AnunnakiState":
        n = AnunnakiState.__new__(AnunnakiState)
        n.players = self.players
        n.houses = self.houses
        n.lay = self.lay
        n.arrangement = self.arrangement          # never changed in play
        n.first_game = self.first_game
        n.current = self.current
        n.end_triggered = self.end_triggered
        n.finished = self.finished
        n.winners = self.winners[:]
        n.seats = [{k: (v[:] if type(v) is list else v) for k, v in sd.items()} for sd in self.seats]
        n.fol = {h: v[:] for h, v in self.fol.items()}
        n.gods = [dict(g) for g in self.gods]
        n.stl = dict(self.stl)
        n.osl = [dict(o) for o in self.osl]
        n.exh = {h: v[:] for h, v in self.exh.items()}
        n.anc = {h: v[:] for h, v in self.anc.items()}
        n.cul = [None if c is None else c[:] for c in self.cul]
        n.deck = self.deck[:]
        n.display = self.display[:]
        n.art_deck = self.art_deck[:]
        n.art_seen = self.art_seen[:]
        n.conquests = self.conquests
        n.dom_tokens = self.dom_tokens[:]
        n.objectives = self.objectives
        n.removed = self.removed[:]
        n.used = self.used[:]
        n.flags = dict(self.flags)
        n.kind = self.kind
        n.dseats = self.dseats[:]
        n.darg = _copy(self.darg)
        n.todo = [st[:] for st in self.todo]
        n.ctx = _copy(self.ctx) if self.ctx else {}
        n.secret = dict(self.secret)
        n.final = _copy(self.final)
        n.rng = Rng(self.rng.state)
        n.reveals = self.reveals
        n.history = self.history
        n.events = self.events
        n.record = self.record
        return n

    def decision(self):
        if self.finished or self.kind is None:
            return None
        return Decision(self.kind, tuple(self.dseats))

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
        out = [h for h, o in self.stl.items() if o == seat]
        for h, n in self.osl[seat].items():
            out.extend([h] * n)
        return out

    def has_settlement(self, h: str) -> bool:
        return h in self.stl or any(o.get(h) for o in self.osl)

    def occupants(self, h: str) -> list[int]:
        f = self.fol[h]
        gods, osl = self.gods, self.osl
        return [s for s in range(self.players)
                if f[s] or (gods[s] and h in gods[s].values()) or (osl[s] and h in osl[s])]

    def controller(self, h: str):
        occ = self.occupants(h)
        if len(occ) == 1:
            return None if h in self.anc else occ[0]
        if occ:
            return None
        return self.stl.get(h)

    def controlled(self, seat: int) -> list[str]:
        """Regions `seat` controls, in layout order."""
        cand = {h for h, f in self.fol.items() if f[seat]}
        cand.update(self.gods[seat].values())
        cand.update(self.osl[seat])
        cand.update(h for h, o in self.stl.items() if o == seat)
        idx = self.lay.index
        return sorted((h for h in cand if self.controller(h) == seat), key=idx.__getitem__)

    def supply(self, seat: int) -> int:
        return SETUP["followers"] - sum(f[seat] for f in self.fol.values())

    def shrines(self, seat: int) -> int:
        n = sum(self.lay.info[h]["shrines"] for h in self.controlled(seat))
        return n + (1 if self.has(seat, "poseidon") else 0)

    def objective(self, seat: int, obj: str) -> int:
        o = DATA.objectives[obj]
        if obj == "shrines":
            n = self.shrines(seat)
        elif obj == "settlements":
            n = len(self.settlements_of(seat))
        elif obj == "regions":
            n = len(self.controlled(seat))
        else:
            n = sum(f[seat] for f in self.fol.values()) + len(self.gods[seat])   # settlements aside
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

    # ------------------------------------------------------------ legal actions
    def legal_actions(self, seat: int | None = None) -> list[int]:
        if self.finished or self.kind is None:
            return []
        if seat is None:
            seat = self.dseats[0]
        elif seat not in self.dseats:
            return []
        fn = getattr(self, "_legal_" + self.kind)
        return fn(seat)

    def _hexacts(self, hexes) -> list[int]:
        idx = self.lay.index
        return [HEX + idx[h] for h in hexes]

    def _legal_discard_god(self, s):
        return [CHOICE + i for i in range(len(self.seats[s]["gods_offer"]))]

    def _legal_main(self, s):
        sd = self.seats[s]
        out = []
        for pos, t in enumerate(self.arrangement):
            if pos == sd["pawn"]:
                continue
            if sd["pawn"] < 0 and DATA.tiles[t]["color"] != "blue":
                continue
            out.append(TILE + t - 1)
        return out

    def _legal_ra_cube(self, s):
        cubes = self.seats[s]["cubes"]
        return [PASS] + [SPACE + i for i in range(len(DATA.spaces)) if i not in cubes]

    def _legal_resource(self, s):
        return [RES + i for i in range(4)]

    def _legal_pay(self, s):
        res = self.seats[s]["res"]
        return [RES + i for i in range(4) if res[i] > 0]

    def _legal_steal(self, s):
        res = self.seats[self.darg["from"]]["res"]
        return [RES + i for i in range(4) if res[i] > 0]

    def _legal_from(self, s):
        return [PASS] + self._hexacts(self._sources(s, self.darg["mode"]))

    def _legal_unit(self, s):
        acts = self._unit_acts(s, self.darg["hex"])
        return [PASS] + acts if self.darg["mode"] == "anu" else acts

    def _legal_to(self, s):
        return self._hexacts(self._dests(s, self.darg["hex"], self.darg["mode"]))

    def _legal_harvest(self, s):
        return [PASS] + self._hexacts(self._harvestable(s, self.darg["done"]))

    def _legal_harvest_res(self, s):
        return [RES + RI[r] for r in self.darg["options"]]

    _legal_exhaust = _legal_harvest_res

    def _legal_creation(self, s):
        return [RES + i for i in range(4)]

    def _legal_market(self, s):
        res = self.seats[s]["res"]
        dev = self.darg["developed"]
        out = [PASS]
        for i, (p, a, b) in enumerate(MARKET):
            if dev:
                if p is None:
                    out.append(CHOICE + i)
            elif p is not None and res[p] > 0:
                out.append(CHOICE + i)
        return out

    def _legal_contract(self, s):
        return [CONTRACT + int(c[1:]) - 1 for c in self.display]

    def _legal_place_follower(self, s):
        return self._hexacts(self._follower_spots(s))

    def _legal_take_follower(self, s):
        return [PASS] + self._hexacts([h for h in self.lay.hexes if self.fol[h][s] and h != self.darg.get("avoid")])

    def _legal_settle(self, s):
        return self._hexacts(self._settle_spots(s))

    def _legal_develop(self, s):
        return [TILE + t - 1 for t in self._developable(s)]

    def _legal_dev_do(self, s):
        return [YES, PASS]

    def _legal_weapon_pick(self, s):
        wl = self.weapon_list(s)
        return sorted({WEAPON + wl.index(w) for w in self.seats[s]["pile"]})

    def _legal_tile_pick(self, s):
        sd = self.seats[s]
        pawn_tile = self.arrangement[sd["pawn"]] if sd["pawn"] >= 0 else None
        return [TILE + t - 1 for t in self.arrangement
                if DATA.tiles[t]["color"] == self.darg["color"] and t != pawn_tile]

    def _legal_cube_from(self, s):
        return [SPACE + i for i in sorted(self.seats[s]["cubes"])]

    def _legal_cube_to(self, s):
        cubes = self.seats[s]["cubes"]
        return [SPACE + i for i in range(len(DATA.spaces)) if i not in cubes]

    def _legal_mana(self, s):
        return [PASS] + [MANA + MANA_KINDS.index(k) for k in self._mana_options(s, self.darg["discount"], self.darg["exclude"])]

    def _legal_extra(self, s):
        return [PASS] + self._extra_options(s)

    def _legal_summon_hex(self, s):
        return self._hexacts([h for h in self.lay.hexes if self.fol[h][s]])

    def _legal_contract_half(self, s):
        return [CHOICE, CHOICE + 1]

    def _legal_choice(self, s):
        return [CHOICE + i for i in range(self.darg["n"])]

    def _legal_yesno(self, s):
        return [YES, PASS]

    def _legal_culture_benefit(self, s):
        DATA.culture[self.darg["token"]]        # a STATE naming no token does not load
        return [YES, PASS]

    def _legal_free_contract(self, s):
        return [PASS] + [FULFILL + int(c[1:]) - 1 for c in self.seats[s]["contracts"]]

    def _legal_battle(self, s):
        return self._hexacts(self._war_hexes(s))

    def _legal_weapon(self, s):
        b = self.ctx["battle"]
        return self._weapon_options(s, attacker=(s == b["att"]), pairs=self.has(s, "loki"))

    def _legal_loki(self, s):
        wl = self.weapon_list(s)
        return [WEAPON + wl.index(w) for w in self.ctx["battle"]["cards"][str(s)]]

    def _legal_helmet(self, s):
        b = self.ctx["battle"]
        return self._weapon_options(s, attacker=(s == b["att"]), pairs=False)

    def _legal_composite(self, s):
        return [PASS] + self._weapon_options(s, attacker=True, pairs=False)

    def _legal_chariot(self, s):
        return [METAL + n for n in range(self.seats[s]["res"][RI["metal"]] + 1)]

    def _legal_artifact(self, s):
        return [ARTIFACT + ART_IDS.index(a) for a in self.darg["options"]]

    def _legal_horn(self, s):
        res = self.seats[s]["res"]
        out = [CHOICE + i for i in range(4)]
        out += [CHOICE + 4 + i for i in range(4) if res[i] >= RULES["horn"]["pay"]]
        return out

    def _legal_pandora(self, s):
        return [CHOICE + ["mana", "follower", "weapon"].index(t) for t in self.seats[s]["pandora"]]

    def _legal_lose_weapon(self, s):
        wl = self.weapon_list(s)
        return sorted({WEAPON + wl.index(w) for w in self.seats[s]["hand"]
                       if DATA.weapons[w]["kind"] == "advanced"})

    def _legal_lose_follower(self, s):
        return self._hexacts([h for h in self.lay.hexes if self.fol[h][s]])

    def _legal_destiny(self, s):
        return [CHOICE + i for i in range(3)]

    # ------------------------------------------------------------ rule helpers
    def _unit_acts(self, s, h) -> list[int]:
        out = []
        if self.fol[h][s]:
            out.append(UNIT)
        ml = self.minor_list(s)
        for g, where in self.gods[s].items():
            if where == h:
                out.append(UNIT + 1 if g == "major" else UNIT + 2 + ml.index(g))
        if self.osl[s].get(h):
            out.append(SETTLEMENT)
        return sorted(out)

    def _at_war(self, h: str) -> bool:
        return len(self.occupants(h)) > 1 or (h in self.anc and bool(self.occupants(h)))

    def _my_hexes(self, s) -> list[str]:
        """Regions holding `s`'s units, in layout order."""
        cand = {h for h, f in self.fol.items() if f[s]}
        cand.update(self.gods[s].values())
        cand.update(self.osl[s])
        return sorted(cand, key=self.lay.index.__getitem__)

    def _sources(self, s, mode) -> list[str]:
        out = []
        lay = self.lay
        for h in self._my_hexes(s):
            if self._at_war(h):
                continue
            atl = lay.info[h]["atlantis"]
            if atl and (mode != "move" or self.end_triggered):
                continue
            if mode == "move" and not self._dests(s, h, mode):
                continue
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
                cand = [x for x in lay.nb[h] if lay.edge_ok(h, x)]
                if self._owns_underworld(s) and self.controller(h) == s:
                    cand.append(UNDERWORLD)
            out = []
            for x in cand:
                info = lay.info[x]
                if info["capital"] is not None and info["capital"] != s:
                    continue
                if self.end_triggered and (info["atlantis"] or lay.info[h]["atlantis"]):
                    continue
                out.append(x)
            return out
        out = []
        for x in lay.hexes:
            info = lay.info[x]
            if x == h or info["atlantis"] or (info["capital"] is not None and info["capital"] != s):
                continue
            if x == UNDERWORLD and not self._owns_underworld(s):
                continue
            out.append(x)
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
            st += 1        # "+1 in each region you control": a settlement alone harvests 1
        if st <= 0:
            return 0
        if self.has(s, "ashur"):
            st += 1
        return st

    def _uncovered(self, h) -> list[str]:
        info = self.lay.info[h]
        if h == UNDERWORLD:
            return ["any"] * max(0, info["icons"] - len(self.exh.get(h, [])))
        if info["capital"] is not None:
            return list(info["res"]) * info["icons"]
        ex = list(self.exh.get(h, []))
        if len(info["res"]) > 1:
            return [r for r in info["res"] if not (r in ex and not ex.remove(r))]
        return [info["res"][0]] * max(0, info["icons"] - len(ex)) if info["res"] else []

    def _harvestable(self, s, done) -> list[str]:
        return [h for h in self.controlled(s) if h not in done and self._uncovered(h)
                and self._harvest_strength(s, h) > 0]

    def _follower_spots(self, s) -> list[str]:
        return sorted({h for h in self.settlements_of(s) if self.controller(h) == s}, key=self.lay.index.get)

    def _settle_spots(self, s) -> list[str]:
        if self.seats[s]["settle_left"] <= 0:
            return []
        return [h for h in self.controlled(s) if not self.has_settlement(h) and h != UNDERWORLD]

    def _developable(self, s) -> list[int]:
        sd = self.seats[s]
        if sd["pawn"] < 0:
            return []
        extra = RULES["develop_red_extra"]
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
        res = sd["res"]
        out = []
        for k in MANA_KINDS:
            if k in exclude:
                continue
            if k == "mirror":
                if "mirror" in sd["artifacts"] and not discount:
                    out.append(k)
                continue
            cost = RULES["mana_actions"][k]
            if sd["mana"] < max(0, cost["mana"] - discount):
                continue
            if any(res[RI[r]] < n for r, n in cost.items() if r in RI):
                continue
            if k in ("red", "blue"):
                pawn_tile = self.arrangement[sd["pawn"]] if sd["pawn"] >= 0 else None
                if not any(DATA.tiles[t]["color"] == k and t != pawn_tile for t in self.arrangement):
                    continue
            elif k == "weapons" and not sd["pile"]:
                continue
            elif k == "develop":
                gold = cost.get("gold", 0)
                res[RI["gold"]] -= gold
                ok = bool(self._developable(s))
                res[RI["gold"]] += gold
                if not ok:
                    continue
            elif k == "settle":
                if not self._settle_spots(s):
                    continue
            out.append(k)
        return out

    def _extra_options(self, s) -> list[int]:
        sd = self.seats[s]
        used = self.used
        out = []
        has_follower = any(self.fol[h][s] for h in self.lay.hexes)
        if "summon" not in used and has_follower:
            if sd["free_minor"] > 0:
                ml = self.minor_list(s)
                out += [SUMMON + ml.index(g) for g in sd["gods_offer"] if g not in sd["summoned"]]
            if sd["free_major"] and not sd["major"]:
                out.append(SUMMON_MAJOR)
        if "contract" not in used:
            for c in sd["contracts"]:
                if self.can_pay(s, DATA.contracts[c]["cost"]):
                    out.append(FULFILL + int(c[1:]) - 1)
        if "horn" not in used and "horn_of_plenty" in sd["artifacts"]:
            out.append(HORN)
        if "pandora" not in used and sd["pandora"]:
            out.append(PANDORA)
        return sorted(out)

    def _war_hexes(self, s) -> list[str]:
        return [h for h in self._my_hexes(s) if self._at_war(h)]

    def _weapon_options(self, s, attacker: bool, pairs: bool) -> list[int]:
        wl = self.weapon_list(s)
        hand = self.seats[s]["hand"]
        ok = sorted({wl.index(w) for w in hand
                     if (not attacker or DATA.weapons[w]["kind"] == "advanced")
                     and self.can_pay(s, self.weapon_cost(s, w))})
        out = [WEAPON + i for i in ok]
        if pairs:
            for x in range(len(ok)):
                for y in range(x + 1, len(ok)):
                    out.append(WPAIR + ok[x] * 9 + ok[y])
        return out

    def _armed(self, s, attacker: bool) -> bool:
        """Has seat s a weapon it could choose now? Whether a battle step is
        asked tells everyone that much of its hidden advanced weapons."""
        if self._hides_weapons(s):
            self._mark_reveal()
        return bool(self._weapon_options(s, attacker, False))

    def _hides_weapons(self, s) -> bool:
        sd = self.seats[s]
        return bool(sd["pile"]) or any(DATA.weapons[w]["kind"] == "advanced" for w in sd["hand"])

    # ------------------------------------------------------------ applying
    def apply_action(self, action: int, seat: int | None = None) -> None:
        if self.finished:
            raise IllegalMove("the game is over")
        if self.kind is None:
            raise IllegalMove("no decision is pending")
        if seat is None:
            seat = self.dseats[0]
        if seat not in self.dseats:
            raise IllegalMove(f"seat {seat} has no decision now (waiting for {', '.join(map(str, self.dseats))})")
        if action not in self.legal_actions(seat):
            raise IllegalMove(f"action {action} is not legal now for seat {seat}")
        self._apply(action, seat)

    def apply_legal(self, action: int) -> None:
        self._apply(action, self.dseats[0])

    def _apply(self, a: int, seat: int) -> None:
        if self.record:
            text = self.action_to_str_for(a, seat)
            self._record(seat, f"@{seat} {text}" if len(self.dseats) > 1 else text)
        self._answer(a, seat)
        self._advance()

    def action_to_str_for(self, a: int, seat: int) -> str:
        from meeple.games.anunnaki.notation import action_to_str
        return action_to_str(self, a, seat)

    def _set(self, kind: str, seat, arg=None) -> None:
        self.kind = kind
        self.dseats = list(seat) if isinstance(seat, (list, tuple)) else [seat]
        self.darg = arg if arg is not None else {}

    def _advance(self) -> None:
        while True:
            while self.kind is None:
                if self.finished:
                    return
                if not self.todo:
                    raise AssertionError("no step left and no decision")
                step = self.todo.pop()
                getattr(self, "_run_" + step[0])(*step[1:])
            if self.kind == "main" or len(self.dseats) > 1:
                return
            if self.kind in _WEAPON_KINDS and self._hides_weapons(self.dseats[0]):
                self._mark_reveal()     # asked or answered for it: either tells of its weapons
            acts = self.legal_actions()
            if len(acts) != 1:
                return
            self._answer(acts[0], self.dseats[0])

    def _push(self, *steps) -> None:
        """Queue steps to run in the order given."""
        for st in reversed(steps):
            self.todo.append(list(st))

    def _answer(self, a: int, seat: int) -> None:
        kind = self.kind
        arg = self.darg
        if len(self.dseats) > 1 or kind == "weapon":
            self.secret[str(seat)] = a
            self.dseats = [x for x in self.dseats if x != seat]
            if self.dseats:
                return
        self.kind = None
        self.dseats = []
        self.darg = {}
        getattr(self, "_ans_" + kind)(a, seat, arg)

    # ------------------------------------------------------------ setup / turns
    def _run_setup_gods(self, s):
        self._set("discard_god", s)

    def _ans_discard_god(self, a, s, arg):
        g = self.seats[s]["gods_offer"].pop(a - CHOICE)
        self._event("discard_god", s, g)

    def _run_start_turn(self):
        s = self.current
        self.used = []
        self.flags = {}
        self._push(["main"], ["mana_choice", s, 0, [], False], ["extra"], ["battles"], ["culture"], ["end_turn"])

    def _run_main(self):
        self._set("main", self.current)

    def _ans_main(self, a, s, arg):
        sd = self.seats[s]
        t = a - TILE + 1
        new = self.arrangement.index(t)
        old = sd["pawn"]
        sd["pawn"] = new
        self._event("main", s, t)
        self._push(["action", s, t, t in sd["developed"]])
        if old >= 0 and new in DATA.adj[old]:
            sp = DATA.adj[old][new]
            if sp not in sd["cubes"]:
                if len(sd["cubes"]) < SETUP["cubes"]:
                    self._place_cube(s, sp)
            elif self.power(s, "ra_move_cube"):
                self._set("ra_cube", s, {"space": sp})

    def _ans_ra_cube(self, a, s, arg):
        if a == PASS:
            return
        sd = self.seats[s]
        sd["cubes"].remove(arg["space"])
        self._place_cube(s, a - SPACE)

    def _place_cube(self, s, sp) -> None:
        sd = self.seats[s]
        sd["cubes"].append(sp)
        sd["cubes"].sort()
        mana = DATA.spaces[sp][2]
        sd["mana"] += mana
        self._event("cube", s, sp)
        for k, tok in enumerate(DATA.minor_tokens):
            if k not in sd["tokens"] and all(x in sd["cubes"] for x in tok):
                sd["tokens"].append(k)
                sd["free_minor"] += 1
        if not sd["major_token"] and all(x in sd["cubes"] for x in DATA.major_token):
            sd["major_token"] = True
            sd["free_major"] = True
        if len(sd["cubes"]) >= SETUP["cubes"]:
            self._trigger_end(s, "cubes")
        if mana > 0 and self.power(s, "ra_mana_resource"):
            self._push(["gain_any", s, 1])

    def _trigger_end(self, s, why) -> None:
        if not self.end_triggered:
            self.end_triggered = True
            self._event("end_trigger", s, why)

    def _run_end_turn(self):
        s = self.current
        self.seats[s]["turns"] += 1
        if self.end_triggered and s == self.players - 1:
            self._finish()
            return
        self.current = (s + 1) % self.players
        self._push(["start_turn"])

    # ------------------------------------------------------------ actions
    def _run_action(self, s, t, developed):
        tile = DATA.tiles[t]
        v = tile["developed"] if developed else tile["basic"]
        act = tile["action"]
        self._event("action", s, f"{act}{'+' if developed else ''}")
        if act == "portal":
            n = v + (1 if self.has(s, "enlil") else 0)
            self._push(["units", s, "portal", n, None], ["flip"])
        elif act == "move":
            n = v + (1 if self.has(s, "hermes") else 0)
            self._push(["units", s, "move", n, None], ["flip"])
        elif act == "commerce":
            self._push(*[["take_contract", s]] * v)
        elif act == "harvest":
            self._push(["harvest", s, v, []])
        elif act == "creation":
            n = self.shrines(s)
            if n <= 0:
                return
            if developed:
                self._set("creation", s, {"n": n})
            else:
                self._gain(s, self.house(s)["capital_resource"], n)
        elif act == "income":
            self._income(s, v)
        elif act == "domination":
            self._dom(s, self.objective(s, self.objectives["dom"]) + v)
        elif act == "market":
            self._set("market", s, {"developed": developed})

    def _ans_creation(self, a, s, arg):
        self._gain(s, RESOURCES[a - RES], arg["n"])

    def _income(self, s, extra_followers=0):
        built = SETUP["settlements"] - 1 - self.seats[s]["settle_left"]
        lv = DATA.income[max(0, min(built, len(DATA.income) - 1))]
        self.seats[s]["vp"] += lv["vp"]
        self._push(["followers", s, lv["followers"] + extra_followers])

    def _ans_market(self, a, s, arg):
        if a == PASS:
            return
        p, x, y = MARKET[a - CHOICE]
        res = self.seats[s]["res"]
        if p is not None:
            res[p] -= 1
        res[x] += 1
        res[y] += 1

    # units: portal / move / anu, one unit at a time ---------------------------
    def _run_units(self, s, mode, n, src):
        if n <= 0:
            return
        if src is not None:       # anu: a fixed source
            if not self.has_units(src, s) or not self._dests(s, src, "portal"):
                return
            self._set("unit", s, {"mode": mode, "n": n, "hex": src})
            return
        if not self._sources(s, mode):
            return
        self._set("from", s, {"mode": mode, "n": n})

    def _ans_from(self, a, s, arg):
        if a == PASS:
            return
        h = self.lay.hexes[a - HEX]
        mode = "anu" if arg["mode"] == "anu_src" else arg["mode"]
        self._set("unit", s, dict(arg, hex=h, mode=mode))

    def _ans_unit(self, a, s, arg):
        if a == PASS:
            return
        self._set("to", s, dict(arg, unit=a - UNIT))

    def _ans_to(self, a, s, arg):
        dest = self.lay.hexes[a - HEX]
        src = arg["hex"]
        u = arg["unit"]
        god = None
        if u == SETTLEMENT - UNIT:
            self._move_settlement(s, src, dest)
            self._event(arg["mode"], s, f"settlement {src}>{dest}")
            self._push(["units", s, arg["mode"], arg["n"] - 1, src if arg["mode"] == "anu" else None])
            if self._carry_opts(s, src):
                self._set("carry", s, {"from": src, "to": dest, "n": 2})
            return
        if u == 0:
            self.fol[src][s] -= 1
            self.fol[dest][s] += 1
        else:
            god = "major" if u == 1 else self.minor_list(s)[u - 2]
            self.gods[s][god] = dest
        self._event(arg["mode"], s, f"{src}>{dest}")
        self._push(["units", s, arg["mode"], arg["n"] - 1, src if arg["mode"] == "anu" else None])
        if god is not None and self._at_war(dest) and self.has(s, "anubis") and not self.flags.get("anubis"):
            self.flags["anubis"] = True
            self._push(["follower_at", s, dest])

    def _move_settlement(self, s, src, dest) -> None:
        o = self.osl[s]
        o[src] -= 1
        if not o[src]:
            del o[src]
        o[dest] = o.get(dest, 0) + 1

    def _legal_carry(self, s):
        return [PASS] + self._carry_opts(s, self.darg["from"])

    def _carry_opts(self, s, src) -> list[int]:
        return [a for a in self._unit_acts(s, src) if a != SETTLEMENT]

    def _ans_carry(self, a, s, arg):
        """Odin: a settlement carries up to 2 units from its region with it."""
        if a == PASS:
            return
        src, dest = arg["from"], arg["to"]
        u = a - UNIT
        if u == 0:
            self.fol[src][s] -= 1
            self.fol[dest][s] += 1
        else:
            self.gods[s]["major" if u == 1 else self.minor_list(s)[u - 2]] = dest
        self._event("carry", s, f"{src}>{dest}")
        if arg["n"] > 1 and self._carry_opts(s, src):
            self._set("carry", s, dict(arg, n=arg["n"] - 1))

    def _run_follower_at(self, s, h):
        if self.supply(s) > 0:
            self.fol[h][s] += 1
            return
        self._set("take_follower", s, {"then": h, "avoid": h})

    def _run_flip(self):
        lay = self.lay
        for i, (tri, _b) in enumerate(lay.spots):
            c = self.cul[i]
            if c is not None and not c[1] and any(self.occupants(h) for h in tri):
                c[1] = True
                self._mark_reveal()
                self._event("culture_up", None, c[0])

    # harvest ------------------------------------------------------------------
    def _run_harvest(self, s, n, done):
        if n <= 0 or not self._harvestable(s, done):
            return
        self._set("harvest", s, {"n": n, "done": done})

    def _ans_harvest(self, a, s, arg):
        if a == PASS:
            return
        h = self.lay.hexes[a - HEX]
        self._push(["harvest", s, arg["n"] - 1, arg["done"] + [h]])
        st = self._harvest_strength(s, h)
        unc = self._uncovered(h)
        info = self.lay.info[h]
        self._event("harvest", s, h)
        if h == UNDERWORLD:
            self.exh.setdefault(h, []).append("any")
            self._push(["gain_any", s, min(st, len(unc))])
            return
        if info["capital"] is not None:
            self._gain(s, info["res"][0], min(st, info["icons"]))
            return
        if len(info["res"]) > 1:
            kinds = sorted(set(unc), key=RI.get)
            if len(kinds) == 2 and st >= 2:
                for r in kinds:
                    self._gain(s, r, 1)
                self._set("exhaust", s, {"hex": h, "options": kinds})
            elif len(kinds) == 2:
                self._set("harvest_res", s, {"hex": h, "options": kinds})
            else:
                self._gain(s, kinds[0], 1)
                self.exh.setdefault(h, []).append(kinds[0])
            return
        r = info["res"][0]
        n = st if self.power(s, "ishtar_no_cap") else min(st, len(unc))
        self._gain(s, r, n)
        self.exh.setdefault(h, []).append(r)

    def _ans_harvest_res(self, a, s, arg):
        r = RESOURCES[a - RES]
        self._gain(s, r, 1)
        self.exh.setdefault(arg["hex"], []).append(r)

    def _ans_exhaust(self, a, s, arg):
        self.exh.setdefault(arg["hex"], []).append(RESOURCES[a - RES])

    # gains ----------------------------------------------------------------------
    def _gain(self, s, r, n) -> None:
        if n > 0:
            self.seats[s]["res"][RI[r]] += n

    def _run_gain_any(self, s, n):
        if n > 0:
            self._set("resource", s, {"n": n})

    def _ans_resource(self, a, s, arg):
        self.seats[s]["res"][a - RES] += 1
        if arg["n"] > 1:
            self._push(["gain_any", s, arg["n"] - 1])

    def _run_pay_any(self, s, n):
        if n > 0 and sum(self.seats[s]["res"]) > 0:
            self._set("pay", s, {"n": n})

    def _ans_pay(self, a, s, arg):
        self.seats[s]["res"][a - RES] -= 1
        if arg["n"] > 1:
            self._push(["pay_any", s, arg["n"] - 1])

    def _pay(self, s, cost) -> None:
        """Pay the named part of a cost now, queue the choice of the 'any' part."""
        res = self.seats[s]["res"]
        for r, n in cost.items():
            if r != "any":
                res[RI[r]] -= n
        if cost.get("any"):
            self._push(["pay_any", s, cost["any"]])

    def _run_track(self, s, t, n):
        self._track(s, t, n)

    def _track(self, s, t, n) -> None:
        if t == "dom":
            self._dom(s, n)
            return
        sd = self.seats[s]
        i = TRACKS.index(t)
        cap = self._dev_cap(s)
        new = min(cap, sd["tracks"][i] + n)
        if new > sd["tracks"][i]:
            sd["tracks"][i] = new
            if new == NDEV - 1:
                self._trigger_end(s, t)

    def _dom(self, s, n) -> None:
        sd = self.seats[s]
        old = sd["dom"]
        new = min(DATA.dom_max, old + n)
        if new <= old:
            return
        sd["dom"] = new
        for tpos in list(self.dom_tokens):
            if old < tpos <= new:
                self.dom_tokens.remove(tpos)
                sd["vp"] += 2
                self._event("dom_token", s, tpos)

    def _run_followers(self, s, n):
        if n <= 0:
            return
        if self.has(s, "hera"):
            n += 1
        self._push(*[["place_follower", s]] * n)

    def _run_place_follower(self, s):
        if not self._follower_spots(s):
            return
        if self.supply(s) <= 0:
            self._set("take_follower", s, {"then": None})
            return
        self._set("place_follower", s)

    def _ans_place_follower(self, a, s, arg):
        self.fol[self.lay.hexes[a - HEX]][s] += 1

    def _ans_take_follower(self, a, s, arg):
        if a == PASS:
            return
        self.fol[self.lay.hexes[a - HEX]][s] -= 1
        if arg.get("then"):
            self.fol[arg["then"]][s] += 1
        else:
            self._set("place_follower", s)

    def _run_settle(self, s):
        if self._settle_spots(s):
            self._set("settle", s)

    def _ans_settle(self, a, s, arg):
        h = self.lay.hexes[a - HEX]
        if self.power(s, "odin_settlement_units"):
            self.osl[s][h] = self.osl[s].get(h, 0) + 1
        else:
            self.stl[h] = s
        self.seats[s]["settle_left"] -= 1
        self._event("settle", s, h)

    def _run_take_contract(self, s):
        if self.display:
            self._set("contract", s)

    def _ans_contract(self, a, s, arg):
        c = f"c{a - CONTRACT + 1}"
        self.display.remove(c)
        self.seats[s]["contracts"].append(c)
        if self.deck:
            self.display.append(self.deck.pop())
            self._mark_reveal()
        self._event("contract", s, c)

    def _run_pick_weapon(self, s, n):
        if n > 0 and self.seats[s]["pile"]:
            self._set("weapon_pick", s, {"n": n})

    def _ans_weapon_pick(self, a, s, arg):
        w = self.weapon_list(s)[a - WEAPON]
        sd = self.seats[s]
        sd["pile"].remove(w)
        sd["hand"].append(w)
        self._event("weapon", s, w, private_to=s)
        self._push(["pick_weapon", s, arg["n"] - 1])

    def _run_develop(self, s):
        if self._developable(s):
            self._set("develop", s)

    def _ans_develop(self, a, s, arg):
        t = a - TILE + 1
        tile = DATA.tiles[t]
        if tile["color"] == "red":
            self._pay(s, RULES["develop_red_extra"])
        self.seats[s]["developed"].append(t)
        self.seats[s]["developed"].sort()
        self._event("develop", s, t)
        self._track(s, "tech", RULES["develop_steps"][tile["color"]])
        self._set("dev_do", s, {"tile": t})

    def _ans_dev_do(self, a, s, arg):
        if a == YES:
            self._push(["action", s, arg["tile"], True])

    def _run_tile_effect(self, s, color):
        self.darg = {"color": color}
        if self._legal_tile_pick(s):
            self._set("tile_pick", s, {"color": color})

    def _ans_tile_pick(self, a, s, arg):
        t = a - TILE + 1
        self._push(["action", s, t, t in self.seats[s]["developed"]])

    def _run_cube_move(self, s):
        sd = self.seats[s]
        if sd["cubes"] and len(sd["cubes"]) < len(DATA.spaces):
            self._set("cube_from", s)

    def _ans_cube_from(self, a, s, arg):
        self.seats[s]["cubes"].remove(a - SPACE)
        self._set("cube_to", s, {"from": a - SPACE})

    def _ans_cube_to(self, a, s, arg):
        self._place_cube(s, a - SPACE)

    # effects lists (contracts, culture, ancient, weapons) -------------------------
    def _effects(self, s, effects) -> None:
        steps = []
        for e in effects:
            op = e[0]
            if op == "res":
                steps.append(["gain", s, e[1], e[2]])
            elif op == "any":
                steps.append(["gain_any", s, e[1]])
            elif op == "mana":
                steps.append(["mana_gain", s, e[1]])
            elif op == "vp":
                steps.append(["vp", s, e[1]])
            elif op == "track":
                steps.append(["track", s, e[1], e[2]])
            elif op == "dom":
                steps.append(["track", s, "dom", e[1]])
            elif op == "settle":
                steps.append(["settle", s])
            elif op == "portal":
                steps += [["units", s, "portal", PORTAL_BASIC + (1 if self.has(s, "enlil") else 0), None], ["flip"]]
            elif op == "income":
                steps.append(["income", s])
            elif op == "domaction":
                steps.append(["domaction", s])
            elif op in ("blue", "red"):
                steps.append(["tile_effect", s, op])
            elif op == "cube":
                steps.append(["cube_move", s])
            elif op == "weapon":
                steps.append(["pick_weapon", s, e[1]])
            elif op == "develop":
                steps.append(["develop", s])
            elif op == "move":
                steps += [["units", s, "move", e[1] + (1 if self.has(s, "hermes") else 0), None], ["flip"]]
            elif op == "contract":
                steps.append(["take_contract", s])
            elif op == "follower":
                steps.append(["followers", s, e[1]])
            elif op == "choice":
                steps.append(["choose_effects", s, e[1], e[2]])
        self._push(*steps)

    def _run_gain(self, s, r, n):
        self._gain(s, r, n)

    def _run_mana_gain(self, s, n):
        self.seats[s]["mana"] += n

    def _run_vp(self, s, n):
        self.seats[s]["vp"] += n

    def _run_income(self, s):
        self._income(s)

    def _run_domaction(self, s):
        self._dom(s, self.objective(s, self.objectives["dom"]))

    def _run_choose_effects(self, s, a, b, kind="choice"):
        self._set(kind, s, {"n": 2, "options": [a, b], "why": "reward"})

    def _ans_contract_half(self, a, s, arg):
        self._effects(s, arg["options"][a - CHOICE])

    def _ans_choice(self, a, s, arg):
        why = arg.get("why")
        k = a - CHOICE
        if why == "reward":
            self._effects(s, arg["options"][k])

    # mana actions ------------------------------------------------------------------
    def _run_mana_choice(self, s, discount, exclude, more):
        if self._mana_options(s, discount, exclude):
            self._set("mana", s, {"discount": discount, "exclude": exclude, "more": more})

    def _ans_mana(self, a, s, arg):
        if a == PASS:
            return
        k = MANA_KINDS[a - MANA]
        sd = self.seats[s]
        if k == "mirror":
            sd["artifacts"].remove("mirror")
            self._event("artifact", s, "mirror")
            self._push(["mana_choice", s, 1, ["mirror"], True])
            return
        if arg["more"]:
            self._push(["mana_choice", s, arg["discount"], arg["exclude"] + [k], False])
        cost = RULES["mana_actions"][k]
        sd["mana"] -= max(0, cost["mana"] - arg["discount"])
        for r, n in cost.items():
            if r in RI:
                sd["res"][RI[r]] -= n
        self._event("mana", s, k)
        steps = {"red": [["tile_effect", s, "red"]], "blue": [["tile_effect", s, "blue"]],
                 "weapons": [["pick_weapon", s, cost.get("draw", 0)]], "develop": [["develop", s]],
                 "settle": [["settle", s]], "followers": [["followers", s, cost.get("gain", 0)]]}[k]
        # run before the queued second mirror action
        for st in reversed(steps):
            self.todo.append(st)

    # additional actions -------------------------------------------------------------
    def _run_extra(self):
        s = self.current
        if self._extra_options(s):
            self._set("extra", s)

    def _ans_extra(self, a, s, arg):
        if a == PASS:
            return
        self._push(["extra"])
        sd = self.seats[s]
        if SUMMON <= a < SUMMON_MAJOR:
            self.used.append("summon")
            god = self.minor_list(s)[a - SUMMON]
            self._set("summon_hex", s, {"god": god})
        elif a == SUMMON_MAJOR:
            self.used.append("summon")
            self._set("summon_hex", s, {"god": "major"})
        elif FULFILL <= a < MANA:
            self.used.append("contract")
            c = f"c{a - FULFILL + 1}"
            self._fulfil(s, c, pay=True, check=not self.first_game)
        elif a == HORN:
            self.used.append("horn")
            sd["artifacts"].remove("horn_of_plenty")
            self._set("horn", s)
        elif a == PANDORA:
            self.used.append("pandora")
            self._set("pandora", s)

    def _ans_summon_hex(self, a, s, arg):
        h = self.lay.hexes[a - HEX]
        sd = self.seats[s]
        god = arg["god"]
        self.fol[h][s] -= 1
        self.gods[s][god] = h
        self._event("summon", s, god)
        if god == "major":
            sd["major"] = True
            sd["free_major"] = False
            ms = RULES["major_summon"]
            for t in TRACKS:
                self._track(s, t, ms["tracks"])
            self._dom(s, ms["dom"])
            return
        sd["summoned"].append(god)
        sd["free_minor"] -= 1
        g = DATA.minor[god]
        self._track(s, g["summon"]["track"], g["summon"]["steps"])
        if g["kind"] == "immediate":
            self._immediate(s, g["effect"])

    def _immediate(self, s, eff) -> None:
        lay = self.lay
        home = self.houses[s]
        if eff == "free_contract":
            if self.seats[s]["mana"] >= 1 and self.seats[s]["contracts"]:
                self._set("free_contract", s)
        elif eff == "sacrifice_follower":
            if any(self.fol[h][s] for h in lay.hexes):
                self._set("yesno", s, {"why": "freyja"})
        elif eff == "away_regions":
            n = sum(1 for h in self.controlled(s) if lay.board_of[h] != home) // 2
            self.seats[s]["vp"] += n
            self.seats[s]["mana"] += n
        elif eff == "frigg_followers":
            spots = [h for h in lay.hexes
                     if self.fol[h][s] + self.settlements_of(s).count(h) >= 3]
            self._push(*[["follower_at", s, h] for h in spots])
        elif eff == "portal_3":
            # the rulebook calls Anu's teleport "this portal action": Enlil adds a unit,
            # and face-down culture tokens next to the units flip at its end
            if self._sources(s, "portal"):
                self._push(["flip"])
                self._set("from", s, {"mode": "anu_src", "n": 3 + (1 if self.has(s, "enlil") else 0)})
        elif eff == "gain_followers_2":
            self._push(["followers", s, 2])
        elif eff == "away_shrines":
            n = sum(lay.info[h]["shrines"] for h in self.controlled(s) if lay.board_of[h] != home)
            self.seats[s]["vp"] += n
            self._gain(s, "metal", n)
        elif eff == "settlement_resources":
            for h in self.settlements_of(s):
                if lay.info[h]["res"]:
                    self._gain(s, lay.info[h]["res"][0], 1)

    def _ans_free_contract(self, a, s, arg):
        if a == PASS:
            return
        self.seats[s]["mana"] -= 1
        self._fulfil(s, f"c{a - FULFILL + 1}", pay=False, check=False)

    def _ans_yesno(self, a, s, arg):
        if a == PASS:
            return
        if arg["why"] == "freyja":
            self._push(["lose_follower", s], ["gain_any", s, 4])

    def _run_lose_follower(self, s):
        if any(self.fol[h][s] for h in self.lay.hexes):
            self._set("lose_follower", s)

    def _ans_lose_follower(self, a, s, arg):
        self.fol[self.lay.hexes[a - HEX]][s] -= 1

    def _fulfil(self, s, c, pay: bool, check: bool) -> None:
        sd = self.seats[s]
        k = DATA.contracts[c]
        sd["contracts"].remove(c)
        sd["fulfilled"].append(c)
        self._event("fulfil", s, c)
        bottom = [["vp", k["bottom"]["vp"]], ["track", "commerce", k["bottom"]["commerce"]]] \
            if k["bottom"]["commerce"] else [["vp", k["bottom"]["vp"]]]
        full = True
        if check and k["house"] is not None:
            board = "gaia" if k["house"] == self.houses[s] else k["house"]
            full = any(self.lay.board_of[h] == board for h in self.controlled(s))
        if full:
            self._push(["effects", s, k["middle"] + bottom])
        else:
            self._push(["choose_effects", s, k["middle"], bottom, "contract_half"])
        if pay:
            self._pay(s, k["cost"])

    def _run_effects(self, s, effects):
        self._effects(s, effects)

    def _ans_horn(self, a, s, arg):
        k = a - CHOICE
        hr = RULES["horn"]
        if k < 4:
            self.seats[s]["res"][k] += hr["gain"]
        else:
            self.seats[s]["res"][k - 4] -= hr["pay"]
            self.seats[s]["vp"] += hr["vp"]

    def _ans_pandora(self, a, s, arg):
        tok = ["mana", "follower", "weapon"][a - CHOICE]
        sd = self.seats[s]
        sd["pandora"].remove(tok)
        if not sd["pandora"]:
            sd["artifacts"].remove("pandora")
        self._event("pandora", s, tok)
        steps = []
        if tok == "mana":
            sd["mana"] += 1
        elif tok == "follower":
            steps.append(["followers", s, 1])
        else:
            steps.append(["pick_weapon", s, 1])
        for o in self._order_from(s)[1:]:
            if tok == "mana":
                self.seats[o]["mana"] = max(0, self.seats[o]["mana"] - 1)
            elif tok == "follower":
                steps.append(["lose_follower", o])
            else:
                steps.append(["lose_weapon", o])
        self._push(*steps)

    def _run_lose_weapon(self, s):
        self.darg = {}
        if self._legal_lose_weapon(s):
            self._set("lose_weapon", s)

    def _ans_lose_weapon(self, a, s, arg):
        w = self.weapon_list(s)[a - WEAPON]
        self.seats[s]["hand"].remove(w)
        self.seats[s]["pile"].append(w)

    def _order_from(self, s) -> list[int]:
        return [(s + i) % self.players for i in range(self.players)]

    # battles ---------------------------------------------------------------------------
    def _run_battles(self):
        s = self.current
        if self._war_hexes(s):
            self._set("battle", s)

    def _ans_battle(self, a, s, arg):
        h = self.lay.hexes[a - HEX]
        self._push(["battle", s, h], ["battles"])

    def _run_battle(self, s, h):
        if not self.has_units(h, s) or not self._at_war(h):
            return
        opp = None
        if h not in self.anc:
            opp = next(o for o in self.occupants(h) if o != s)
        b = {"hex": h, "att": s, "def": opp, "cards": {}, "extra": {}, "metal": {}, "winner": None}
        self.ctx["battle"] = b
        self.secret = {}
        self._event("battle", s, h)
        att_ok = self._armed(s, True)
        if not att_ok:
            b["winner"] = "def"
            self._push(["b_end"])
            return
        seats = [s] if opp is None or not self._armed(opp, False) else [s, opp]
        self._set("weapon", seats)

    def _decode_cards(self, s, a) -> list[str]:
        wl = self.weapon_list(s)
        if a >= WPAIR:
            i, j = divmod(a - WPAIR, 9)
            return [wl[i], wl[j]]
        return [wl[a - WEAPON]]

    def _ans_weapon(self, a, s, arg):
        b = self.ctx["battle"]
        for seat_s, act in sorted(self.secret.items()):
            seat = int(seat_s)
            cards = self._decode_cards(seat, act)
            for w in cards:
                self.seats[seat]["hand"].remove(w)
            b["cards"][seat_s] = cards
        self.secret = {}
        self._mark_reveal()           # the chosen weapons (and an ancient tile) turn face up
        h = b["hex"]
        if h in self.anc:
            self.anc[h][1] = True
        self._event("reveal", b["att"], {k: v for k, v in b["cards"].items()})
        self._push(["b_loki"], ["b_pay"], ["b_helmet"], ["b_composite"], ["b_chariot"], ["b_resolve"], ["b_end"])

    def _sides(self) -> list[int]:
        b = self.ctx["battle"]
        return [b["att"]] + ([b["def"]] if b["def"] is not None else [])

    def _opp(self, s):
        b = self.ctx["battle"]
        return b["def"] if s == b["att"] else b["att"]

    def _effective(self, s) -> bool:
        """Do `s`'s weapon effects apply (not cancelled by the opponent's nullify)?"""
        o = self._opp(s)
        if o is None:
            return True
        return not any(DATA.weapons[w]["effect"] == "nullify" for w in self.ctx["battle"]["cards"].get(str(o), []))

    def _has_effect(self, s, eff) -> bool:
        cards = self.ctx["battle"]["cards"].get(str(s), []) + self.ctx["battle"]["extra"].get(str(s), [])
        return self._effective(s) and any(DATA.weapons[w]["effect"] == eff for w in cards)

    def _run_b_loki(self):
        for s in self._sides():
            if len(self.ctx["battle"]["cards"].get(str(s), [])) > 1:
                self._push(["b_loki_one", s])

    def _run_b_loki_one(self, s):
        self._set("loki", s)

    def _ans_loki(self, a, s, arg):
        b = self.ctx["battle"]
        keep = self.weapon_list(s)[a - WEAPON]
        cards = b["cards"][str(s)]
        for w in cards:
            if w != keep:
                self.seats[s]["hand"].append(w)
        b["cards"][str(s)] = [keep]

    def _run_b_pay(self):
        for s in self._sides():
            for w in self.ctx["battle"]["cards"].get(str(s), []):
                self._pay(s, self.weapon_cost(s, w))

    def _return_card(self, s, w) -> None:
        if DATA.weapons[w]["kind"] == "advanced":
            self.seats[s]["pile"].append(w)
        else:
            self.seats[s]["hand"].append(w)

    def _run_b_helmet(self):
        if self.ctx["battle"]["def"] is None:
            return
        for s in self._sides():
            if self._helmet(s):
                return

    def _run_b_helmet_one(self, s):
        """A Viking Helmet added by a Composite Bow acts once all weapons are revealed."""
        if self.ctx["battle"]["def"] is not None:
            self._helmet(s)

    def _helmet(self, s) -> bool:
        """`s`'s Viking Helmet, if it acts: the opponent's cards go back (their cost
        stays paid) and the opponent plays again, or `s` wins if they cannot."""
        b = self.ctx["battle"]
        o = self._opp(s)
        if b["winner"] is not None or b.get("helmeted") == s or not self._has_effect(s, "helmet"):
            return False
        if not b["cards"].get(str(o)):
            return False
        for w in b["cards"][str(o)] + b["extra"].pop(str(o), []):
            self._return_card(o, w)
        b["cards"][str(o)] = []
        b["helmeted"] = o
        if o in b.get("bowed", []):
            b["bowed"].remove(o)
        if not self._armed(o, attacker=(o == b["att"])):
            b["winner"] = "att" if s == b["att"] else "def"
            self._event("helmet_win", s, None)
        else:
            self._set("helmet", o)
        return True

    def _ans_helmet(self, a, s, arg):
        w = self.weapon_list(s)[a - WEAPON]
        self.seats[s]["hand"].remove(w)
        b = self.ctx["battle"]
        b["cards"][str(s)] = [w]
        self._pay(s, self.weapon_cost(s, w))
        if b.get("bow_phase") and DATA.weapons[w]["effect"] == "composite":
            self._push(["b_composite_one", s])      # replayed after the composite step began

    def _run_b_composite(self):
        b = self.ctx["battle"]
        if b["winner"] is not None:
            return
        b["bow_phase"] = True
        for s in reversed(self._sides()):
            if self._has_effect(s, "composite") and self._armed(s, True):
                self._push(["b_composite_one", s])

    def _run_b_composite_one(self, s):
        b = self.ctx["battle"]
        bowed = b.setdefault("bowed", [])
        if b["winner"] is not None or s in bowed or not self._has_effect(s, "composite"):
            return
        if self._weapon_options(s, True, False):
            bowed.append(s)
            self._set("composite", s)

    def _ans_composite(self, a, s, arg):
        if a == PASS:
            return
        w = self.weapon_list(s)[a - WEAPON]
        self.seats[s]["hand"].remove(w)
        self._mark_reveal()
        self.ctx["battle"]["extra"][str(s)] = [w]
        self._pay(s, self.weapon_cost(s, w))
        if DATA.weapons[w]["effect"] == "helmet":
            self._push(["b_helmet_one", s])      # "all effects of the second card"

    def _run_b_chariot(self):
        b = self.ctx["battle"]
        if b["winner"] is not None:
            return
        for s in reversed(self._sides()):
            if self._has_effect(s, "chariot") and self.seats[s]["res"][RI["metal"]] > 0:
                self._push(["b_chariot_one", s])

    def _run_b_chariot_one(self, s):
        if self.seats[s]["res"][RI["metal"]] > 0:
            self._set("chariot", s)

    def _ans_chariot(self, a, s, arg):
        n = a - METAL
        self.seats[s]["res"][RI["metal"]] -= n
        self.ctx["battle"]["metal"][str(s)] = n

    def battle_strength(self, s) -> int:
        b = self.ctx["battle"]
        h = b["hex"]
        o = self._opp(s)
        ballista = o is not None and self._has_effect(o, "ballista")
        units = self.units_at(h, s, god_strength=BALLISTA_GOD if ballista else None)
        st = sum(units)
        if o is not None and self._has_effect(o, "spear") and units:
            st -= max(units)     # its strength only: the unit is still there (Isis, Heimdall)
        if units and self.stl.get(h) == s:
            if self.has(s, "isis"):
                st += 1
            if s == b["def"] and self.has(s, "heimdall"):
                st += 3
        if s == b["def"] and self.has(s, "heimdall"):
            st += 3 * self.osl[s].get(h, 0)
        if self.has(s, "ashur"):
            st += 1
        for w in b["cards"].get(str(s), []) + b["extra"].get(str(s), []):
            st += DATA.weapons[w]["strength"]
        st += b["metal"].get(str(s), 0)
        return st

    def ancient_strength(self) -> int:
        b = self.ctx["battle"]
        tile, _up, god = self.anc[b["hex"]]
        st = DATA.ancient[tile]["strength"]
        if god:
            st += BALLISTA_GOD if self._has_effect(b["att"], "ballista") else DATA.atlantis_god
        return st

    def _run_b_resolve(self):
        b = self.ctx["battle"]
        if b["winner"] is not None:
            return
        a = self.battle_strength(b["att"])
        d = self.ancient_strength() if b["def"] is None else self.battle_strength(b["def"])
        b["strength"] = [a, d]
        b["winner"] = "att" if a >= d else "def"

    def _run_b_end(self):
        b = self.ctx.pop("battle")
        h = b["hex"]
        att, dfn = b["att"], b["def"]
        win_att = b["winner"] == "att"
        winner = att if win_att else dfn
        loser = dfn if win_att else att
        self._event("battle_won", winner if winner is not None else -1, h)
        steps = []
        # cards back first (a slingshot steal and rewards come after)
        played = {}
        for s_s in list(b["cards"]):
            s = int(s_s)
            played[s] = b["cards"][s_s] + b["extra"].get(s_s, [])
        # winner rewards
        if winner is not None:
            for w in played.get(winner, []):
                steps.append(["effects", winner, DATA.weapons[w]["win"]])
            if self.has(winner, "thor"):
                steps.append(["vp", winner, 2])
        if dfn is None and win_att:
            tile, _up, god = self.anc.pop(h)
            self.seats[att]["defeated"].append(tile)
            self.removed.append(tile)
            steps.append(["effects", att, DATA.ancient[tile]["reward"]])
            if self.lay.info[h]["atlantis"]:
                self.conquests += 1
                steps.append(["artifact_pick", att, self.conquests])
        if loser is not None:
            self._send_home(loser, h)
            if any(DATA.weapons[w]["kind"] == "advanced" for w in played.get(loser, [])):
                steps.append(["gain", loser, "metal", RULES["loss_metal"]])
            if winner is not None and self._slingshot(loser, winner, b):
                steps.append(["steal", loser, winner])
        for s, cards in played.items():
            for w in cards:
                self._return_card(s, w)
        self._push(*steps)

    def _slingshot(self, loser, winner, b) -> bool:
        cards = b["cards"].get(str(loser), [])
        if not any(DATA.weapons[w]["effect"] == "slingshot" for w in cards):
            return False
        return not any(DATA.weapons[w]["effect"] == "nullify" for w in b["cards"].get(str(winner), []))

    def _send_home(self, s, h) -> None:
        cap = self.lay.capital[s]
        n = self.fol[h][s]
        self.fol[h][s] = 0
        self.fol[cap][s] += n
        for g, w in self.gods[s].items():
            if w == h:
                self.gods[s][g] = cap
        n = self.osl[s].pop(h, 0)
        if n:
            self.osl[s][cap] = self.osl[s].get(cap, 0) + n

    def _run_steal(self, s, frm):
        if sum(self.seats[frm]["res"]) > 0:
            self._set("steal", s, {"from": frm})

    def _ans_steal(self, a, s, arg):
        self.seats[arg["from"]]["res"][a - RES] -= 1
        self.seats[s]["res"][a - RES] += 1

    def _run_artifact_pick(self, s, nth):
        if nth == 1:
            opts = list(self.art_deck)
        elif nth == 2:
            opts = list(self.art_deck)
        else:
            return
        if opts:
            self.art_seen.append(s)
            self._mark_reveal()
            self._set("artifact", s, {"options": opts, "nth": nth})

    def _ans_artifact(self, a, s, arg):
        art = ART_IDS[a - ARTIFACT]
        self.art_deck.remove(art)
        self._mark_reveal()
        sd = self.seats[s]
        sd["artifacts"].append(art)
        self._event("artifact", s, art)
        if arg["nth"] == 2:
            self.removed.extend(self.art_deck)
            self.art_deck = []
        if art == "pandora":
            sd["pandora"] = list(DATA.artifacts["pandora"]["tokens"])
        elif art == "destiny":
            self._set("destiny", s)

    def _ans_destiny(self, a, s, arg):
        self.seats[s]["destiny"] = TRACKS[a - CHOICE]

    # culture tokens ----------------------------------------------------------------------
    def _run_culture(self):
        cur = self.current
        lay = self.lay
        steps = []
        for i, (tri, board) in enumerate(lay.spots):
            c = self.cul[i]
            if c is None:
                continue
            ctrl = []
            for h in tri:
                c_h = self.controller(h)
                if c_h is None:
                    break
                ctrl.append(c_h)
            if len(ctrl) < len(tri):
                continue
            if not c[1]:
                self._mark_reveal()
            c[1] = True
            tok = c[0]
            self.cul[i] = None
            self.removed.append(tok)
            self._event("culture", cur, tok)
            for s in self._order_from(cur):
                gets = s in ctrl
                if not gets and self.power(s, "zeus_planet_culture"):
                    gets = any(self.has_units(h, s) for h in lay.hexes if lay.board_of[h] == board)
                if gets:
                    steps.append(["culture_offer", s, tok])
        self._push(*steps)

    def _run_culture_offer(self, s, tok):
        """"You either take it now or forfeit it": each beneficiary may decline."""
        self._set("culture_benefit", s, {"token": tok})

    def _ans_culture_benefit(self, a, s, arg):
        if a == PASS:
            self._event("culture_declined", s, arg["token"])
            return
        times = 2 if self.power(s, "zeus_double_culture") else 1
        self._push(*[["effects", s, DATA.culture[arg["token"]]["benefit"]]] * times)

    # the end -------------------------------------------------------------------------------
    def _finish(self) -> None:
        P = self.players
        for s in range(P):
            if "scarab" in self.seats[s]["artifacts"]:
                for t in TRACKS:
                    self._track(s, t, 1)
        fin = [dict() for _ in range(P)]
        mult = DATA.multipliers
        F = DATA.final
        for i, t in enumerate(TRACKS):
            pos = [sd["tracks"][i] for sd in self.seats]
            top = max(pos)
            firsts = [s for s in range(P) if pos[s] == top]
            if len(firsts) > 1:
                for s in firsts:
                    fin[s][f"{t}_rank"] = (F["track_first"] + F["track_second"]) // len(firsts)
            else:
                fin[firsts[0]][f"{t}_rank"] = F["track_first"]
                rest = [p for s, p in enumerate(pos) if s not in firsts]
                if rest:
                    second = max(rest)
                    seconds = [s for s in range(P) if pos[s] == second and s not in firsts]
                    for s in seconds:
                        fin[s][f"{t}_rank"] = F["track_second"] // len(seconds)
            obj = self.objectives[t]
            for s in range(P):
                fin[s][f"{t}_objective"] = self.objective(s, obj) * mult[pos[s]]
        for s in range(P):
            sd = self.seats[s]
            fin[s]["domination"] = DATA.dom_vp[sd["dom"]]
            fin[s]["gods"] = self._god_points(s)
            fin[s]["resources"] = (sum(sd["res"]) + sd["mana"]) // F["resources_per_vp"]
            if "destiny" in sd["artifacts"] and sd["destiny"]:
                i = TRACKS.index(sd["destiny"])
                lead = max(x["tracks"][i] for x in self.seats)
                fin[s]["destiny"] = DATA.destiny_vp[mult[lead]]
            for k, v in fin[s].items():
                sd["vp"] += v
        self.final = fin
        best = max(sd["vp"] for sd in self.seats)
        # tie: the tied player latest in turn order (furthest from the start player) wins
        self.winners = [max(s for s in range(P) if self.seats[s]["vp"] == best)]
        self.finished = True
        self.kind = None
        self.dseats = []
        self.todo = []
        self._event("end", None, {"vp": self.scores(), "winners": self.winners})

    def _god_points(self, s) -> int:
        lay = self.lay
        total = 0
        ctrl = self.controlled(s)
        for g in self.seats[s]["summoned"]:
            eff = DATA.minor[g]["effect"]
            res_kind = {"vp_wood": "wood", "vp_gold": "gold", "vp_metal": "metal", "vp_food": "food"}.get(eff)
            if res_kind:
                total += 2 * sum(1 for h in ctrl if res_kind in lay.info[h]["res"])
            elif eff == "vp_exhausted":
                n = sum(1 for h in ctrl if not lay.info[h]["atlantis"] and lay.info[h]["capital"] is None
                        and h != UNDERWORLD and not self._uncovered(h))
                total += 3 * (n // 2)
            elif eff == "vp_atlantis":
                total += 4 * sum(1 for h in ctrl if lay.info[h]["atlantis"])
            elif eff == "vp_ancient":
                total += 2 * len(self.seats[s]["defeated"])
            elif eff == "vp_supply":
                total += 2 * (self.supply(s) // 3)
        return total


# ------------------------------------------------------------------ new game
def new_game(players: int, seed: int = 0, houses: list[str] | None = None, first_game: bool = False,
             record: bool = True, **_options) -> AnunnakiState:
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
    for i, house in enumerate(houses):
        h = DATA.houses[house]
        offer = list(h["minor_gods"])
        rng.shuffle(offer)
        offer = offer[:SETUP["minor_keep"] if first_game else SETUP["minor_draw"]]
        s.seats.append({
            "res": [SETUP["resources"][r] for r in RESOURCES], "mana": SETUP["mana"], "vp": 0,
            "tracks": [0, 0, 0], "dom": DATA.dom_start, "pawn": -1, "cubes": [], "developed": [],
            "tokens": [], "major_token": False, "free_minor": 0, "free_major": False,
            "gods_offer": offer, "summoned": [], "major": False,
            "hand": list(h["basic_weapons"]), "pile": list(h["advanced_weapons"]),
            "settle_left": SETUP["settlements"] - 1, "contracts": [], "fulfilled": [], "artifacts": [],
            "pandora": [], "destiny": None, "defeated": [], "turns": 0})
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
    arts = list(DATA.artifacts)
    rng.shuffle(arts)
    s.art_deck = arts[:SETUP["artifacts_used"]]
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
    s._run_flip()
    s.events = None
    steps = [] if first_game else [["setup_gods", i] for i in range(players)]
    s._push(*steps, ["start_turn"])
    s._advance()
    return s
