"""Ethnos as a person is shown it: the decision to answer, the log in words,
the age scoring and the ranking (the server's presenter for Ethnos).

Everything that leaves the server for a seat or a spectator goes through
`meeple.games.ethnos.view.view` (the state) and the functions here (the rest);
each one takes the viewer and drops or masks what that viewer may not see.
"""

from __future__ import annotations

from meeple.core.present import decision as _decision
from meeple.core.present import places, seat_name, ties
from meeple.games import glossary
from meeple.games.ethnos import data
from meeple.games.ethnos import state as st
from meeple.games.ethnos.cards import CARD_NAME
from meeple.games.ethnos.events import EVENTS, card

# Each tribe's power as the table shows it beside the tribe (the page's tribe
# list and tap boxes): the glossary's words, declared once in ethnos/rules.json.
TRIBE_HELP = {t: glossary.short("ethnos", f"tribe.{t}") for t in data.TRIBES}


# ---------------------------------------------------------------- decision
# each decision's question in words (the status line and the decision panel)
PROMPTS = {
    "turn": "Recruit a card or play a band",
    "band": "Build the band",
    "centaur": "Centaur: play another band, or pass",
    "keep": "Elf: choose the cards to keep",
    "place": "Choose the kingdom for the band's marker",
    "merfolk": "Merfolk: place a bonus marker",
    "troll": "Troll: take a troll token",
    "wizard": "Wizard: draw cards?",
    "fairy": "Fairy: swap this band?",
    "orc": "Orc horde: cash it or keep it",
}


def decision_for(state, viewer: int | None) -> dict | None:
    """The pending decision; its answers only for the seat that must answer.

    A turn is described (recruitable cards, deck, possible leaders) instead of
    listing every band: the client builds a band by the tribe-or-kingdom rule
    and the server checks the MOVE it sends.
    """
    out = _decision(state, viewer)
    if out is None:
        return out
    out["prompt"] = PROMPTS.get(out["kind"], "Your decision")
    if viewer != out["seat"] or viewer not in out["seats"]:
        return out
    d = state.decision()
    acts = state.legal_actions(viewer)
    if d.kind in ("turn", "centaur"):
        out["recruit"] = sorted({CARD_NAME[a - st.RECRUIT] for a in acts if a < st.DECK})
        out["deck"] = st.DECK in acts
        out["leaders"] = sorted({CARD_NAME[a - st.LEADER] for a in acts if st.LEADER <= a < st.ADD})
        out["pass"] = st.PASS in acts
        out["max_band"] = data.MAX_BAND
    elif d.kind == "keep":
        out["keep_max"] = state.darg
    else:
        out["moves"] = state.legal_moves()
    return out


# ------------------------------------------------------------------ events
def card_words(name: str) -> str:
    """A card as players say it: "Troll of Rhea", "Skeleton", "Dragon" (the
    page's words for the same card)."""
    return EVENTS.english_words(card(name))


def describe(ev, seats: list[dict], viewer: int | None, speaker=None) -> dict:
    """One engine event, as the viewer may see it, with a sentence (declared in
    `meeple.games.ethnos.events`)."""
    return EVENTS.describe(ev, seats, viewer, speaker)


def events_for(state, seats: list[dict], viewer: int | None) -> list[dict]:
    return [describe(ev, seats, viewer) for ev in state.log()]


def scoring(events, state) -> list[dict]:
    """The glory of each age so far: the giant token taken during the age, then
    the age end's board glory, giant, merfolk, orcs and bands (so the ages'
    totals add up to the glory)."""
    p = state.players
    out: list[dict] = []
    age = 0
    cur: dict | None = None
    taken = [0] * p
    for kind, seat, detail, _ in events:
        if kind == "age_start":
            age, taken = detail, [0] * p
        elif kind == "giant":
            taken[seat] += detail
        elif kind == "age_end":
            cur = {
                "age": age,
                "giant_taken": taken,
                "boards": {k: list(v) for k, v in detail.items()},
                "orc": [0] * p,
                "bands": [0] * p,
            }
            out.append(cur)
        elif kind == "orc" and cur is not None:
            cur["orc"][seat] += detail
        elif kind == "bands" and cur is not None:
            cur["bands"] = list(detail)
            cur["total"] = [
                cur["giant_taken"][s] + sum(v[s] for v in cur["boards"].values()) + cur["orc"][s] + cur["bands"][s]
                for s in range(p)
            ]
    return out


