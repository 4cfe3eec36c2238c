"""The Old King's Crown as a person is shown it: the decision to answer, the
log in words, the clash results and the ranking (the server's presenter).

Everything that leaves the server for a seat or a spectator goes through
`meeple.games.okc.view.view` (the state) and the functions here (the rest);
each takes the viewer and drops what that viewer may not see. At a
simultaneous decision (bids, face-down cards, jousts, the advanced setup)
everybody learns who has already chosen, never what.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping

from meeple.core.flow import unnamed
from meeple.core.present import decision as _decision
from meeple.core.present import moves_for_seat, places, ties
from meeple.core.spec import events_of
from meeple.games.okc import actions as A
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.rules import RULES


class _Prompts(Mapping):
    """Each decision's question, read from its declaration when asked (a
    module that declares decisions may be imported after this one)."""

    def __getitem__(self, kind: str) -> str:
        return RULES.decisions[kind].prompt

    def __iter__(self) -> Iterator[str]:
        return iter(RULES.decisions)

    def __len__(self) -> int:
        return len(RULES.decisions)


PROMPTS: Mapping[str, str] = _Prompts()

VERBS = {
    "bid": "Bid",
    "joust": "Joust with",
    "herald": "Herald to",
    "take": "Take",
    "steal": "Steal",
    "back": "Take the bid card back",
    "space": "Kingdom card space",
    "supporter": "Supporter to",
    "favour": "Use the Favour",
    "kingdom": "Use kingdom card",
    "use": "Use",
    "tactic": "Tactic",
    "deploy": "Deploy",
    "done": "Done",
    "pass": "Pass",
    "to-hand": "Take it to your hand",
    "to-deck-bottom": "Put it at the bottom of your deck",
    "leave": "Leave it there",
    "clash": "Clash in",
    "ambush": "Ambush with",
    "retreat": "Retreat",
    "flank": "Flank with",
    "hide": "Hide",
    "return": "Return",
    "to": "To",
    "claim": "Claim",
    "discard": "Discard",
    "govern": "Govern",
    "journey": "Journey",
    "bottom": "Put at the bottom",
    "council": "Council of",
    "draw": "Draw",
    "rally": "Rally",
    "secrets": "Council of Secrets",
    "oaths": "Council of Oaths",
    "token": "Token on",
    "buy": "Buy",
    "lock": "Lock",
    "give": "Give to",
    "occupy": "Occupy with",
    "revive": "Revive",
    "pick": "Pick",
    "swap": "Swap",
    "with": "With",
    "lose": "Lose",
    "look": "Look at",
    "choose": "Choose",
    "influence": "Influence",
    "lore": "Lore",
    "at": "At",
    "seat": "Seat",
    "borrow-favour": "Borrow the Favour",
    "region-govern": "Govern from the region",
    "copy": "Copy",
    "top": "Deck top",
    "match-strength": "Match a strength",
    "match-archetype": "Match an archetype",
    "discard-it": "Discard it",
    "ambush-from-discard": "Ambush from the discard",
    "herald-move": "Move the Herald",
    "resolve": "Resolve the reward of",
    "site": "Onto the Site of Power",
    "supply": "Into the supply",
    "empty": "No card in",
}


# ---------------------------------------------------------------- cards
def card_info(name: str) -> dict:
    """A faction card's printed information (strength, archetype, traits,
    commands, votes, lore, cost, text)."""
    g = C.CARD_BY_NAME[name]
    return {
        "name": name,
        "strength": C.STR[g],
        "archetype": C.ARCH[g],
        "traits": [t for t, b in D.TRAITS.items() if C.TRAITS[g] & b],
        "commands": [c for c, b in D.COMMANDS.items() if C.CMDS[g] & b],
        "votes": C.VOTES[g],
        "lore": C.LORE[g],
        "cost": C.COST[g],
        "kind": C.KIND[g],
        "text": _SITE_TEXT.get(name, ""),
    }


def _site_texts() -> dict:
    """The faction cards' texts in words (data.EFFECT_WORDS, beside the cards)."""
    return {C.NAME[g]: D.EFFECT_WORDS[e] for g, e in enumerate(C.EFFECT) if e}


_SITE_TEXT = _site_texts()


def _card_name(seat_faction: str, word: str) -> str | None:
    full = word if ":" in word else f"{seat_faction}:{word}"
    return full if full in C.CARD_BY_NAME else None


