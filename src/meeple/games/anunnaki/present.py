"""Anunnaki as a person is shown it: the decision to answer (each option in
words, with the region, tile, space or contract it is about), the log in
words, the final scoring and the ranking (the server's presenter).

Everything that leaves the server for a seat or a spectator goes through
`meeple.games.anunnaki.view.view` (the state) and the functions here; each
takes the viewer and drops what that viewer may not see: a seat's options and
its own secret weapon choice go to that seat only, a drawn advanced weapon is
named to its owner only.
"""

from __future__ import annotations

import re
from typing import Any

from meeple.core.present import decision as _decision
from meeple.core.present import moves_for_seat, places, ties
from meeple.core.spec import events_of
from meeple.games.anunnaki import state as st  # noqa: F401  (importing it declares every decision)
from meeple.games.anunnaki.data import ARTIFACTS, DATA, MAX_PLAYERS, MIN_PLAYERS, RESOURCES, TRACKS
from meeple.games.anunnaki.declare import RULES
from meeple.games.anunnaki.rewards import one_words, reward_words

HOUSE_NAME = {"pharaos": "Pharaos", "norrenis": "Norrenis", "babylon": "Babylon", "ellenys": "Ellenys"}
ACTION_NAME = {
    "portal": "Portal",
    "move": "Move",
    "commerce": "Commerce",
    "harvest": "Harvest",
    "creation": "Creation",
    "income": "Income",
    "domination": "Domination",
    "market": "Market",
}
ACTION_HELP = {
    "portal": "teleport units (one at a time) to regions of other boards",
    "move": "move units (one at a time) to adjacent regions",
    "commerce": "take contracts from the display",
    "harvest": "harvest resources from regions you control",
    "creation": "gain your capital's resource per controlled shrine",
    "income": "gain followers and VP by your settlements",
    "domination": "advance on the domination track (by the objective)",
    "market": "trade resources",
}
MANA_TEXT = {
    "red": "activate a red tile",
    "blue": "activate a blue tile",
    "weapons": "draw advanced weapons",
    "develop": "develop a tile",
    "settle": "build a settlement",
    "followers": "gain followers",
    "mirror": "Mirror: two different mana actions, each 1 mana cheaper",
}
WEAPON_EFFECT = {
    "nullify": "cancels the opponent's weapon effects",
    "slingshot": "if you lose, steal a resource from the winner",
    "helmet": "play a second weapon after the reveal",
    "composite": "may add another weapon after the reveal",
    "chariot": "pay metal after the reveal: +1 strength each",
    "spear": "the opponent's strongest unit does not count",
    "ballista": "the opponent's gods count as followers",
}
MAJOR_TEXT = {
    "ra_move_cube": "may move a cube already on a space to another free space",
    "ra_mana_resource": "each cube placed on a mana space also gives 1 resource of your choice",
    "odin_settlement_units": "settlements are units (they move and fight, strength 0)",
    "odin_settlement_strength_2": "settlements fight with strength 2",
    "ishtar_settlement_harvest": "settlements harvest like units",
    "ishtar_no_cap": "no limit on a development track",
    "zeus_planet_culture": "culture tokens of a planet where you have units reward you too",
    "zeus_double_culture": "culture token rewards twice",
}
ARTIFACT_NAME = {
    "horn_of_plenty": "Horn of Plenty",
    "mirror": "Mirror",
    "underworld_map": "Underworld Map",
    "pandora": "Pandora's Box",
    "scarab": "Scarab",
    "destiny": "Destiny Stone",
}
# each decision's question, declared with the decision (`declare.py`)
PROMPT = {kind: rule.prompt for kind, rule in RULES.decisions.items()}


# ------------------------------------------------------------------ words
END_RULE = (
    f"The game ends after the round in which a player places their last ({DATA.setup['cubes']}th) cube on the "
    f"action star, or reaches the last ({len(DATA.multipliers)}th) space of the war, tech or commerce track "
    f"(possible only once past the lightning, {DATA.lightning}, on the domination track): play goes on until "
    "everyone has had as many turns, the last turn being the player's before the first player's."
)  # the seed's "ゲームの終了" (both triggers; then equal turns)


