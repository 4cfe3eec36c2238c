"""Anunnaki: Dawn of the Gods for RL: an Encoder for the generic wrappers.

Action space: Discrete(NUM_ACTIONS = METAL + 32 = 372). An action id is the
engine's own (`meeple.games.anunnaki.state`: PASS, YES, TILE + n, RES + r, ...,
METAL + metal paid). The engine's chariot payment (`METAL + n`, n up to the
metal a player holds) is unbounded; this encoding caps it: n < 32. Paying 32 or
more metal at once is left out of the mask (paying 0 is always legal there, so
the mask is never empty).

Observation: float32[OBS_SIZE], every entry in [0, OBS_HIGH], from
`state.view(seat)` only: seat-relative summaries of each house (resources,
mana, victory points, tracks, counts of pieces and cards), the board by seat
(followers, regions held, settlements, gods), my own weapon hand, the shared
displays, and the pending decision's kind and seats. A coarse first encoder:
it carries no hex-by-hex map. See `LAYOUT` / `layout_doc()`.
"""

from __future__ import annotations

from array import array

import numpy as np

from meeple.env.encoder import Encoder, describe, offsets
from meeple.games.anunnaki import state as st
from meeple.games.anunnaki.data import DATA

S = 4
MAX_METAL = 32
NUM_ACTIONS = st.METAL + MAX_METAL
WEAPONS = tuple(DATA.weapons)
_WEAPON = {w: i for i, w in enumerate(WEAPONS)}
HOUSES = tuple(DATA.houses)
_HOUSE = {h: i for i, h in enumerate(HOUSES)}
KINDS = (
    "main",
    "mana",
    "extra",
    "unit",
    "from",
    "to",
    "battle",
    "weapon",
    "weapon_pick",
    "loki",
    "helmet",
    "chariot",
    "harvest",
    "harvest_res",
    "resource",
    "market",
    "pay",
    "settle",
    "develop",
    "dev_do",
    "cube_from",
    "cube_to",
    "ra_cube",
    "contract",
    "contract_half",
    "free_contract",
    "creation",
    "summon_hex",
    "discard_god",
    "place_follower",
    "take_follower",
    "lose_follower",
    "tile_pick",
    "steal",
    "composite",
    "choice",
    "yesno",
    "artifact",
    "culture_benefit",
    "frigg",
)
_KIND = {k: i for i, k in enumerate(KINDS)}
# per seat: res x4, mana, vp, tracks x3, dom, settle_left, turns, free_minor,
# counts x12, flags x4, followers on board, hexes with followers, settlements, gods
_COUNTS = (
    "cubes",
    "developed",
    "tokens",
    "summoned",
    "hand",
    "pile",
    "contracts",
    "fulfilled",
    "artifacts",
    "pandora",
    "defeated",
    "gods_offer",
)
SEAT_FIELDS = 4 + 1 + 1 + 3 + 1 + 1 + 1 + 1 + len(_COUNTS) + 4 + 4

LAYOUT = (
    ("players", 3, "one-hot, 2..4 players"),
    ("houses", S * len(HOUSES), "per seat slot: house one-hot (DATA.houses order)"),
    ("current", S, "seat slot whose turn it is"),
    ("flags", 2, "end triggered, game over"),
    (
        "seats",
        S * SEAT_FIELDS,
        "per seat slot: resources x4 / 10, mana / 10, vp / 50, tracks x3 / 10, "
        "(dom + 10) / 20, settlements left / 5, turns / 30, free minor gods, counts of "
        "cubes, developed, tokens, summoned, hand, pile, contracts, fulfilled, "
        "artifacts, pandora, defeated, gods offered (each / 10); major token, free "
        "major, major god, destiny held; followers on the board / 20, hexes with "
        "followers / 10, settlements / 5, gods on the board / 5",
    ),
    ("hand", len(WEAPONS), "my weapon cards, by kind (DATA.weapons order)"),
    ("visible_basics", S * len(WEAPONS), "per seat slot: its weapons seen by all (basic ones) by kind"),
    (
        "board",
        4,
        "ancient tiles face up / 5, culture tokens face up / 14, exhausted hexes / 20, contracts on display / 6",
    ),
    ("decks", 3, "contract deck / 40, artifact deck / 10, conquests / 10"),
    ("decision_kind", len(KINDS) + 1, "pending decision kind one-hot (KINDS order, last: other)"),
    ("decision_seats", S + 2, "seat slots deciding, 1 if I am one, 1 if my secret choice is made"),
    ("winners", S, "seat slots among the winners"),
)
_OFF, OBS_SIZE = offsets(LAYOUT)
OBS_HIGH = 16.0
_ZEROS = array("f", bytes(4 * OBS_SIZE))


def layout_doc() -> str:
    return describe(LAYOUT)


def _count(x) -> float:
    """A count from a view field: a number as it is, a list or dict by its size."""
    if x is None or isinstance(x, bool):
        return float(bool(x))
    if isinstance(x, (int, float)):
        return float(x)
    try:
        return float(len(x))
    except TypeError:
        return 0.0


def _sc(x, div: float, shift: float = 0.0) -> float:
    v = (x + shift) / div
    return 0.0 if v < 0 else (OBS_HIGH if v > OBS_HIGH else v)