def label(move: str, faction: str) -> dict:
    """A move's words for a button, and the faction card or kingdom card it names."""
    words = unnamed(move).split()  # (without the seat a simultaneous move names)
    verb, args = words[0], words[1:]
    out = {"move": move, "verb": verb}
    shown = []
    for w in args:
        card = _card_name(faction, w)
        if card is not None:
            out["card"] = card
            out["name"] = _card(card)
            shown.append(out["name"])
        elif w in C.KCARD_BY_NAME:
            out["kingdom"] = w
            out["name"] = f"kingdom card {_kname(w)}"
            shown.append(out["name"])
        elif w in D.REGIONS or w in D.LOCATIONS or w in D.COUNCILS:
            out["place"] = w
            shown.append(w.replace("-", " ").capitalize())
        else:
            shown.append(w)
    if verb == "space":
        shown = [str(int(args[0]) + 1)] if args and args[0].isdigit() else shown
    if verb == "tactic" and args:
        shown = [f"tile {args[0]}"]
        out["name"] = f"tactic {args[0]}"
    label = VERBS.get(verb, verb.capitalize())
    if label.endswith("kingdom card") and shown[:1] and shown[0].startswith("kingdom card "):
        shown[0] = shown[0].removeprefix("kingdom card ")
    if verb == "supporter" and args == ["lost"]:
        label, shown = "Supporter from the lost pile", []
    elif verb == "supporter" and args == ["board"]:
        label, shown = "Supporter to the board", []
    elif verb == "favour" and args == ["heirs"]:
        label, shown = "Use the Favour (heirs Invulnerable)", []
    out["label"] = " ".join([label] + shown)
    return out


def card_text(name: str) -> str:
    """A faction card in words: name and faction, strength, archetype, traits,
    commands, votes, lore, cost (a Site card) and its effect."""
    i = card_info(name)
    bits = [f"strength {i['strength']}", i["archetype"]]
    bits += [t.capitalize() for t in i["traits"]] + [c.replace("-", " ").capitalize() for c in i["commands"]]
    bits += [f"{i['votes']} vote{'s' if i['votes'] != 1 else ''}", f"{i['lore']} lore"]
    if i["kind"] != "basic":
        bits.append(f"Site card, costs {i['cost']} lore")
    return f"{_card(name)}: " + ", ".join(bits) + (f" — {i['text']}" if i["text"] else "")


def info(name: str, faction: str | None = None) -> str | None:
    """What `name` is and does, or None: a faction card (its id, its local
    name for `faction`, or its title), a kingdom card, "tactic N" or
    "<faction> tactic N", "favour" or "<faction> favour"."""
    key = " ".join(name.lower().replace("_", " ").split())
    titles = {t.lower(): n for n, t in CARD_TITLE.items()}
    full = key if key in C.CARD_BY_NAME else (f"{faction}:{key.replace(' ', '-')}" if faction else None)
    if full in C.CARD_BY_NAME:
        return card_text(full)
    if faction and f"{faction} {key}" in titles:  # one's own card without its faction
        key = f"{faction} {key}"
    if key in titles:
        return card_text(titles[key])
    knames = {_kname(k).lower(): k for k in C.KCARD_BY_NAME}
    key = knames.get(key.removeprefix("kingdom card "), key)
    if key in C.KCARD_BY_NAME:
        text = _kingdom(key)
        return text[0].upper() + text[1:]
    words = key.split()
    fac = words[0] if words and words[0] in D.FACTIONS else faction
    rest = words[1:] if words and words[0] in D.FACTIONS else words
    if fac and rest and rest[0] == "tactic" and len(rest) == 2 and rest[1].isdigit():
        n = int(rest[1])
        if 1 <= n <= len(D.TACTICS[fac]):
            timing, uses, text = D.TACTICS[fac][n - 1]
            return f"{fac.capitalize()} tactic {n} ({timing}, {uses} use{'s' if uses > 1 else ''}): {text}"
    if fac and rest == ["favour"]:
        return f"{fac.capitalize()} Favour action: {D.FAVOUR_TEXT[fac]}"
    place = key.replace(" ", "-")
    if place in D.LOCATIONS:
        return f"{_place(place)} (a location of the {_place(D.REGIONS[D.LOCATIONS.index(place) // 2])}): " + (
            location_text(place)
        )
    return None


def location_text(place: str) -> str:
    """What claiming a location gives: the Herald's reward, then the
    location's influence and its printed extra."""
    loc = D.LOCATIONS.index(place)
    n = D.LOCATION_INFLUENCE[loc]
    extra = D.LOCATION_TEXT[loc]
    reward = f"claimed by a clash winner: {n} influence" + (f", then {extra}" if extra else "")
    return f"{reward}; if your Herald stands here when you claim it: +1 influence (+1 per Relics vote) and 1 taken from each other Herald here"


