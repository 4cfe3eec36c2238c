"""Anunnaki: card effects — gains and payments, tracks and domination, the effect lists of contracts, culture tokens and ancient tiles, the gods' immediate powers, contracts fulfilled and the artifacts (Horn of Plenty, Pandora's Box, Destiny Stone)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import CHOICE, FULFILL, HEX, NDEV, NUMBERS, PASS, RES, RI, WEAPON, YES, res_acts
from meeple.games.anunnaki.data import DATA, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import RULES, give, queued, reward, rewarding
from meeple.games.anunnaki.movement import FLIP, _run_follower_at, _run_followers
from meeple.games.anunnaki.rewards import AMOUNT, DECLARED, RESOURCE, REWARDS, STEPS, TRACK, reward_words
from meeple.games.anunnaki.turn import _run_pick_weapon

if (
    TYPE_CHECKING
):  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' state `s`
    from collections.abc import Callable

    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class Effects(AnunnakiFields):
    """The card effects rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _gain(self, seat, r, n) -> None:
        if n > 0:
            self.own_seat(seat)["res"][RI[r]] += n

    def _pay(self, seat, cost) -> None:
        """Pay the named part of a cost now, queue the choice of the 'any' part."""
        res = self.own_seat(seat)["res"]
        for r, n in cost.items():
            if r != "any":
                res[RI[r]] -= n
        if cost.get("any"):
            self.todo.append(queued(_run_pay_any, seat, cost["any"]))

    def _track(self, seat, t, n) -> None:
        if t == "dom":
            self._dom(seat, n)
            return
        sd = self.own_seat(seat)
        i = TRACKS.index(t)
        cap = self._dev_cap(seat)
        new = min(cap, sd["tracks"][i] + n)
        if new > sd["tracks"][i]:
            sd["tracks"][i] = new
            if new == NDEV - 1:
                self._trigger_end(seat, t)

    def _dom(self, seat, n) -> None:
        sd = self.own_seat(seat)
        old = sd["dom"]
        new = min(DATA.dom_max, old + n)
        if new <= old:
            return
        sd["dom"] = new
        for tpos in list(self.dom_tokens):
            if old < tpos <= new:
                self.dom_tokens.remove(tpos)
                sd["vp"] += 2
                self._event("dom_token", seat, tpos)

    def _effects(self, seat, effects) -> None:
        """Queue the steps of a list of rewards (a contract's, a culture token's,
        an ancient tile's or a weapon's), each reward by its name in the data
        (`rewards.DECLARED`)."""
        steps = []
        for e in effects:
            known = DECLARED.get(e[0])
            if known is not None:
                steps += known.queue(self, seat, *e[1:])
        self._push(*steps)

    def _immediate(self, seat, eff) -> None:
        """A minor god's power that acts once, when it is summoned."""
        power = IMMEDIATE.get(eff)
        if power is not None:
            power(self, seat)

    def _fulfil(self, seat, c, pay: bool, check: bool) -> None:
        sd = self.own_seat(seat)
        k = DATA.contracts[c]
        sd["contracts"].remove(c)
        sd["fulfilled"].append(c)
        self._event("fulfil", seat, c)
        bottom = (
            [["vp", k["bottom"]["vp"]], ["track", "commerce", k["bottom"]["commerce"]]]
            if k["bottom"]["commerce"]
            else [["vp", k["bottom"]["vp"]]]
        )
        full = True
        if check and k["house"] is not None:
            board = "gaia" if k["house"] == self.houses[seat] else k["house"]
            board_of = self.lay.board_of
            full = False  # a region of that board controlled
            for h in self.controlled(seat):
                if board_of[h] == board:
                    full = True
                    break
        if full:
            self.todo.append(queued(give, seat, k["middle"] + bottom))
        else:
            self.todo.append(queued(_run_choose_effects, seat, k["middle"], bottom, "contract_half"))
        if pay:
            self._pay(seat, k["cost"])


@RULES.step("gain_any")
def _run_gain_any(s: AnunnakiFields, seat, n):
    if n > 0:
        s.ask("resource", seat, {"n": n})


reward("any", AMOUNT, runs=_run_gain_any, words=lambda n: f"{n} resource{'s' if n > 1 else ''} of your choice")


