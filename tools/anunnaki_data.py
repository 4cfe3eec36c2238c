"""One-off generator of the Anunnaki placeholder data files (kept for the record).

The JSON files under src/meeple/games/anunnaki/data/ are the source of truth:
edit them directly when real component data is typed in. Running this again
overwrites them.
"""

import json
import os

OUT = os.path.join(os.path.dirname(__file__), "..", "src", "meeple", "games", "anunnaki", "data")
R, D, P = "rulebook", "data sheet", "placeholder"


def w(name, doc):
    with open(os.path.join(OUT, name), "w") as f:
        json.dump(doc, f, indent=1, ensure_ascii=False)
        f.write("\n")


HOUSES = {
    "pharaos": ("ph", "ra", "food", ["anubis", "bastet", "horus", "isis", "osiris", "sekhmet", "set"], "viking_helmet"),
    "norrenis": ("no", "odin", "metal", ["aegir", "freyja", "freyr", "frigg", "heimdall", "loki", "thor"], "chariot"),
    "babylon": (
        "ba",
        "ishtar",
        "gold",
        ["anu", "ashur", "enki", "enlil", "marduk", "ninhursag", "ninlil"],
        "long_spear",
    ),
    "ellenys": ("el", "zeus", "wood", ["ares", "athena", "demeter", "hades", "hera", "hermes", "poseidon"], "ballista"),
}
ADV = ["dagger", "short_bow", "double_axe", "viking_helmet", "composite_bow", "chariot", "long_spear", "ballista"]

houses = {"note": "The four houses (English names per data/anunnaki.md).", "houses": []}
for name, (code, major, res, minors, drop) in HOUSES.items():
    houses["houses"].append(
        {
            "id": name,
            "code": code,
            "major": major,
            "capital_resource": res,
            "minor_gods": minors,
            "basic_weapons": ["long_shield", "slingshot"],
            "advanced_weapons": [x for x in ADV if x != drop],
            "provenance": P,
            "note": "Names and minor gods from the rulebook; capital resource from the house stories "
            "(rulebook flavour); which 7 of the 8 advanced weapons the house holds is a placeholder "
            f"(leaves out {drop}).",
        }
    )
w("houses.json", houses)

