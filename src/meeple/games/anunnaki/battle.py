"""Anunnaki: battle — the battles of a turn: the secret weapon choice, its reveal, the weapons' effects (Loki, helmet, composite bow, chariot), strength, the outcome, and the Atlantis artifact reward."""

from __future__ import annotations

from typing import TYPE_CHECKING

from itertools import combinations

from meeple.games.anunnaki.actions import (
    ART_IDS,
    ARTIFACT,
    BALLISTA_GOD,
    HEX,
    METAL,
    PASS,
    RES,
    RI,
    NUMBERS,
    WEAPON,
    WPAIR,
    res_acts,
)
from meeple.games.anunnaki.data import DATA, RESOURCES
from meeple.games.anunnaki.declare import RULES

if TYPE_CHECKING:  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' `gs`
    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Battle(AnunnakiFields):
    """The battle rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _war_hexes(self, s) -> list[str]:
        """The regions at war holding `s`'s units, in layout order (as
        `_at_war` tells: `s` is there, so another seat or an ancient site)."""
        occ, anc, others = self.occ, self.anc, ~(1 << s)
        out = []  # (a loop, not a comprehension: asked every turn, mostly of no region)
        for h in self.mine[s]:
            if occ[h] & others or h in anc:
                out.append(h)
        return out

    def _weapon_options(self, s, attacker: bool, pairs: bool) -> list[int]:
        wl = self.weapon_list(s)
        hand = self.seats[s]["hand"]
        ok = []  # the weapons' indexes, each once
        for w in hand:
            if (not attacker or DATA.weapons[w]["kind"] == "advanced") and self.can_pay(s, self.weapon_cost(s, w)):
                i = wl.index(w)
                if i not in ok:
                    ok.append(i)
        ok.sort()
        out = [*map(WEAPON.__add__, ok)]
        if pairs:
            for x in range(len(ok)):
                for y in range(x + 1, len(ok)):
                    out.append(WPAIR + ok[x] * 9 + ok[y])
        return out

    def _armed(self, s, attacker: bool) -> bool:
        """Has seat s a weapon it could choose now? Whether a battle step is
        asked tells everyone that much of its hidden advanced weapons, unless
        every hand they think possible gives the same answer."""
        armed = bool(self._weapon_options(s, attacker, False))
        # what became known is counted for a recorded game (undo reads it), as OKC's hand does
        if self.record and self._weapons_tell(s, lambda: bool(self._weapon_options(s, attacker, False)) != armed):
            self._mark_reveal()
        return armed

    def _weapons_tell(self, s, differs) -> bool:
        """Would `differs()` be true with some other hand of `s` that the other
        seats think possible? They see its basic weapons and how many advanced
        ones it holds, not which of its hidden advanced weapons (hand and pile
        together, all different) are in hand."""
        sd = self.own_seat(s)
        hand, pile = sd["hand"], sd["pile"]
        adv = [w for w in hand if DATA.weapons[w]["kind"] == "advanced"]
        if not adv or not pile:
            return False
        basics = [w for w in hand if DATA.weapons[w]["kind"] != "advanced"]
        pool = adv + pile
        try:
            for other in combinations(pool, len(adv)):
                sd["hand"] = basics + list(other)
                sd["pile"] = [w for w in pool if w not in other]
                if differs():
                    return True
            return False
        finally:
            sd["hand"], sd["pile"] = hand, pile

    def _decode_cards(self, s, a) -> list[str]:
        wl = self.weapon_list(s)
        if a >= WPAIR:
            i, j = divmod(a - WPAIR, 9)
            return [wl[i], wl[j]]
        return [wl[a - WEAPON]]

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
        for w in self.ctx["battle"]["cards"].get(str(o), []):
            if DATA.weapons[w]["effect"] == "nullify":
                return False
        return True

    def _has_effect(self, s, eff) -> bool:
        if not self._effective(s):
            return False
        b = self.ctx["battle"]
        for w in b["cards"].get(str(s), []) + b["extra"].get(str(s), []):
            if DATA.weapons[w]["effect"] == eff:
                return True
        return False

    def _return_card(self, s, w) -> None:
        if DATA.weapons[w]["kind"] == "advanced":
            self.own_seat(s)["pile"].append(w)
        else:
            self.own_seat(s)["hand"].append(w)

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
            if DATA.weapons[w]["kind"] == "advanced":  # played all the same: a loser's compensation
                b["helmeted_advanced"] = o
        b["cards"][str(o)] = []
        b["helmeted"] = o
        if o in b.get("bowed", []):
            b["bowed"].remove(o)
        if not self._armed(o, attacker=(o == b["att"])):
            b["winner"] = "att" if s == b["att"] else "def"
            self._event("helmet_win", s, None)
        else:
            self.ask("helmet", o, {})
        return True

    def battle_strength(self, s) -> int:
        b = self.ctx["battle"]
        h = b["hex"]
        o = self._opp(s)
        ballista = o is not None and self._has_effect(o, "ballista")
        heimdall = 3 if s == b["def"] and self.has(s, "heimdall") else 0
        units = self.units_at(h, s, settlements=False, god_strength=BALLISTA_GOD if ballista else None)
        n = self.osl[s].get(h, 0)
        if n:  # Odin's settlements are units in battle effects, with their whole strength (Heimdall's too)
            units.extend([self.settlement_unit_strength(s) + heimdall] * n)
        st = sum(units)
        if o is not None and self._has_effect(o, "spear") and units:
            st -= max(units)  # its strength only: the unit is still there (Isis, Heimdall)
        if units and self.stl.get(h) == s:
            if self.has(s, "isis"):
                st += 1
            st += heimdall
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

    def _slingshot(self, loser, winner, b) -> bool:
        cards = b["cards"].get(str(loser), [])
        if not any(DATA.weapons[w]["effect"] == "slingshot" for w in cards):
            return False
        return not any(DATA.weapons[w]["effect"] == "nullify" for w in b["cards"].get(str(winner), []))

    def _send_home(self, s, h) -> None:
        cap = self.lay.capital[s]
        fol = self.own_fol()
        n = fol[h][s]
        fol[h][s] = 0
        fol[cap][s] += n
        gods = self.own_gods()[s]
        for g, w in gods.items():
            if w == h:
                gods[g] = cap
        if self.osl[s].get(h):  # Odin's settlements there go home too
            osl = self.own_osl()[s]
            n = osl.pop(h)
            osl[cap] = osl.get(cap, 0) + n
        self._changed(h, s)
        self._changed(cap, s)


@RULES.step("battles")
def _run_battles(gs: AnunnakiFields):
    s = gs.current
    war = gs._war_hexes(s)
    if war:
        gs.ask("battle", s, {}, legal=gs._hexacts(war))


def _legal_battle(gs: AnunnakiFields, s):
    return gs._hexacts(gs._war_hexes(s))


@RULES.decision("battle", prompt="Choose the next battle", legal=_legal_battle)
def _ans_battle(gs: AnunnakiFields, a, s):
    h = gs.lay.hexes[a - HEX]
    gs._push(["battle", s, h], ["battles"])


@RULES.step("battle")
def _run_battle(gs: AnunnakiFields, s, h):
    if not gs.has_units(h, s) or not gs._at_war(h):
        return
    opp = None
    if h not in gs.anc:
        for opp in gs.occupants(h):  # (there is one: the region is at war)
            if opp != s:
                break
    b = {"hex": h, "att": s, "def": opp, "cards": {}, "extra": {}, "metal": {}, "winner": None}
    gs.ctx["battle"] = b
    gs.secret = {}
    gs._event("battle", s, h)
    att_ok = gs._armed(s, True)
    if not att_ok:
        b["winner"] = "def"
        gs.todo.append(["b_end"])
        return
    seats = [s] if opp is None or not gs._armed(opp, False) else [s, opp]
    gs.ask("weapon", seats, {})


def _legal_weapon(gs: AnunnakiFields, s):
    b = gs.ctx["battle"]
    return gs._weapon_options(s, attacker=(s == b["att"]), pairs=gs.has(s, "loki"))


@RULES.decision("weapon", prompt="Secret weapon choice", legal=_legal_weapon, simultaneous=True, forced=True)
def _ans_weapon(gs: AnunnakiFields, a, s):
    gs.secret[str(s)] = a  # kept secret until every seat has chosen
    if not gs.answered(s):
        return
    b = gs.ctx["battle"]
    h = b["hex"]
    # the chosen weapons turn face up, and a face-down ancient tile: a reveal
    # if a choice was secret (both sides chose), a card came from the hidden
    # part of a hand, or the tile was face down
    shown = len(gs.secret) > 1 or (h in gs.anc and not gs.anc[h][1])
    for seat_s, act in sorted(gs.secret.items()):
        seat = int(seat_s)
        cards = gs._decode_cards(seat, act)
        for w in cards:
            gs.own_seat(seat)["hand"].remove(w)
            shown = shown or (DATA.weapons[w]["kind"] == "advanced" and bool(gs.seats[seat]["pile"]))
        b["cards"][seat_s] = cards
    gs.secret = {}
    if shown:
        gs._mark_reveal()
    if h in gs.anc:
        gs.own_anc()[h][1] = True
    gs._event("reveal", b["att"], {k: v for k, v in b["cards"].items()})
    gs._push(["b_loki"], ["b_pay"], ["b_helmet"], ["b_composite"], ["b_chariot"], ["b_resolve"], ["b_end"])


@RULES.step("b_loki")
def _run_b_loki(gs: AnunnakiFields):
    for s in gs._sides():
        if len(gs.ctx["battle"]["cards"].get(str(s), [])) > 1:
            gs.todo.append(["b_loki_one", s])


@RULES.step("b_loki_one")
def _run_b_loki_one(gs: AnunnakiFields, s):
    gs.ask("loki", s, {})


def _legal_loki(gs: AnunnakiFields, s):
    wl = gs.weapon_list(s)
    return [WEAPON + wl.index(w) for w in gs.ctx["battle"]["cards"][str(s)]]


@RULES.decision("loki", prompt="Loki: keep which of your two weapons?", legal=_legal_loki)
def _ans_loki(gs: AnunnakiFields, a, s):
    b = gs.ctx["battle"]
    keep = gs.weapon_list(s)[a - WEAPON]
    cards = b["cards"][str(s)]
    for w in cards:
        if w != keep:
            gs.own_seat(s)["hand"].append(w)
    b["cards"][str(s)] = [keep]
    gs._event("loki", s, keep)


@RULES.step("b_pay")
def _run_b_pay(gs: AnunnakiFields):
    for s in gs._sides():
        for w in gs.ctx["battle"]["cards"].get(str(s), []):
            gs._pay(s, gs.weapon_cost(s, w))


@RULES.step("b_helmet")
def _run_b_helmet(gs: AnunnakiFields):
    if gs.ctx["battle"]["def"] is None:
        return
    for s in gs._sides():
        if gs._helmet(s):
            return


@RULES.step("b_helmet_one")
def _run_b_helmet_one(gs: AnunnakiFields, s):
    """A Viking Helmet added by a Composite Bow acts once all weapons are revealed."""
    if gs.ctx["battle"]["def"] is not None:
        gs._helmet(s)


def _legal_helmet(gs: AnunnakiFields, s):
    b = gs.ctx["battle"]
    return gs._weapon_options(s, attacker=(s == b["att"]), pairs=False)


@RULES.decision("helmet", prompt="Viking helmet: play a second weapon", legal=_legal_helmet)
def _ans_helmet(gs: AnunnakiFields, a, s):
    w = gs.weapon_list(s)[a - WEAPON]
    if DATA.weapons[w]["kind"] == "advanced" and gs.seats[s]["pile"]:
        gs._mark_reveal()  # played face up from the hidden part of its hand
    gs.own_seat(s)["hand"].remove(w)
    b = gs.ctx["battle"]
    b["cards"][str(s)] = [w]
    gs._event("helmet", s, w)
    gs._pay(s, gs.weapon_cost(s, w))
    if b.get("bow_phase") and DATA.weapons[w]["effect"] == "composite":
        gs.todo.append(["b_composite_one", s])  # replayed after the composite step began


@RULES.step("b_composite")
def _run_b_composite(gs: AnunnakiFields):
    b = gs.ctx["battle"]
    if b["winner"] is not None:
        return
    b["bow_phase"] = True
    for s in reversed(gs._sides()):
        if gs._has_effect(s, "composite") and gs._armed(s, True):
            gs.todo.append(["b_composite_one", s])


@RULES.step("b_composite_one")
def _run_b_composite_one(gs: AnunnakiFields, s):
    b = gs.ctx["battle"]
    bowed = b.setdefault("bowed", [])
    if b["winner"] is not None or s in bowed or not gs._has_effect(s, "composite"):
        return
    if gs._weapon_options(s, True, False):
        bowed.append(s)
        gs.ask("composite", s, {})


def _legal_composite(gs: AnunnakiFields, s):
    return [PASS] + gs._weapon_options(s, attacker=True, pairs=False)


@RULES.decision("composite", prompt="Composite bow: add a weapon?", legal=_legal_composite)
def _ans_composite(gs: AnunnakiFields, a, s):
    if a == PASS:
        return
    w = gs.weapon_list(s)[a - WEAPON]
    if gs.seats[s]["pile"]:
        gs._mark_reveal()  # an advanced weapon played face up from its hidden hand
    gs.own_seat(s)["hand"].remove(w)
    gs.ctx["battle"]["extra"][str(s)] = [w]
    gs._event("composite", s, w)
    gs._pay(s, gs.weapon_cost(s, w))
    if DATA.weapons[w]["effect"] == "helmet":
        gs.todo.append(["b_helmet_one", s])  # "all effects of the second card"


@RULES.step("b_chariot")
def _run_b_chariot(gs: AnunnakiFields):
    b = gs.ctx["battle"]
    if b["winner"] is not None:
        return
    for s in reversed(gs._sides()):
        if gs._has_effect(s, "chariot") and gs.seats[s]["res"][RI["metal"]] > 0:
            gs.todo.append(["b_chariot_one", s])


@RULES.step("b_chariot_one")
def _run_b_chariot_one(gs: AnunnakiFields, s):
    if gs.seats[s]["res"][RI["metal"]] > 0:
        gs.ask("chariot", s, {})


def _legal_chariot(gs: AnunnakiFields, s):
    return [METAL + n for n in range(gs.seats[s]["res"][RI["metal"]] + 1)]


@RULES.decision("chariot", prompt="Chariot: pay metal for strength", legal=_legal_chariot)
def _ans_chariot(gs: AnunnakiFields, a, s):
    n = a - METAL
    gs.own_seat(s)["res"][RI["metal"]] -= n
    gs.ctx["battle"]["metal"][str(s)] = n


@RULES.step("b_resolve")
def _run_b_resolve(gs: AnunnakiFields):
    b = gs.ctx["battle"]
    if b["winner"] is not None:
        return
    a = gs.battle_strength(b["att"])
    d = gs.ancient_strength() if b["def"] is None else gs.battle_strength(b["def"])
    b["strength"] = [a, d]
    b["winner"] = "att" if a >= d else "def"


@RULES.step("b_end")
def _run_b_end(gs: AnunnakiFields):
    b = gs.ctx.pop("battle")
    h = b["hex"]
    att, dfn = b["att"], b["def"]
    win_att = b["winner"] == "att"
    winner = att if win_att else dfn
    loser = dfn if win_att else att
    gs._event("battle_won", winner if winner is not None else -1, h)
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
        if gs.has(winner, "thor"):
            steps.append(["vp", winner, 2])
    if dfn is None and win_att:
        tile, _up, god = gs.own_anc().pop(h)
        gs._changed(h, att)
        gs.own_seat(att)["defeated"].append(tile)
        gs.removed.append(tile)
        steps.append(["effects", att, DATA.ancient[tile]["reward"]])
        if gs.lay.info[h]["atlantis"]:
            gs.conquests += 1
            steps.append(["artifact_pick", att, gs.conquests])
    if loser is not None:
        gs._send_home(loser, h)
        # (once, however many; an advanced card a Viking Helmet sent back was played too)
        if b.get("helmeted_advanced") == loser or any(
            DATA.weapons[w]["kind"] == "advanced" for w in played.get(loser, ())
        ):
            steps.append(["gain", loser, "metal", NUMBERS["loss_metal"]])
        if winner is not None and gs._slingshot(loser, winner, b):
            steps.append(["steal", loser, winner])
    for s, cards in played.items():
        for w in cards:
            gs._return_card(s, w)
    gs._push(*steps)


@RULES.step("steal")
def _run_steal(gs: AnunnakiFields, s, frm):
    if sum(gs.seats[frm]["res"]) > 0:
        gs.ask("steal", s, {"from": frm})


def _legal_steal(gs: AnunnakiFields, s):
    return res_acts(gs.seats[gs.darg["from"]]["res"])


@RULES.decision("steal", prompt="Steal a resource", legal=_legal_steal)
def _ans_steal(gs: AnunnakiFields, a, s):
    arg = gs.darg
    gs.own_seat(arg["from"])["res"][a - RES] -= 1
    gs.own_seat(s)["res"][a - RES] += 1
    gs._event("steal", s, (arg["from"], RESOURCES[a - RES]))


@RULES.step("artifact_pick")
def _run_artifact_pick(gs: AnunnakiFields, s, nth):
    if nth == 1:
        opts = list(gs.art_deck)
    elif nth == 2:
        opts = list(gs.art_deck)
    else:
        return
    if opts:
        gs.art_seen.append(s)
        gs._mark_reveal()
        gs.ask("artifact", s, {"options": opts, "nth": nth})


def _legal_artifact(gs: AnunnakiFields, s):
    return [ARTIFACT + ART_IDS.index(a) for a in gs.darg["options"]]


@RULES.decision("artifact", prompt="Atlantis conquered: choose an artifact", legal=_legal_artifact)
def _ans_artifact(gs: AnunnakiFields, a, s):
    arg = gs.darg
    art = ART_IDS[a - ARTIFACT]
    gs.art_deck.remove(art)
    gs._mark_reveal()
    sd = gs.own_seat(s)
    sd["artifacts"].append(art)
    gs._event("artifact", s, art)
    if arg["nth"] == 2:
        gs.removed.extend(gs.art_deck)
        gs.art_deck = []
    if art == "pandora":
        sd["pandora"] = list(DATA.artifacts["pandora"]["tokens"])
    elif art == "destiny":
        gs.ask("destiny", s, {})
