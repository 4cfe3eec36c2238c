"""Anunnaki component data: read from the JSON files in `data/`, checked at load.

No component number lives in code: everything comes from these files. Each entry
carries `provenance` ("rulebook", "data sheet" or "placeholder") and a `note`;
`placeholders()` lists what a box owner should replace (`meeple data-report`).

A file with a mistake (unknown resource, a hex with no neighbours, a negative
cost, an unknown effect...) is refused with `DataError` naming file and entry.
"""

from __future__ import annotations

import json
import os

from meeple.core import gamedata
from meeple.core.game import GameError
from meeple.games.anunnaki import rewards

MIN_PLAYERS, MAX_PLAYERS = 2, 4
RESOURCES = ("food", "wood", "metal", "gold")
TRACKS = ("war", "tech", "commerce")
PROVENANCE = ("rulebook", "data sheet", "placeholder")
DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
WEAPON_EFFECTS = (None, "nullify", "slingshot", "helmet", "composite", "chariot", "spear", "ballista")
GOD_EFFECTS = {
    "god_battle_follower",
    "free_contract",
    "vp_wood",
    "settlement_strength_1",
    "harvest_plus_1",
    "weapon_discount",
    "vp_exhausted",
    "vp_gold",
    "sacrifice_follower",
    "away_regions",
    "frigg_followers",
    "defend_settlement_3",
    "two_weapons",
    "battle_win_vp2",
    "portal_3",
    "strength_plus_1",
    "vp_atlantis",
    "portal_plus_1",
    "gain_followers_2",
    "vp_metal",
    "away_shrines",
    "vp_ancient",
    "settlement_resources",
    "vp_food",
    "vp_supply",
    "extra_follower",
    "move_plus_1",
    "extra_shrine",
}
MAJOR_POWERS = {
    "ra_move_cube",
    "ra_mana_resource",
    "odin_settlement_units",
    "odin_settlement_strength_2",
    "ishtar_settlement_harvest",
    "ishtar_no_cap",
    "zeus_planet_culture",
    "zeus_double_culture",
}
ACTIONS = ("portal", "move", "commerce", "harvest", "creation", "income", "domination", "market")
ARTIFACTS = ("horn_of_plenty", "mirror", "underworld_map", "pandora", "scarab", "destiny")
OBJECTIVES = ("shrines", "settlements", "regions", "units")

DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
# In load order: a file may refer to the ones before it.
FILES = tuple(
    n + ".json"
    for n in (
        "setup",
        "houses",
        "gods",
        "weapons",
        "star",
        "tiles",
        "tracks",
        "objectives",
        "boards",
        "contracts",
        "culture",
        "ancient",
        "artifacts",
    )
)


class DataError(GameError):
    """A data file that cannot be used: the message names file and entry."""


class _Ctx:
    def __init__(self, file: str) -> None:
        self.file = file
        self.placeholders: list[tuple[str, str, str]] = []
        self.reward_lists: list[tuple[str, list]] = []  # (entry, its list of rewards)

    def fail(self, entry, msg: str):
        raise DataError(f"anunnaki data {self.file}: entry {entry}: {msg}")

    def need(self, cond, entry, msg: str) -> None:
        if not cond:
            self.fail(entry, msg)

    def prov(self, e, entry) -> None:
        self.need(isinstance(e, dict), entry, "must be an object")
        p = e.get("provenance")
        self.need(p in PROVENANCE, entry, f"provenance must be one of {', '.join(PROVENANCE)}, not {p!r}")
        self.need(isinstance(e.get("note", ""), str), entry, "note must be text")
        if p == "placeholder":
            self.placeholders.append((self.file, str(entry), e.get("note", "")))

    def count(self, v, entry, what: str, lo: int = 0) -> int:
        self.need(
            isinstance(v, int) and not isinstance(v, bool) and v >= lo,
            entry,
            f"{what} must be a whole number >= {lo}, not {v!r}",
        )
        return v

    def res(self, r, entry) -> str:
        self.need(r in RESOURCES, entry, f"unknown resource {r!r} (known: {', '.join(RESOURCES)})")
        return r

    def cost(self, c, entry) -> dict:
        self.need(isinstance(c, dict), entry, "cost must be an object")
        for k, v in c.items():
            if k != "any":
                self.res(k, entry)
            self.need(isinstance(v, int) and not isinstance(v, bool), entry, f"cost of {k} must be a number")
            self.need(v >= 0, entry, f"negative cost {k}: {v}")
        return {k: v for k, v in c.items() if v}

    def effects(self, eff, entry) -> list:
        """A list of rewards, kept to be checked against the declared rewards (`Data.check_rewards`)."""
        self.need(isinstance(eff, list), entry, "effects must be a list")
        self.reward_lists.append((entry, eff))
        return eff

    def rewards(self, eff, entry, declared) -> None:
        """Each reward of list `eff` is a declared one, with the arguments it takes."""
        self.need(isinstance(eff, list), entry, "effects must be a list")
        for e in eff:
            self.need(isinstance(e, list) and e and e[0] in declared, entry, f"unknown effect {e!r}")
            op, kinds = e[0], declared[e[0]].args
            self.need(len(e) - 1 == len(kinds), entry, f"effect {op} takes {len(kinds)} arguments: {e!r}")
            for kind, v in zip(kinds, e[1:], strict=True):
                if kind == rewards.RESOURCE:
                    self.res(v, entry)
                elif kind == rewards.TRACK:
                    self.need(v in TRACKS, entry, f"unknown track {v!r}")
                elif kind == rewards.REWARDS:
                    self.rewards(v, entry, declared)
                else:  # AMOUNT, STEPS
                    self.count(v, entry, op if len(kinds) == 1 else kind, 1)