TR = {"war": "war", "tech": "tech", "commerce": "commerce", "dom": "dom"}
GOD = {
    # id: (summon track, kind, effect, provenance, note)
    "anubis": (
        "war",
        "ongoing",
        "god_battle_follower",
        R,
        "Asbis/Anubis: a god's move causing a battle adds 1 follower there (once per turn).",
    ),
    "bastet": (
        "commerce",
        "immediate",
        "free_contract",
        R,
        "Pay 1 mana: fulfil a contract without its cost, ignoring the house condition.",
    ),
    "horus": ("tech", "end", "vp_wood", R, "2 VP per controlled wood region."),
    "isis": (
        "dom",
        "ongoing",
        "settlement_strength_1",
        R,
        "Settlements +1 strength in battle and harvest (only with units).",
    ),
    "osiris": ("tech", "ongoing", "harvest_plus_1", R, "+1 strength when harvesting each region."),
    "sekhmet": (
        "war",
        "ongoing",
        "weapon_discount",
        P,
        "Icon-only in the rulebook (only 'costs never below 0'): weapon costs -1 metal/resource.",
    ),
    "set": ("commerce", "end", "vp_exhausted", R, "3 VP per 2 controlled fully exhausted regions (not Atlantis)."),
    "aegir": ("commerce", "end", "vp_gold", R, "2 VP per controlled gold region."),
    "freyja": ("dom", "immediate", "sacrifice_follower", R, "May remove a follower to gain 4 resources of any kinds."),
    "freyr": (
        "tech",
        "immediate",
        "away_regions",
        R,
        "Per 2 regions controlled away from the home planet: 1 VP and 1 mana.",
    ),
    "frigg": (
        "commerce",
        "immediate",
        "frigg_followers",
        R,
        "1 follower in each region holding 3+ of your followers and settlements.",
    ),
    "heimdall": (
        "war",
        "ongoing",
        "defend_settlement_3",
        P,
        "Icon-only; from the Odin note: defending, each settlement in the battle +3 strength.",
    ),
    "loki": ("tech", "ongoing", "two_weapons", R, "Play 2 weapons, keep one after the reveal."),
    "thor": ("war", "ongoing", "battle_win_vp2", P, "Icon-only in the rulebook: +2 VP for each battle you win."),
    "anu": ("tech", "immediate", "portal_3", R, "Teleport up to 3 units from one region (not into Atlantis)."),
    "ashur": ("war", "ongoing", "strength_plus_1", R, "+1 strength in battles and harvests."),
    "enki": ("dom", "end", "vp_atlantis", R, "4 VP per controlled Atlantis region."),
    "enlil": ("commerce", "ongoing", "portal_plus_1", R, "Portal actions teleport 1 more unit."),
    "marduk": ("dom", "immediate", "gain_followers_2", P, "Icon-only in the rulebook: gain 2 followers."),
    "ninhursag": ("commerce", "end", "vp_metal", R, "2 VP per controlled metal region."),
    "ninlil": (
        "war",
        "immediate",
        "away_shrines",
        R,
        "Per shrine controlled away from the home planet: 1 VP and 1 metal.",
    ),
    "ares": ("war", "end", "vp_ancient", R, "2 VP per ancient civilisation tile defeated."),
    "athena": (
        "commerce",
        "immediate",
        "settlement_resources",
        R,
        "1 resource of each region holding your settlement.",
    ),
    "demeter": ("tech", "end", "vp_food", R, "2 VP per controlled food region."),
    "hades": ("dom", "end", "vp_supply", R, "2 VP per 3 followers in your supply."),
    "hera": ("dom", "ongoing", "extra_follower", R, "Whenever you gain followers, gain 1 more."),
    "hermes": (
        "tech",
        "ongoing",
        "move_plus_1",
        P,
        "Icon-only in the rulebook (applies to move actions only): +1 movement.",
    ),
    "poseidon": ("commerce", "ongoing", "extra_shrine", R, "Counts as 1 more shrine for every effect."),
}
gods = {
    "note": "Minor gods. Effects from the rulebook's god pages; the summon track icon on each card is not printed: placeholder.",
    "minor": [],
    "major": [],
}
for name, (_code, _major, _res, minors, _drop) in HOUSES.items():
    for g in minors:
        t, kind, eff, prov, note = GOD[g]
        gods["minor"].append(
            {
                "id": g,
                "house": name,
                "kind": kind,
                "effect": eff,
                "summon": {
                    "track": t,
                    "steps": 2 if t == "dom" else 1,
                    "provenance": P,
                    "note": "The card's summon track icon is not printed (steps: 1 on a development track, 2 on domination: rulebook).",
                },
                "provenance": prov,
                "note": note,
            }
        )
MAJ = {
    "ra": ("ra_move_cube", "ra_mana_resource"),
    "odin": ("odin_settlement_units", "odin_settlement_strength_2"),
    "ishtar": ("ishtar_settlement_harvest", "ishtar_no_cap"),
    "zeus": ("zeus_planet_culture", "zeus_double_culture"),
}
for name, (_code, major, _res, _minors, _drop) in HOUSES.items():
    b, u = MAJ[major]
    gods["major"].append(
        {
            "id": major,
            "house": name,
            "basic": b,
            "upgraded": u,
            "provenance": R,
            "note": "Basic and upgraded powers as printed on the god pages.",
        }
    )
w("gods.json", gods)

