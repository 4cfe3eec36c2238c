"""Anunnaki: battle — the battles of a turn: the secret weapon choice, its reveal, the weapons' effects (Loki, helmet, composite bow, chariot), strength, the outcome, and the Atlantis artifact reward."""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import (
    ART_IDS,
    ARTIFACT,
    BALLISTA_GOD,
    HEX,
    METAL,
    NUMBERS,
    PASS,
    RES,
    RI,
    WEAPON,
    WPAIR,
    res_acts,
)
from meeple.games.anunnaki.data import DATA, RESOURCES
from meeple.games.anunnaki.declare import RULES, give, queued
from meeple.games.anunnaki.effects import _run_gain

if (
    TYPE_CHECKING
):  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' state `s`
    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Battle(AnunnakiFields):
    """The battle rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _war_hexes(self, seat) -> list[str]:
        """The regions at war holding `s`'s units, in layout order (as
        `_at_war` tells: `s` is there, so another seat or an ancient site)."""
        occ, anc, others = self.occ, self.anc, ~(1 << seat)
        out = []  # (a loop, not a comprehension: asked every turn, mostly of no region)
        for h in self.mine[seat]:
            if occ[h] & others or h in anc:
                out.append(h)
        return out

    def _weapon_options(self, seat, attacker: bool, pairs: bool) -> list[int]:
        wl = self.weapon_list(seat)
        hand = self.seats[seat]["hand"]
        ok = []  # the weapons' indexes, each once
        for w in hand:
            if (not attacker or DATA.weapons[w]["kind"] == "advanced") and self.can_pay(
                seat, self.weapon_cost(seat, w)
            ):
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

    def _armed(self, seat, attacker: bool) -> bool:
        """Has seat s a weapon it could choose now? Whether a battle step is
        asked tells everyone that much of its hidden advanced weapons, unless
        every hand they think possible gives the same answer."""
        armed = bool(self._weapon_options(seat, attacker, False))
        # what became known is counted for a recorded game (undo reads it), as OKC's hand does
        if self.record and self._weapons_tell(seat, lambda: bool(self._weapon_options(seat, attacker, False)) != armed):
            self._mark_reveal()
        return armed

    def _weapons_tell(self, seat, differs) -> bool:
        """Would `differs()` be true with some other hand of `s` that the other
        seats think possible? They see its basic weapons and how many advanced
        ones it holds, not which of its hidden advanced weapons (hand and pile
        together, all different) are in hand."""
        sd = self.own_seat(seat)
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

    def _decode_cards(self, seat, a) -> list[str]:
        wl = self.weapon_list(seat)
        if a >= WPAIR:
            i, j = divmod(a - WPAIR, 9)
            return [wl[i], wl[j]]
        return [wl[a - WEAPON]]

    def _sides(self) -> list[int]:
        b = self.ctx["battle"]
        return [b["att"]] + ([b["def"]] if b["def"] is not None else [])

    def _opp(self, seat):
        b = self.ctx["battle"]
        return b["def"] if seat == b["att"] else b["att"]

    def _effective(self, seat) -> bool:
        """Do `s`'s weapon effects apply (not cancelled by the opponent's nullify)?"""
        o = self._opp(seat)
        if o is None:
            return True
        for w in self.ctx["battle"]["cards"].get(str(o), []):
            if DATA.weapons[w]["effect"] == "nullify":
                return False
        return True

    def _has_effect(self, seat, eff) -> bool:
        if not self._effective(seat):
            return False
        b = self.ctx["battle"]
        for w in b["cards"].get(str(seat), []) + b["extra"].get(str(seat), []):
            if DATA.weapons[w]["effect"] == eff:
                return True
        return False

    def _return_card(self, seat, w) -> None:
        if DATA.weapons[w]["kind"] == "advanced":
            self.own_seat(seat)["pile"].append(w)
        else:
            self.own_seat(seat)["hand"].append(w)

    def _helmet(self, seat) -> bool:
        """`s`'s Viking Helmet, if it acts: the opponent's cards go back (their cost
        stays paid) and the opponent plays again, or `s` wins if they cannot."""
        b = self.ctx["battle"]
        o = self._opp(seat)
        if b["winner"] is not None or b.get("helmeted") == seat or not self._has_effect(seat, "helmet"):
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
            b["winner"] = "att" if seat == b["att"] else "def"
            self._event("helmet_win", seat, None)
        else:
            self.ask("helmet", o, {})
        return True

    def battle_strength(self, seat) -> int:
        return sum(v for _, v in self.battle_parts(seat))

    def battle_parts(self, seat) -> list[tuple[str, int]]:
        """`seat`'s battle strength by its parts, each (what, strength): the
        units, the abilities (the opponent's spear, Isis, Heimdall, Ashur),
        each weapon and the metal paid for the chariot."""
        b = self.ctx["battle"]
        h = b["hex"]
        o = self._opp(seat)
        ballista = o is not None and self._has_effect(o, "ballista")
        heimdall = 3 if seat == b["def"] and self.has(seat, "heimdall") else 0
        units = self.units_at(h, seat, settlements=False, god_strength=BALLISTA_GOD if ballista else None)
        n = self.osl[seat].get(h, 0)
        if n:  # Odin's settlements are units in battle effects, with their whole strength (Heimdall's too)
            units.extend([self.settlement_unit_strength(seat) + heimdall] * n)
        parts = [("units", sum(units))]
        if o is not None and self._has_effect(o, "spear") and units:
            parts.append(("spear", -max(units)))  # its strength only: the unit is still there (Isis, Heimdall)
        if units and self.stl.get(h) == seat:
            if self.has(seat, "isis"):
                parts.append(("isis", 1))
            if heimdall:
                parts.append(("heimdall", heimdall))
        if self.has(seat, "ashur"):
            parts.append(("ashur", 1))
        for w in b["cards"].get(str(seat), []) + b["extra"].get(str(seat), []):
            parts.append((w, DATA.weapons[w]["strength"]))
        metal = b["metal"].get(str(seat), 0)
        if metal:
            parts.append(("metal", metal))
        return parts

    def ancient_strength(self) -> int:
        return sum(v for _, v in self.ancient_parts())

    def ancient_parts(self) -> list[tuple[str, int]]:
        """The ancient tile's battle strength by its parts: the tile and the
        Atlantis god it guards."""
        b = self.ctx["battle"]
        tile, _up, god = self.anc[b["hex"]]
        parts = [("ancient", DATA.ancient[tile]["strength"])]
        if god:
            parts.append(
                ("atlantis_god", BALLISTA_GOD if self._has_effect(b["att"], "ballista") else DATA.atlantis_god)
            )
        return parts

    def _slingshot(self, loser, winner, b) -> bool:
        cards = b["cards"].get(str(loser), [])
        if not any(DATA.weapons[w]["effect"] == "slingshot" for w in cards):
            return False
        return not any(DATA.weapons[w]["effect"] == "nullify" for w in b["cards"].get(str(winner), []))

    def _send_home(self, seat, h) -> None:
        cap = self.lay.capital[seat]
        fol = self.own_fol()
        n = fol[h][seat]
        fol[h][seat] = 0
        fol[cap][seat] += n
        gods = self.own_gods()[seat]
        for g, w in gods.items():
            if w == h:
                gods[g] = cap
        if self.osl[seat].get(h):  # Odin's settlements there go home too
            osl = self.own_osl()[seat]
            n = osl.pop(h)
            osl[cap] = osl.get(cap, 0) + n
        self._changed(h, seat)
        self._changed(cap, seat)


@RULES.step("battles")
def _run_battles(s: AnunnakiFields):
    seat = s.current
    war = s._war_hexes(seat)
    if war:
        s.ask("battle", seat, {}, legal=s._hexacts(war))


def _legal_battle(s: AnunnakiFields, seat):
    return s._hexacts(s._war_hexes(seat))


@RULES.decision("battle", prompt="Choose the next battle", legal=_legal_battle)
def _ans_battle(s: AnunnakiFields, a, seat):
    h = s.lay.hexes[a - HEX]
    s._push(queued(_run_battle, seat, h), queued(_run_battles))


@RULES.step("battle")
def _run_battle(s: AnunnakiFields, seat, h):
    if not s.has_units(h, seat) or not s._at_war(h):
        return
    opp = None
    if h not in s.anc:
        for opp in s.occupants(h):  # (there is one: the region is at war)
            if opp != seat:
                break
    b = {"hex": h, "att": seat, "def": opp, "cards": {}, "extra": {}, "metal": {}, "winner": None}
    s.ctx["battle"] = b
    s.secret = {}
    s._event("battle", seat, h)
    att_ok = s._armed(seat, True)
    if not att_ok:
        b["winner"] = "def"
        s.todo.append(queued(_run_b_end))
        return
    seats = [seat] if opp is None or not s._armed(opp, False) else [seat, opp]
    s.ask("weapon", seats, {})


def _legal_weapon(s: AnunnakiFields, seat):
    b = s.ctx["battle"]
    return s._weapon_options(seat, attacker=(seat == b["att"]), pairs=s.has(seat, "loki"))


@RULES.decision("weapon", prompt="Secret weapon choice", legal=_legal_weapon, simultaneous=True, forced=True)
def _ans_weapon(s: AnunnakiFields, a, seat):
    s.secret[str(seat)] = a  # kept secret until every seat has chosen
    if not s.answered(seat):
        return
    b = s.ctx["battle"]
    h = b["hex"]
    # the chosen weapons turn face up, and a face-down ancient tile: a reveal
    # if a choice was secret (both sides chose), a card came from the hidden
    # part of a hand, or the tile was face down
    shown = len(s.secret) > 1 or (h in s.anc and not s.anc[h][1])
    for seat_s, act in sorted(s.secret.items()):
        who = int(seat_s)
        cards = s._decode_cards(who, act)
        for w in cards:
            s.own_seat(who)["hand"].remove(w)
            shown = shown or (DATA.weapons[w]["kind"] == "advanced" and bool(s.seats[who]["pile"]))
        b["cards"][seat_s] = cards
    s.secret = {}
    if shown:
        s._mark_reveal()
    if h in s.anc:
        s.own_anc()[h][1] = True
    s._event("reveal", b["att"], {k: v for k, v in b["cards"].items()})
    s._push(
        *[
            queued(step)
            for step in (
                _run_b_loki,
                _run_b_pay,
                _run_b_helmet,
                _run_b_composite,
                _run_b_chariot,
                _run_b_resolve,
                _run_b_end,
            )
        ]
    )


@RULES.step("b_loki")
def _run_b_loki(s: AnunnakiFields):
    for seat in s._sides():
        if len(s.ctx["battle"]["cards"].get(str(seat), [])) > 1:
            s.todo.append(queued(_run_b_loki_one, seat))


@RULES.step("b_loki_one")
def _run_b_loki_one(s: AnunnakiFields, seat):
    s.ask("loki", seat, {})


def _legal_loki(s: AnunnakiFields, seat):
    wl = s.weapon_list(seat)
    return [WEAPON + wl.index(w) for w in s.ctx["battle"]["cards"][str(seat)]]


@RULES.decision("loki", prompt="Loki: keep which of your two weapons?", legal=_legal_loki)
def _ans_loki(s: AnunnakiFields, a, seat):
    b = s.ctx["battle"]
    keep = s.weapon_list(seat)[a - WEAPON]
    cards = b["cards"][str(seat)]
    for w in cards:
        if w != keep:
            s.own_seat(seat)["hand"].append(w)
    b["cards"][str(seat)] = [keep]
    s._event("loki", seat, keep)


@RULES.step("b_pay")
def _run_b_pay(s: AnunnakiFields):
    for seat in s._sides():
        for w in s.ctx["battle"]["cards"].get(str(seat), []):
            s._pay(seat, s.weapon_cost(seat, w))


@RULES.step("b_helmet")
def _run_b_helmet(s: AnunnakiFields):
    if s.ctx["battle"]["def"] is None:
        return
    for seat in s._sides():
        if s._helmet(seat):
            return


@RULES.step("b_helmet_one")
def _run_b_helmet_one(s: AnunnakiFields, seat):
    """A Viking Helmet added by a Composite Bow acts once all weapons are revealed."""
    if s.ctx["battle"]["def"] is not None:
        s._helmet(seat)


def _legal_helmet(s: AnunnakiFields, seat):
    b = s.ctx["battle"]
    return s._weapon_options(seat, attacker=(seat == b["att"]), pairs=False)


@RULES.decision("helmet", prompt="Viking helmet: play a second weapon", legal=_legal_helmet)
def _ans_helmet(s: AnunnakiFields, a, seat):
    w = s.weapon_list(seat)[a - WEAPON]
    if DATA.weapons[w]["kind"] == "advanced" and s.seats[seat]["pile"]:
        s._mark_reveal()  # played face up from the hidden part of its hand
    s.own_seat(seat)["hand"].remove(w)
    b = s.ctx["battle"]
    b["cards"][str(seat)] = [w]
    s._event("helmet", seat, w)
    s._pay(seat, s.weapon_cost(seat, w))
    if b.get("bow_phase") and DATA.weapons[w]["effect"] == "composite":
        s.todo.append(queued(_run_b_composite_one, seat))  # replayed after the composite step began


@RULES.step("b_composite")
def _run_b_composite(s: AnunnakiFields):
    b = s.ctx["battle"]
    if b["winner"] is not None:
        return
    b["bow_phase"] = True
    for seat in reversed(s._sides()):
        if s._has_effect(seat, "composite") and s._armed(seat, True):
            s.todo.append(queued(_run_b_composite_one, seat))


@RULES.step("b_composite_one")
def _run_b_composite_one(s: AnunnakiFields, seat):
    b = s.ctx["battle"]
    bowed = b.setdefault("bowed", [])
    if b["winner"] is not None or seat in bowed or not s._has_effect(seat, "composite"):
        return
    if s._weapon_options(seat, True, False):
        bowed.append(seat)
        s.ask("composite", seat, {})


def _legal_composite(s: AnunnakiFields, seat):
    return [PASS] + s._weapon_options(seat, attacker=True, pairs=False)


@RULES.decision("composite", prompt="Composite bow: add a weapon?", legal=_legal_composite)
def _ans_composite(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    w = s.weapon_list(seat)[a - WEAPON]
    if s.seats[seat]["pile"]:
        s._mark_reveal()  # an advanced weapon played face up from its hidden hand
    s.own_seat(seat)["hand"].remove(w)
    s.ctx["battle"]["extra"][str(seat)] = [w]
    s._event("composite", seat, w)
    s._pay(seat, s.weapon_cost(seat, w))
    if DATA.weapons[w]["effect"] == "helmet":
        s.todo.append(queued(_run_b_helmet_one, seat))  # "all effects of the second card"


@RULES.step("b_chariot")
def _run_b_chariot(s: AnunnakiFields):
    b = s.ctx["battle"]
    if b["winner"] is not None:
        return
    for seat in reversed(s._sides()):
        if s._has_effect(seat, "chariot") and s.seats[seat]["res"][RI["metal"]] > 0:
            s.todo.append(queued(_run_b_chariot_one, seat))


@RULES.step("b_chariot_one")
def _run_b_chariot_one(s: AnunnakiFields, seat):
    if s.seats[seat]["res"][RI["metal"]] > 0:
        s.ask("chariot", seat, {})


def _legal_chariot(s: AnunnakiFields, seat):
    return [METAL + n for n in range(s.seats[seat]["res"][RI["metal"]] + 1)]


@RULES.decision("chariot", prompt="Chariot: pay metal for strength", legal=_legal_chariot)
def _ans_chariot(s: AnunnakiFields, a, seat):
    n = a - METAL
    s.own_seat(seat)["res"][RI["metal"]] -= n
    s.ctx["battle"]["metal"][str(seat)] = n


@RULES.step("b_resolve")
def _run_b_resolve(s: AnunnakiFields):
    b = s.ctx["battle"]
    if b["winner"] is not None:
        return
    att = s.battle_parts(b["att"])
    dfn = s.ancient_parts() if b["def"] is None else s.battle_parts(b["def"])
    a, d = sum(v for _, v in att), sum(v for _, v in dfn)
    b["strength"] = [a, d]
    if s.record:
        s._event("strength", b["att"], {"hex": b["hex"], "def": b["def"], "parts": [att, dfn]})
    b["winner"] = "att" if a >= d else "def"


@RULES.step("b_end")
def _run_b_end(s: AnunnakiFields):
    b = s.ctx.pop("battle")
    h = b["hex"]
    att, dfn = b["att"], b["def"]
    win_att = b["winner"] == "att"
    winner = att if win_att else dfn
    loser = dfn if win_att else att
    s._event("battle_won", winner if winner is not None else -1, h)
    steps = []
    # cards back first (a slingshot steal and rewards come after)
    played = {}
    for s_s in list(b["cards"]):
        seat = int(s_s)
        played[seat] = b["cards"][s_s] + b["extra"].get(s_s, [])
    # winner rewards
    if winner is not None:
        for w in played.get(winner, []):
            steps.append(queued(give, winner, DATA.weapons[w]["win"]))
        if s.has(winner, "thor"):
            steps.append(["vp", winner, 2])
    if dfn is None and win_att:
        tile, _up, god = s.own_anc().pop(h)
        s._changed(h, att)
        s.own_seat(att)["defeated"].append(tile)
        s.removed.append(tile)
        steps.append(queued(give, att, DATA.ancient[tile]["reward"]))
        if s.lay.info[h]["atlantis"]:
            s.conquests += 1
            steps.append(queued(_run_artifact_pick, att, s.conquests))
    if loser is not None:
        s._send_home(loser, h)
        # (once, however many; an advanced card a Viking Helmet sent back was played too)
        if b.get("helmeted_advanced") == loser or any(
            DATA.weapons[w]["kind"] == "advanced" for w in played.get(loser, ())
        ):
            steps.append(queued(_run_gain, loser, "metal", NUMBERS["loss_metal"]))
        if winner is not None and s._slingshot(loser, winner, b):
            steps.append(queued(_run_steal, loser, winner))
    for seat, cards in played.items():
        for w in cards:
            s._return_card(seat, w)
    s._push(*steps)


@RULES.step("steal")
def _run_steal(s: AnunnakiFields, seat, frm):
    if sum(s.seats[frm]["res"]) > 0:
        s.ask("steal", seat, {"from": frm})


def _legal_steal(s: AnunnakiFields, seat):
    return res_acts(s.seats[s.darg["from"]]["res"])


@RULES.decision("steal", prompt="Steal a resource", legal=_legal_steal)
def _ans_steal(s: AnunnakiFields, a, seat):
    arg = s.darg
    s.own_seat(arg["from"])["res"][a - RES] -= 1
    s.own_seat(seat)["res"][a - RES] += 1
    s._event("steal", seat, (arg["from"], RESOURCES[a - RES]))


@RULES.step("artifact_pick")
def _run_artifact_pick(s: AnunnakiFields, seat, nth):
    if nth == 1 or nth == 2:
        opts = list(s.art_deck)
    else:
        return
    if opts:
        s.art_seen.append(seat)
        s._mark_reveal()
        s.ask("artifact", seat, {"options": opts, "nth": nth})


def _legal_artifact(s: AnunnakiFields, seat):
    return [ARTIFACT + ART_IDS.index(a) for a in s.darg["options"]]


@RULES.decision("artifact", prompt="Atlantis conquered: choose an artifact", legal=_legal_artifact)
def _ans_artifact(s: AnunnakiFields, a, seat):
    arg = s.darg
    art = ART_IDS[a - ARTIFACT]
    s.art_deck.remove(art)
    s._mark_reveal()
    sd = s.own_seat(seat)
    sd["artifacts"].append(art)
    s._event("artifact", seat, art)
    if arg["nth"] == 2:
        s.removed.extend(s.art_deck)
        s.art_deck = []
    if art == "pandora":
        sd["pandora"] = list(DATA.artifacts["pandora"]["tokens"])
    elif art == "destiny":
        s.ask("destiny", seat, {})