def _read(path: str, ctx: _Ctx):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise DataError(f"anunnaki data {ctx.file}: cannot read: {e.strerror}") from None
    except json.JSONDecodeError as e:
        raise DataError(f"anunnaki data {ctx.file}: not JSON: {e}") from None


class Data:
    """Every component, checked. Attributes are plain dicts/lists/tuples.

    `source` says which files to read (a folder with all of them, or a box
    owner's folder replacing some: see meeple.core.gamedata). With a `problems` list, a file with a mistake is
    reported there and its packaged version used instead, so that every broken
    file and every broken rulebook count is reported at once (`data-check`).
    The lists of rewards are checked against the rewards the rules declare
    (`check_rewards`: the rules are imported first), unless `with_rewards` is
    False (the packaged data, read before the rules that declare them)."""

    def __init__(
        self, source: gamedata.Source | str = DATA_DIR, problems: list | None = None, with_rewards: bool = True
    ) -> None:
        if isinstance(source, str):  # a folder holding every file
            source = gamedata.packaged(FILES, source)
        self.source = source
        self.placeholder_list: list[tuple[str, str, str]] = []
        self.provenance: dict[str, str] = {}
        self.reward_lists: dict[str, list[tuple[str, list]]] = {}  # file -> (entry, list of rewards)
        for name in FILES:
            try:
                self._load(name, self.source.paths[name])
            except DataError as e:
                if problems is None:
                    raise
                problems.append(str(e))
                try:
                    self._load(name, os.path.join(DATA_DIR, name))
                except DataError:  # refers to a broken file before it: cannot go on
                    return
        for file, entry, why, holds in RULEBOOK:
            if not holds(self):
                err = DataError(f"anunnaki data {file}: entry {entry}: {why}")
                if problems is None:
                    raise err
                problems.append(str(err))
        if with_rewards:
            self.check_rewards(problems)

    def check_rewards(self, problems: list | None = None) -> None:
        """Every list of rewards names declared rewards (`rewards.DECLARED`)
        with the arguments they take; a mistake is a `DataError` naming file
        and entry (with a `problems` list, reported there)."""
        if not rewards.DECLARED:
            raise RuntimeError("the rewards are declared by the rules: import meeple.games.anunnaki.state first")
        for name, lists in self.reward_lists.items():
            ctx = _Ctx(name)
            for entry, eff in lists:
                try:
                    ctx.rewards(eff, entry, rewards.DECLARED)
                except DataError as e:
                    if problems is None:
                        raise
                    problems.append(str(e))

    def _load(self, name: str, path: str) -> None:
        ctx = _Ctx(name)
        doc = _read(path, ctx)
        if not isinstance(doc, dict):
            ctx.fail("(file)", "must be a JSON object")
        try:
            getattr(self, "_" + name[: -len(".json")])(doc, ctx)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as e:
            raise DataError(f"anunnaki data {ctx.file}: malformed ({type(e).__name__}: {e})") from None
        self.placeholder_list = [p for p in self.placeholder_list if p[0] != name] + ctx.placeholders
        self.reward_lists[name] = ctx.reward_lists

    # ---------------------------------------------------------------- files
    def _setup(self, d, c):
        c.prov(d, "setup")
        self.setup = d
        for r in d["resources"]:
            c.res(r, "resources")
        for k in (
            "mana",
            "followers",
            "capital_followers",
            "shrine_follower",
            "settlements",
            "cubes",
            "minor_draw",
            "minor_keep",
            "display",
            "contracts_neutral",
            "contracts_per_house",
            "artifacts_used",
        ):
            c.count(d[k], k, k)
        rules = d["rules"]
        c.prov(rules, "rules")
        self.strength = rules["unit_strength"]
        self.mana_actions = rules["mana_actions"]
        for k, v in self.mana_actions.items():
            for r, n in v.items():
                if r not in ("mana", "draw", "gain"):
                    c.res(r, f"mana_actions.{k}")
                c.count(n, f"mana_actions.{k}", r)
        self.rules = rules

    def _houses(self, d, c):
        self.houses = {}
        for h in d["houses"]:
            hid = h.get("id")
            c.prov(h, hid)
            c.res(h["capital_resource"], hid)
            c.need(len(h["minor_gods"]) == 7, hid, "needs 7 minor gods")
            c.need(len(h["basic_weapons"]) + len(h["advanced_weapons"]) == 9, hid, "needs 9 weapons")
            self.houses[hid] = h
        c.need(len(self.houses) == 4, "(file)", "needs the four houses")
        self.house_ids = tuple(self.houses)

    def _gods(self, d, c):
        self.minor = {}
        for g in d["minor"]:
            gid = g.get("id")
            c.prov(g, gid)
            c.need(g["house"] in self.houses, gid, f"unknown house {g['house']!r}")
            c.need(g["effect"] in GOD_EFFECTS, gid, f"unknown effect {g['effect']!r}")
            c.prov(g["summon"], f"{gid}.summon")
            c.need(g["summon"]["track"] in TRACKS + ("dom",), gid, "unknown summon track")
            c.count(g["summon"]["steps"], gid, "summon steps", 1)
            self.minor[gid] = g
        for h in self.houses.values():
            for g in h["minor_gods"]:
                c.need(g in self.minor and self.minor[g]["house"] == h["id"], g, f"minor god of {h['id']} not defined")
        self.major = {}
        for g in d["major"]:
            c.prov(g, g.get("id"))
            c.need(g["basic"] in MAJOR_POWERS and g["upgraded"] in MAJOR_POWERS, g["id"], "unknown power")
            self.major[g["house"]] = g

    def _weapons(self, d, c):
        self.weapons = {}
        for w in d["weapons"]:
            wid = w.get("id")
            c.prov(w, wid)
            c.need(w["kind"] in ("basic", "advanced"), wid, "kind must be basic or advanced")
            c.count(w["strength"], wid, "strength")
            w["cost"] = c.cost(w["cost"], wid)
            c.need(w["effect"] in WEAPON_EFFECTS, wid, f"unknown effect {w['effect']!r}")
            c.effects(w["win"], wid)
            self.weapons[wid] = w
        for h in self.houses.values():
            for wid in h["basic_weapons"] + h["advanced_weapons"]:
                c.need(wid in self.weapons, h["id"], f"unknown weapon {wid!r}")

    def _star(self, d, c):
        c.prov(d, "star")
        pos = d["positions"]
        c.need(len(pos) == 10, "positions", "needs 10 tile positions")
        pidx = {p: i for i, p in enumerate(pos)}
        self.spaces = []
        self.adj: list[dict[int, int]] = [dict() for _ in pos]  # position -> {position: space}
        sidx = {}
        for i, s in enumerate(d["spaces"]):
            c.prov(s, s.get("id"))
            a, b = s["ends"]
            c.need(a in pidx and b in pidx and a != b, s["id"], f"unknown ends {s['ends']}")
            c.count(s["mana"], s["id"], "mana")
            self.spaces.append((pidx[a], pidx[b], s["mana"]))
            self.adj[pidx[a]][pidx[b]] = i
            self.adj[pidx[b]][pidx[a]] = i
            sidx[s["id"]] = i
        self.minor_tokens = []
        for t in d["minor_tokens"]:
            c.prov(t, t.get("id"))
            self.minor_tokens.append(tuple(sidx[x] for x in t["spaces"]))
        c.prov(d["major_token"], "major_token")
        self.major_token = tuple(sidx[x] for x in d["major_token"]["spaces"])

    def _tiles(self, d, c):
        self.tiles = {}
        for t in d["tiles"]:
            n = t.get("n")
            c.prov(t, n)
            c.need(t["action"] in ACTIONS, n, f"unknown action {t['action']!r}")
            c.need(t["color"] in ("red", "blue"), n, "colour must be red or blue")
            c.count(t["basic"], n, "basic")
            c.count(t["developed"], n, "developed")
            self.tiles[n] = t
        c.need(sorted(self.tiles) == list(range(1, 11)), "(file)", "tiles must be numbered 1-10")

    def _tracks(self, d, c):
        dev = d["development"]
        c.prov(dev, "development")
        self.multipliers = [c.count(m, "development", "multiplier") for m in dev["multipliers"]]
        dom = d["domination"]
        c.prov(dom, "domination")
        self.dom_start = dom["start"]
        self.dom_vp = {}
        for s in dom["spaces"]:
            self.dom_vp[s["pos"]] = s["vp"]
        self.dom_min, self.dom_max = min(self.dom_vp), max(self.dom_vp)
        c.need(self.dom_start == self.dom_min, "domination", "start must be the first space")
        c.need(
            sorted(self.dom_vp) == list(range(self.dom_min, self.dom_max + 1)),
            "domination",
            "spaces must be consecutive",
        )
        self.dom_tokens = list(dom["tokens"])
        for t in self.dom_tokens:
            c.need(t in self.dom_vp, "domination", f"token space {t} off the track")
        self.lightning = dom["lightning"]
        inc = d["income"]
        c.prov(inc, "income")
        self.income = inc["levels"]
        for i, lv in enumerate(self.income):
            c.count(lv["followers"], f"income.{i}", "followers")
            c.count(lv["vp"], f"income.{i}", "vp")
        c.prov(d["final"], "final")
        self.final = d["final"]
        c.prov(d["destiny"], "destiny")
        self.destiny_vp = d["destiny"]["vp_by_multiplier"]

    def _objectives(self, d, c):
        self.objectives = {}
        for o in d["objectives"]:
            c.prov(o, o.get("id"))
            c.need(o["id"] in OBJECTIVES, o["id"], "unknown objective")
            c.count(o["divisor"], o["id"], "divisor", 1)
            self.objectives[o["id"]] = o

    def _board(self, b, c, name, atl_ok):
        hexes = b["hexes"]
        seen, coords = {}, {}
        for h in hexes:
            hid = h.get("id")
            c.need(isinstance(hid, str) and hid not in seen, f"{name}:{hid}", "hex ids must be unique text")
            for r in h["res"]:
                c.res(r, f"{name}:{hid}")
            c.count(h["icons"], f"{name}:{hid}", "icons")
            c.count(h["shrines"], f"{name}:{hid}", "shrines")
            c.need(h["icons"] <= 3, f"{name}:{hid}", "at most 3 resource icons")
            if h.get("atlantis"):
                c.need(atl_ok, f"{name}:{hid}", "Atlantis only on Gaia")
            else:
                c.need(h["res"] and h["icons"] >= len(h["res"]), f"{name}:{hid}", "a region needs a resource")
            seen[hid] = h
            coords[(h["q"], h["r"])] = hid
        nb = {}
        for h in hexes:
            nb[h["id"]] = [
                coords[(h["q"] + dq, h["r"] + dr)] for dq, dr in DIRS if (h["q"] + dq, h["r"] + dr) in coords
            ]
            c.need(nb[h["id"]], f"{name}:{h['id']}", "a hex with no neighbours")
        for tri in b["culture"]:
            c.need(len(tri) == 3 and all(t in seen for t in tri), f"{name}:culture {tri}", "unknown hexes")
            a, bb, cc = tri
            c.need(
                bb in nb[a] and cc in nb[a] and cc in nb[bb],
                f"{name}:culture {tri}",
                "a culture spot needs three mutually adjacent hexes",
            )
        return seen, nb

    def _boards(self, d, c):
        self.planets = {}
        self.hex_ids: set[str] = set()
        for p in d["planets"]:
            c.prov(p, p.get("house"))
            c.need(p["house"] in self.houses, p["house"], "unknown house")
            seen, nb = self._board(p, c, p["house"], False)
            caps = [h for h in seen.values() if h.get("capital")]
            c.need(len(caps) == 1, p["house"], "a planet needs exactly one capital")
            c.need(any(h.get("start_follower") for h in seen.values()), p["house"], "needs the shrine start region")
            self.planets[p["house"]] = (p, seen, nb)
            for h in seen:
                c.need(h not in self.hex_ids, h, "hex id used twice")
                self.hex_ids.add(h)
        self.gaia = {}
        for g in d["gaia"]:
            c.prov(g, "gaia " + g.get("side", "?"))
            seen, nb = self._board(g, c, "gaia " + g["side"], True)
            for a, b in g["dotted"]:
                c.need(a in seen and b in seen and b in nb[a], f"gaia {g['side']}:dotted {a}-{b}", "not adjacent hexes")
                c.need(
                    seen[a].get("atlantis") or seen[b].get("atlantis"),
                    f"gaia {g['side']}:dotted {a}-{b}",
                    "a dotted edge must touch Atlantis",
                )
            for n in g["players"]:
                self.gaia[n] = (g, seen, nb)
        for n in range(MIN_PLAYERS, MAX_PLAYERS + 1):
            c.need(n in self.gaia, "gaia", f"no Gaia side for {n} players")

    def _contracts(self, d, c):
        self.contracts = {}
        for k in d["contracts"]:
            cid = k.get("id")
            c.prov(k, cid)
            c.need(k["house"] is None or k["house"] in self.houses, cid, f"unknown house {k['house']!r}")
            k["cost"] = c.cost(k["cost"], cid)
            c.effects(k["middle"], cid)
            c.count(k["bottom"]["vp"], cid, "vp")
            c.count(k["bottom"]["commerce"], cid, "commerce")
            self.contracts[cid] = k

    def _culture(self, d, c):
        self.culture = {}
        for t in d["tokens"]:
            c.prov(t, t.get("id"))
            c.effects(t["benefit"], t["id"])
            self.culture[t["id"]] = t

    def _ancient(self, d, c):
        self.ancient = {}
        for t in d["tiles"]:
            c.prov(t, t.get("id"))
            c.count(t["strength"], t["id"], "strength", 1)
            c.effects(t["reward"], t["id"])
            self.ancient[t["id"]] = t
        c.prov(d["atlantis_god"], "atlantis_god")
        self.atlantis_god = c.count(d["atlantis_god"]["strength"], "atlantis_god", "strength")

    def _artifacts(self, d, c):
        self.artifacts = {}
        for a in d["artifacts"]:
            c.prov(a, a.get("id"))
            c.need(a["id"] in ARTIFACTS, a["id"], "unknown artifact")
            self.artifacts[a["id"]] = a
        c.prov(d["underworld"], "underworld")
        self.underworld = d["underworld"]

    def placeholders(self) -> list[tuple[str, str, str]]:
        return list(self.placeholder_list)


