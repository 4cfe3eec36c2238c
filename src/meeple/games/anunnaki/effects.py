"""Anunnaki: card effects — gains and payments, tracks and domination, the effect lists of contracts, culture tokens and ancient tiles, the gods' immediate powers, contracts fulfilled and the artifacts (Horn of Plenty, Pandora's Box, Destiny Stone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import (
    CHOICE,
    FULFILL,
    HEX,
    NDEV,
    PASS,
    PORTAL_BASIC,
    RES,
    RI,
    NUMBERS,
    WEAPON,
    YES,
    res_acts,
)
from meeple.games.anunnaki.data import DATA, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import RULES
from meeple.games.anunnaki.movement import FLIP

if TYPE_CHECKING:  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' `gs`
    from collections.abc import Callable

    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Effects(AnunnakiFields):
    """The card effects rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _gain(self, s, r, n) -> None:
        if n > 0:
            self.own_seat(s)["res"][RI[r]] += n

    def _pay(self, s, cost) -> None:
        """Pay the named part of a cost now, queue the choice of the 'any' part."""
        res = self.own_seat(s)["res"]
        for r, n in cost.items():
            if r != "any":
                res[RI[r]] -= n
        if cost.get("any"):
            self.todo.append(["pay_any", s, cost["any"]])

    def _track(self, s, t, n) -> None:
        if t == "dom":
            self._dom(s, n)
            return
        sd = self.own_seat(s)
        i = TRACKS.index(t)
        cap = self._dev_cap(s)
        new = min(cap, sd["tracks"][i] + n)
        if new > sd["tracks"][i]:
            sd["tracks"][i] = new
            if new == NDEV - 1:
                self._trigger_end(s, t)

    def _dom(self, s, n) -> None:
        sd = self.own_seat(s)
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

    def _effects(self, s, effects) -> None:
        """Queue the steps of an effect list (a contract's, a culture token's,
        an ancient tile's or a weapon's reward), each effect by its name."""
        steps = []
        for e in effects:
            effect = EFFECTS.get(e[0])
            if effect is not None:
                steps += effect(self, s, e)
        self._push(*steps)

    def _immediate(self, s, eff) -> None:
        """A minor god's power that acts once, when it is summoned."""
        power = IMMEDIATE.get(eff)
        if power is not None:
            power(self, s)

    def _fulfil(self, s, c, pay: bool, check: bool) -> None:
        sd = self.own_seat(s)
        k = DATA.contracts[c]
        sd["contracts"].remove(c)
        sd["fulfilled"].append(c)
        self._event("fulfil", s, c)
        bottom = (
            [["vp", k["bottom"]["vp"]], ["track", "commerce", k["bottom"]["commerce"]]]
            if k["bottom"]["commerce"]
            else [["vp", k["bottom"]["vp"]]]
        )
        full = True
        if check and k["house"] is not None:
            board = "gaia" if k["house"] == self.houses[s] else k["house"]
            board_of = self.lay.board_of
            full = False  # a region of that board controlled
            for h in self.controlled(s):
                if board_of[h] == board:
                    full = True
                    break
        if full:
            self.todo.append(["effects", s, k["middle"] + bottom])
        else:
            self.todo.append(["choose_effects", s, k["middle"], bottom, "contract_half"])
        if pay:
            self._pay(s, k["cost"])


@RULES.step("gain_any")
def _run_gain_any(gs: AnunnakiFields, s, n):
    if n > 0:
        gs.ask("resource", s, {"n": n})


def _legal_resource(gs: AnunnakiFields, s):
    return [RES + i for i in range(4)]


@RULES.decision("resource", prompt="Gain a resource of your choice", legal=_legal_resource)
def _ans_resource(gs: AnunnakiFields, a, s):
    arg = gs.darg
    gs.own_seat(s)["res"][a - RES] += 1
    gs._event("gain_res", s, RESOURCES[a - RES])
    if arg["n"] > 1:
        gs.todo.append(["gain_any", s, arg["n"] - 1])


@RULES.step("pay_any")
def _run_pay_any(gs: AnunnakiFields, s, n):
    if n > 0 and sum(gs.seats[s]["res"]) > 0:
        gs.ask("pay", s, {"n": n})


def _legal_pay(gs: AnunnakiFields, s):
    return res_acts(gs.seats[s]["res"])