def _legal_resource(s: AnunnakiFields, seat):
    return [RES + i for i in range(4)]


@RULES.decision("resource", prompt="Gain a resource of your choice", legal=_legal_resource)
def _ans_resource(s: AnunnakiFields, a, seat):
    arg = s.darg
    s.own_seat(seat)["res"][a - RES] += 1
    s._event("gain_res", seat, RESOURCES[a - RES])
    if arg["n"] > 1:
        s.todo.append(queued(_run_gain_any, seat, arg["n"] - 1))


@RULES.step("pay_any")
def _run_pay_any(s: AnunnakiFields, seat, n):
    if n > 0 and sum(s.seats[seat]["res"]) > 0:
        s.ask("pay", seat, {"n": n})


def _legal_pay(s: AnunnakiFields, seat):
    return res_acts(s.seats[seat]["res"])


@RULES.decision("pay", prompt="Pay a resource of your choice", legal=_legal_pay)
def _ans_pay(s: AnunnakiFields, a, seat):
    arg = s.darg
    s.own_seat(seat)["res"][a - RES] -= 1
    s._event("pay_res", seat, RESOURCES[a - RES])
    if arg["n"] > 1:
        s.todo.append(queued(_run_pay_any, seat, arg["n"] - 1))


@RULES.step("track")
def _run_track(s: AnunnakiFields, seat, t, n):
    s._track(seat, t, n)


reward("track", TRACK, STEPS, runs=_run_track, words=lambda t, n: f"+{n} {t}")


@rewarding("dom", STEPS, words=lambda n: f"+{n} domination")
def _dom(s: AnunnakiFields, seat, n):
    return [queued(_run_track, seat, "dom", n)]


@RULES.step("gain")
def _run_gain(s: AnunnakiFields, seat, r, n):
    s._gain(seat, r, n)


reward("res", RESOURCE, AMOUNT, runs=_run_gain, words=lambda r, n: f"{n} {r}")


@RULES.step("mana_gain")
def _run_mana_gain(s: AnunnakiFields, seat, n):
    s.own_seat(seat)["mana"] += n


reward("mana", AMOUNT, runs=_run_mana_gain, words=lambda n: f"{n} mana")


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


def _vp_cause(s: AnunnakiFields) -> str | None:
    node = s.events
    while node is not None:
        node, ev = node
        if ev[0] in VP_CAUSE:
            return VP_CAUSE[ev[0]]
    return None


@RULES.step("vp")
def _run_vp(s: AnunnakiFields, seat, n):
    s.own_seat(seat)["vp"] += n
    if n and s.record:
        s._event("vp", seat, (n, _vp_cause(s)))


reward("vp", AMOUNT, runs=_run_vp, words=lambda n: f"{n} VP")


@RULES.step("income")
def _run_income(s: AnunnakiFields, seat):
    s._income(seat)


reward("income", runs=_run_income, words=lambda: "income")


@RULES.step("domaction")
def _run_domaction(s: AnunnakiFields, seat):
    s._dom(seat, s.objective(seat, s.objectives["dom"]))


reward("domaction", runs=_run_domaction, words=lambda: "a domination action")


@RULES.step("choose_effects")
def _run_choose_effects(s: AnunnakiFields, seat, a, b, kind="choice"):
    s.ask(kind, seat, {"n": 2, "options": [a, b], "why": "reward"})


reward(
    "choice",
    REWARDS,
    REWARDS,
    runs=_run_choose_effects,
    words=lambda a, b: f"({reward_words(a)}) or ({reward_words(b)})",
)


def _legal_contract_half(s: AnunnakiFields, seat):
    return [CHOICE, CHOICE + 1]


@RULES.decision(
    "contract_half", prompt="Fulfilled contract: take the middle or the bottom reward", legal=_legal_contract_half
)
def _ans_contract_half(s: AnunnakiFields, a, seat):
    arg = s.darg
    s._event("reward", seat, ("middle" if a == CHOICE else "bottom", arg["options"][a - CHOICE]))
    s._effects(seat, arg["options"][a - CHOICE])


def _legal_choice(s: AnunnakiFields, seat):
    return [CHOICE + i for i in range(s.darg["n"])]