def _count(d: Data, kind) -> int:
    return sum(1 for k in d.contracts.values() if (k["house"] is None) == (kind is None))


# Counts the rulebook prints (seed 003 components list, digest data/anunnaki.md):
# (file, entry, what the rulebook says, check). A box owner's files must keep them.
RULEBOOK = (
    ("setup.json", "cubes", "the rulebook has 14 summoning cubes", lambda d: d.setup["cubes"] == 14),
    ("setup.json", "followers", "the rulebook has 12 followers per player", lambda d: d.setup["followers"] == 12),
    ("star.json", "spaces", "the action star has 15 line spaces for the 14 cubes", lambda d: len(d.spaces) == 15),
    ("contracts.json", "(file)", "the rulebook has 36 commerce contracts", lambda d: len(d.contracts) == 36),
    ("contracts.json", "(file)", "12 contracts are neutral (no house)", lambda d: _count(d, None) == 12),
    (
        "contracts.json",
        "(file)",
        "each house has 6 contracts",
        lambda d: all(sum(1 for k in d.contracts.values() if k["house"] == h) == 6 for h in d.houses),
    ),
    (
        "setup.json",
        "contracts_neutral",
        "must match the 12 neutral contracts",
        lambda d: d.setup["contracts_neutral"] == _count(d, None),
    ),
    ("culture.json", "(file)", "the rulebook has 20 culture tokens", lambda d: len(d.culture) == 20),
    ("ancient.json", "(file)", "the rulebook has 12 ancient civilisation tiles", lambda d: len(d.ancient) == 12),
    (
        "ancient.json",
        "(file)",
        "ancient tiles have strength 3 to 5",
        lambda d: all(3 <= t["strength"] <= 5 for t in d.ancient.values()),
    ),
    ("artifacts.json", "(file)", "the rulebook has 6 artifacts", lambda d: len(d.artifacts) == 6),
)


def check(folder: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """(one line per problem, placeholders still in use) for a box owner's folder."""
    try:
        src = gamedata.source("anunnaki", FILES, DATA_DIR, folder=folder)
    except GameError as e:
        return [str(e)], []
    problems: list[str] = []
    d = Data(src, problems)
    return problems, d.placeholders()


# the data the game plays with: its rewards are checked once the rules declaring
# them are read (state.py), as they need this data themselves
DATA = Data(gamedata.register("anunnaki", gamedata.source("anunnaki", FILES, DATA_DIR)), with_rewards=False)
