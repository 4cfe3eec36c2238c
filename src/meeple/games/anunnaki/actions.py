"""Anunnaki's action space and its words.

Actions are small ints (the constants below, each a range for one kind of
answer); `action_to_str` gives an action's words for the pending decision,
and those words are the MOVE notation (docs/notation/anunnaki.md).
"""

from __future__ import annotations

from meeple.games.anunnaki.data import DATA, RESOURCES, TRACKS

# ---- the action space --------------------------------------------------------
PASS, YES = 0, 1
TILE = 2  # + tile number - 1
RES = 12  # + resource index
UNIT = 16  # 16 follower, 17 major god, 18 + i: the house's i-th minor god
WEAPON = 25  # + index in the house's weapon list (basic first)
WPAIR = 34  # + i * 9 + j (Loki: two weapons)
HEX = 116  # + hex index in the layout
SPACE = 180  # + action star space
CONTRACT = 195  # + contract number - 1: take from the display
FULFILL = 231  # + contract number - 1
MANA = 270  # + index in MANA_KINDS
SUMMON = 280  # + minor god index
SUMMON_MAJOR = 287
HORN = 288
PANDORA = 289
CHOICE = 290  # + option index (meaning depends on the decision)
ARTIFACT = 330  # + index in data.ARTIFACTS
METAL = 340  # + metal paid (chariot)
SETTLEMENT = 400  # unit: a settlement that counts as a unit (Odin's basic power)
BALLISTA_GOD = 1  # "each of the opponent's gods, minor, major or Atlantis god, has strength 1" (rulebook)

MANA_KINDS = ("red", "blue", "weapons", "develop", "settle", "followers", "mirror")
# decisions whose options come from a seat's weapons, some hidden from others
WEAPON_KINDS = frozenset({"weapon", "weapon_pick", "helmet", "composite", "lose_weapon"})
RI = {r: i for i, r in enumerate(RESOURCES)}
ART_IDS = tuple(DATA.artifacts)
# market combinations: basic (pay, a, b) then developed (a, b)
MARKET: list[tuple[int | None, int, int]] = [
    (p, a, b) for p in range(4) for a in range(4) for b in range(a + 1, 4) if p not in (a, b)
]
MARKET += [(None, a, b) for a in range(4) for b in range(a + 1, 4)]
TRACK_CHOICES = TRACKS + ("dom",)
SETUP = DATA.setup
NUMBERS = DATA.rules  # the rulebook's numbers (costs, limits, strengths)
STRENGTH = DATA.strength
NDEV = len(DATA.multipliers)
PORTAL_BASIC = next(t["basic"] for t in DATA.tiles.values() if t["action"] == "portal")


def res_acts(res: list[int]) -> list[int]:
    """The actions naming the resources a seat has some of (`res`: its
    counts), in order; a loop, not a comprehension (a call less)."""
    out = []
    for i in range(4):
        if res[i] > 0:
            out.append(RES + i)
    return out


def _copy(x):
    t = type(x)
    if t is list:
        return [_copy(v) for v in x]
    if t is dict:
        return {k: _copy(v) for k, v in x.items()}
    return x


SEAT_FIELDS = (
    "res",
    "mana",
    "vp",
    "tracks",
    "dom",
    "pawn",
    "cubes",
    "developed",
    "tokens",
    "major_token",
    "free_minor",
    "free_major",
    "gods_offer",
    "summoned",
    "major",
    "hand",
    "pile",
    "settle_left",
    "contracts",
    "fulfilled",
    "artifacts",
    "pandora",
    "destiny",
    "defeated",
    "turns",
)


HEX_WORD = {
    "from": "from",
    "to": "to",
    "harvest": "harvest",
    "place_follower": "follower",
    "take_follower": "take",
    "settle": "settle",
    "summon_hex": "replace",
    "battle": "battle",
    "lose_follower": "remove",
}
RES_WORD = {
    "resource": "gain",
    "pay": "pay",
    "steal": "steal",
    "harvest_res": "take",
    "exhaust": "exhaust",
    "creation": "create",
}
WEAPON_WORD = {"weapon_pick": "draw", "lose_weapon": "lose", "loki": "keep", "composite": "add"}


def action_to_str(s, a: int, seat: int | None = None) -> str:
    kind = s.kind
    if seat is None:
        seat = s.dseats[0] if s.dseats else s.current
    if a == PASS:
        return "pass"
    if a == YES:
        return "yes"
    if TILE <= a < RES:
        n = a - TILE + 1
        return {"develop": "develop", "tile_pick": "activate"}.get(kind, "tile") + f" {n}"
    if RES <= a < UNIT:
        return f"{RES_WORD.get(kind, 'gain')} {RESOURCES[a - RES]}"
    if a == SETTLEMENT:
        return "settlement"
    if UNIT <= a < WEAPON:
        u = a - UNIT
        pre = "carry " if kind == "carry" else ""
        if u == 0:
            return pre + "follower"
        if u == 1:
            return pre + "major"
        return pre + "god " + s.minor_list(seat)[u - 2]
    if WEAPON <= a < WPAIR:
        return f"{WEAPON_WORD.get(kind, 'weapon')} {s.weapon_list(seat)[a - WEAPON]}"
    if WPAIR <= a < HEX:
        i, j = divmod(a - WPAIR, 9)
        wl = s.weapon_list(seat)
        return f"weapons {wl[i]} {wl[j]}"
    if HEX <= a < SPACE:
        return f"{HEX_WORD.get(kind, 'hex')} {s.lay.hexes[a - HEX]}"
    if SPACE <= a < CONTRACT:
        sp = a - SPACE
        return {"cube_from": "cube from", "cube_to": "cube to"}.get(kind, "cube") + f" {sp}"
    if CONTRACT <= a < FULFILL:
        return f"take c{a - CONTRACT + 1}"
    if FULFILL <= a < MANA:
        return f"fulfil c{a - FULFILL + 1}"
    if MANA <= a < SUMMON:
        return "mana " + MANA_KINDS[a - MANA]
    if SUMMON <= a < SUMMON_MAJOR:
        return "summon " + s.minor_list(seat)[a - SUMMON]
    if a == SUMMON_MAJOR:
        return "summon " + s.house(seat)["major"]
    if a == HORN:
        return "horn"
    if a == PANDORA:
        return "pandora"
    if CHOICE <= a < ARTIFACT:
        k = a - CHOICE
        if kind == "discard_god":
            return "discard " + s.seats[seat]["gods_offer"][k]
        if kind == "market":
            p, x, y = MARKET[k]
            got = f"{RESOURCES[x]} {RESOURCES[y]}"
            return f"gain {got}" if p is None else f"trade {RESOURCES[p]} for {got}"
        if kind == "contract_half":
            return ("middle", "bottom")[k]
        if kind == "horn":
            hr = NUMBERS["horn"]
            return f"gain {hr['gain']} {RESOURCES[k]}" if k < 4 else f"pay {hr['pay']} {RESOURCES[k - 4]}"
        if kind == "pandora":
            return "token " + ("mana", "follower", "weapon")[k]
        if kind == "destiny":
            return "destiny " + TRACKS[k]
        return f"option {k + 1}"
    if ARTIFACT <= a < METAL:
        return "artifact " + ART_IDS[a - ARTIFACT]
    if a >= METAL:
        return f"metal {a - METAL}"
    return f"action {a}"
