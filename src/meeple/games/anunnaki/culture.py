"""Anunnaki: culture and the end — culture tokens resolved at the end of a turn, and the final scoring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.anunnaki.actions import PASS, YES
from meeple.games.anunnaki.data import DATA, TRACKS
from meeple.games.anunnaki.declare import RULES, give, queued

ALL_SPOTS = -1  # `cul_check` with every spot's bit set

if (
    TYPE_CHECKING
):  # the fields' types (fields.py): of the state this mixin is part of, and of the rule functions' state `s`
    from collections.abc import Callable

    from meeple.games.anunnaki.fields import AnunnakiFields
else:
    AnunnakiFields = object  # (at run time the state's slots come from its FIELDS)


class CultureEnd(AnunnakiFields):
    """The culture and the end rules a state answers for (mixed into `AnunnakiState`)."""

    __slots__ = ()

    def _finish(self) -> None:
        P = self.players
        for s in range(P):
            if "scarab" in self.seats[s]["artifacts"]:
                for t in TRACKS:
                    self._track(s, t, 1)
        fin: list[dict[str, int]] = [dict() for _ in range(P)]
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
            sd = self.own_seat(s)
            fin[s]["domination"] = DATA.dom_vp[sd["dom"]]
            fin[s]["gods"] = self._god_points(s)
            fin[s]["resources"] = (sum(sd["res"]) + sd["mana"]) // F["resources_per_vp"]
            if "destiny" in sd["artifacts"] and sd["destiny"]:
                i = TRACKS.index(sd["destiny"])
                lead = max(x["tracks"][i] for x in self.seats)
                fin[s]["destiny"] = DATA.destiny_vp[mult[lead]]
            for v in fin[s].values():
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

    def _god_points(self, seat) -> int:
        """The VP of the seat's summoned gods that score at the end (`AT_END`)."""
        ctrl = self.controlled(seat)
        total = 0
        for g in self.seats[seat]["summoned"]:
            score = AT_END.get(DATA.minor[g]["effect"])
            if score is not None:
                total += score(self, seat, ctrl)
        return total


# ---- the minor gods' powers that score at the end, each declared with the
# effect name the data gives it (gods.json "effect"): (state, seat, the regions
# it controls) -> VP
AT_END: dict[str, Callable[..., int]] = {}


def at_end(effect: str) -> Callable[[Callable[..., int]], Callable[..., int]]:
    """Declare the decorated `(s, seat, controlled)` as the end-scoring power `effect`."""

    def declare(score: Callable[..., int]) -> Callable[..., int]:
        AT_END[effect] = score
        return score

    return declare


def _regions_of(resource: str) -> Callable[..., int]:
    def score(s: AnunnakiFields, seat, ctrl) -> int:
        """2 VP per controlled region of the resource."""
        return 2 * sum(1 for h in ctrl if resource in s.lay.info[h]["res"])

    return score


for _effect, _resource in (("vp_wood", "wood"), ("vp_gold", "gold"), ("vp_metal", "metal"), ("vp_food", "food")):
    at_end(_effect)(_regions_of(_resource))


@at_end("vp_exhausted")
def _vp_exhausted(s: AnunnakiFields, seat, ctrl) -> int:
    """3 VP per 2 controlled regions fully exhausted (seed: only Atlantis is left out; the Underworld counts)."""
    info = s.lay.info
    n = sum(1 for h in ctrl if not info[h]["atlantis"] and info[h]["capital"] is None and not s._uncovered(h))
    return 3 * (n // 2)


@at_end("vp_atlantis")
def _vp_atlantis(s: AnunnakiFields, seat, ctrl) -> int:
    """4 VP per controlled Atlantis region."""
    return 4 * sum(1 for h in ctrl if s.lay.info[h]["atlantis"])


@at_end("vp_ancient")
def _vp_ancient(s: AnunnakiFields, seat, ctrl) -> int:
    """2 VP per ancient civilisation tile defeated."""
    return 2 * len(s.seats[seat]["defeated"])


@at_end("vp_supply")
def _vp_supply(s: AnunnakiFields, seat, ctrl) -> int:
    """2 VP per 3 followers in the supply."""
    return 2 * (s.supply(seat) // 3)


@RULES.step("culture")
def _run_culture(s: AnunnakiFields):
    # a token goes when all its regions are controlled: a spot none of whose
    # regions changed since the last culture step (see `_changed`) still has
    # one nobody controls
    check = s.cul_check
    if not check:
        return
    s.cul_check = 0
    steps: list = []
    controller, spots, cul = s.controller, s.lay.spots, s.cul
    check &= (1 << len(cul)) - 1  # (ALL_SPOTS: every spot)
    while check:  # the spots to look at, in order (a few a turn)
        low = check & -check
        check ^= low
        i = low.bit_length() - 1
        c = cul[i]  # (a token taken below is set in `s.cul`, a copy if shared: the other spots are the same)
        if c is None:
            continue
        (a, b, d), board = spots[i]  # (a spot joins three regions)
        ca = controller(a)
        if ca is None:
            continue
        cb = controller(b)
        if cb is None:
            continue
        cd = controller(d)
        if cd is not None:
            _resolve(s, i, c, board, [ca, cb, cd], steps)
    if steps:  # (most turns no token goes)
        s._push(*steps)


def _resolve(s: AnunnakiFields, i, c, board, ctrl, steps) -> None:
    """Culture token `c` of spot `i`, controlled by `ctrl`: taken off the
    board, its benefit offered to whom it goes (queued in `steps`)."""
    lay, cur = s.lay, s.current
    if not c[1]:
        s._mark_reveal()
    tok = c[0]
    s.own_cul()[i] = None  # taken off the board (up, if it was not)
    s.removed.append(tok)
    s._event("culture", cur, tok)
    for seat in s._order_from(cur):
        gets = seat in ctrl
        if not gets and s.power(seat, "zeus_planet_culture"):
            gets = any(s.has_units(h, seat) for h in lay.hexes if lay.board_of[h] == board)
        if gets:
            steps.append(queued(_run_culture_offer, seat, tok))


@RULES.step("culture_offer")
def _run_culture_offer(s: AnunnakiFields, seat, tok):
    """ "You either take it now or forfeit it": each beneficiary may decline."""
    s.ask("culture_benefit", seat, {"token": tok})


def _legal_culture_benefit(s: AnunnakiFields, seat):
    DATA.culture[s.darg["token"]]  # a STATE naming no token does not load
    return [YES, PASS]


@RULES.decision(
    "culture_benefit", prompt="Culture token resolved: take its benefit now or forfeit it", legal=_legal_culture_benefit
)
def _ans_culture_benefit(s: AnunnakiFields, a, seat):
    arg = s.darg
    if a == PASS:
        s._event("culture_declined", seat, arg["token"])
        return
    times = 2 if s.power(seat, "zeus_double_culture") else 1
    s._event("culture_taken", seat, (arg["token"], times))
    s._push(*[queued(give, seat, DATA.culture[arg["token"]]["benefit"])] * times)