def nice(name: str) -> str:
    return str(name).replace("_", " ").capitalize()


def _region_names() -> dict[str, str]:
    """Every region's name in words, as the terminal map shows it: a home
    planet's region by its house and number ("Pharaos 3"), Gaia's by number
    ("Gaia 12"), the Atlantis regions by letter, the Underworld as such."""
    out = {"uw": "the Underworld"}
    for house, (_p, seen, _nb) in DATA.planets.items():
        for hid in seen:
            out[hid] = f"{HOUSE_NAME.get(house, nice(house))} {hid.lstrip('abcdefghijklmnopqrstuvwxyz')}"
    for _g, seen, _nb in DATA.gaia.values():
        for hid, h in seen.items():
            out[hid] = f"Atlantis {hid[-1].upper()}" if h.get("atlantis") else f"Gaia {hid.removeprefix('g')}"
    return out


REGION_NAME = _region_names()


def region_name(h) -> str:
    """A region in words ("Babylon 2", "Gaia 5", "Atlantis A")."""
    return REGION_NAME.get(str(h), str(h))


def hex_words(lay, h: str) -> str:
    info = lay.info.get(h)
    if info is not None and info["capital"] is not None:
        return f"{region_name(h)} (capital of {HOUSE_NAME.get(lay.houses[info['capital']], '?')})"
    return region_name(h)


def effect_text(e) -> str:
    return one_words(e)


def effects_text(effs) -> str:
    return reward_words(effs)


def cost_text(cost: dict) -> str:
    return " + ".join(f"{n} {'any' if r == 'any' else r}" for r, n in cost.items()) if cost else "free"


def tile_text(t: int, developed: bool = False) -> str:
    d = DATA.tiles[t]
    v = d["developed"] if developed else d["basic"]
    return f"{ACTION_NAME[d['action']]} {v}{' (developed)' if developed else ''}"


def space_words(tiles, mana: int = 0) -> str:
    """A star space by what a player sees: the two tiles its line joins (with
    their actions) and the mana it gives, never its number."""
    a, b = (f"tile {t} ({ACTION_NAME[DATA.tiles[t]['action']]})" for t in tiles)
    return f"the space between {a} and {b}" + (f" (+{mana} mana)" if mana else "")


def weapon_text(state, seat, w: str) -> str:
    d = DATA.weapons[w]
    eff = WEAPON_EFFECT.get(d["effect"])
    cost = state.weapon_cost(seat, w) if state is not None else d["cost"]
    out = f"{nice(w)} — strength {d['strength']}, cost {cost_text(cost)}"
    if eff:
        out += f"; {eff}"
    if d["win"]:
        out += f"; if you win: {effects_text(d['win'])}"
    return out


def contract_name(c: str) -> str:
    """A contract named by what it asks and gives ("“2 gold + 1 metal → move 2”";
    no two contracts ask and give alike)."""
    k = DATA.contracts.get(c)
    if k is None:
        return str(c)
    return f"“{cost_text(k['cost'])} → {effects_text(k['middle'])}”"


def contract_text(c: str) -> str:
    k = DATA.contracts[c]
    return (
        f"pay {cost_text(k['cost'])} → {effects_text(k['middle'])} | "
        f"or {k['bottom']['vp']} VP, +{k['bottom']['commerce']} commerce"
    )


def contract_house(c: str) -> str:
    k = DATA.contracts[c]
    return f"{HOUSE_NAME[k['house']]} house" if k["house"] else "no house"


def contract_title(c: str) -> str:
    """A contract named with its house icon (or none), as every card shown."""
    if c not in DATA.contracts:
        return str(c)
    return f"{contract_name(c)} ({contract_house(c)})"


