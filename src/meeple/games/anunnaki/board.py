"""The hex layout of one game: the home planets of the houses in play and Gaia.

Built from `data.boards.json` (never from code numbers) and shared by every
state of the same houses and player count.
"""

from __future__ import annotations

from meeple.games.anunnaki.actions import HEX
from meeple.games.anunnaki.data import DATA

UNDERWORLD = "uw"


class Layout:
    __slots__ = (
        "houses",
        "players",
        "hexes",
        "index",
        "info",
        "nb",
        "dotted",
        "spots",
        "capital",
        "board_of",
        "atlantis",
        "ancient_sites",
        "start_hex",
        "gaia_side",
        "reach",
        "spot_bits",
        "action",
        "icons",
        "portal",
    )

    def __init__(self, houses: tuple, players: int) -> None:
        self.houses = houses
        self.players = players
        self.hexes: list[str] = []
        self.info: dict[str, dict] = {}
        self.nb: dict[str, tuple] = {}
        self.board_of: dict[str, str] = {}
        self.capital: list[str] = []
        self.start_hex: list[str] = []
        self.spots: list[tuple] = []  # (hexes, board)
        self.atlantis: list[str] = []
        self.ancient_sites: list[str] = []
        for seat, house in enumerate(houses):
            p, seen, nb = DATA.planets[house]
            for hid, h in seen.items():
                self._add(hid, h, nb[hid], house, seat if h.get("capital") else None)
                if h.get("capital"):
                    self.capital.append(hid)
                if h.get("start_follower"):
                    self.start_hex.append(hid)
            for tri in p["culture"]:
                self.spots.append((tuple(tri), house))
        g, seen, nb = DATA.gaia[players]
        self.gaia_side = g["side"]
        for hid, h in seen.items():
            self._add(hid, h, nb[hid], "gaia", None)
        for tri in g["culture"]:
            self.spots.append((tuple(tri), "gaia"))
        self.dotted = frozenset(frozenset(e) for e in g["dotted"])
        uw = DATA.underworld
        # the Underworld: the last region
        self._add(UNDERWORLD, {"res": [], "icons": uw["icons"], "shrines": uw["shrines"]}, (), "underworld", None)
        self.index = {h: i for i, h in enumerate(self.hexes)}
        self.action = {h: HEX + i for i, h in enumerate(self.hexes)}  # the action naming each region
        self.icons = {h: uncovered(self.info[h], h, ()) for h in self.hexes}  # each region's icons, none exhausted
        # per region: a bit for each culture spot it is part of (bit i: spot i)
        self.spot_bits = dict.fromkeys(self.hexes, 0)
        for i, (tri, _board) in enumerate(self.spots):
            for h in tri:
                self.spot_bits[h] |= 1 << i
        # per seat, per region: the neighbours a unit of that seat may move
        # into (across an edge it may cross, no other seat's capital: each
        # seat's is its own, `capital`)
        across = {h: tuple([x for x in self.nb[h] if self.edge_ok(h, x)]) for h in self.hexes}
        capitals = set(self.capital)
        barred = [capitals - {own} for own in self.capital]  # per seat, the capitals of the others
        self.reach = [
            {h: xs if no.isdisjoint(xs) else tuple([x for x in xs if x not in no]) for h, xs in across.items()}
            for no in barred
        ]
        # per seat: the regions a portal may send its units to, in layout
        # order (no Atlantis, no other seat's capital), the Underworld aside:
        # it is the last region, open only to the holder of its map
        landing = [x for x in self.hexes[:-1] if not self.info[x]["atlantis"]]
        self.portal = [[x for x in landing if x not in no] for no in barred]

    def _add(self, hid, h, nb, board, cap) -> None:
        self.hexes.append(hid)
        info = {
            "res": tuple(h["res"]),
            "icons": h["icons"],
            "shrines": h["shrines"],
            "capital": cap,
            "atlantis": bool(h.get("atlantis")),
            "board": board,
        }
        self.info[hid] = info
        self.nb[hid] = tuple(nb)
        self.board_of[hid] = board
        if info["atlantis"]:
            self.atlantis.append(hid)
        if h.get("ancient"):
            self.ancient_sites.append(hid)

    def edge_ok(self, a: str, b: str) -> bool:
        """Moving from a into b: Atlantis is entered only across a dotted edge;
        the rulebook forbids no line for leaving it."""
        if self.info[b]["atlantis"]:
            return frozenset((a, b)) in self.dotted
        return True


def uncovered(info: dict, h: str, exhausted) -> tuple[str, ...]:
    """The resources of the icons of region `h` (`info`: its layout info)
    left after those `exhausted` (a capital's never are)."""
    if h == UNDERWORLD:
        return ("any",) * max(0, info["icons"] - len(exhausted))
    if info["capital"] is not None:
        return info["res"] * info["icons"]
    if len(info["res"]) > 1:
        ex = list(exhausted)
        return tuple(r for r in info["res"] if not _take(ex, r))
    return (info["res"][0],) * max(0, info["icons"] - len(exhausted)) if info["res"] else ()


def _take(items: list, x) -> bool:
    """Whether `x` is in `items`, taking one out if so."""
    if x in items:
        items.remove(x)
        return True
    return False


_CACHE: dict = {}


def layout(houses, players: int) -> Layout:
    key = (tuple(houses), players)
    lay = _CACHE.get(key)
    if lay is None:
        lay = _CACHE[key] = Layout(tuple(houses), players)
    return lay
