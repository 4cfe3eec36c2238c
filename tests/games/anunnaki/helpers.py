"""Build Anunnaki positions for rule tests in a few words.

Hex ids are those of data/boards.json (placeholder maps): a home planet is
<code>1..7 (1 the capital at the bottom, 2 the shrine region next to it, 7 the
ancient site at the top), Gaia g1.. with Atlantis gaa (and gab with 3-4 players).
"""

from __future__ import annotations

from meeple.games.anunnaki import new_game
from meeple.games.anunnaki.data import RESOURCES

HOUSES = ["pharaos", "norrenis", "babylon", "ellenys"]


def game(players: int = 2, houses=None, seed: int = 0, clear: bool = True, first_game: bool = True):
    """A fresh game at seat 0's first decision; `clear` empties the board but the capitals."""
    s = new_game(players, seed=seed, houses=list(houses or HOUSES[:players]), first_game=first_game)
    if clear:
        for h in s.fol:
            s.fol[h] = [0] * players
        for i in range(len(s.cul)):
            s.cul[i] = None
        s.anc = {}
        by_hand(s)
    return s


def res(s, seat, **kw):
    """Set resources, e.g. res(s, 0, food=2, metal=1) (others 0)."""
    s.seats[seat]["res"] = [kw.get(r, 0) for r in RESOURCES]


def get(s, seat, r):
    return s.seats[seat]["res"][RESOURCES.index(r)]


def put(s, seat, h, followers=0, gods=()):
    s.fol[h][seat] += followers
    for g in gods:
        if g != "major" and g not in s.seats[seat]["summoned"]:
            s.seats[seat]["summoned"].append(g)
            if g not in s.seats[seat]["gods_offer"]:
                s.seats[seat]["gods_offer"].append(g)
        if g == "major":
            s.seats[seat]["major"] = True
        s.gods[seat][g] = h
    by_hand(s)


def pawn_on(s, seat, tile):
    s.seats[seat]["pawn"] = s.arrangement.index(tile)


def arrange(s, first, second):
    """Put tile `first` on point o0 and `second` on inner corner i0 (joined by space 0, 1 mana)."""
    rest = [t for t in range(1, 11) if t not in (first, second)]
    s.arrangement = [first] + rest[:4] + [second] + rest[4:]


def by_hand(s):
    """The position's board was set here by hand (not moved by the rules, which
    keep who holds each region up to date as they go, `AnunnakiState._changed`):
    those facts counted afresh, every culture spot looked at again."""
    s._recount()
    s.cul_check = -1
    return s


def play(s, *moves):
    by_hand(s)
    for m in moves:
        s.apply_move(m)
    return s


def legal(s, seat=None):
    by_hand(s)
    seat = s.dseats[0] if seat is None else seat
    return sorted(s.action_to_str_for(a, seat) for a in s.legal_actions(seat))


def to_battles(s):
    """Pass the mana and additional-action phases."""
    by_hand(s)
    while s.kind in ("mana", "extra"):
        s.apply_move("pass")
    return s


def take_culture(s):
    """Take every culture benefit offered ("take it now or forfeit it": each may decline)."""
    by_hand(s)
    while s.kind == "culture_benefit":
        s.apply_move("yes")
    return s


def isis_settlement_battle():
    """Seat 1 (Pharaos, Isis summoned) defends g2 with a follower and its settlement against seat 0's follower."""
    s = game(2, houses=["norrenis", "pharaos"])
    s.stl["g2"] = 1
    put(s, 1, "g2", 1)
    put(s, 0, "g2", 1)
    s.seats[1]["summoned"] = ["isis"]
    return s