def plain_note(note: str) -> str:
    """A god's or artifact's effect as a player reads it: without the data's
    notes on where it comes from ("Icon-only in the rulebook: ", "placeholder",
    "its icon count (2) is a placeholder")."""
    m = re.match(r"^Icon-only(?: in the rulebook)?(?: \(([^)]*)\))?[:;] (?:from the \w+ note: )?", note)
    out = note[m.end() :] if m else note
    if m and m.group(1) and m.group(1).startswith("applies"):  # a condition, not a source
        out = out.rstrip(".") + f" ({m.group(1)})."
    out = re.sub(r"^\w+/\w+: ", "", out)  # "Asbis/Anubis: ", the god's two spellings
    out = re.sub(r"^placeholder '([^']*)'", r"\1", out)
    out = re.sub(r"^Rulebook effect \((.*)\); its icon count \(\d+\) is a placeholder\.$", r"\1.", out)
    return out[:1].upper() + out[1:]


TRACK_WORD = {"dom": "domination"}


def god_text(g: str) -> str:
    d = DATA.minor[g]
    sm = d["summon"]
    track = TRACK_WORD.get(sm["track"], sm["track"])
    return f"{nice(g)}: {plain_note(d['note'])} (summoning: +{sm['steps']} {track})"


def info(name: str, state=None, seat: int | None = None) -> str | None:
    """What `name` is and does, or None: a minor or major god, a weapon, a
    contract, an artifact, an objective, an action tile ("tile 3")."""
    key = "_".join(name.lower().replace("'s", "").split())
    if key in DATA.minor:
        return f"{god_text(key)} — a god of {HOUSE_NAME.get(DATA.minor[key]['house'], '?')}"
    for house, maj in DATA.major.items():
        if key == maj["id"]:
            return (
                f"{nice(key)}, the major god of {HOUSE_NAME.get(house, house)}: "
                f"{MAJOR_TEXT.get(maj['basic'], maj['basic'])}; upgraded: "
                f"{MAJOR_TEXT.get(maj['upgraded'], maj['upgraded'])}"
            )
    if key in DATA.weapons:
        return f"Weapon {weapon_text(state, seat, key)} ({DATA.weapons[key]['kind']})"
    if key in DATA.contracts:
        return f"Contract {contract_name(key)}: {contract_text(key)} — {contract_house(key)}"
    by_name = {ARTIFACT_NAME.get(a, a).lower().replace("'s", "").replace(" ", "_"): a for a in ARTIFACTS}
    art = key if key in ARTIFACTS else by_name.get(key)
    if art is not None:
        return f"Artifact {ARTIFACT_NAME.get(art, nice(art))}: {plain_note(DATA.artifacts[art]['note'])}"
    if key in DATA.objectives:
        o = DATA.objectives[key]
        per = "each counts 1" if o["divisor"] == 1 else f"every {o['divisor']} count 1"
        return (
            f"Objective {nice(key)}: {o['note']} {per}, at most {o['max']}; at the end times "
            "the multiplier of your place on the track it is paired with"
        )
    words = key.split("_")
    if len(words) == 2 and words[0] == "tile" and words[1].isdigit() and int(words[1]) in DATA.tiles:
        t = int(words[1])
        return f"Tile {t}: {tile_text(t)} — {ACTION_HELP[DATA.tiles[t]['action']]}; developed: {tile_text(t, True)}"
    return None


HEX_VERB = {  # a region's options, by decision
    "from": "Take a unit from",
    "to": "Move to",
    "harvest": "Harvest",
    "place_follower": "Place a follower in",
    "take_follower": "Take a follower from",
    "settle": "Build a settlement in",
    "summon_hex": "The god replaces the follower in",
    "battle": "Battle in",
    "lose_follower": "Remove a follower from",
}


def _cube_note(state, seat: int, tile: int) -> str:
    """What moving the pawn to `tile` puts on the action star: a cube and
    its mana when a line joins it to the pawn's tile and holds no cube of
    the seat's yet (turn.py, the main action)."""
    sd = state.seats[seat]
    old, new = sd["pawn"], state.arrangement.index(tile)
    if old < 0:
        return "the first move: no cube"
    sp = DATA.adj[old].get(new)
    if sp is None:
        return "no line from your pawn's tile: no cube, no mana"
    if sp in sd["cubes"]:
        return "your cube is already on that line: no cube, no mana"
    if len(sd["cubes"]) >= SETUP_CUBES:
        return "no cube left to place"
    mana = DATA.spaces[sp][2]
    return "places a cube" + (f", +{mana} mana" if mana else ", no mana")