weapons = {
    "note": "Weapon cards. Strength/cost/rewards not printed are placeholders.",
    "weapons": [
        {
            "id": "long_shield",
            "kind": "basic",
            "strength": 2,
            "cost": {"any": 2},
            "effect": "nullify",
            "win": [],
            "lose": [],
            "provenance": P,
            "note": "Cost 2 any from the rulebook example; strength 2 and the 'ignore opponent effects' icon are placeholders.",
        },
        {
            "id": "slingshot",
            "kind": "basic",
            "strength": 0,
            "cost": {},
            "effect": "slingshot",
            "win": [],
            "lose": [],
            "provenance": R,
            "note": "Free; on a loss steal 1 resource of your choice (rulebook). Strength 0: placeholder.",
        },
        {
            "id": "dagger",
            "kind": "advanced",
            "strength": 1,
            "cost": {},
            "effect": None,
            "win": [["track", "war", 1], ["vp", 1]],
            "provenance": P,
            "note": "Strength 1 from the example; free and its rewards are placeholders.",
        },
        {
            "id": "short_bow",
            "kind": "advanced",
            "strength": 3,
            "cost": {"metal": 1},
            "effect": None,
            "win": [["track", "war", 1], ["vp", 3]],
            "provenance": P,
            "note": "Strength 3, win war +1 and 3 VP from the example; cost 1 metal placeholder.",
        },
        {
            "id": "double_axe",
            "kind": "advanced",
            "strength": 3,
            "cost": {"metal": 1},
            "effect": None,
            "win": [["track", "war", 2], ["vp", 3]],
            "provenance": R,
            "note": "Cost 1 metal, war +2 and 3 VP from the example; strength 3 from its sum (5 + axe = 8).",
        },
        {
            "id": "viking_helmet",
            "kind": "advanced",
            "strength": 1,
            "cost": {"metal": 1},
            "effect": "helmet",
            "win": [["track", "war", 1], ["vp", 2]],
            "provenance": P,
            "note": "Effect from the rulebook; strength, cost and rewards placeholders.",
        },
        {
            "id": "composite_bow",
            "kind": "advanced",
            "strength": 1,
            "cost": {"metal": 1},
            "effect": "composite",
            "win": [["track", "war", 1], ["vp", 1]],
            "provenance": P,
            "note": "Effect from the rulebook; strength, cost and rewards placeholders.",
        },
        {
            "id": "chariot",
            "kind": "advanced",
            "strength": 1,
            "cost": {},
            "effect": "chariot",
            "win": [["track", "war", 1], ["vp", 2]],
            "provenance": P,
            "note": "Effect from the rulebook; strength, cost and rewards placeholders.",
        },
        {
            "id": "long_spear",
            "kind": "advanced",
            "strength": 2,
            "cost": {"metal": 1},
            "effect": "spear",
            "win": [["track", "war", 1], ["vp", 2]],
            "provenance": P,
            "note": "Effect from the rulebook; strength, cost and rewards placeholders.",
        },
        {
            "id": "ballista",
            "kind": "advanced",
            "strength": 2,
            "cost": {"metal": 2},
            "effect": "ballista",
            "win": [["track", "war", 2], ["vp", 3]],
            "provenance": P,
            "note": "Effect from the rulebook; strength, cost and rewards placeholders.",
        },
    ],
}
w("weapons.json", weapons)

# ---- action star and tiles
spaces = []
mana_inner = [1, 2, 1, 2, 1]
for k in range(5):
    spaces.append({"id": f"s{3 * k}", "ends": [f"o{k}", f"i{k}"], "mana": 1, "provenance": P, "note": "outer segment"})
    spaces.append(
        {
            "id": f"s{3 * k + 1}",
            "ends": [f"o{k}", f"i{(k + 1) % 5}"],
            "mana": k % 2,
            "provenance": P,
            "note": "outer segment",
        }
    )
    spaces.append(
        {
            "id": f"s{3 * k + 2}",
            "ends": [f"i{k}", f"i{(k + 1) % 5}"],
            "mana": mana_inner[k],
            "provenance": P,
            "note": "inner pentagon edge",
        }
    )
star = {
    "note": "The action star: 10 tile positions (5 points o0-o4, 5 inner corners i0-i4), 15 line spaces, "
    "5 minor-god triangles and the central pentagram. Geometry and mana are placeholders.",
    "positions": [f"o{k}" for k in range(5)] + [f"i{k}" for k in range(5)],
    "spaces": spaces,
    "minor_tokens": [
        {"id": f"t{k}", "spaces": [f"s{3 * k}", f"s{3 * k + 1}", f"s{3 * k + 2}"], "provenance": P, "note": "triangle"}
        for k in range(5)
    ],
    "major_token": {"spaces": [f"s{3 * k + 2}" for k in range(5)], "provenance": P, "note": "central pentagon"},
    "provenance": P,
}
w("star.json", star)

