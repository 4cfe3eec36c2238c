"""Build OKC STATE documents for rule tests in a few words."""

from __future__ import annotations

from meeple.core.apply import run_apply
from meeple.games.okc import load

FACTIONS = ("nobility", "clans", "uprising", "gathering")
DEFAULT_HAND = ("captain-9", "follower-1")  # keeps autumn and ties from being forced
SUMMER = [["winter"], ["autumn", 0], ["clashes", 0]]  # a round at its summer


def doc(
    players: int = 2,
    factions=None,
    order=None,
    rnd: int = 1,
    seats=None,
    regions=None,
    clash_order=None,
    pending=None,
    road=None,
    favour=None,
    councils=None,
    **top,
) -> dict:
    factions = list(factions or FACTIONS[:players])
    seats = seats or {}
    out_seats = []
    for i in range(players):
        sd = {
            "faction": factions[i],
            "influence": 0,
            "lore": 0,
            "hand_size": 6,
            "hand": [],
            "deck": [],
            "discard": [],
            "board": [None, None],
            "herald": None,
            "tactics": [0, 0, 0, 0],  # base-rule tests: tiles exhausted
            "supporters": {"board": 5, "map": [0, 0, 0], "counted": [0, 0, 0], "lost": 0},
        }
        extra = dict(seats.get(i, {}))
        extra.setdefault("hand", list(DEFAULT_HAND))
        for key in ("hand", "deck", "discard"):
            if key in extra:
                extra[key] = [c if ":" in c else f"{factions[i]}:{c}" for c in extra[key]]
        if "map" in extra:
            m = extra.pop("map")
            sd["supporters"] = {"board": 5 - sum(m), "map": list(m), "counted": [0, 0, 0], "lost": 0}
        sd.update(extra)
        out_seats.append(sd)
    d = {
        "game": "okc",
        "players": players,
        "rounds": 6,
        "round": rnd,
        "order": list(order if order is not None else range(players)),
        "favour": favour or {"holder": None, "uses": 3},
        "road": road or ["trade-02", "trade-04", "intrigue-02", "martial-02"],
        "kingdom_deck": ["trade-06", "trade-07", "trade-10", "trade-11", "trade-12", "intrigue-03"],
        "kingdom_discard": [],
        "lost": [],
        "councils": councils or {"relics": [], "secrets": [], "oaths": []},
        "regions": regions or {},
        "clash_order": list(clash_order or []),
        "seats": out_seats,
        "rng": 7,
    }
    d.update(top)
    if pending is not None:
        d["pending"] = pending
    return d


def fd(region_cards: dict) -> dict:
    """{"highlands": ["nobility:ruse", ...]} -> a regions object of face-down cards."""
    return {r: {"facedown": list(c), "active": []} for r, c in region_cards.items()}


def summer(clash_order=("highlands", "plateau", "lowlands"), **kw):
    """A state whose next step is the summer clashes (face-down cards in `regions`)."""
    return load(doc(clash_order=list(clash_order), pending={"kind": None, "seats": [], "todo": SUMMER}, **kw))


def apply(state_doc: dict, moves: list[str]) -> dict:
    return run_apply({"state": state_doc, "moves": moves})


def active(*cards, gained=None, **kw) -> list:
    return [{"card": c, "gained_commands": list((gained or {}).get(c, [])), **kw} for c in cards]


def in_clash(region: str, clash_order, parts, regions, **kw):
    """A state in the middle of summer: the clash in `region` has just revealed
    its cards (given as `regions[...]["active"]`) and its day step begins."""
    from meeple.games.okc.data import REGIONS

    r = REGIONS.index(region)
    i = list(clash_order).index(region)
    parts = list(parts)
    todo = [
        ["winter"],
        ["autumn", 0],
        ["clashes", i + 1],
        ["clash", r, parts, 0, 0],
        ["tally", r, parts],
        ["night", r, parts],
        ["day", r, parts, 0],
    ]
    return load(
        doc(clash_order=list(clash_order), regions=regions, pending={"kind": None, "seats": [], "todo": todo}, **kw)
    )