SETUP_CUBES = DATA.setup["cubes"]


def _label(state, seat: int, move: str) -> dict:
    """One option of `seat`'s decision: the MOVE, its words and what it is about."""
    kind = state.kind
    lay = state.lay
    bare = move.split(" ", 1)[1] if move.startswith("@") else move
    w = bare.split()
    out: dict[str, Any] = {"move": move}
    sd = state.seats[seat]
    if bare == "pass":
        out["label"] = {
            "from": "Stop moving",
            "harvest": "Stop harvesting",
            "take_follower": "Stop",
            "extra": "End the turn's additional actions",
            "mana": "No mana action",
            "market": "No trade",
            "ra_cube": "Leave the cube",
            "dev_do": "Not now",
            "composite": "Add nothing",
            "yesno": "No",
            "frigg": "No",
            "free_contract": "No",
            "culture_benefit": "Forfeit it",
            "unit": "Stop",
            "carry": "Carry nothing",
        }.get(kind, "Pass")
        out["pass"] = True
        return out
    if bare == "yes":
        out["label"] = {
            "dev_do": "Yes, use it now",
            "culture_benefit": "Take it",
            "frigg": "Place a follower there",
        }.get(kind, "Yes")
        if kind == "culture_benefit":
            out["label"] += ": " + effects_text(DATA.culture[state.darg["token"]]["benefit"])
            if state.power(seat, "zeus_double_culture"):
                out["label"] += " (twice: Zeus)"
        return out
    if (
        kind
        in (
            "from",
            "to",
            "harvest",
            "place_follower",
            "take_follower",
            "settle",
            "summon_hex",
            "battle",
            "lose_follower",
        )
        and len(w) == 2
        and w[1] in lay.index
    ):
        h = w[1]
        out["hex"] = h
        verb = HEX_VERB[kind]
        extra = ""
        if kind == "harvest":
            info = lay.info[h]
            extra = f" ({'/'.join(info['res']) or 'any resource'} ×{info['icons']})"
        out["label"] = f"{verb} {hex_words(lay, h)}{extra}"
        return out
    if kind in ("main", "tile_pick", "develop") and len(w) == 2 and w[1].isdigit():
        t = int(w[1])
        out["tile"] = t
        if kind == "develop":
            col = DATA.tiles[t]["color"]
            cost = "" if col == "blue" else f", costs {cost_text(DATA.rules['develop_red_extra'])}"
            out["label"] = f"Develop tile {t} ({tile_text(t)} → {DATA.tiles[t]['developed']}{cost})"
        else:
            cube = f" ({_cube_note(state, seat, t)})" if kind == "main" else ""
            out["label"] = (
                f"{'Activate' if kind == 'tile_pick' else 'Tile'} {t}: "
                f"{tile_text(t, t in sd['developed'])}{cube} — {ACTION_HELP[DATA.tiles[t]['action']]}"
            )
        return out
    if kind in ("ra_cube", "cube_from", "cube_to") and w[-1].isdigit():
        sp = int(w[-1])
        out["space"] = sp
        mana = DATA.spaces[sp][2]
        verb = {"ra_cube": "Move the cube to", "cube_from": "Take the cube from", "cube_to": "Put the cube on"}[kind]
        out["label"] = f"{verb} {space_words(state.space_tiles(sp), 0 if kind == 'cube_from' else mana)}"
        return out
    if kind == "unit" or kind == "carry":
        pre = "Carry" if kind == "carry" else "Move"
        rest = w[1:] if kind == "carry" else w
        if rest[0] == "follower":
            out["label"] = f"{pre} a follower"
        elif rest[0] == "major":
            out["label"] = f"{pre} your major god {nice(DATA.houses[state.houses[seat]]['major'])}"
        elif rest[0] == "god":
            out["label"] = f"{pre} the god {nice(rest[1])}"
        elif rest[0] == "settlement":
            out["label"] = f"{pre} a settlement"
        return out
    if kind in ("resource", "pay", "steal", "harvest_res", "exhaust", "creation") and len(w) == 2:
        verb = {
            "resource": "Gain 1",
            "pay": "Pay 1",
            "steal": "Steal 1",
            "harvest_res": "Take",
            "exhaust": "Exhaust",
            "creation": "Create",
        }[kind]
        out["label"] = f"{verb} {w[1]}"
        out["res"] = w[1]
        return out
    if kind == "market":
        if w[0] == "trade":
            out["label"] = f"Trade 1 {w[1]} for 1 {w[3]} + 1 {w[4]}"
        else:
            out["label"] = f"Gain 1 {w[1]} + 1 {w[2]}"
        return out
    if kind == "contract" and w[0] == "take":
        out["contract"] = w[1]
        out["label"] = f"Take the contract: {contract_text(w[1])} ({contract_house(w[1])})"
        return out
    if w[0] == "fulfil":
        out["contract"] = w[1]
        out["label"] = f"Fulfil the contract: {contract_text(w[1])} ({contract_house(w[1])})"
        return out
    if kind == "mana" and w[0] == "mana":
        k = w[1]
        pay = dict(DATA.rules["mana_actions"].get(k, {}))
        disc = state.darg.get("discount", 0)
        words = ", ".join(
            f"{max(0, n - disc) if r == 'mana' else n} {r}" for r, n in pay.items() if r in ("mana",) + RESOURCES
        )
        out["label"] = f"Mana: {MANA_TEXT.get(k, k)}" + (f" (costs {words})" if words else "")
        return out
    if kind == "weapon_pick" and w[0] == "draw":
        out["label"] = f"Draw {weapon_text(state, seat, w[1])}"
        out["weapon"] = w[1]
        return out
    if kind == "weapon":
        if w[0] == "weapons":
            out["label"] = f"{nice(w[1])} + {nice(w[2])} (Loki: both)"
            out["weapons"] = w[1:]
        else:
            out["label"] = weapon_text(state, seat, w[1])
            out["weapons"] = [w[1]]
        return out
    if kind in ("loki", "helmet", "composite", "lose_weapon") and len(w) == 2:
        verb = {"loki": "Keep", "helmet": "Play", "composite": "Add", "lose_weapon": "Put back"}[kind]
        out["label"] = f"{verb} {weapon_text(state, seat, w[1])}"
        out["weapon"] = w[1]
        return out
    if kind == "chariot":
        n = int(w[1])
        out["label"] = f"Pay {n} metal (+{n} strength)"
        return out
    if w[0] == "summon":
        g = w[1]
        if g in DATA.minor:
            out["label"] = f"Summon {god_text(g)}"
        else:
            out["label"] = (
                f"Summon your major god {nice(g)}: {MAJOR_TEXT.get(DATA.major[state.houses[seat]]['upgraded'], '')}"
            )
        out["god"] = g
        return out
    if bare == "horn":
        out["label"] = "Use the Horn of Plenty"
        return out
    if bare == "pandora":
        out["label"] = "Open Pandora's Box"
        return out
    if kind == "discard_god":
        out["label"] = f"Discard {god_text(w[1])}"
        out["god"] = w[1]
        return out
    if kind in ("contract_half", "choice"):
        opts = state.darg.get("options") or []
        i = 0 if w[0] in ("middle",) else 1 if w[0] == "bottom" else int(w[-1]) - 1
        what = effects_text(opts[i]) if i < len(opts) else bare
        out["label"] = (
            f"{'Middle' if w[0] == 'middle' else 'Bottom' if w[0] == 'bottom' else 'Option ' + w[-1]}: {what}"
        )
        return out
    if kind == "artifact":
        a = w[1]
        out["label"] = (
            f"{ARTIFACT_NAME.get(a, nice(a))}: {plain_note(DATA.artifacts[a]['note'])}" if a in ARTIFACTS else bare
        )
        return out
    if kind == "destiny":
        out["label"] = f"Destiny: the {w[1]} track"
        return out
    if kind == "horn":
        if w[0] == "gain":
            out["label"] = f"Gain {w[1]} {w[2]}"
        else:
            out["label"] = f"Pay {w[1]} {w[2]} for 8 VP"
        return out
    if kind == "pandora":
        out["label"] = f"Take the {w[1]} token"
        return out
    out["label"] = bare
    return out