tiles = {
    "note": "The ten action tiles, basic (developed) values from the rulebook.",
    "tiles": [
        {
            "n": 1,
            "action": "portal",
            "color": "red",
            "basic": 1,
            "developed": 2,
            "provenance": P,
            "note": "Values: rulebook. Colour red: placeholder (the rulebook does not say which two of 1,4,7,8,9,10 are red).",
        },
        {
            "n": 2,
            "action": "move",
            "color": "blue",
            "basic": 2,
            "developed": 4,
            "provenance": R,
            "note": "Blue move 2 (4).",
        },
        {
            "n": 3,
            "action": "move",
            "color": "red",
            "basic": 3,
            "developed": 5,
            "provenance": R,
            "note": "Red move 3 (5).",
        },
        {
            "n": 4,
            "action": "commerce",
            "color": "blue",
            "basic": 1,
            "developed": 2,
            "provenance": P,
            "note": "Values: rulebook. Colour: placeholder.",
        },
        {
            "n": 5,
            "action": "harvest",
            "color": "blue",
            "basic": 1,
            "developed": 2,
            "provenance": R,
            "note": "Blue harvest 1 (2).",
        },
        {
            "n": 6,
            "action": "harvest",
            "color": "red",
            "basic": 2,
            "developed": 3,
            "provenance": R,
            "note": "Red harvest 2 (3).",
        },
        {
            "n": 7,
            "action": "creation",
            "color": "blue",
            "basic": 0,
            "developed": 0,
            "provenance": P,
            "note": "Capital's resource per shrine (developed: any one type). Colour: placeholder.",
        },
        {
            "n": 8,
            "action": "income",
            "color": "blue",
            "basic": 0,
            "developed": 1,
            "provenance": P,
            "note": "Settlement income (+1 follower developed). Colour: placeholder.",
        },
        {
            "n": 9,
            "action": "domination",
            "color": "red",
            "basic": 0,
            "developed": 1,
            "provenance": P,
            "note": "Objective advance (+1 developed). Colour red: placeholder.",
        },
        {
            "n": 10,
            "action": "market",
            "color": "blue",
            "basic": 0,
            "developed": 0,
            "provenance": P,
            "note": "Trade 1 for 2 different (developed: gain 2 different). Colour: placeholder.",
        },
    ],
}
w("tiles.json", tiles)

tracks = {
    "development": {
        "tracks": ["war", "tech", "commerce"],
        "multipliers": [0, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4, 5],
        "provenance": P,
        "note": "Length and multipliers not printed; the last space is x5 (rulebook).",
    },
    "domination": {
        "start": -8,
        "spaces": [
            {"pos": p, "vp": v}
            for p, v in zip(
                range(-8, 11), [-5, -4, -4, -3, -3, -2, -2, -1, 0, 0, 1, 1, 2, 3, 4, 5, 6, 7, 8], strict=True
            )
        ],
        "tokens": [-4, 0, 4, 8],
        "lightning": 0,
        "provenance": P,
        "note": "Start -8 and four 2 VP tokens from the rulebook; spaces, VP, token spaces and the lightning (reached at 0) placeholders.",
    },
    "income": {
        "levels": [
            {"followers": 1, "vp": 0},
            {"followers": 1, "vp": 1},
            {"followers": 2, "vp": 2},
            {"followers": 2, "vp": 4},
            {"followers": 3, "vp": 6},
        ],
        "provenance": P,
        "note": "Income by settlements built beyond the capital's; the rulebook example shows 2 followers and 2 VP after a build.",
    },
    "final": {
        "track_first": 4,
        "track_second": 2,
        "resources_per_vp": 5,
        "provenance": R,
        "note": "Final scoring numbers.",
    },
    "destiny": {
        "vp_by_multiplier": [0, 0, 1, 2, 4, 7],
        "provenance": R,
        "note": "Destiny stone 0/1/2/4/7 by multiplier level 1-5.",
    },
}
w("tracks.json", tracks)

setup = {
    "resources": {"food": 1, "wood": 1, "metal": 1, "gold": 1},
    "mana": 2,
    "followers": 12,
    "capital_followers": 2,
    "shrine_follower": 1,
    "settlements": 5,
    "cubes": 14,
    "minor_draw": 5,
    "minor_keep": 4,
    "display": 6,
    "contracts_neutral": 12,
    "contracts_per_house": 6,
    "artifacts_used": 3,
    "provenance": R,
    "note": "Setup counts from the rulebook setup section.",
}
w("setup.json", setup)

objectives = {
    "note": "The four objective tiles, maximum value 5.",
    "objectives": [
        {"id": "shrines", "divisor": 1, "max": 5, "provenance": R, "note": "Controlled shrines."},
        {"id": "settlements", "divisor": 1, "max": 5, "provenance": R, "note": "Settlements on planets."},
        {"id": "regions", "divisor": 2, "max": 5, "provenance": R, "note": "Controlled regions / 2."},
        {"id": "units", "divisor": 3, "max": 5, "provenance": R, "note": "Units on planets / 3."},
    ],
}
w("objectives.json", objectives)