@RULES.decision("pay", prompt="Pay a resource of your choice", legal=_legal_pay)
def _ans_pay(gs: AnunnakiFields, a, s):
    arg = gs.darg
    gs.own_seat(s)["res"][a - RES] -= 1
    gs._event("pay_res", s, RESOURCES[a - RES])
    if arg["n"] > 1:
        gs.todo.append(["pay_any", s, arg["n"] - 1])


@RULES.step("track")
def _run_track(gs: AnunnakiFields, s, t, n):
    gs._track(s, t, n)


@RULES.step("gain")
def _run_gain(gs: AnunnakiFields, s, r, n):
    gs._gain(s, r, n)


@RULES.step("mana_gain")
def _run_mana_gain(gs: AnunnakiFields, s, n):
    gs.own_seat(s)["mana"] += n


# where VP from an effect list come from: the last of these events before them
VP_CAUSE = {
    "fulfil": "contract",
    "battle": "battle",
    "reveal": "battle",
    "helmet_win": "battle",
    "battle_won": "battle",
    "culture": "culture",
    "culture_up": "culture",
    "artifact": "artifact",
    "pandora": "artifact",
    "summon": "god",
    "main": None,
}


def _vp_cause(gs: AnunnakiFields) -> str | None:
    node = gs.events
    while node is not None:
        node, ev = node
        if ev[0] in VP_CAUSE:
            return VP_CAUSE[ev[0]]
    return None


@RULES.step("vp")
def _run_vp(gs: AnunnakiFields, s, n):
    gs.own_seat(s)["vp"] += n
    if n and gs.record:
        gs._event("vp", s, (n, _vp_cause(gs)))


@RULES.step("income")
def _run_income(gs: AnunnakiFields, s):
    gs._income(s)


@RULES.step("domaction")
def _run_domaction(gs: AnunnakiFields, s):
    gs._dom(s, gs.objective(s, gs.objectives["dom"]))


@RULES.step("choose_effects")
def _run_choose_effects(gs: AnunnakiFields, s, a, b, kind="choice"):
    gs.ask(kind, s, {"n": 2, "options": [a, b], "why": "reward"})


def _legal_contract_half(gs: AnunnakiFields, s):
    return [CHOICE, CHOICE + 1]


@RULES.decision(
    "contract_half", prompt="Fulfilled contract: take the middle or the bottom reward", legal=_legal_contract_half
)
def _ans_contract_half(gs: AnunnakiFields, a, s):
    arg = gs.darg
    gs._event("reward", s, ("middle" if a == CHOICE else "bottom", arg["options"][a - CHOICE]))
    gs._effects(s, arg["options"][a - CHOICE])


def _legal_choice(gs: AnunnakiFields, s):
    return [CHOICE + i for i in range(gs.darg["n"])]


@RULES.decision("choice", prompt="Choose one reward", legal=_legal_choice)
def _ans_choice(gs: AnunnakiFields, a, s):
    arg = gs.darg
    why = arg.get("why")
    k = a - CHOICE
    if why == "reward":
        gs._event("reward", s, (None, arg["options"][k]))
        gs._effects(s, arg["options"][k])


def _legal_free_contract(gs: AnunnakiFields, s):
    return [PASS] + [FULFILL + int(c[1:]) - 1 for c in gs.seats[s]["contracts"]]