# ---------------------------------------------------------------- decision
def decision_for(state, viewer: int | None) -> dict | None:
    """The pending decision; its options (in words) only for a seat that must answer.

    Everyone sees who still must answer (`seats`) and, in a battle, where and
    between whom; a seat that has chosen its weapon in secret sees its own
    choice (`chosen`) until the reveal, nobody else's."""
    out = _decision(state, viewer)
    if out is None:
        return None
    kind = state.kind
    b = (state.ctx or {}).get("battle")
    if b is not None:
        out["battle"] = {"hex": b["hex"], "att": b["att"], "def": b["def"]}
    if kind == "weapon":
        out["secret"] = True
        if viewer is not None and str(viewer) in state.secret:
            out["chosen"] = state._decode_cards(viewer, state.secret[str(viewer)])
        out["chose"] = sorted(int(k) for k in state.secret)  # who has chosen (not what)
    out["prompt"] = PROMPT.get(kind, nice(kind))
    if kind == "culture_benefit":
        out["prompt"] = f"Culture token ({_culture(state.darg['token'])}): take it now or forfeit it"
    elif kind == "frigg":
        out["prompt"] = f"Frigg: place a follower in {hex_words(state.lay, state.darg['hex'])}?"
    if viewer is None or viewer not in out["seats"] or out["seat"] != viewer:
        return out
    moves = moves_for_seat(state, viewer)
    out["moves"] = moves
    out["options"] = [_label(state, viewer, m) for m in moves]
    arg = state.darg or {}
    if kind in ("from", "to", "unit") and arg.get("mode"):
        out["mode"] = "anu" if arg["mode"].startswith("anu") else arg["mode"]
        out["left"] = arg.get("n")
        if arg.get("hex"):
            out["source"] = arg["hex"]
    if kind == "harvest":
        out["left"] = arg.get("n")
    return out