def option_text(option: dict, faction: str) -> str:
    """The effect of what a menu option offers (its card, kingdom card,
    tactic tile or Favour), or ""."""
    if "card" in option:
        return card_text(option["card"]).split(": ", 1)[1]
    if "kingdom" in option:
        return C.KTEXT[C.KCARD_BY_NAME[option["kingdom"]]]
    words = option["move"].split(": ", 1)[-1].split()
    if words[0] == "tactic" and len(words) > 1 and words[1].isdigit():
        return _tactic_text(faction, int(words[1]))
    if words[0] in ("favour", "borrow-favour"):
        return D.FAVOUR_TEXT[faction]
    if option.get("place") in D.LOCATIONS:
        return location_text(option["place"])
    return ""


def space_text(space: dict | None) -> str:
    """What choosing a kingdom card space of one's player board does, by what
    it holds now (the seat's `view` board entry: None or kingdom + occupier)."""
    if not space:
        return "an empty space on your player board: the new kingdom card goes there"
    k, occ = _kname(space["kingdom"]), _card(space["occupier"])
    return f"holds kingdom card {k}, occupied by {occ}: {k} is discarded and {occ} goes back to your hand"


# ---------------------------------------------------------------- decision
def chosen(state) -> list[int]:
    """At a simultaneous decision: the seats that have already chosen (their
    choice stays hidden until the reveal)."""
    kind = state.kind
    if kind == "bid":
        return [s for s in state.order if state.bids[s] is not None]
    if kind == "joust":
        return [s for s in state.order if state.joust[s] is not None]
    if kind == "advanced":
        return [s for s in state.order if state.pick[s]]
    if kind == "facedown":
        return [s for s in state.order if s not in state.dseats]
    return []


_INSTEAD = {
    ("eliminated", "hand"): "intrigue-16: your eliminated card {card} may go to your hand instead of {where}",
    (
        "journey",
        "deck-bottom",
    ): "intrigue-01: {card}, which journeyed, may go to the bottom of your deck instead of {where}",
}


def _instead_prompt(darg) -> str:
    """The question of decision "instead" (kingdom.may_instead), in words."""
    g, where, to, why = darg
    text = _INSTEAD.get((why, to), "{why}: {card}, leaving its council, may go to your hand instead of {where}")
    name = "Clans HQ 1" if why == "clans-hq1" else why
    place = "the lost pile" if where == "lost" else "your discard"
    return text.format(card=_card(C.NAME[g]), where=place, why=name)


def decision_for(state, viewer: int | None) -> dict | None:
    """The pending decision; the viewer's own options only when it must answer.

    Face-down cards are described (hand, regions still to fill, how many cards)
    rather than listed: the page builds `facedown a b c` and the server checks it."""
    out = _decision(state, viewer)
    if out is None:
        return None
    out["prompt"] = PROMPTS.get(out["kind"], out["kind"])
    if out["kind"] == "instead":
        out["prompt"] = _instead_prompt(state.darg)
    if out["kind"] in A.SIMULTANEOUS:
        out["chosen"] = chosen(state)
    if viewer is None or viewer not in out["seats"]:
        return out
    fac = D.FACTIONS[state.factions[viewer]]
    if state.kind == "facedown":
        slots = 3 - state.fd_pos[viewer]
        hand = [C.NAME[g] for g in state.hands[viewer]]
        out["regions"] = list(D.REGIONS[state.fd_pos[viewer] :])
        out["hand"] = hand
        # regions declared empty in turn order take no card ('-'), the others one each
        out["empty"] = [
            r
            for i, r in enumerate(D.REGIONS)
            if i >= state.fd_pos[viewer] and state.darg and state.darg[viewer] >> i & 1
        ]
        out["cards"] = min(len(hand), slots - len(out["empty"]))
        return out
    moves = moves_for_seat(state, viewer)
    out["moves"] = moves
    out["options"] = [dict(o, text=option_text(o, fac)) for o in (label(m, fac) for m in moves)]
    if state.kind == "advanced":
        out["offer"] = [C.KNAME[k] for k in state.offer[viewer]]
    return out


# ------------------------------------------------------------------ events
def _place(x) -> str:
    return str(x).replace("-", " ").capitalize()


