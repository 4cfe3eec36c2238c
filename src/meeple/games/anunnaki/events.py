"""Every event Anunnaki logs, declared once with its words (`meeple.core.events`).

The rules log `(kind, seat, detail, private_to)`; each declaration names the
detail's fields, which of them only one seat may read (a weapon drawn, a
forced answer) and the English sentence with named values. The page's log,
replays and the terminal say an event from here. Gods, weapons, regions,
resources, actions and artifacts are terms with their glossary keys; their
English is the presenter's (`present`).
"""

from __future__ import annotations

from meeple.core.events import Event, Events, Items, Pronoun, Seat, Term
from meeple.games.anunnaki import present as P
from meeple.games.anunnaki.data import DATA


def god(g) -> Term:
    return Term(f"anunnaki.god.{g}", P.nice(g))


def weapon(w) -> Term:
    return Term(f"anunnaki.weapon.{w}", P.nice(w))


def region(h) -> Term:
    return Term(f"anunnaki.region.{h}", P.region_name(h))


def resource(r) -> Term:
    return Term(f"anunnaki.resource.{r}", str(r))


def contract(c) -> Term:
    return Term(f"anunnaki.contract.{c}", P.contract_title(c))


def culture(tok) -> Term:
    return Term(f"anunnaki.culture.{tok}", P._culture(tok))


def tile(t, developed: bool = False) -> Term:
    return Term(f"anunnaki.tile_text.{t}" + (".developed" if developed else ""), P.tile_text(t, developed))


# ---------------------------------------------------------------- words
def _forced(v):
    kind, move, tiles = v["decision"], v["answer"], v["tiles"]
    prompt = Term(f"anunnaki.prompt.{kind}", P.PROMPT.get(kind, P.nice(kind)))
    if move == "pass":
        return "passed", {"prompt": prompt, "them": Pronoun(v["seat"])}
    return None, {"prompt": prompt, "answer": P._move_words(kind, move, *tiles)}


def _vp(v):
    why = P.VP_WHY.get(v["source"], "")
    if not why:
        return None, {"vp": v["vp"]}
    return "why", {"vp": v["vp"], "why": Term(f"anunnaki.vp_why.{v['source']}", why)}


def _end_trigger(v):
    if v["trigger"] == "cubes":
        return "cubes", {}
    track = "domination" if v["trigger"] == "dom" else v["trigger"]
    return "track", {"track": Term(f"anunnaki.track.{v['trigger']}", track)}


def _action(v):
    dev = str(v["action"]).endswith("+")
    act = str(v["action"]).rstrip("+")
    return ("developed" if dev else None), {"action": Term(f"anunnaki.action.{act}", P.ACTION_NAME.get(act, act))}


def _move(v):
    path = str(v["path"])
    unit = EVENTS.phrase("unit.settlement" if path.startswith("settlement ") else "unit")
    src, _, dst = path.removeprefix("settlement ").partition(">")
    return {"unit": unit, "source": region(src), "target": region(dst)}


def _reveal(v):
    parts = tuple(
        EVENTS.phrase("weapons", seat=Seat(int(s)), weapons=Items(tuple(weapon(w) for w in ws), "anunnaki.sep.plus"))
        for s, ws in sorted(v["weapons"].items())
    )
    return ("none", {}) if not parts else (None, {"parts": Items(parts, "anunnaki.sep.semicolon")})


def _strength_words(parts) -> Items:
    """A battle strength by its parts (battle.battle_parts): "units 3, Long shield +1"."""
    said = []
    for what, n in parts:
        if what in P._PART:  # its English: present._PART, with the value signed or not
            shown = f"{n:+d}" if "{:+d}" in P._PART[what] else str(n)
            said.append(EVENTS.phrase(f"strength.{what}", value=shown))
        else:
            said.append(
                EVENTS.phrase("strength.other", what=Term(f"anunnaki.strength.{what}", P.nice(what)), value=f"{n:+d}")
            )
    return Items(tuple(said))


def _strength(v):
    b = v["battle"]
    att, dfn = b["parts"]
    a, d = sum(n for _, n in att), sum(n for _, n in dfn)
    them = Seat(b["def"]) if b["def"] is not None else EVENTS.phrase("guardian")
    values = {
        "region": region(b["hex"]),
        "attack": a,
        "attack_parts": _strength_words(att),
        "them": them,
        "defence": d,
        "defence_parts": _strength_words(dfn),
    }
    return ("tie" if a == d else None), values


def _end(v):
    d = v["result"]
    scores = tuple(EVENTS.phrase("score", seat=Seat(s), vp=n) for s, n in enumerate(d.get("vp", [])))
    return {"scores": Items(scores), "winners": Items(tuple(Seat(s) for s in d.get("winners", [])))}


def _region_only(text: str, name: str = "region") -> Event:
    return Event(name, ("region",), text, words=lambda v: {"region": region(v["region"])})


_MOVE = "{seat} %s {unit} from {source} to {target}"