# ------------------------------------------------------------------ events
def describe(ev, seats: list[dict], viewer: int | None, speaker=None) -> dict:
    """One engine event, as the viewer may see it, with a sentence (declared in
    `meeple.games.anunnaki.events`, which names gods, regions and weapons by
    this module); the ancient guardian's seat (-1) is told as no seat."""
    out = events_of("anunnaki").describe(ev, seats, viewer, speaker)
    if not (isinstance(out["seat"], int) and out["seat"] >= 0):
        out["seat"] = None
    return out


_PART = {
    "units": "units {}",
    "spear": "the opponent's spear {:+d} (the strongest unit)",
    "isis": "Isis {:+d}",
    "heimdall": "Heimdall {:+d}",
    "ashur": "Ashur {:+d}",
    "metal": "metal paid for the chariot {:+d}",
    "ancient": "the ancient tile {}",
    "atlantis_god": "the Atlantis god {:+d}",
}


def _culture(tok) -> str:
    if tok in DATA.culture:
        return effects_text(DATA.culture[tok]["benefit"])
    return "unknown"


def _move_words(kind: str, move: str, tiles=None) -> str:
    """A forced answer's MOVE in words: the names in it, not identifiers (a
    star space by the TILES it joins)."""
    words = move.split()
    if move == "pass":
        return "pass"
    if tiles is not None and words[-1].isdigit():
        verb = {"cube_from": "take the cube from", "cube_to": "put the cube on"}.get(kind, "move the cube to")
        return f"{verb} {space_words(tiles)}"
    if kind in HEX_VERB and len(words) == 2 and words[1] in REGION_NAME:
        verb = HEX_VERB[kind]
        return f"{verb[0].lower()}{verb[1:]} {region_name(words[1])}"  # (the region keeps its capital)
    if move in ("follower", "settlement"):  # a unit
        return f"a {move}"
    if move == "major":
        return "their major god"
    if len(words) == 2:
        verb, name = words
        if verb == "god":
            return f"the god {nice(name)}"
        if name in DATA.weapons:  # weapon, draw, keep, add, lose
            return ("" if verb == "weapon" else f"{verb} ") + f"the {nice(name)}"
        if verb == "develop":
            return f"develop tile {name}"
    out = []
    for w in words:
        if w in REGION_NAME:
            out.append(region_name(w))
        elif w in DATA.contracts:
            out.append(f"the contract {contract_title(w)}")
        else:
            out.append(nice(w).lower() if "_" in w else w)
    return " ".join(out)


