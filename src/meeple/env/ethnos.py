"""Ethnos for RL: the fixed action space and the float32 observation.

Action space: Discrete(511). An action id IS the engine's action id
(`meeple.games.ethnos.state`): RECRUIT 0..78, DECK 79, LEADER 80+card,
ADD 159+card, DONE 238, PLACE 239+kingdom, TROLL_TAKE 245+value-1, DRAW 251,
PASS 252, CASH 253, KEEP 254, SWAP 255 + band_index*8 + seat. The engine's
band index is unbounded; here it is capped: SWAP ids exist for band_index < 32
(ids 255..510). A fairy swap onto an opponent's 33rd or later band of the age
is left out of the mask (the fairy's PASS is always legal, so the mask is never
empty); random play never came near it (at most 20 bands in 200 games).
A band is chosen in steps (LEADER, then ADD in ascending card order, then
DONE), so the space stays small and fixed.

Observation: float32[OBS_SIZE], every entry in [0, OBS_HIGH], built only from
`state.view(seat)`. Seats are seat-relative: slot 0 is the observing seat,
slot i is seat (seat + i) % players; slots past the player count stay 0.
Cards are counted per card kind (`CARD_SLOTS`: the 72 tribe:kingdom cards in
tribe-then-kingdom order, then the skeleton). See `LAYOUT` (name, size,
scaling) for the exact order; `layout_doc()` prints it.
"""

from __future__ import annotations

from array import array

import numpy as np

from meeple.env.encoder import Encoder, describe, offsets
from meeple.games.ethnos import data
from meeple.games.ethnos.cards import CARD_BY_NAME, CARD_KINGDOM, CARD_TRIBE, NCARDS, NK, VALID_CARDS
from meeple.games.ethnos.state import SWAP, SWAP_SEATS, TURN_KINDS

MAX_SWAP_BANDS = 32
NUM_ACTIONS = SWAP + MAX_SWAP_BANDS * SWAP_SEATS  # 511
S = data.MAX_PLAYERS  # 6 seat slots
NT = len(data.TRIBES)  # 13
OBS_BANDS = 12  # band sizes listed per seat
CARD_SLOTS = tuple(c for c in VALID_CARDS)  # 73 card kinds
NC = len(CARD_SLOTS)
_SLOT = [-1] * NCARDS
for _i, _c in enumerate(CARD_SLOTS):
    _SLOT[_c] = _i
_NAME_SLOT = {n: _SLOT[c] for n, c in CARD_BY_NAME.items() if _SLOT[c] >= 0}
_NAME_TRIBE = {n: CARD_TRIBE[c] for n, c in CARD_BY_NAME.items()}
_NAME_KINGDOM = {n: CARD_KINGDOM[c] for n, c in CARD_BY_NAME.items()}
_TRIBE = {t: i for i, t in enumerate(data.TRIBES)}
_KINGDOMS = data.KINGDOMS
_KIND = {k: i for i, k in enumerate(TURN_KINDS)}
_TROLL = {v: i for i, v in enumerate(data.TROLL_TOKENS)}