def _card_titles() -> dict:
    """Every faction card's name in words: a basic card by its printed name
    ("Nobility captain 8"), a Site of Power card by archetype and strength
    ("Clans cavalry 11"; its effect when two would read alike), an HQ as such."""
    out = {}
    for g in range(C.NCARDS):
        fac, _, local = C.NAME[g].partition(":")
        if C.KIND[g] == "hq":
            title = f"{fac.capitalize()} HQ" + (f" {local[2:]}" if local[2:] else "")
        elif C.KIND[g] == "advanced":
            title = f"{fac.capitalize()} {C.ARCH[g]} {C.STR[g]}"
        else:
            title = f"{fac.capitalize()} {local.replace('-', ' ')}"
        out[C.NAME[g]] = title
    seen: dict = {}
    for name, title in out.items():
        seen.setdefault(title, []).append(name)
    for title, names in seen.items():
        if len(names) > 1:
            for name in names:
                out[name] = f"{title} ({str(C.EFFECT[C.CARD_BY_NAME[name]]).replace('_', ' ')})"
    return out


CARD_TITLE = _card_titles()


def _card(name) -> str:
    if not isinstance(name, str):
        return "a card"
    return CARD_TITLE.get(name, name)


def _kname(k) -> str:
    """A kingdom card's name in words: "trade-01" reads "Trade 1"."""
    suit, _, n = str(k).partition("-")
    return f"{suit.capitalize()} {int(n)}" if n.isdigit() else str(k)


def kingdom_name(k) -> str:
    """A kingdom card as a table shows it: "kingdom card Trade 1"."""
    return f"kingdom card {_kname(k)}"


def _kingdom(k) -> str:
    i = C.KCARD_BY_NAME.get(k)
    return f"kingdom card {_kname(k)}" if i is None else f"kingdom card {_kname(k)} ({C.KTEXT[i]})"


def _tactic_text(faction, tile) -> str:
    tiles = D.TACTICS.get(faction, ())
    return tiles[tile - 1][2] if isinstance(tile, int) and 1 <= tile <= len(tiles) else ""


def describe(ev, seats: list[dict], viewer: int | None, speaker=None) -> dict:
    """One engine event, as the viewer may see it, with a sentence (declared in
    `meeple.games.okc.events`, which names cards and places by this module)."""
    return events_of("okc").describe(ev, seats, viewer, speaker)


def scoring(events, state) -> list[dict]:
    """The clashes so far: round, region, players, strengths and who claimed."""
    out: list[dict] = []
    rnd = 1
    cur = None
    for kind, seat, detail, _ in events:
        if kind == "winter":
            rnd = detail + 1
        elif kind == "clash":
            cur = {"round": rnd, "region": detail[0], "seats": list(detail[1]), "totals": None, "winner": None}
            out.append(cur)
        elif kind == "tally" and cur is not None:
            cur["totals"] = list(detail[1])
        elif kind == "claim" and cur is not None and cur["winner"] is None and cur["totals"] is not None:
            cur["winner"] = seat
        elif kind in ("draw", "reclash") and cur is not None:
            cur["winner"] = -1
    return out


# where influence comes from: the event a gain follows (see final_scoring)
INFLUENCE_SOURCE: dict[str | None, str] = {  # by the event that gave the influence (None: none yet)
    "claim": "Locations won in clashes",
    "secrets": "Council of Secrets",
    "favour": "The Kingdom's Favour",
    "favour-borrowed": "The Kingdom's Favour",
    "tactic": "Tactic tiles",
    "kingdom": "Kingdom cards",
    "take": "Kingdom cards",
    "steal": "Kingdom cards",
    "kingdom-placed": "Kingdom cards",
    "site": "Site of Power cards",
    "buy": "Site of Power cards",
    "copy": "Site of Power cards",
    "journey": "Journeys",
    "govern": "Councils",
    "eliminated": "Eliminations",
}
OTHER_SOURCE = "Other card effects"
SITE_LORE = "Lore on the Site of Power (2 = 1)"
HERALD = "Shared Herald (taken or lost)"


# events that only narrate (a command announced, a card back in hand, a step
# done for a seat): an influence gain after one is credited to what came before
NOT_A_CAUSE = frozenset(
    [
        "lore",
        "forced",
        "round",
        "ambush",
        "retreat",
        "hide",
        "tie-pass",
        "retreat-herald",
        "retreat-supporter",
        "to-hand",
        "flank",
        "flank-supporter",
        "rally",
        "draw-up",
        "road",
        "road-discard",
        "deploy-stays",
        "supporters-stay",
        "kingdom-winter",
        "site-lore-scored",
        "facedown-done",
        "supporter",
        "markers",
        "herald",
        "bid-back",
        "space",
        "token",
        "oaths",
        "shrine",
        "necropolis",
        "relics",
        "discard",
        "gain",
        "recall",
        "to-lost",
        "lock",
        "purge",
        "herald-reward",
        "location-reward",
        "council-call",
        "supporter-move",
        "herald-move",
        "to-council",
        "council-token",
        "council-out",
        "swap-cards",
        "lost-to-deck",
        "hq-tokens",
        "kingdom-acquired",
        "influence-on",
        "bids-shown",
    ]
)