# ------------------------------------------------------------------ VP by source
VP_WHY = {
    "income": "income for their settlements",
    "horn": "Horn of Plenty",
    "god": "a god's power",
    "contract": "a contract fulfilled",
    "battle": "a battle won",
    "culture": "a culture token",
    "artifact": "an artifact",
}
VP_SOURCE = {
    "income": "Income (settlements)",
    "dom_token": "Domination tokens (2 VP each)",
    "contract": "Contracts",
    "battle": "Battles",
    "culture": "Culture tokens",
    "god": "Gods' powers",
    "horn": "Artifacts",
    "artifact": "Artifacts",
    None: "Other effects",
}
PLAY_ORDER = [*dict.fromkeys(VP_SOURCE.values())]


def vp_by_source(events, players: int) -> list[dict]:
    """The VP scored during play, by source, for every seat (from the log:
    income, domination tokens, contracts, battles, culture tokens, gods...)."""
    rows: dict[str, list[int]] = {}
    for kind, seat, detail, _ in events:
        if kind == "vp":
            n, src = detail
            rows.setdefault(VP_SOURCE.get(src, VP_SOURCE[None]), [0] * players)[seat] += n
        elif kind == "dom_token":
            rows.setdefault(VP_SOURCE["dom_token"], [0] * players)[seat] += 2
    return [{"key": "play", "name": k, "values": rows[k]} for k in PLAY_ORDER if k in rows]


# ------------------------------------------------------------------ the end
FINAL_KEYS = (
    [(f"{t}_rank", f"{t.capitalize()} track rank") for t in TRACKS]
    + [(f"{t}_objective", f"{t.capitalize()} objective") for t in TRACKS]
    + [("domination", "Domination"), ("gods", "Gods"), ("resources", "Resources"), ("destiny", "Destiny")]
)


def scoring(events, state) -> dict:
    """VP by source: during play, what each seat has scored so far and where
    from; once the game is over, the final scoring's rows after them
    (`final` says which). Each seat's column adds up to its VP."""
    p = state.players
    played = vp_by_source(events, p)
    total = state.scores()
    if not state.is_terminal() or state.final is None:
        return {"rows": played, "total": total, "final": False}
    rows = []
    for key, name in FINAL_KEYS:
        vals = [f.get(key, 0) for f in state.final]
        if key == "destiny" and not any(vals):
            continue
        rows.append({"key": key, "name": name, "values": vals})
    during = [t - sum(f.values()) for t, f in zip(total, state.final, strict=True)]
    told = [sum(r["values"][s] for r in played) for s in range(p)]
    if told != during:  # a log that does not tell it all (a game loaded from a position): one row
        played = [{"key": "play", "name": "During play", "values": during}]
    return {"rows": played + rows, "total": total, "final": True}


def ranking(state) -> list[dict]:
    """Final places: VP; a tie goes to the tied player latest in turn order."""
    p = state.players
    vp = state.scores()
    keys = [(vp[s], s) for s in range(p)]
    place = places(keys)
    rows = scoring(state.log(), state)["rows"]
    tied = ties(
        keys, [("VP", lambda n: f"{n} VP"), ("turn order (the later player wins)", lambda s: f"plays number {s + 1}")]
    )
    out = [
        {
            "seat": s,
            "place": place[s],
            "vp": vp[s],
            "winner": s in state.winners,
            "house": state.houses[s],
            "summary": f"{vp[s]} VP ({HOUSE_NAME.get(state.houses[s], state.houses[s])})",
            "total": f"{vp[s]} VP",
            "breakdown": {r["name"]: r["values"][s] for r in rows if r["values"][s]},
            "ties": tied[s],
        }
        for s in range(p)
    ]
    return sorted(out, key=lambda r: (r["place"], r["seat"]))