# (name, size, how a value is scaled)
LAYOUT = (
    ("players", 5, "one-hot, 2..6 players"),
    ("age", 3, "one-hot, age 1..3"),
    ("tribes", NT, "1 if the tribe is in play (data.TRIBES order)"),
    (
        "kingdom_glory",
        NK * 3,
        "per kingdom (data.KINGDOMS order) its glory slots I..III / 10 (III is 0 with 2-3 players)",
    ),
    ("kingdom_markers", NK * S, "per kingdom, per seat slot: markers / 10"),
    ("deck", 1, "cards left in the deck / 100"),
    ("dragons", 3, "one-hot, dragons revealed this age 0..2"),
    ("market", NC, "per card kind: copies in the market / 4"),
    ("hand", NC, "per card kind: copies in my hand / 4"),
    ("hand_sizes", S, "per seat slot: hand size / 10"),
    ("glory", S, "per seat slot: glory / 100"),
    ("merfolk", S, "per seat slot: merfolk track / 18 (0 without merfolk)"),
    ("orc", S * NK, "per seat slot, per kingdom: 1 if that horde space holds a marker"),
    ("trolls", S * 6, "per seat slot, per troll token 1..6: 1 if held"),
    ("troll_pool", 6, "per troll token 1..6: 1 if in the pool"),
    ("giant", S + 1, "seat slot holding the giant token (one-hot), then its band size / 10"),
    (
        "band_summary",
        S * (3 + NT),
        "per seat slot: bands / 10, cards in bands / 20, largest band / 10, bands led by each tribe / 4",
    ),
    ("band_sizes", S * OBS_BANDS, "per seat slot, its first 12 bands of the age: size / 10"),
    ("current", S, "seat slot whose turn it is (one-hot)"),
    ("last_dragon", S + 1, "seat slot that revealed the previous age's third dragon, last entry: none"),
    ("decision_kind", len(TURN_KINDS), "one-hot of the pending decision's kind (state.TURN_KINDS order)"),
    ("decision_seat", S, "seat slot deciding (one-hot)"),
    ("band_mode", 3, "band in progress: one-hot undecided / one tribe / one kingdom"),
    ("place_mask", NK, "place or merfolk decision: kingdoms allowed"),
    ("decision_x", 1, "troll / keep / wizard decision: its X / 10; fairy: the fairy band's size / 10"),
    ("build", NC, "per card kind: copies in the band (or elf keep) being built, my own only / 4"),
    ("build_size", 1, "cards in the band or keep being built / 10 (public)"),
    ("build_leader", NT + NK, "leader of the band being built: tribe one-hot, kingdom one-hot (my own only)"),
    ("turn_flags", 3, "elf keep X / 10, wizard X / 10, a marker placed this band"),
    ("finished", 1, "1 once the game is over"),
    ("winners", S, "seat slots among the winners"),
)
_OFF, OBS_SIZE = offsets(LAYOUT)
_O_AGE = _OFF["age"]
_O_BAND_MODE = _OFF["band_mode"]
_O_BAND_SIZES = _OFF["band_sizes"]
_O_BAND_SUMMARY = _OFF["band_summary"]
_O_BUILD = _OFF["build"]
_O_BUILD_LEADER = _OFF["build_leader"]
_O_BUILD_SIZE = _OFF["build_size"]
_O_CURRENT = _OFF["current"]
_O_DECISION_KIND = _OFF["decision_kind"]
_O_DECISION_SEAT = _OFF["decision_seat"]
_O_DECISION_X = _OFF["decision_x"]
_O_DECK = _OFF["deck"]
_O_DRAGONS = _OFF["dragons"]
_O_FINISHED = _OFF["finished"]
_O_GIANT = _OFF["giant"]
_O_GLORY = _OFF["glory"]
_O_HAND = _OFF["hand"]
_O_HAND_SIZES = _OFF["hand_sizes"]
_O_KINGDOM_GLORY = _OFF["kingdom_glory"]
_O_KINGDOM_MARKERS = _OFF["kingdom_markers"]
_O_LAST_DRAGON = _OFF["last_dragon"]
_O_MARKET = _OFF["market"]
_O_MERFOLK = _OFF["merfolk"]
_O_ORC = _OFF["orc"]
_O_PLACE_MASK = _OFF["place_mask"]
_O_PLAYERS = _OFF["players"]
_O_TRIBES = _OFF["tribes"]
_O_TROLL_POOL = _OFF["troll_pool"]
_O_TROLLS = _OFF["trolls"]
_O_TURN_FLAGS = _OFF["turn_flags"]
_O_WINNERS = _OFF["winners"]
OBS_HIGH = 16.0


_ZEROS = array("f", bytes(4 * OBS_SIZE))


def _to_array(o: array) -> np.ndarray:
    # the vector is written into a float32 array.array, then shared (no copy)
    return np.frombuffer(o, dtype=np.float32)


def layout_doc() -> str:
    return describe(LAYOUT, 16)