def final_scoring(events, state) -> dict:
    """Influence by source for every seat: each gain is credited to the event
    it follows (a claimed location, a Favour, a tactic...), a shared Herald
    moves 1 from one seat to another, and the Site of Power lore is cashed
    at the end. Rows in a fixed order; `total` is each seat's influence."""
    p = state.players
    rows: dict[str, list[int]] = {}

    def add(source, seat, n):
        rows.setdefault(source, [0] * p)[seat] += n

    cause: str | None = None
    for kind, seat, detail, _ in events:
        if kind == "influence":
            add(INFLUENCE_SOURCE.get(cause, OTHER_SOURCE), seat, detail)
        elif kind == "steal-influence":
            add(HERALD, seat, 1)
            add(HERALD, detail, -1)
        elif kind not in NOT_A_CAUSE:
            cause = kind
    if state.finished:
        for s in range(p):
            if state.site_lore[s] >= 2:
                add(SITE_LORE, s, state.site_lore[s] // 2)
    order = [*dict.fromkeys(INFLUENCE_SOURCE.values()), HERALD, OTHER_SOURCE, SITE_LORE]
    return {"rows": [{"name": k, "values": rows[k]} for k in order if k in rows], "total": list(state.influence)}


def ranking(state) -> list[dict]:
    """Final places: influence; a tie goes to the Favour holder, then to the
    one ahead on the order track (the engine's single winner is first)."""
    p = state.players

    def key(s):
        return (state.influence[s], state.favour == s, -state.order.index(s))

    keys = [key(s) for s in range(p)]
    place = places(keys)
    tied = ties(
        keys,
        [
            ("influence", lambda n: f"{n} influence"),
            ("the Kingdom's Favour", lambda held: "holds it" if held else "does not hold it"),
            ("the order track", lambda pos: f"is number {-pos + 1} on it"),
        ],
    )
    final = final_scoring(state.log(), state)
    parts = [[(r["name"], r["values"][s]) for r in final["rows"] if r["values"][s]] for s in range(p)]
    out = [
        {
            "seat": s,
            "place": place[s],
            "influence": state.influence[s],
            "faction": D.FACTIONS[state.factions[s]],
            "winner": s in state.winners,
            "breakdown": dict(parts[s]),
            "total": f"{state.influence[s]} influence",
            "ties": tied[s],
            "summary": f"{state.influence[s]} influence ({D.FACTIONS[state.factions[s]].capitalize()})"
            + (": " + ", ".join(f"{name} {n:+d}" for name, n in parts[s]) if parts[s] else ""),
        }
        for s in range(p)
    ]
    return sorted(out, key=lambda r: (not r["winner"], r["place"], r["seat"]))


# ------------------------------------------------------------------ lobby
def meta() -> dict:
    """What the lobby and the table need to know of the game (no game state; the
    name, player counts and options come from the spec)."""
    cards = {C.NAME[g]: dict(card_info(C.NAME[g]), title=CARD_TITLE[C.NAME[g]]) for g in range(C.NCARDS)}
    return {
        "levels": ["easy", "medium", "hard", "random", "ismcts:0.5s"],
        "rounds": [D.ROUNDS, *D.SKIRMISH_ROUNDS],
        "factions": list(D.FACTIONS),
        "regions": list(D.REGIONS),
        "locations": list(D.LOCATIONS),
        "location_region": {loc: D.REGIONS[i // 2] for i, loc in enumerate(D.LOCATIONS)},
        "location_influence": dict(zip(D.LOCATIONS, D.LOCATION_INFLUENCE, strict=True)),
        "councils": list(D.COUNCILS),
        "cards": cards,
        "kingdom": {n: t for n, t in zip(C.KNAME, C.KTEXT, strict=True)},
        "kingdom_names": {n: _kname(n) for n in C.KNAME},
        "kingdom_not_implemented": list(D.KINGDOM_NOT_IMPLEMENTED),
        "favour": dict(D.FAVOUR_TEXT),
        "tactics": {f: [{"timing": t, "uses": u, "text": x} for t, u, x in D.TACTICS[f]] for f in D.FACTIONS},
        "prompts": dict(PROMPTS),
    }