# ------------------------------------------------------------------ lobby
def _hexes(seen: dict) -> list[dict]:
    return [
        {
            "id": hid,
            "q": h["q"],
            "r": h["r"],
            "res": list(h["res"]),
            "icons": h["icons"],
            "shrines": h["shrines"],
            "capital": bool(h.get("capital")),
            "atlantis": bool(h.get("atlantis")),
            "ancient": bool(h.get("ancient")),
        }
        for hid, h in seen.items()
    ]


def meta() -> dict:
    """What the lobby and the table need to know of Anunnaki (no game state; the
    name, player counts and options come from the spec)."""
    planets = {
        house: {"hexes": _hexes(seen), "culture": [list(t) for t in p["culture"]]}
        for house, (p, seen, _nb) in DATA.planets.items()
    }
    gaia = {}
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
        g, seen, _nb = DATA.gaia[n]
        gaia[str(n)] = {
            "side": g["side"],
            "hexes": _hexes(seen),
            "culture": [list(t) for t in g["culture"]],
            "dotted": [list(e) for e in g["dotted"]],
        }
    houses = {}
    for hid, h in DATA.houses.items():
        maj = DATA.major[hid]
        houses[hid] = {
            "name": HOUSE_NAME.get(hid, nice(hid)),
            "major": maj["id"],
            "major_basic": MAJOR_TEXT.get(maj["basic"], maj["basic"]),
            "major_upgraded": MAJOR_TEXT.get(maj["upgraded"], maj["upgraded"]),
            "capital_resource": h["capital_resource"],
            "minor_gods": list(h["minor_gods"]),
            "weapons": h["basic_weapons"] + h["advanced_weapons"],
        }
    return {
        "levels": ["easy", "medium", "hard", "random", "ismcts:0.5s"],
        "resources": list(RESOURCES),
        "tracks": list(TRACKS),
        "houses": houses,
        "house_ids": list(DATA.house_ids),
        "planets": planets,
        "gaia": gaia,
        "underworld": {"shrines": DATA.underworld["shrines"], "icons": DATA.underworld["icons"]},
        "tiles": {
            str(n): {
                "action": t["action"],
                "name": ACTION_NAME[t["action"]],
                "color": t["color"],
                "basic": t["basic"],
                "developed": t["developed"],
                "help": ACTION_HELP[t["action"]],
            }
            for n, t in DATA.tiles.items()
        },
        "star": {
            "spaces": [list(s) for s in DATA.spaces],
            "minor_tokens": [list(t) for t in DATA.minor_tokens],
            "major_token": list(DATA.major_token),
            "cubes": DATA.setup["cubes"],
        },
        "gods": {g: {"house": d["house"], "text": god_text(g)} for g, d in DATA.minor.items()},
        "weapons": {
            w: {"kind": d["kind"], "strength": d["strength"], "text": weapon_text(None, None, w)}
            for w, d in DATA.weapons.items()
        },
        "contracts": {
            c: {
                "house": k["house"],
                "cost": cost_text(k["cost"]),
                "middle": effects_text(k["middle"]),
                "vp": k["bottom"]["vp"],
                "commerce": k["bottom"]["commerce"],
            }
            for c, k in DATA.contracts.items()
        },
        "culture": {k: effects_text(t["benefit"]) for k, t in DATA.culture.items()},
        "region_names": dict(REGION_NAME),
        "ancient": {
            a: {"strength": t["strength"], "reward": effects_text(t["reward"])} for a, t in DATA.ancient.items()
        },
        "artifacts": {
            a: {"name": ARTIFACT_NAME.get(a, nice(a)), "text": plain_note(DATA.artifacts[a]["note"])} for a in ARTIFACTS
        },
        "objectives": {o: {"divisor": d["divisor"], "max": d["max"]} for o, d in DATA.objectives.items()},
        "multipliers": list(DATA.multipliers),
        "dom": {
            "min": DATA.dom_min,
            "max": DATA.dom_max,
            "vp": {str(k): v for k, v in DATA.dom_vp.items()},
            "lightning": DATA.lightning,
        },
        "followers": DATA.setup["followers"],
        "settlements": DATA.setup["settlements"],
    }
