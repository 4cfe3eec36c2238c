"""Regenerates the scenario JSON files here from the test helpers:
PYTHONPATH=. .venv/bin/python tests/games/okc/scenarios/make_scenarios.py"""

import json

from tests.games.okc.helpers import SUMMER, active, doc, fd


def summer_doc(clash_order=("highlands", "plateau", "lowlands"), **kw):
    return doc(clash_order=list(clash_order), pending={"kind": None, "seats": [], "todo": SUMMER}, **kw)


def clash_doc(region, clash_order, parts, regions, **kw):
    from meeple.games.okc.data import REGIONS

    r = REGIONS.index(region)
    i = list(clash_order).index(region)
    todo = [
        ["winter"],
        ["autumn", 0],
        ["clashes", i + 1],
        ["clash", r, list(parts), 0, 0],
        ["tally", r, list(parts)],
        ["night", r, list(parts)],
        ["day", r, list(parts), 0],
    ]
    return doc(clash_order=list(clash_order), regions=regions, pending={"kind": None, "seats": [], "todo": todo}, **kw)


S = []
S.append(
    (
        "01-bidding-example",
        "Spring: bids resolve in strength order",
        doc(
            2,
            factions=["clans", "gathering"],
            order=[0, 1],
            seats={0: {"hand": ["follower-4", "heir"]}, 1: {"hand": ["captain-6", "heir"]}},
        ),
        ["0: bid follower-4", "1: bid captain-6", "herald castle", "take trade-02", "space 0"],
        {
            "error": None,
            "decision.kind": "herald",
            "decision.seat": 0,
            "seats.1.board.0.kingdom": "trade-02",
            "seats.1.board.0.occupier": "gathering:captain-6",
        },
    )
)
S.append(
    (
        "02-bid-twice-refused",
        "Simultaneous bids: a seat bids once; nothing is revealed",
        doc(2, seats={0: {"hand": ["follower-4", "heir"]}, 1: {"hand": ["captain-6", "heir"]}}),
        ["0: bid follower-4", "0: bid heir"],
        {"error": "any", "error.move": 1, "decision.kind": "bid", "seats.0.bid": "nobility:follower-4"},
    )
)
S.append(
    (
        "03-stealing-example",
        "Spring: stealing needs a higher bid than the occupier",
        doc(
            2,
            factions=["nobility", "uprising"],
            order=[0, 1],
            seats={
                0: {"hand": ["follower-1"], "board": [{"kingdom": "trade-03", "occupier": "nobility:agent"}, None]},
                1: {"hand": ["captain-8"]},
            },
        ),
        ["0: bid follower-1", "1: bid captain-8", "herald wilderness", "steal trade-03", "space 1"],
        {"error": None, "seats.1.board.1.kingdom": "trade-03", "seats.0.board.0": None},
    )
)
S.append(
    (
        "04-day-step-example",
        "Summer: Ambush, Retreat, Flank, then Deadly",
        clash_doc(
            "plateau",
            ["plateau", "highlands", "lowlands"],
            [3, 0, 2, 1],
            {
                "plateau": {
                    "active": active(
                        "gathering:heir",
                        "nobility:ruse",
                        "uprising:heir",
                        "clans:captain-6",
                        gained={"uprising:heir": ["retreat"], "clans:captain-6": ["flank"]},
                    )
                }
            },
            players=4,
            order=[3, 0, 2, 1],
            seats={0: {"hand": ["agent", "captain-9"]}},
        ),
        ["ambush ruse", "hide agent", "retreat heir", "return heir", "flank captain-6", "to highlands"],
        {
            "error": None,
            "decision.kind": "location",
            "decision.seat": 0,
            "regions.highlands.active.0.card": "clans:captain-6",
        },
    )
)
S.append(
    (
        "05-deadly-invulnerable",
        "Night: Deadly spares Invulnerable cards",
        summer_doc(
            players=3,
            factions=["clans", "uprising", "gathering"],
            regions=fd({"highlands": ["gathering:captain-7", "uprising:agent", "clans:war-machine"]}),
        ),
        [],
        {"error": None, "lost": ["gathering:captain-7"], "decision.kind": "tie"},
    )
)
S.append(
    (
        "06-deadly-resilient",
        "Night: mutual elimination; Resilient goes to the discard",
        summer_doc(
            players=3,
            factions=["nobility", "uprising", "gathering"],
            regions=fd({"highlands": ["nobility:heir", "uprising:agent", "gathering:agent"]}),
        ),
        [],
        {"error": None, "len:regions.highlands.active": 0, "seats.0.discard": ["nobility:heir"]},
    )
)
S.append(
    (
        "07-tied-clash",
        "Summer: tied clashes are replayed between the tied players",
        summer_doc(
            factions=["nobility", "gathering"],
            order=[0, 1],
            regions=fd({"highlands": ["nobility:war-machine", "gathering:captain-6"]}),
            seats={0: {"map": [1, 0, 0], "hand": ["follower-2"]}, 1: {"hand": ["follower-1"]}},
        ),
        ["hide follower-2", "hide follower-1"],
        {"error": None, "decision.kind": "location", "decision.seat": 0},
    )
)
S.append(
    (
        "08-pathfinder",
        "Autumn: a Pathfinder card journeys to the discard",
        doc(
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
            seats={0: {"hand": ["captain-7", "follower-2"]}},
        ),
        ["journey captain-7"],
        {"error": None, "seats.0.discard": ["nobility:captain-7"], "seats.0.lore": 1},
    )
)
hand = ["captain-6", "captain-7", "captain-8", "captain-9", "heir", "agent"]
S.append(
    (
        "09-order-track-tie",
        "Start of year: ties reverse the previous order",
        doc(
            4,
            order=[0, 1, 3, 2],
            rnd=3,
            seats={
                0: {"influence": 5, "hand": hand},
                1: {"influence": 4, "hand": hand},
                2: {"influence": 4, "hand": hand},
                3: {"influence": 5, "hand": hand},
            },
        ),
        [],
        {"error": None, "order": [3, 0, 2, 1], "decision.kind": "bid"},
    )
)
S.append(
    (
        "10-claim-rewards",
        "Rewards: herald reward, steal, location reward, the Favour",
        summer_doc(
            factions=["nobility", "gathering"],
            clash_order=["plateau", "highlands", "lowlands"],
            regions=fd({"plateau": ["nobility:follower-1", "gathering:captain-6"]}),
            seats={0: {"herald": "harvest-field", "influence": 2, "hand": ["heir"]}, 1: {"herald": "harvest-field"}},
        ),
        ["claim harvest-field"],
        {"error": None, "seats.0.influence": 1, "seats.1.influence": 3, "favour.holder": 1},
    )
)
S.append(
    (
        "11-ambush-example",
        "Ambush adds a face-down card revealed after the day step",
        summer_doc(
            factions=["nobility", "uprising"],
            regions=fd({"highlands": ["nobility:captain-6", "uprising:ruse"]}),
            seats={1: {"hand": ["captain-8", "follower-1"]}},
        ),
        ["ambush ruse", "hide captain-8"],
        {"error": None, "decision.kind": "location", "decision.seat": 1},
    )
)
S.append(
    (
        "12-blank-resilient",
        "Blank means ignored: an eliminated card whose Resilient is blank is lost",
        summer_doc(
            regions=fd({"highlands": ["nobility:heir", "clans:agent"]}),
            kingdom_map={"regions": {"highlands": [{"seat": 1, "kingdom": "martial-15"}]}},
        ),
        [],
        {"error": None, "lost": ["nobility:heir"], "seats.0.discard": []},
    )
)
S.append(
    (
        "13-short-hands-declare",
        "Spring 3: short hands declare their empty regions in turn order, then all place",
        doc(
            3,
            order=[2, 0, 1],
            seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir", "agent", "ruse"]}, 2: {"hand": ["heir", "ruse"]}},
            pending={
                "kind": None,
                "seats": [],
                "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0], ["facedown"]],
            },
        ),
        [
            "empty lowlands",
            "empty plateau",
            "empty highlands",
            "2: facedown heir ruse -",
            "0: facedown - - heir",
            "1: facedown heir agent ruse",
        ],
        {"error": None, "regions.lowlands.facedown": ["nobility:heir", "clans:ruse"]},
    )
)
S.append(
    (
        "14-secrets-order",
        "Council of Secrets: two locations at 5 resolve in the owner's order",
        doc(
            councils={"relics": [], "secrets": ["nobility:agent"], "oaths": []},
            seats={0: {"tokens": {"castle": 4, "shrine": 4}}},
            pending={"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]},
        ),
        ["secrets", "token castle", "token shrine", "resolve shrine"],
        {"error": None, "decision.kind": "shrine", "seats.0.tokens.castle": 5},
    )
)
for name, rule, state, moves, expect in S:
    with open(f"tests/games/okc/scenarios/{name}.json", "w") as f:
        json.dump({"name": name, "rule": rule, "state": state, "moves": moves, "expect": expect}, f, indent=1)
print(len(S))