def _board_places(counts: list[int], trolls: list[list[int]], slots, players: int, age: int) -> list[dict]:
    """How one kingdom scored at an age's end, by groups of seats that
    placed alike (ages._places, told): each group's seats, markers, troll
    tokens, the glory slots it took and what each seat got."""
    ranked = [seat for seat in range(players) if counts[seat] > 0]
    if not ranked:
        return []
    if players == 2 and age == 2:
        if len(ranked) == 1:
            return [
                {
                    "seats": ranked,
                    "markers": counts[ranked[0]],
                    "trolls": trolls[ranked[0]],
                    "slots": [slots[0], slots[1]],
                    "each": slots[0] + slots[1],
                }
            ]
        values = [slots[1]]
    else:
        values = [slots[i] for i in range(age - 1, -1, -1)]

    def key(seat):
        t = trolls[seat]
        return (counts[seat], sum(t), max(t, default=0))

    ranked.sort(key=key, reverse=True)
    out = []
    pos, i = 0, 0
    while i < len(ranked):
        k0 = key(ranked[i])
        j = i
        while j < len(ranked) and key(ranked[j]) == k0:
            j += 1
        took = values[pos : pos + j - i]
        out.append(
            {
                "seats": ranked[i:j],
                "markers": counts[ranked[i]],
                "trolls": trolls[ranked[i]],
                "slots": took,
                "each": sum(took) // (j - i) if took else 0,
            }
        )
        pos += j - i
        i = j
    return out


def band_glory(cards: list[str]) -> dict:
    """One band at an age's end (ages.age_bands): skeletons leave it first;
    a dwarf-led band counts one card larger; glory by size (data.BAND_GLORY)."""
    kept = [c for c in cards if c != "skeleton"]
    dwarf = bool(kept) and kept[0].split(":")[0] == "dwarf"
    size = len(kept) + dwarf
    top = len(data.BAND_GLORY) - 1
    return {
        "leader": kept[0] if kept else None,
        "cards": kept,
        "skeletons": len(cards) - len(kept),
        "size": size,
        "dwarf": dwarf,
        "glory": data.BAND_GLORY[min(size, top)],
    }


def age_details(events, state) -> list[dict]:
    """Each age's scoring as it happened, for a person to follow: every
    kingdom's placings (markers, troll tokens, slots taken, ties shared) and
    every band (its size after the skeletons left, its glory)."""
    p = state.players
    markers = {k: [0] * p for k in data.KINGDOMS}
    trolls: list[list[int]] = [[] for _ in range(p)]
    bands: list[list[list[str]]] = [[] for _ in range(p)]
    out: list[dict] = []
    age = 0
    cur: dict | None = None
    for kind, seat, detail, _ in events:
        if kind == "age_start":
            age, trolls, bands = detail, [[] for _ in range(p)], [[] for _ in range(p)]
        elif kind == "marker" and detail in markers:
            markers[detail][seat] += 1
        elif kind == "troll":
            trolls[seat].append(detail)
        elif kind == "band":
            bands[seat].append(list(detail))
        elif kind == "swap":  # the fairy band (just played) for another seat's band
            other, j = detail
            fairy = bands[seat].pop()
            bands[seat].append(bands[other][j])
            bands[other][j] = fairy
        elif kind == "age_end":
            cur = {
                "age": age,
                "kingdoms": {
                    k: _board_places(markers[k], trolls, state.slots[n], p, age) for n, k in enumerate(data.KINGDOMS)
                },
                "bands": [[band_glory(b) for b in bands[s]] for s in range(p)],
            }
            out.append(cur)
    return out


def places_words(name: str, groups: list[dict], seats: list[dict]) -> str:
    """A kingdom's age-end placings in words, ties explained: "Rhea: Player 1
    and Player 2 tie (3 markers, troll tokens 0 each): slots 10 and 6 shared,
    8 each"."""
    said = []
    for g in groups:
        who = " and ".join(seat_name(seats, x) for x in g["seats"])
        trolls = f", troll tokens {'+'.join(map(str, g['trolls']))}" if g["trolls"] else ""
        n = g["markers"]
        has = f"{n} marker{'s' if n != 1 else ''}{trolls}"
        if not g["slots"]:
            said.append(f"{who} ({has}{' each' if len(g['seats']) > 1 else ''}): no glory slot left, nothing")
        elif len(g["seats"]) > 1:
            slots = " + ".join(map(str, g["slots"]))
            took = f"the slot of {slots}" if len(g["slots"]) == 1 else f"the slots of {slots}"
            said.append(f"{who} tie ({has} each): {took} shared, {g['each']} glory each (rounded down)")
        else:
            took = ("the slot of " if len(g["slots"]) == 1 else "the slots of ") + " + ".join(map(str, g["slots"]))
            said.append(f"{who} ({has}): {took}, {g['each']} glory")
    return f"{name.capitalize()}: " + ("; ".join(said) if said else "no marker")


