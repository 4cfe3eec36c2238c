"""Write the Anunnaki conformance scenarios (SPEC.md shape) from the rulebook examples.

Positions are built with the test helpers, dumped as STATE (without `pending`:
the current seat's turn starts); moves and expectations are written by hand
from the rulebook's examples. Run from the repository root:
    .venv/bin/python tools/anunnaki_scenarios.py
    python3 ../shared/conformance/check.py tests/games/anunnaki/scenarios/*.json
"""

import json
import os
import sys

sys.path.insert(0, os.getcwd())
from tests.games.anunnaki.helpers import arrange, game, pawn_on, put, res  # noqa: E402

OUT = os.path.join("tests", "games", "anunnaki", "scenarios")


def doc(s):
    d = s.to_json()
    d.pop("pending", None)
    return d


def spot(s, hexes):
    return [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == set(hexes)][0]


def hand(s, seat, *ws):
    for w in ws:
        s.seats[seat]["pile"].remove(w)
        s.seats[seat]["hand"].append(w)


scen = []

s = game(2)
arrange(s, 7, 10)
pawn_on(s, 0, 7)
scen.append(
    (
        "cube_mana",
        "Main action: a pawn move to an adjacent tile places a cube and takes the space's mana (Selena)",
        doc(s),
        ["tile 10"],
        {"seats.0.cubes": [0], "seats.0.mana": 3, "decision.kind": "market"},
    )
)

s = game(2)
put(s, 0, "ph1", 2)
pawn_on(s, 0, 2)
i = spot(s, ["g5", "g1", "g2"])
s.cul[i] = ["k3", False]
scen.append(
    (
        "portal_flip",
        "Portal: a follower to Gaia; the culture token next to it turns face up (Simone)",
        doc(s),
        ["tile 1", "from ph1", "to g2"],
        {"board.followers.g2.0": 1, "board.followers.ph1.0": 1, f"board.culture.{i}.up": True},
    )
)

s = game(2)
put(s, 0, "ph3", 1)
s.exh["ph3"] = ["wood", "wood"]
put(s, 0, "ph6", 2)
put(s, 0, "g2", 1, gods=("anubis",))
pawn_on(s, 0, 2)
scen.append(
    (
        "harvest",
        "Red harvest: min(strength, icons left); one exhaust token per region (Simone)",
        doc(s),
        ["tile 6", "harvest ph6", "harvest g2"],
        {"seats.0.res": [3, 1, 4, 1], "board.exhausted.ph6": ["food"], "board.exhausted.g2": ["metal"]},
    )
)

s = game(2)
res(s, 0, metal=1)
pawn_on(s, 0, 2)
scen.append(
    (
        "market",
        "Market: 1 metal for 1 gold and 1 wood (Simone)",
        doc(s),
        ["tile 10", "trade metal for gold wood"],
        {"seats.0.res": [0, 1, 0, 1]},
    )
)

s = game(2)
s.objectives["dom"] = "units"
put(s, 0, "ph2", 5, gods=("anubis",))
s.seats[0]["dom"] = -5
pawn_on(s, 0, 2)
scen.append(
    (
        "domination",
        "Domination: 6 units on the '3 units' objective: 2 spaces, passing a 2 VP token (Selena)",
        doc(s),
        ["tile 9"],
        {"seats.0.dom": -3, "seats.0.vp": 2, "dom_tokens": [0, 4, 8]},
    )
)

s = game(2)
put(s, 0, "ph4", 1, gods=("anubis",))
put(s, 0, "ph5", 1)
s.anc["ph7"] = ["a1", False, False]
i = spot(s, ["ph4", "ph5", "ph7"])
s.cul[i] = ["k2", False]
hand(s, 0, "short_bow", "dagger")
res(s, 0, metal=1)
pawn_on(s, 0, 3)
scen.append(
    (
        "ancient_battle",
        "Ancient battle: god 2 + Short Bow 3 = 5 against 5, the attacker wins ties; then the culture token (Isobel)",
        doc(s),
        ["tile 2", "from ph4", "god anubis", "to ph7", "pass", "pass", "weapon short_bow"],
        {
            "seats.0.tracks": [1, 0, 0],
            "seats.0.vp": 3,
            "seats.0.res": [1, 0, 2, 0],
            "seats.0.mana": 3,
            "seats.0.defeated": ["a1"],
            f"board.culture.{i}": None,
        },
    )
)

s = game(2)
put(s, 0, "g1", 2)
put(s, 1, "g2", 1)
hand(s, 0, "dagger")
res(s, 0, gold=1, wood=1)
res(s, 1, food=2)
pawn_on(s, 0, 3)
scen.append(
    (
        "player_battle",
        "Battle between players: secret weapons; Dagger wins; the Slingshot steals a resource (Danilo, Selena)",
        doc(s),
        [
            "tile 2",
            "from g1",
            "to g2",
            "from g1",
            "to g2",
            "pass",
            "@0 weapon dagger",
            "@1 weapon slingshot",
            "steal gold",
        ],
        {
            "board.followers.g2": [2, 0],
            "board.followers.no1": [0, 1],
            "seats.0.vp": 1,
            "seats.0.tracks": [1, 0, 0],
            "seats.1.res": [2, 0, 0, 1],
            "seats.0.res": [0, 1, 0, 0],
        },
    )
)

s = game(4)
put(s, 0, "g6", 1, gods=("horus", "bastet"))
s.anc["gaa"] = ["a2", False, True]
s.conquests = 1
s.art_deck = ["mirror", "destiny"]
hand(s, 0, "double_axe", "dagger")
res(s, 0, metal=1)
pawn_on(s, 0, 2)
scen.append(
    (
        "atlantis",
        "Atlantis: 5 + Double Axe 3 = 8 against 3 + 3; the second conquest takes 1 of 2 artifacts (Simone)",
        doc(s),
        [
            "tile 3",
            "from g6",
            "follower",
            "to gaa",
            "from g6",
            "god horus",
            "to gaa",
            "from g6",
            "to gaa",
            "pass",
            "weapon double_axe",
            "option 2",
            "artifact mirror",
        ],
        {
            "seats.0.tracks": [2, 0, 0],
            "seats.0.vp": 3,
            "seats.0.res": [0, 1, 0, 0],
            "seats.0.artifacts": ["mirror"],
            "removed": ["a2", "destiny"],
            "artifacts.deck": [],
        },
    )
)

s = game(2)
i = spot(s, ["g5", "g1", "g2"])
s.cul[i] = ["k1", True]
put(s, 0, "g2", 1)
put(s, 0, "g4", 1)
put(s, 1, "g1", 1)
res(s, 0)
res(s, 1)
pawn_on(s, 0, 3)
scen.append(
    (
        "culture",
        "Culture token: everyone controlling a region around it gains its benefit (Danilo, Selena)",
        doc(s),
        ["tile 2", "from g4", "to g5", "pass", "pass"],
        {"seats.0.res": [0, 0, 0, 2], "seats.1.res": [0, 0, 0, 2], f"board.culture.{i}": None},
    )
)

s = game(2)
pawn_on(s, 0, 2)
scen.append(
    (
        "illegal",
        "An illegal move stops the run; nothing of it is applied",
        doc(s),
        ["tile 4", "tile 5"],
        {"error": "any", "decision.kind": "contract", "seats.0.pawn": 1},
    )
)

for name, rule, state, moves, expect in scen:
    with open(os.path.join(OUT, f"{name}.json"), "w") as f:
        json.dump({"name": name, "rule": rule, "state": state, "moves": moves, "expect": expect}, f, indent=1)
        f.write("\n")
print(len(scen), "scenarios")