# ---- boards
RES = ["food", "wood", "metal", "gold"]
planet_res = {
    "pharaos": ["food", "wood", "gold", "metal", "food", "gold"],
    "norrenis": ["metal", "gold", "wood", "food", "metal", "wood"],
    "babylon": ["gold", "food", "metal", "wood", "gold", "food"],
    "ellenys": ["wood", "metal", "food", "gold", "wood", "metal"],
}
boards = {
    "note": "Hex boards (axial q,r; flat-top: neighbours differ by (1,0),(1,-1),(0,-1),(-1,0),(-1,1),(0,1)). "
    "The real maps are not printed: every board here is a placeholder.",
    "planets": [],
    "gaia": [],
}
for name, (code, _major, res, _minors, _drop) in HOUSES.items():
    rs = planet_res[name]
    hexes = [
        {"id": f"{code}1", "q": 0, "r": 1, "res": [res], "icons": 2, "shrines": 1, "capital": True},
        {"id": f"{code}2", "q": 1, "r": 0, "res": [rs[0]], "icons": 1, "shrines": 1, "start_follower": True},
        {"id": f"{code}3", "q": -1, "r": 1, "res": [rs[1]], "icons": 2, "shrines": 0},
        {"id": f"{code}4", "q": 0, "r": 0, "res": [rs[2]], "icons": 2, "shrines": 0},
        {"id": f"{code}5", "q": -1, "r": 0, "res": [rs[3]], "icons": 3, "shrines": 0},
        {"id": f"{code}6", "q": 1, "r": -1, "res": [rs[4]], "icons": 2, "shrines": 1},
        {"id": f"{code}7", "q": 0, "r": -1, "res": [rs[5]], "icons": 3, "shrines": 1, "ancient": True},
    ]
    boards["planets"].append(
        {
            "house": name,
            "hexes": hexes,
            "culture": [[f"{code}1", f"{code}4", f"{code}2"], [f"{code}4", f"{code}5", f"{code}7"]],
            "provenance": P,
            "note": "Capital at the bottom, ancient site top middle, a shrine next to the capital (rulebook setup); the rest placeholder.",
        }
    )
ring = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2]


def gaia(side, atl, dotted, duals, culture, players):
    hexes, i = [], 0
    for q, r in ring:
        if (q, r) in atl:
            hexes.append(
                {
                    "id": f"ga{'ab'[atl.index((q, r))]}",
                    "q": q,
                    "r": r,
                    "res": [],
                    "icons": 0,
                    "shrines": 2,
                    "atlantis": True,
                    "ancient": True,
                }
            )
            continue
        i += 1
        hid = f"g{i}"
        h = {
            "id": hid,
            "q": q,
            "r": r,
            "res": [RES[i % 4]],
            "icons": 1 + (i * 7) % 3,
            "shrines": 1 if i % 5 == 0 else 0,
        }
        if hid in duals:
            h["res"] = [RES[i % 4], RES[(i + 1) % 4]]
            h["icons"] = 2
        hexes.append(h)
    return {
        "side": side,
        "players": players,
        "hexes": hexes,
        "dotted": dotted,
        "culture": culture,
        "provenance": P,
        "note": "Atlantis in the centre with 2 shrines, no resources, reached only across dotted edges (rulebook); the rest placeholder.",
    }


# side 1-2: Atlantis at (0,0)
def idmap(atl):
    m, i = {}, 0
    for q, r in ring:
        if (q, r) in atl:
            m[(q, r)] = f"ga{'ab'[atl.index((q, r))]}"
        else:
            i += 1
            m[(q, r)] = f"g{i}"
    return m