EVENTS: Events = Events(
    "anunnaki",
    [
        Event(
            "forced",
            ("decision", "answer", "tiles"),
            {
                None: "Done for {seat}, the only possible answer to “{prompt}”: {answer}",
                "passed": "{seat} has nothing to do at “{prompt}”: passed for {them}",
            },
            secret=("decision", "answer", "tiles"),
            hidden="{seat} had a single possible answer: it is taken for them",
            words=_forced,
            rest=True,
        ),
        Event(
            "vp", ("vp", "source"), {None: "{seat} scores {vp} VP", "why": "{seat} scores {vp} VP ({why})"}, words=_vp
        ),
        Event(
            "gain_res",
            ("resource",),
            "{seat} gains 1 {resource}",
            words=lambda v: {"resource": resource(v["resource"])},
        ),
        Event(
            "creation",
            ("unit", "count"),
            "{seat} creates {count} {unit}",
            words=lambda v: {"count": v["count"], "unit": Term(f"anunnaki.created.{v['unit']}", str(v["unit"]))},
        ),
        Event(
            "pay_res", ("resource",), "{seat} pays 1 {resource}", words=lambda v: {"resource": resource(v["resource"])}
        ),
        Event(
            "exhaust",
            ("region", "what"),
            "The {what} of {region} is exhausted",
            words=lambda v: {
                "region": region(v["region"]),
                "what": Term(f"anunnaki.exhausted.{v['what']}", str(v["what"])),
            },
        ),
        _region_only("{seat} places a follower in {region}", "follower"),
        Event(
            "follower_back",
            ("source", "target"),
            {
                None: "{seat} moves a follower from {source} to {target}",
                "home": "{seat} takes a follower back from {source}",
            },
            words=lambda v: (
                (None, {"source": region(v["source"]), "target": region(v["target"])})
                if v["target"]
                else ("home", {"source": region(v["source"])})
            ),
        ),
        Event(
            "market",
            ("paid", "first", "second"),
            {
                None: "{seat} takes 1 {first} and 1 {second} at the market",
                "trade": "{seat} trades at the market: 1 {paid} for 1 {first} and 1 {second}",
            },
            words=lambda v: (
                "trade" if v["paid"] else None,
                {"first": resource(v["first"]), "second": resource(v["second"])}
                | ({"paid": resource(v["paid"])} if v["paid"] else {}),
            ),
        ),
        Event("discard_god", ("god",), "{seat} discards the god {god}", words=lambda v: {"god": god(v["god"])}),
        Event(
            "main",
            ("tile",),
            "{seat} moves the pawn to tile {tile} ({text})",
            words=lambda v: {"tile": v["tile"], "text": tile(v["tile"])},
        ),
        Event(
            "cube",
            ("space", "tiles"),
            "{seat} places a cube on {space}",
            words=lambda v: {"space": P.space_words(v["tiles"], DATA.spaces[v["space"]][2])},
            rest=True,
        ),
        Event(
            "end_trigger",
            ("trigger",),
            {
                "cubes": "{seat} placed the last cube: the end is triggered; the round is played out (the last turn"
                " is the player's before the first player's), then the game ends",
                "track": "{seat} reached the end of the {track} track: the end is triggered; the round is played out"
                " (the last turn is the player's before the first player's), then the game ends",
            },
            words=_end_trigger,
        ),
        Event(
            "action",
            ("action",),
            {None: "{seat} takes the {action} action", "developed": "{seat} takes the {action} action (developed)"},
            words=_action,
        ),
        Event("move", ("path",), _MOVE % "moves", words=_move),
        Event("portal", ("path",), _MOVE % "teleports", words=_move),
        Event("anu", ("path",), _MOVE % "moves (Anu)", words=_move),
        Event("carry", ("path",), _MOVE % "carries", words=_move),
        Event(
            "culture_up",
            ("token",),
            "A culture token is turned up: {culture}",
            words=lambda v: {"culture": culture(v["token"])},
        ),
        Event(
            "culture",
            ("token",),
            "Culture token resolved ({culture}), starting with {seat}",
            words=lambda v: {"culture": culture(v["token"])},
        ),
        Event(
            "culture_declined",
            ("token",),
            "{seat} forfeits the benefit of the culture token ({culture})",
            words=lambda v: {"culture": culture(v["token"])},
        ),
        _region_only("{seat} harvests {region}", "harvest"),
        Event("dom_token", ("space",), "{seat} takes the domination token at {space} on the domination track: +2 VP"),
        _region_only("{seat} builds a settlement in {region}", "settle"),
        Event(
            "contract",
            ("contract",),
            "{seat} takes the contract {contract}",
            words=lambda v: {"contract": contract(v["contract"])},
        ),
        Event(
            "weapon",
            ("weapon",),
            {None: "{seat} draws the advanced weapon {weapon}", "unnamed": "{seat} draws an advanced weapon"},
            secret=("weapon",),
            hidden="{seat} draws an advanced weapon",
            words=lambda v: (None, {"weapon": weapon(v["weapon"])}) if v["weapon"] else ("unnamed", {}),
        ),
        Event(
            "develop",
            ("tile",),
            "{seat} develops tile {tile} ({text})",
            words=lambda v: {"tile": v["tile"], "text": tile(v["tile"], True)},
        ),
        Event(
            "artifact",
            ("artifact",),
            {None: "{seat} takes the artifact {artifact}", "mirror": "{seat} takes or uses the Mirror"},
            words=lambda v: (
                ("mirror", {})
                if v["artifact"] == "mirror"
                else (
                    None,
                    {
                        "artifact": Term(
                            f"anunnaki.artifact.{v['artifact']}",
                            P.ARTIFACT_NAME.get(v["artifact"], P.nice(str(v["artifact"]))),
                        )
                    },
                )
            ),
        ),
        Event(
            "mana",
            ("use",),
            "{seat} uses mana: {use}",
            words=lambda v: {"use": Term(f"anunnaki.mana.{v['use']}", P.MANA_TEXT.get(v["use"], v["use"]))},
        ),
        Event(
            "summon",
            ("god",),
            {None: "{seat} summons the god {god}", "major": "{seat} summons their major god"},
            words=lambda v: ("major", {}) if v["god"] == "major" else (None, {"god": god(v["god"])}),
        ),
        Event(
            "fulfil",
            ("contract",),
            "{seat} fulfils the contract {contract}",
            words=lambda v: {"contract": contract(v["contract"])},
        ),
        Event(
            "pandora",
            ("token",),
            "{seat} takes Pandora's {token} token",
            words=lambda v: {"token": Term(f"anunnaki.pandora.{v['token']}", str(v["token"]))},
        ),
        _region_only("{seat} starts a battle in {region}", "battle"),
        Event("reveal", ("weapons",), {None: "Weapons revealed — {parts}", "none": "Weapons revealed"}, words=_reveal),
        Event(
            "strength",
            ("battle",),
            {
                None: "Battle strength in {region}: {seat} {attack} ({attack_parts}) against {them} {defence}"
                " ({defence_parts})",
                "tie": "Battle strength in {region}: {seat} {attack} ({attack_parts}) against {them} {defence}"
                " ({defence_parts}): a tie goes to the attacker",
            },
            words=_strength,
        ),
        Event("helmet_win", (), "{seat}'s viking helmet wins the battle"),
        Event(
            "battle_won",
            ("region",),
            {None: "{seat} wins the battle in {region}", "guardian": "The ancient guardian holds {region}"},
            words=lambda v: (
                None if isinstance(v["seat"], int) and v["seat"] >= 0 else "guardian",
                {"region": region(v["region"])},
            ),
        ),
        Event("turn", ("turn",), "{seat}'s turn begins (their turn {turn})"),
        Event(
            "steal",
            ("other", "resource"),
            "{seat} steals 1 {resource} from {other}",
            words=lambda v: {"other": Seat(v["other"]), "resource": resource(v["resource"])},
        ),
        Event(
            "culture_taken",
            ("token", "times"),
            {
                None: "{seat} takes the benefit of the culture token: {culture}",
                "twice": "{seat} takes the benefit of the culture token: {culture} (twice: Zeus)",
            },
            words=lambda v: ("twice" if v["times"] > 1 else None, {"culture": culture(v["token"])}),
        ),
        Event(
            "reward",
            ("half", "effects"),
            {
                None: "{seat} takes the reward: {effects}",
                "half": "{seat} takes the {half} reward of the contract: {effects}",
            },
            words=lambda v: (
                "half" if v["half"] else None,
                {"effects": P.effects_text(v["effects"])}
                | ({"half": Term(f"anunnaki.half.{v['half']}", str(v["half"]))} if v["half"] else {}),
            ),
        ),
        _region_only("{seat} removes a follower from {region}", "follower_lost"),
        Event(
            "loki",
            ("weapon",),
            "{seat} keeps the {weapon} (Loki); their other weapon goes back to their hand",
            words=lambda v: {"weapon": weapon(v["weapon"])},
        ),
        Event(
            "helmet",
            ("weapon",),
            "{seat} plays a second weapon with the Viking helmet: {weapon}",
            words=lambda v: {"weapon": weapon(v["weapon"])},
        ),
        Event(
            "composite",
            ("weapon",),
            "{seat} adds the {weapon} with the Composite bow",
            words=lambda v: {"weapon": weapon(v["weapon"])},
        ),
        Event("end", ("result",), "The game ends: {scores}. Winner: {winners}", words=_end),
    ],
    phrases={
        "unit": "a unit",
        "unit.settlement": "a settlement",
        "weapons": "{seat}: {weapons}",
        "guardian": "the ancient guardian",
        "score": "{seat} {vp} VP",
        "strength.other": "{what} {value}",
        "sep.plus": " + ",
        "sep.semicolon": "; ",
    }
    | {f"strength.{what}": text.replace("{:+d}", "{value}").replace("{}", "{value}") for what, text in P._PART.items()},
)
