"""The Old King's Crown for RL: an Encoder for the generic wrappers.

Action space: Discrete(state.NACTIONS): an action id is the engine's own
(`meeple.games.okc.actions`: DONE, CARD + local, GOVERN + local, ..., KACT); the
space is fixed, so the mapping is the identity. Bids and face-down cards are
simultaneous decisions (several seats): the environments ask those seats one
at a time and the engine keeps each choice hidden until all are in.

Observation: float32[OBS_SIZE], every entry in [0, OBS_HIGH], built only from
`state.view(seat)`. Seat slots are seat-relative (slot 0 is the observing seat);
a faction card is counted by its local index (0..18, `cards.PER`), a kingdom
card by suit and number. See `LAYOUT`; `layout_doc()` prints it. The pending
decision's `arg` is not encoded (it may name cards), only its kind and seats.
"""

from __future__ import annotations

import struct

import numpy as np

from meeple.env.encoder import Encoder, describe, offsets
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.actions import NACTIONS

S = D.MAX_PLAYERS  # 4 seat slots
PER = C.PER  # 19 cards per faction
NF = len(D.FACTIONS)
NL = len(D.LOCATIONS)
NR = len(D.REGIONS)
KINDS = (
    "bid",
    "facedown",
    "spring",
    "day",
    "autumn",
    "herald",
    "markers",
    "resolve",
    "space",
    "tie",
    "location",
    "ambush",
    "retreat",
    "flank",
    "rally",
    "deploy",
    "clans_herald",
    "clans_sup",
    "council",
    "relics",
    "secrets",
    "oaths",
    "gather",
    "castle",
    "wilderness",
    "shrine",
    "necropolis",
    "necro_discard",
    "buy",
    "trim",
)
_KIND = {k: i for i, k in enumerate(KINDS)}  # anything else: the "other" slot
_FAC = {f: i for i, f in enumerate(D.FACTIONS)}
_LOC = {n: i for i, n in enumerate(D.LOCATIONS)}
_REG = {n: i for i, n in enumerate(D.REGIONS)}
_LOCAL = {n: C.local(g) for n, g in C.CARD_BY_NAME.items()}
_STR = {n: C.STR[g] for n, g in C.CARD_BY_NAME.items()}
_KC = dict(C.KCARD_BY_NAME)
_NSUIT = len(D.SUITS)

SEAT_FIELDS = 12 + (NL + 1) + 7 + NL + 3 + 6
LAYOUT = (
    ("players", 3, "one-hot, 2..4 players"),
    ("round", 7, "one-hot round 1..6 (later rounds in the last), then rounds left / 6"),
    ("factions", S * NF, "per seat slot: faction one-hot (data.FACTIONS order)"),
    ("order", S, "per seat slot: position in the turn order / 4"),
    ("favour", S + 2, "seat slot holding the favour (one-hot), none, uses left / 3"),
    ("road", D.ROAD_SIZE * (1 + _NSUIT + 1), "per Great Road space: present, suit one-hot, number / 17"),
    ("decks", 3, "kingdom deck / 51, kingdom discard / 51, lost cards / 20"),
    ("councils", 3 * S, "per council (data.COUNCILS order), per seat slot: its faction's cards there / 5"),
    ("regions", NR * S * 3, "per region, per seat slot: face-down cards / 5, active cards / 5, active strength / 20"),
    ("my_facedown", NR * PER, "per region: my face-down cards by local index"),
    ("clash_order", NR * NR, "per region: its position in the clash order (one-hot)"),
    ("flags", 2, "bids open, taken"),
    (
        "seats",
        S * SEAT_FIELDS,
        "per seat slot: influence / 20, lore / 20, site lore / 10, hand size / 8, "
        "cards in hand / 8, deck / 20, discard / 20, site / 5, hq / 5, board spaces "
        "occupied / 2, board kingdom strength / 17, bid placed; herald location "
        "one-hot + none; supporters board, map x3, counted x3 / 5; faction tokens per "
        "location / 10; bid hidden / revealed / none; used-this-round bits x6",
    ),
    ("bids", S * PER, "per seat slot: its revealed bid by local index (my own bid always)"),
    ("hand", PER, "my hand by local index"),
    ("discards", S * PER, "per seat slot: its discard pile by local index / 2"),
    ("site", PER, "my Site of Power cards still to buy, by local index"),
    ("decision_kind", len(KINDS) + 1, "pending decision kind one-hot (KINDS order, last: other)"),
    ("decision_seats", S + 1, "seat slots deciding, then 1 if I am one of them"),
    ("finished", 1, "1 once the game is over"),
    ("winners", S, "seat slots among the winners"),
)
_OFF, OBS_SIZE = offsets(LAYOUT)
OBS_HIGH = 16.0
_PACK = struct.Struct(f"<{OBS_SIZE}f").pack