m12 = idmap([(0, 0)])
g12 = gaia(
    "1-2",
    [(0, 0)],
    [["gaa", m12[(1, 0)]], ["gaa", m12[(-1, 1)]], ["gaa", m12[(0, -1)]]],
    [m12[(1, -1)], m12[(-1, 0)], m12[(0, 1)], m12[(2, -2)]],
    [
        [m12[(1, -1)], m12[(2, -1)], m12[(2, -2)]],
        [m12[(-1, 0)], m12[(-2, 0)], m12[(-2, 1)]],
        [m12[(0, 1)], m12[(0, 2)], m12[(-1, 2)]],
        [m12[(1, 0)], m12[(2, 0)], m12[(1, 1)]],
        [m12[(0, -1)], m12[(0, -2)], m12[(1, -2)]],
        [m12[(-1, 1)], m12[(-2, 2)], m12[(-1, 2)]],
    ],
    [1, 2],
)
m34 = idmap([(0, 0), (1, -1)])
g34 = gaia(
    "3-4",
    [(0, 0), (1, -1)],
    [["gaa", m34[(-1, 1)]], ["gaa", m34[(0, 1)]], ["gab", m34[(1, -2)]], ["gab", m34[(2, -1)]]],
    [],
    [
        [m34[(-1, 0)], m34[(-2, 0)], m34[(-2, 1)]],
        [m34[(0, 1)], m34[(0, 2)], m34[(-1, 2)]],
        [m34[(1, 0)], m34[(2, 0)], m34[(1, 1)]],
        [m34[(0, -1)], m34[(0, -2)], m34[(1, -2)]],
        [m34[(-1, 1)], m34[(-2, 2)], m34[(-1, 2)]],
        [m34[(2, -1)], m34[(2, -2)], m34[(1, -1)]],
        [m34[(-1, 0)], m34[(0, -1)], m34[(-1, -1)]],
        [m34[(1, 0)], m34[(2, -1)], m34[(2, 0)]],
    ],
    [3, 4],
)
boards["gaia"] = [g12, g34]
w("boards.json", boards)

# ---- contracts
conts = []
mids = [
    [["any", 1], ["weapon", 1]],
    [["follower", 1]],
    [["mana", 1]],
    [["res", "gold", 2]],
    [["settle"]],
    [["dom", 1]],
    [["develop"]],
    [["portal"]],
    [["income"]],
    [["res", "metal", 2]],
    [["track", "tech", 1]],
    [["move", 2]],
    [["cube"]],
    [["blue"]],
    [["red"]],
    [["contract"]],
    [["domaction"]],
    [["res", "food", 2]],
]
costs = [
    {"food": 1, "wood": 2, "any": 1},
    {"gold": 2, "metal": 1},
    {"food": 2, "any": 1},
    {"wood": 1, "metal": 1, "gold": 1},
    {"metal": 2, "food": 1, "any": 1},
    {"gold": 1, "any": 2},
    {"wood": 2, "food": 2},
    {"metal": 1, "gold": 2, "any": 1},
    {"food": 1, "wood": 1, "metal": 1, "gold": 1},
    {"wood": 3},
]
for n, owner in enumerate([None] * 12 + [h for h in HOUSES for _ in range(6)]):
    c = costs[n % len(costs)]
    total = sum(c.values())
    e = {
        "id": f"c{n + 1}",
        "house": owner,
        "cost": c,
        "middle": mids[n % len(mids)],
        "bottom": {"vp": total, "commerce": 1 if total < 4 else 2},
        "provenance": P,
        "note": "Contents not printed; the example contract (food 1, wood 2, any 1 -> any 1 + advanced weapon; 4 VP + commerce 2) is c1.",
    }
    if n == 0:
        e["bottom"] = {"vp": 4, "commerce": 2}
        e["provenance"] = R
        e["note"] = "The rulebook's commerce example (its house icon is not printed: neutral here)."
    conts.append(e)
w("contracts.json", {"note": "36 commerce contracts: 12 neutral + 6 per house.", "contracts": conts})

cult = []
cb = [
    [["res", "gold", 2]],
    [["mana", 1]],
    [["res", "food", 2]],
    [["res", "wood", 2]],
    [["res", "metal", 2]],
    [["any", 2]],
    [["follower", 1]],
    [["weapon", 1]],
    [["dom", 1]],
    [["track", "tech", 1]],
    [["track", "war", 1]],
    [["track", "commerce", 1]],
    [["vp", 3]],
    [["mana", 2]],
    [["contract"]],
    [["cube"]],
    [["vp", 2], ["mana", 1]],
    [["any", 1], ["vp", 1]],
    [["dom", 2]],
    [["settle"]],
]
for i, b in enumerate(cb):
    prov, note = (
        (R, "Example: 2 gold.") if i == 0 else ((R, "Example: 1 mana.") if i == 1 else (P, "Contents not printed."))
    )
    cult.append({"id": f"k{i + 1}", "benefit": b, "provenance": prov, "note": note})