class AnunnakiEncoder(Encoder):
    game = "anunnaki"
    num_actions = NUM_ACTIONS
    obs_size = OBS_SIZE
    obs_high = OBS_HIGH

    def scores(self, state) -> list[float]:
        return [float(x) for x in state.scores()]

    def encode(self, view: dict, seat: int) -> np.ndarray:
        o = _ZEROS[:]
        p = view["players"]
        rels = [(s - seat) % p for s in range(p)]
        o[_OFF["players"] + p - 2] = 1.0
        for s, h in enumerate(view.get("houses", ())[:p]):
            if h in _HOUSE:
                o[_OFF["houses"] + rels[s] * len(HOUSES) + _HOUSE[h]] = 1.0
        cur = view.get("current")
        if isinstance(cur, int) and 0 <= cur < p:
            o[_OFF["current"] + rels[cur]] = 1.0
        o[_OFF["flags"]] = 1.0 if view.get("end_triggered") else 0.0
        o[_OFF["flags"] + 1] = 1.0 if view.get("finished") else 0.0
        board = view.get("board", {})
        followers = [0] * p
        fhexes = [0] * p
        for counts in board.get("followers", {}).values():
            for s, n in enumerate(counts[:p]):
                if n:
                    followers[s] += n
                    fhexes[s] += 1
        settlements = [0] * p
        for s in board.get("settlements", {}).values():
            if isinstance(s, int) and 0 <= s < p:
                settlements[s] += 1
        gods = [len(g) for g in board.get("gods", [])[:p]] + [0] * p
        nw = len(WEAPONS)
        for s, sd in enumerate(view["seats"][:p]):
            r = rels[s]
            b = _OFF["seats"] + r * SEAT_FIELDS
            for i, x in enumerate(sd.get("res", ())[:4]):
                o[b + i] = _sc(x, 10)
            o[b + 4] = _sc(sd.get("mana", 0), 10)
            o[b + 5] = _sc(sd.get("vp", 0), 50)
            for i, x in enumerate(sd.get("tracks", ())[:3]):
                o[b + 6 + i] = _sc(x, 10)
            o[b + 9] = _sc(sd.get("dom", 0), 20, 10)
            o[b + 10] = _sc(sd.get("settle_left", 0), 5)
            o[b + 11] = _sc(sd.get("turns", 0), 30)
            o[b + 12] = _sc(sd.get("free_minor", 0), 1)
            for i, k in enumerate(_COUNTS):
                o[b + 13 + i] = _sc(_count(sd.get(k)), 10)
            f = b + 13 + len(_COUNTS)
            o[f] = 1.0 if sd.get("major_token") else 0.0
            o[f + 1] = 1.0 if sd.get("free_major") else 0.0
            o[f + 2] = 1.0 if sd.get("major") else 0.0
            o[f + 3] = 0.0 if sd.get("destiny") is None else 1.0
            o[f + 4] = _sc(followers[s], 20)
            o[f + 5] = _sc(fhexes[s], 10)
            o[f + 6] = _sc(settlements[s], 5)
            o[f + 7] = _sc(gods[s], 5)
            vb = _OFF["visible_basics"] + r * nw
            for w in sd.get("hand", ()):
                if w in _WEAPON:
                    if s == seat:
                        o[_OFF["hand"] + _WEAPON[w]] += 1.0
                    if DATA.weapons[w].get("kind") == "basic":
                        o[vb + _WEAPON[w]] += 1.0
        ob = _OFF["board"]
        o[ob] = _sc(sum(1 for a in board.get("ancient", {}).values() if a.get("up")), 5)
        o[ob + 1] = _sc(sum(1 for c in board.get("culture", ()) if c and c.get("up")), 14)
        o[ob + 2] = _sc(len(board.get("exhausted", {})), 20)
        contracts = view.get("contracts", {})
        o[ob + 3] = _sc(_count(contracts.get("display")), 6)
        od = _OFF["decks"]
        o[od] = _sc(_count(contracts.get("deck")), 40)
        o[od + 1] = _sc(_count((view.get("artifacts") or {}).get("deck")), 10)
        o[od + 2] = _sc(_count(view.get("conquests")), 10)
        for w in view.get("winners", ()):
            if isinstance(w, int) and 0 <= w < p:
                o[_OFF["winners"] + rels[w]] = 1.0
        pend = view.get("pending")
        if pend is not None and pend.get("kind") is not None and not view.get("finished"):
            o[_OFF["decision_kind"] + _KIND.get(pend["kind"], len(KINDS))] = 1.0
            ds = _OFF["decision_seats"]
            for s in pend.get("seats", ()):
                o[ds + rels[s]] = 1.0
                if s == seat:
                    o[ds + S] = 1.0
            mine = (pend.get("secret") or {}).get(str(seat))
            if mine is not None and mine != "?":
                o[ds + S + 1] = 1.0
        return np.frombuffer(o, dtype=np.float32)

    def render(self, state, seat: int | None = None) -> str:
        v = state.view(seat)
        lines = [f"Anunnaki, {v['players']} players" + ("  [game over]" if v.get("finished") else "")]
        return self.render_seats(
            state,
            v,
            seat,
            lines,
            lambda s, sd: (
                f"({v['houses'][s]}): vp {sd['vp']}, mana {sd['mana']}, resources {sd['res']}, tracks {sd['tracks']}"
            ),
        )