class EthnosEncoder(Encoder):
    game = "ethnos"
    num_actions = NUM_ACTIONS
    obs_size = OBS_SIZE
    obs_high = OBS_HIGH

    def action_index(self, state, action: int) -> int | None:
        return action if 0 <= action < NUM_ACTIONS else None

    def mask(self, state, legal: list[int]) -> np.ndarray:
        m = np.zeros(NUM_ACTIONS, dtype=np.int8)
        for a in legal:
            if a < NUM_ACTIONS:
                m[a] = 1
        return m

    def scores(self, state) -> list[float]:
        return [float(g) for g in state.glory]

    def encode(self, view: dict, seat: int) -> np.ndarray:
        o = _ZEROS[:]
        p = view["players"]

        rels = [(s - seat) % p for s in range(p)]
        o[_O_PLAYERS + p - 2] = 1.0
        o[_O_AGE + view["age"] - 1] = 1.0
        off = _O_TRIBES
        for t in view["tribes"]:
            o[off + _TRIBE[t]] = 1.0
        og, om = _O_KINGDOM_GLORY, _O_KINGDOM_MARKERS
        kingdoms = view["kingdoms"]
        for k, name in enumerate(_KINGDOMS):
            kd = kingdoms[name]
            for i, g in enumerate(kd["glory"]):
                o[og + k * 3 + i] = g / 10.0
            base = om + k * S
            for s, m in enumerate(kd["markers"]):
                if m:
                    o[base + rels[s]] = m / 10.0
        o[_O_DECK] = len(view["deck"]) / 100.0
        o[_O_DRAGONS + min(view["dragons"], 2)] = 1.0
        off = _O_MARKET
        for n in view["market"]:
            o[off + _NAME_SLOT[n]] += 0.25
        merfolk = view.get("merfolk")
        giant = view.get("giant")
        pool_off = _O_TROLL_POOL
        for v in view["troll_pool"]:
            o[pool_off + _TROLL[v]] = 1.0
        seats = view["seats"]
        o_hand, o_hs, o_gl = _O_HAND, _O_HAND_SIZES, _O_GLORY
        o_mf, o_orc, o_tr = _O_MERFOLK, _O_ORC, _O_TROLLS
        o_bs, o_bz = _O_BAND_SUMMARY, _O_BAND_SIZES
        for s, sd in enumerate(seats):
            r = rels[s]
            hand = sd["hand"]
            o[o_hs + r] = len(hand) / 10.0
            if s == seat:
                for n in hand:
                    o[o_hand + _NAME_SLOT[n]] += 0.25
            o[o_gl + r] = sd["glory"] / 100.0
            if merfolk is not None:
                o[o_mf + r] = merfolk[s] / 18.0
            for kname in sd["orc"]:
                o[o_orc + r * NK + _KINGDOMS.index(kname)] = 1.0
            for v in sd["trolls"]:
                o[o_tr + r * 6 + _TROLL[v]] = 1.0
            bands = sd["bands"]
            if bands:
                b0 = o_bs + r * (3 + NT)
                total = largest = 0
                for j, b in enumerate(bands):
                    size = len(b["cards"])
                    total += size
                    if size > largest:
                        largest = size
                    o[b0 + 3 + _NAME_TRIBE[b["leader"]]] += 0.25
                    if j < OBS_BANDS:
                        o[o_bz + r * OBS_BANDS + j] = size / 10.0
                o[b0] = len(bands) / 10.0
                o[b0 + 1] = total / 20.0
                o[b0 + 2] = largest / 10.0
        if giant is not None:
            gs = giant["seat"]
            o[_O_GIANT + rels[gs]] = 1.0
            o[_O_GIANT + S] = len(seats[gs]["bands"][giant["band"]]["cards"]) / 10.0
        o[_O_CURRENT + rels[view["current"]]] = 1.0
        ld = view["last_dragon"]
        o[_O_LAST_DRAGON + (S if ld is None else rels[ld])] = 1.0
        if view["finished"]:
            o[_O_FINISHED] = 1.0
            for w in view["winners"]:
                o[_O_WINNERS + rels[w]] = 1.0
            return _to_array(o)
        pending = view.get("pending")
        if pending is None:
            # between turns: the current seat has a plain turn decision
            o[_O_DECISION_KIND + _KIND["turn"]] = 1.0
            o[_O_DECISION_SEAT + rels[view["current"]]] = 1.0
            return _to_array(o)
        kind, dseat, arg = pending["kind"], pending["seat"], pending["arg"]
        if kind is not None:
            o[_O_DECISION_KIND + _KIND[kind]] = 1.0
            o[_O_DECISION_SEAT + rels[dseat]] = 1.0
        if kind == "band":
            o[_O_BAND_MODE + (arg or 0)] = 1.0
        elif kind in ("place", "merfolk"):
            for k in range(NK):
                if arg >> k & 1:
                    o[_O_PLACE_MASK + k] = 1.0
        elif kind in ("troll", "keep", "wizard"):
            o[_O_DECISION_X] = arg / 10.0
        elif kind == "fairy":
            o[_O_DECISION_X] = len(seats[view["current"]]["bands"][arg]["cards"]) / 10.0
        build = pending["build"]
        o[_O_BUILD_SIZE] = len(build) / 10.0
        if build and build[0] != "?":
            off = _O_BUILD
            for n in build:
                o[off + _NAME_SLOT[n]] += 0.25
            if kind == "band":
                lead = build[0]
                o[_O_BUILD_LEADER + _NAME_TRIBE[lead]] = 1.0
                o[_O_BUILD_LEADER + NT + _NAME_KINGDOM[lead]] = 1.0
        off = _O_TURN_FLAGS
        o[off] = pending["keep"] / 10.0
        o[off + 1] = pending["wizard"] / 10.0
        o[off + 2] = 1.0 if pending["placed"] else 0.0
        return _to_array(o)

    def render(self, state, seat: int | None = None) -> str:
        """The table as text, as `seat` may see it (None: a spectator)."""
        v = state.view(seat)
        p = v["players"]
        lines = [
            f"Ethnos, {p} players, age {v['age']}/{data.ages(p)}, "
            f"dragons {v['dragons']}/{data.DRAGONS}, deck {len(v['deck'])} cards"
            + ("  [game over]" if v["finished"] else "")
        ]
        lines.append("tribes: " + ", ".join(v["tribes"]))
        lines.append("market: " + (" ".join(v["market"]) or "-"))
        lines.append("kingdom     glory      markers by seat")
        for name in _KINGDOMS:
            kd = v["kingdoms"][name]
            lines.append(f"  {name:9s} {str(kd['glory']):10s} {kd['markers']}")
        if v.get("merfolk") is not None:
            lines.append(f"merfolk track: {v['merfolk']}")
        if v.get("giant"):
            lines.append(f"giant token: seat {v['giant']['seat']}, band {v['giant']['band']}")
        lines.append(f"troll pool: {v['troll_pool']}")
        d = state.decision()
        for s, sd in enumerate(v["seats"]):
            mark = ">" if d is not None and s in d.seats else " "
            extra = []
            if sd["orc"]:
                extra.append("orc " + ",".join(sd["orc"]))
            if sd["trolls"]:
                extra.append("trolls " + ",".join(map(str, sd["trolls"])))
            lines.append(
                f"{mark} seat {s}: glory {sd['glory']}, hand {len(sd['hand'])}"
                + (f" [{' '.join(sd['hand'])}]" if s == seat else "")
                + (", " + "; ".join(extra) if extra else "")
            )
            for b in sd["bands"]:
                lines.append("      band " + " ".join(b["cards"]))
        if v["finished"]:
            lines.append(f"winners: {v['winners']}")
        elif d is not None:
            lines.append(f"decision: {d.kind} for seat {d.seats[0]}")
            if seat is not None and seat in d.seats:  # a spectator sees no hand
                acts = sorted(state.legal_actions(seat))
                lines.append(
                    "legal: "
                    + ", ".join(f"{a}={state.action_to_str(a)}" for a in acts[:40])
                    + (" ..." if len(acts) > 40 else "")
                )
        return "\n".join(lines)