w("culture.json", {"note": "20 culture tokens.", "tokens": cult})

anc = []
spec = [
    (5, [["res", "metal", 2], ["res", "food", 1]], R, "Example: strength 5 -> 2 metal + 1 food."),
    (3, [["choice", [["res", "gold", 1]], [["res", "wood", 1]]]], R, "Example: strength 3 -> 1 gold or 1 wood."),
    (3, [["res", "food", 2]], P, ""),
    (3, [["any", 1], ["vp", 1]], P, ""),
    (3, [["res", "metal", 1], ["mana", 1]], P, ""),
    (4, [["res", "gold", 2], ["vp", 1]], P, ""),
    (4, [["any", 2], ["vp", 1]], P, ""),
    (4, [["res", "wood", 2], ["mana", 1]], P, ""),
    (4, [["res", "metal", 2], ["vp", 1]], P, ""),
    (5, [["any", 2], ["vp", 2]], P, ""),
    (5, [["res", "gold", 2], ["mana", 1]], P, ""),
    (5, [["res", "food", 2], ["vp", 2]], P, ""),
]
for i, (s, rw, prov, note) in enumerate(spec):
    anc.append(
        {
            "id": f"a{i + 1}",
            "strength": s,
            "reward": rw,
            "effect": None,
            "provenance": prov,
            "note": (note or "Contents not printed.") + " Tile effects are not printed: none.",
        }
    )
w(
    "ancient.json",
    {
        "note": "12 ancient civilisation tiles (strength 3-5).",
        "tiles": anc,
        "atlantis_god": {"strength": 3, "provenance": R, "note": "Atlantis god token +3, counts as a major god."},
    },
)

arts = [
    {
        "id": "horn_of_plenty",
        "kind": "extra",
        "provenance": R,
        "note": "Discard: 4 of one resource, or pay 4 of one resource for 8 VP.",
    },
    {
        "id": "mirror",
        "kind": "mana",
        "provenance": R,
        "note": "Discard: two different mana actions, each 1 mana cheaper.",
    },
    {
        "id": "underworld_map",
        "kind": "ongoing",
        "provenance": P,
        "note": "Rulebook effect (a private region with 1 shrine, any resource, adjacent to all your regions); its icon count (2) is a placeholder.",
    },
    {
        "id": "pandora",
        "kind": "extra",
        "tokens": ["mana", "follower", "weapon"],
        "provenance": R,
        "note": "3 tokens; one per turn as an additional action.",
    },
    {
        "id": "scarab",
        "kind": "end",
        "provenance": P,
        "note": "Icon-only: placeholder 'advance 1 on each development track' (the lightning rule applies).",
    },
    {"id": "destiny", "kind": "end", "provenance": R, "note": "Secret track; 0/1/2/4/7 VP by its leader's multiplier."},
]
w(
    "artifacts.json",
    {
        "note": "6 artifact cards (3 per game).",
        "artifacts": arts,
        "underworld": {"icons": 2, "shrines": 1, "provenance": P, "note": "icons placeholder; 1 shrine rulebook"},
    },
)
print("ok")

# rule numbers printed in the rulebook (kept in setup.json)
p = os.path.join(OUT, "setup.json")
with open(p) as f:
    d = json.load(f)
d["rules"] = {
    "unit_strength": {"follower": 1, "minor": 2, "major": 3},
    "mana_actions": {
        "red": {"mana": 3},
        "blue": {"mana": 2},
        "weapons": {"mana": 1, "metal": 2, "draw": 2},
        "develop": {"mana": 1, "gold": 2},
        "settle": {"mana": 1, "wood": 2},
        "followers": {"mana": 1, "food": 2, "gain": 3},
    },
    "develop_red_extra": {"wood": 1, "metal": 1},
    "develop_steps": {"blue": 1, "red": 2},
    "loss_metal": 1,
    "major_summon": {"tracks": 1, "dom": 2},
    "horn": {"gain": 4, "pay": 4, "vp": 8},
    "provenance": "rulebook",
    "note": "Rule numbers printed in the rulebook (unit strengths, mana action costs, development, compensation, summoning, horn).",
}
w("setup.json", d)