@RULES.decision("free_contract", prompt="Bastet: fulfil a contract without its cost?", legal=_legal_free_contract)
def _ans_free_contract(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    gs.own_seat(s)["mana"] -= 1
    gs._fulfil(s, f"c{a - FULFILL + 1}", pay=False, check=False)


def _legal_yesno(gs: AnunnakiFields, s):
    return [YES, PASS]


@RULES.decision("yesno", prompt="Freyja: use her power?", legal=_legal_yesno)
def _ans_yesno(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    arg = gs.darg
    if arg["why"] == "freyja":
        gs._push(["lose_follower", s], ["gain_any", s, 4])


@RULES.step("lose_follower")
def _run_lose_follower(gs: AnunnakiFields, s):
    if gs.has_followers(s):
        gs.ask("lose_follower", s, {})


def _legal_lose_follower(gs: AnunnakiFields, s):
    return gs._hexacts([h for h in gs.lay.hexes if gs.fol[h][s]])


@RULES.decision("lose_follower", prompt="Pandora: remove one of your followers", legal=_legal_lose_follower)
def _ans_lose_follower(gs: AnunnakiFields, a, s):
    h = gs.lay.hexes[a - HEX]
    gs.own_fol()[h][s] -= 1
    gs._changed(h, s)
    gs._event("follower_lost", s, h)


@RULES.step("effects")
def _run_effects(gs: AnunnakiFields, s, effects):
    gs._effects(s, effects)


def _legal_horn(gs: AnunnakiFields, s):
    res = gs.seats[s]["res"]
    out = [CHOICE + i for i in range(4)]
    out += [CHOICE + 4 + i for i in range(4) if res[i] >= NUMBERS["horn"]["pay"]]
    return out


@RULES.decision("horn", prompt="Horn of Plenty", legal=_legal_horn)
def _ans_horn(gs: AnunnakiFields, a, s):
    k = a - CHOICE
    hr = NUMBERS["horn"]
    if k < 4:
        gs.own_seat(s)["res"][k] += hr["gain"]
    else:
        gs.own_seat(s)["res"][k - 4] -= hr["pay"]
        gs.own_seat(s)["vp"] += hr["vp"]
        gs._event("vp", s, (hr["vp"], "horn"))


def _legal_pandora(gs: AnunnakiFields, s):
    return [CHOICE + ["mana", "follower", "weapon"].index(t) for t in gs.seats[s]["pandora"]]


@RULES.decision("pandora", prompt="Pandora's Box: take a token", legal=_legal_pandora)
def _ans_pandora(gs: AnunnakiFields, a, s):
    tok = ["mana", "follower", "weapon"][a - CHOICE]
    sd = gs.own_seat(s)
    sd["pandora"].remove(tok)
    if not sd["pandora"]:
        sd["artifacts"].remove("pandora")
    gs._event("pandora", s, tok)
    steps = []
    if tok == "mana":
        sd["mana"] += 1
    elif tok == "follower":
        steps.append(["followers", s, 1])
    else:
        steps.append(["pick_weapon", s, 1])
    for o in gs._order_from(s)[1:]:
        if tok == "mana":
            gs.own_seat(o)["mana"] = max(0, gs.seats[o]["mana"] - 1)
        elif tok == "follower":
            steps.append(["lose_follower", o])
        else:
            steps.append(["lose_weapon", o])
    gs._push(*steps)


@RULES.step("lose_weapon")
def _run_lose_weapon(gs: AnunnakiFields, s):
    gs.darg = {}
    if _legal_lose_weapon(gs, s):
        gs.ask("lose_weapon", s, {})


def _legal_lose_weapon(gs: AnunnakiFields, s):
    wl = gs.weapon_list(s)
    return sorted({WEAPON + wl.index(w) for w in gs.seats[s]["hand"] if DATA.weapons[w]["kind"] == "advanced"})


@RULES.decision("lose_weapon", prompt="Pandora: put back one of your advanced weapons", legal=_legal_lose_weapon)
def _ans_lose_weapon(gs: AnunnakiFields, a, s):
    w = gs.weapon_list(s)[a - WEAPON]
    gs.own_seat(s)["hand"].remove(w)
    gs.own_seat(s)["pile"].append(w)


def _legal_destiny(gs: AnunnakiFields, s):
    return [CHOICE + i for i in range(3)]


@RULES.decision("destiny", prompt="Destiny Stone: choose your secret track", legal=_legal_destiny)
def _ans_destiny(gs: AnunnakiFields, a, s):
    gs.own_seat(s)["destiny"] = TRACKS[a - CHOICE]


# ---- effects by name: what each queues for seat s (e: the effect as the data writes it)
def _units(mode: str, god: str):
    def effect(gs, s, e):
        base = PORTAL_BASIC if mode == "portal" else e[1]
        return [["units", s, mode, base + (1 if gs.has(s, god) else 0), None], FLIP]

    return effect


EFFECTS = {
    "res": lambda gs, s, e: [["gain", s, e[1], e[2]]],
    "any": lambda gs, s, e: [["gain_any", s, e[1]]],
    "mana": lambda gs, s, e: [["mana_gain", s, e[1]]],
    "vp": lambda gs, s, e: [["vp", s, e[1]]],
    "track": lambda gs, s, e: [["track", s, e[1], e[2]]],
    "dom": lambda gs, s, e: [["track", s, "dom", e[1]]],
    "settle": lambda gs, s, e: [["settle", s]],
    "portal": _units("portal", "enlil"),  # Enlil: one unit more
    "income": lambda gs, s, e: [["income", s]],
    "domaction": lambda gs, s, e: [["domaction", s]],
    "blue": lambda gs, s, e: [["tile_effect", s, "blue"]],
    "red": lambda gs, s, e: [["tile_effect", s, "red"]],
    "cube": lambda gs, s, e: [["cube_move", s]],
    "weapon": lambda gs, s, e: [["pick_weapon", s, e[1]]],
    "develop": lambda gs, s, e: [["develop", s]],
    "move": _units("move", "hermes"),  # Hermes: one unit more
    "contract": lambda gs, s, e: [["take_contract", s]],
    "follower": lambda gs, s, e: [["followers", s, e[1]]],
    "choice": lambda gs, s, e: [["choose_effects", s, e[1], e[2]]],
}


# ---- the minor gods' powers that act once, when summoned (by the data's effect name)
def _free_contract(gs: AnunnakiFields, s):
    """Bastet: fulfil a contract for 1 mana instead of its cost."""
    if gs.seats[s]["mana"] >= 1 and gs.seats[s]["contracts"]:
        gs.ask("free_contract", s, {})


def _sacrifice_follower(gs: AnunnakiFields, s):
    """Freyja: may remove a follower for 4 resources of choice."""
    if gs.has_followers(s):
        gs.ask("yesno", s, {"why": "freyja"})


def _away_regions(gs: AnunnakiFields, s):
    lay, home = gs.lay, gs.houses[s]
    n = sum(1 for h in gs.controlled(s) if lay.board_of[h] != home) // 2
    gs.own_seat(s)["vp"] += n
    gs.own_seat(s)["mana"] += n
    if n:
        gs._event("vp", s, (n, "god"))


def _frigg_followers(gs: AnunnakiFields, s):
    """Frigg: the seat *may* place a follower in each region holding 3 or more
    of its followers and settlements (seed: 「置くことができます」), asked region
    by region."""
    spots = [h for h in gs.lay.hexes if gs.fol[h][s] + gs.settlements_of(s).count(h) >= 3]
    gs._push(*[["frigg_at", s, h] for h in spots])


@RULES.step("frigg_at")
def _run_frigg_at(gs: AnunnakiFields, s, h):
    gs.ask("frigg", s, {"hex": h})


@RULES.decision("frigg", prompt="Frigg: place a follower in this region?", legal=_legal_yesno)
def _ans_frigg(gs: AnunnakiFields, a, s):
    if a == YES:  # (with none in the supply, one may first be taken from any region: follower_at)
        gs._push(["follower_at", s, gs.darg["hex"]])


def _portal_3(gs: AnunnakiFields, s):
    # the rulebook calls Anu's teleport "this portal action": Enlil adds a unit,
    # and face-down culture tokens next to the units flip at its end
    if gs._sources(s, "portal"):
        gs.todo.append(FLIP)
        gs.ask("from", s, {"mode": "anu_src", "n": 3 + (1 if gs.has(s, "enlil") else 0)})


def _gain_followers_2(gs: AnunnakiFields, s):
    gs.todo.append(["followers", s, 2])


def _away_shrines(gs: AnunnakiFields, s):
    lay, home = gs.lay, gs.houses[s]
    n = sum(lay.info[h]["shrines"] for h in gs.controlled(s) if lay.board_of[h] != home)
    gs.own_seat(s)["vp"] += n
    if n:
        gs._event("vp", s, (n, "god"))
    gs._gain(s, "metal", n)


def _settlement_resources(gs: AnunnakiFields, s):
    for h in gs.settlements_of(s):
        if gs.lay.info[h]["res"]:
            gs._gain(s, gs.lay.info[h]["res"][0], 1)


IMMEDIATE: dict[str, Callable[..., None]] = {  # (called with the mixin, `self`: the state)
    "free_contract": _free_contract,
    "sacrifice_follower": _sacrifice_follower,
    "away_regions": _away_regions,
    "frigg_followers": _frigg_followers,
    "portal_3": _portal_3,
    "gain_followers_2": _gain_followers_2,
    "away_shrines": _away_shrines,
    "settlement_resources": _settlement_resources,
}