def band_words(b: dict) -> str:
    """One band's scoring in words: "Elf of Rhea's band: 4 cards (2 skeletons
    left it), 6 glory"."""
    lead = card_words(b["leader"]) if b["leader"] else "a band"
    size = f"{b['size']} card{'s' if b['size'] != 1 else ''}" + (
        " (a dwarf leader counts one more)" if b["dwarf"] else ""
    )
    gone = f", after {b['skeletons']} skeleton{'s' if b['skeletons'] != 1 else ''} left it" if b["skeletons"] else ""
    return f"{lead}'s band: {size}{gone}, {b['glory']} glory"


def ranking(state) -> list[dict]:
    """Final places (glory, then kingdom markers, then band sizes, rule 12)."""
    p = state.players

    def key(s):
        sizes = sorted((len(b) for b in state.bands[s]), reverse=True)
        return (state.glory[s], state.board_markers(s), sizes)

    keys = [key(s) for s in range(p)]
    place = places(keys)
    src = balance_facts(state)["glory_by_source"]
    tied = ties(
        keys,
        [
            ("glory", lambda n: f"{n} glory"),
            ("kingdom markers", lambda n: f"has {n}"),
            (
                "the largest bands",
                lambda sizes: "has bands of " + ", ".join(map(str, sizes)) if sizes else "has no band",
            ),
        ],
    )
    out = [
        {
            "seat": s,
            "place": place[s],
            "glory": state.glory[s],
            "markers": state.board_markers(s),
            "winner": s in state.winners,
            "summary": f"{state.glory[s]} glory, {state.board_markers(s)} markers",
            "total": f"{state.glory[s]} glory",
            "breakdown": {GLORY_SOURCE[k]: v[s] for k, v in src.items() if v[s]},
            "ties": tied[s],
        }
        for s in range(p)
    ]
    return sorted(out, key=lambda r: (r["place"], r["seat"]))


GLORY_SOURCE = {
    "kingdoms": "Kingdoms",
    "bands": "Bands",
    "giant": "The largest Giant",
    "merfolk": "Merfolk track",
    "orcs": "Orc hordes",
}


# ------------------------------------------------------------------ balance
def balance_facts(state) -> dict:
    """What `meeple balance` reports of a finished game: the tribes, glory by
    source per seat, and the tribes each seat led its bands with."""
    p = state.players
    src = {k: [0] * p for k in ("kingdoms", "bands", "giant", "merfolk", "orcs")}
    for kind, seat, detail, _priv in state.log():
        if kind == "age_end":
            for name, gains in detail.items():
                key = name if name in ("giant", "merfolk") else "kingdoms"
                for s in range(p):
                    src[key][s] += gains[s]
        elif kind == "bands":
            for s in range(p):
                src["bands"][s] += detail[s]
        elif kind == "giant":
            src["giant"][seat] += detail
        elif kind == "orc":
            src["orcs"][seat] += detail
    led: list[list[str]] = [[] for _ in range(p)]
    for kind, seat, detail, _priv in state.log():
        if kind == "band" and detail:
            first = detail[0]
            led[seat].append(first.split(":")[0])
    return {"tribes": [data.TRIBES[t] for t in state.tribes], "glory_by_source": src, "led": led}


# ------------------------------------------------------------------ lobby
def meta() -> dict:
    """What the lobby and the table need to know of Ethnos (no game state; the
    name, player counts and options come from the spec)."""
    return {
        "tribes": list(data.TRIBES),
        "base_tribes": list(data.BASE_TRIBES),
        "kingdoms": list(data.KINGDOMS),
        "kingdom_colours": list(data.KINGDOM_COLOURS),
        "tribes_needed": {str(p): data.tribes_in_game(p) for p in range(data.MIN_PLAYERS, data.MAX_PLAYERS + 1)},
        "merfolk_symbols": list(data.MERFOLK_SYMBOLS),
        "merfolk_end": data.MERFOLK_TRACK_END,
        "help": TRIBE_HELP,
        "levels": ["easy", "medium", "hard", "random", "greedy", "ismcts:0.5s", "ismcts:1s"],
    }