def layout_doc() -> str:
    return describe(LAYOUT)


def _cap(x: float) -> float:
    return OBS_HIGH if x > OBS_HIGH else x


class OKCEncoder(Encoder):
    game = "okc"
    num_actions = NACTIONS
    obs_size = OBS_SIZE
    obs_high = OBS_HIGH

    def scores(self, state) -> list[float]:
        return [float(x) for x in state.scores()]

    def encode(self, view: dict, seat: int) -> np.ndarray:
        o = [0.0] * OBS_SIZE
        p = view["players"]
        rels = [(s - seat) % p for s in range(p)]
        o[_OFF["players"] + p - 2] = 1.0
        rnd, rounds = view["round"], view["rounds"]
        o[_OFF["round"] + min(max(rnd, 1), 6) - 1] = 1.0
        o[_OFF["round"] + 6] = max(0, rounds - rnd) / 6.0
        seats = view["seats"]
        fac_slot = {}
        for s, sd in enumerate(seats):
            f = _FAC.get(sd["faction"])
            if f is not None:
                o[_OFF["factions"] + rels[s] * NF + f] = 1.0
                fac_slot[sd["faction"]] = rels[s]
        for pos, s in enumerate(view["order"]):
            o[_OFF["order"] + rels[s]] = pos / 4.0
        fav = view.get("favour") or {}
        holder = fav.get("holder")
        o[_OFF["favour"] + (S if holder is None else rels[holder])] = 1.0
        o[_OFF["favour"] + S + 1] = fav.get("uses", 0) / 3.0
        off = _OFF["road"]
        for i, k in enumerate(view["road"][: D.ROAD_SIZE]):
            kc = _KC.get(k) if k is not None else None
            if kc is not None:
                base = off + i * (_NSUIT + 2)
                o[base] = 1.0
                o[base + 1 + kc // 17] = 1.0
                o[base + 1 + _NSUIT] = (kc % 17 + 1) / 17.0
        off = _OFF["decks"]
        o[off] = len(view["kingdom_deck"]) / 51.0
        o[off + 1] = len(view["kingdom_discard"]) / 51.0
        o[off + 2] = _cap(len(view["lost"]) / 20.0)
        off = _OFF["councils"]
        for c, name in enumerate(D.COUNCILS):
            for card in view["councils"].get(name, ()):
                r = fac_slot.get(card.split(":", 1)[0])
                if r is not None:
                    o[off + c * S + r] = _cap(o[off + c * S + r] + 0.2)
        off, off_me = _OFF["regions"], _OFF["my_facedown"]
        my_fac = seats[seat]["faction"]
        for name, reg in view["regions"].items():
            rg = _REG.get(name)
            if rg is None:
                continue
            for card in reg.get("facedown", ()):
                fac, _, loc = card.partition(":")
                r = fac_slot.get(fac)
                if r is not None:
                    o[off + (rg * S + r) * 3] += 0.2
                if fac == my_fac and card in _LOCAL:
                    o[off_me + rg * PER + _LOCAL[card]] += 1.0
            for e in reg.get("active", ()):
                card = e.get("card", "")
                r = fac_slot.get(card.split(":", 1)[0])
                if r is not None:
                    base = off + (rg * S + r) * 3
                    o[base + 1] += 0.2
                    o[base + 2] = _cap(o[base + 2] + _STR.get(card, 0) / 20.0)
        for pos, name in enumerate(view.get("clash_order", ())[:NR]):
            rg = _REG.get(name)
            if rg is not None:
                o[_OFF["clash_order"] + rg * NR + pos] = 1.0
        o[_OFF["flags"]] = 1.0 if view.get("bids_open") else 0.0
        o[_OFF["flags"] + 1] = 1.0 if view.get("taken") else 0.0
        o_seat, o_bid, o_disc = _OFF["seats"], _OFF["bids"], _OFF["discards"]
        for s, sd in enumerate(seats):
            r = rels[s]
            b = o_seat + r * SEAT_FIELDS
            o[b] = _cap(sd["influence"] / 20.0)
            o[b + 1] = _cap(sd["lore"] / 20.0)
            o[b + 2] = _cap(sd["site_lore"] / 10.0)
            o[b + 3] = sd["hand_size"] / 8.0
            o[b + 4] = len(sd["hand"]) / 8.0
            o[b + 5] = _cap(len(sd["deck"]) / 20.0)
            o[b + 6] = _cap(len(sd["discard"]) / 20.0)
            o[b + 7] = len(sd["site"]) / 5.0
            o[b + 8] = len(sd["hq"]) / 5.0
            board = [sp for sp in sd["board"] if sp]
            o[b + 9] = len(board) / 2.0
            o[b + 10] = sum(_KC.get(sp["kingdom"], 0) % 17 + 1 for sp in board) / 17.0
            bid = sd.get("bid")
            o[b + 11] = 0.0 if bid is None else 1.0
            h = sd.get("herald")
            o[b + 12 + (_LOC.get(h, NL) if h is not None else NL)] = 1.0
            sup = sd["supporters"]
            b2 = b + 12 + NL + 1
            o[b2] = sup["board"] / 5.0
            for i, x in enumerate(sup["map"][:3]):
                o[b2 + 1 + i] = x / 5.0
            for i, x in enumerate(sup["counted"][:3]):
                o[b2 + 4 + i] = x / 5.0
            b3 = b2 + 7
            for loc, n in sd.get("tokens", {}).items():
                if loc in _LOC:
                    o[b3 + _LOC[loc]] = _cap(n / 10.0)
            b4 = b3 + NL
            if bid is None:
                o[b4 + 2] = 1.0
            elif bid in _LOCAL:
                o[b4 + 1] = 1.0
                o[o_bid + r * PER + _LOCAL[bid]] = 1.0
            else:
                o[b4] = 1.0
            used = sd.get("used", 0)
            for i in range(6):
                if used >> i & 1:
                    o[b4 + 3 + i] = 1.0
            for card in sd["discard"]:
                if card in _LOCAL:
                    o[o_disc + r * PER + _LOCAL[card]] += 0.5
        me = seats[seat]
        for card in me["hand"]:
            if card in _LOCAL:
                o[_OFF["hand"] + _LOCAL[card]] += 1.0
        for card in me["site"]:
            if card in _LOCAL:
                o[_OFF["site"] + _LOCAL[card]] = 1.0
        if view.get("finished"):
            o[_OFF["finished"]] = 1.0
            for w in view.get("winners", ()):
                o[_OFF["winners"] + rels[w]] = 1.0
        pend = view.get("pending")
        if pend is not None and pend.get("kind") is not None:
            o[_OFF["decision_kind"] + _KIND.get(pend["kind"], len(KINDS))] = 1.0
            for s in pend.get("seats", ()):
                o[_OFF["decision_seats"] + rels[s]] = 1.0
                if s == seat:
                    o[_OFF["decision_seats"] + S] = 1.0
        return np.frombuffer(bytearray(_PACK(*o)), dtype=np.float32)

    def render(self, state, seat: int | None = None) -> str:
        v = state.view(seat)
        lines = [
            f"The Old King's Crown, {v['players']} players, round {v['round']}/{v['rounds']}"
            + ("  [game over]" if v.get("finished") else "")
        ]
        lines.append("road: " + " ".join(k or "-" for k in v["road"]))
        for name, reg in v["regions"].items():
            lines.append(
                f"  {name:9s} face-down {len(reg['facedown'])}, active "
                + (" ".join(e["card"] for e in reg["active"]) or "-")
            )
        return self.render_seats(
            state, v, seat, lines, lambda s, sd: (f"({sd['faction']}): influence {sd['influence']}, lore {sd['lore']}")
        )