@RULES.decision("choice", prompt="Choose one reward", legal=_legal_choice)
def _ans_choice(s: AnunnakiFields, a, seat):
    arg = s.darg
    why = arg.get("why")
    k = a - CHOICE
    if why == "reward":
        s._event("reward", seat, (None, arg["options"][k]))
        s._effects(seat, arg["options"][k])


def _legal_free_contract(s: AnunnakiFields, seat):
    return [PASS] + [FULFILL + int(c[1:]) - 1 for c in s.seats[seat]["contracts"]]


@RULES.decision("free_contract", prompt="Bastet: fulfil a contract without its cost?", legal=_legal_free_contract)
def _ans_free_contract(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    s.own_seat(seat)["mana"] -= 1
    s._fulfil(seat, f"c{a - FULFILL + 1}", pay=False, check=False)


def _legal_yesno(s: AnunnakiFields, seat):
    return [YES, PASS]


@RULES.decision("yesno", prompt="Freyja: use her power?", legal=_legal_yesno)
def _ans_yesno(s: AnunnakiFields, a, seat):
    if a == PASS:
        return
    arg = s.darg
    if arg["why"] == "freyja":
        s._push(queued(_run_lose_follower, seat), queued(_run_gain_any, seat, 4))


@RULES.step("lose_follower")
def _run_lose_follower(s: AnunnakiFields, seat):
    if s.has_followers(seat):
        s.ask("lose_follower", seat, {})


def _legal_lose_follower(s: AnunnakiFields, seat):
    return s._hexacts([h for h in s.lay.hexes if s.fol[h][seat]])


@RULES.decision("lose_follower", prompt="Pandora: remove one of your followers", legal=_legal_lose_follower)
def _ans_lose_follower(s: AnunnakiFields, a, seat):
    h = s.lay.hexes[a - HEX]
    s.own_fol()[h][seat] -= 1
    s._changed(h, seat)
    s._event("follower_lost", seat, h)


def _legal_horn(s: AnunnakiFields, seat):
    res = s.seats[seat]["res"]
    out = [CHOICE + i for i in range(4)]
    out += [CHOICE + 4 + i for i in range(4) if res[i] >= NUMBERS["horn"]["pay"]]
    return out


@RULES.decision("horn", prompt="Horn of Plenty", legal=_legal_horn)
def _ans_horn(s: AnunnakiFields, a, seat):
    k = a - CHOICE
    hr = NUMBERS["horn"]
    if k < 4:
        s.own_seat(seat)["res"][k] += hr["gain"]
    else:
        s.own_seat(seat)["res"][k - 4] -= hr["pay"]
        s.own_seat(seat)["vp"] += hr["vp"]
        s._event("vp", seat, (hr["vp"], "horn"))


def _legal_pandora(s: AnunnakiFields, seat):
    return [CHOICE + ["mana", "follower", "weapon"].index(t) for t in s.seats[seat]["pandora"]]


@RULES.decision("pandora", prompt="Pandora's Box: take a token", legal=_legal_pandora)
def _ans_pandora(s: AnunnakiFields, a, seat):
    tok = ["mana", "follower", "weapon"][a - CHOICE]
    sd = s.own_seat(seat)
    sd["pandora"].remove(tok)
    if not sd["pandora"]:
        sd["artifacts"].remove("pandora")
    s._event("pandora", seat, tok)
    steps = []
    if tok == "mana":
        sd["mana"] += 1
    elif tok == "follower":
        steps.append(queued(_run_followers, seat, 1))
    else:
        steps.append(queued(_run_pick_weapon, seat, 1))
    for o in s._order_from(seat)[1:]:
        if tok == "mana":
            s.own_seat(o)["mana"] = max(0, s.seats[o]["mana"] - 1)
        elif tok == "follower":
            steps.append(queued(_run_lose_follower, o))
        else:
            steps.append(queued(_run_lose_weapon, o))
    s._push(*steps)


@RULES.step("lose_weapon")
def _run_lose_weapon(s: AnunnakiFields, seat):
    s.darg = {}
    if _legal_lose_weapon(s, seat):
        s.ask("lose_weapon", seat, {})


def _legal_lose_weapon(s: AnunnakiFields, seat):
    wl = s.weapon_list(seat)
    return sorted({WEAPON + wl.index(w) for w in s.seats[seat]["hand"] if DATA.weapons[w]["kind"] == "advanced"})


@RULES.decision("lose_weapon", prompt="Pandora: put back one of your advanced weapons", legal=_legal_lose_weapon)
def _ans_lose_weapon(s: AnunnakiFields, a, seat):
    w = s.weapon_list(seat)[a - WEAPON]
    s.own_seat(seat)["hand"].remove(w)
    s.own_seat(seat)["pile"].append(w)


def _legal_destiny(s: AnunnakiFields, seat):
    return [CHOICE + i for i in range(3)]


@RULES.decision("destiny", prompt="Destiny Stone: choose your secret track", legal=_legal_destiny)
def _ans_destiny(s: AnunnakiFields, a, seat):
    s.own_seat(seat)["destiny"] = TRACKS[a - CHOICE]


# ---- the minor gods' powers that act once, when summoned, each declared with
# the effect name the data gives it (gods.json "effect")
IMMEDIATE: dict[str, Callable[..., None]] = {}  # effect name -> (state, seat)


def immediate(effect: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Declare the decorated `(s, seat)` as the immediate power `effect`."""

    def declare(power: Callable[..., None]) -> Callable[..., None]:
        IMMEDIATE[effect] = power
        return power

    return declare


@immediate("free_contract")
def _free_contract(s: AnunnakiFields, seat):
    """Bastet: fulfil a contract for 1 mana instead of its cost."""
    if s.seats[seat]["mana"] >= 1 and s.seats[seat]["contracts"]:
        s.ask("free_contract", seat, {})


@immediate("sacrifice_follower")
def _sacrifice_follower(s: AnunnakiFields, seat):
    """Freyja: may remove a follower for 4 resources of choice."""
    if s.has_followers(seat):
        s.ask("yesno", seat, {"why": "freyja"})


@immediate("away_regions")
def _away_regions(s: AnunnakiFields, seat):
    lay, home = s.lay, s.houses[seat]
    n = sum(1 for h in s.controlled(seat) if lay.board_of[h] != home) // 2
    s.own_seat(seat)["vp"] += n
    s.own_seat(seat)["mana"] += n
    if n:
        s._event("vp", seat, (n, "god"))


@immediate("frigg_followers")
def _frigg_followers(s: AnunnakiFields, seat):
    """Frigg: the seat *may* place a follower in each region holding 3 or more
    of its followers and settlements (seed: 「置くことができます」), asked region
    by region."""
    spots = [h for h in s.lay.hexes if s.fol[h][seat] + s.settlements_of(seat).count(h) >= 3]
    s._push(*[queued(_run_frigg_at, seat, h) for h in spots])


@RULES.step("frigg_at")
def _run_frigg_at(s: AnunnakiFields, seat, h):
    s.ask("frigg", seat, {"hex": h})


@RULES.decision("frigg", prompt="Frigg: place a follower in this region?", legal=_legal_yesno)
def _ans_frigg(s: AnunnakiFields, a, seat):
    if a == YES:  # (with none in the supply, one may first be taken from any region: follower_at)
        s._push(queued(_run_follower_at, seat, s.darg["hex"]))


@immediate("portal_3")
def _portal_3(s: AnunnakiFields, seat):
    # the rulebook calls Anu's teleport "this portal action": Enlil adds a unit,
    # and face-down culture tokens next to the units flip at its end
    if s._sources(seat, "portal"):
        s.todo.append(FLIP)
        s.ask("from", seat, {"mode": "anu_src", "n": 3 + (1 if s.has(seat, "enlil") else 0)})


@immediate("gain_followers_2")
def _gain_followers_2(s: AnunnakiFields, seat):
    s.todo.append(queued(_run_followers, seat, 2))


@immediate("away_shrines")
def _away_shrines(s: AnunnakiFields, seat):
    lay, home = s.lay, s.houses[seat]
    n = sum(lay.info[h]["shrines"] for h in s.controlled(seat) if lay.board_of[h] != home)
    s.own_seat(seat)["vp"] += n
    if n:
        s._event("vp", seat, (n, "god"))
    s._gain(seat, "metal", n)


@immediate("settlement_resources")
def _settlement_resources(s: AnunnakiFields, seat):
    for h in s.settlements_of(seat):
        if s.lay.info[h]["res"]:
            s._gain(seat, s.lay.info[h]["res"][0], 1)
