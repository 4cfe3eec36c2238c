"""Every event Ethnos logs, declared once with its words (`meeple.core.events`).

The rules log `(kind, seat, detail, private_to)`; each declaration below names
the detail's fields, which of them only the drawing seat may read, and the
English sentence with named values. The page's log, replays and the terminal
all say an event from here; another language only needs a catalog.
"""

from __future__ import annotations

from meeple.core.events import Event, Events, Items, Phrase, Seat, Term


def card(name: str) -> Phrase:
    """A card as players say it: "Troll of Rhea", "Skeleton", "Dragon"."""
    if name == "?":
        return EVENTS.phrase("card.hidden")
    tribe, _, kingdom = name.partition(":")
    said = Term(f"ethnos.tribe.{tribe}", tribe.capitalize())
    if not kingdom:
        return EVENTS.phrase("card.alone", tribe=said)
    return EVENTS.phrase("card", tribe=said, kingdom=kingdom_term(kingdom))


def cards(names) -> Items:
    return Items(tuple(card(n) for n in names))


def kingdom_term(name: str) -> Term:
    return Term(f"ethnos.kingdom.{name}", name.capitalize())


# what an age's end scores besides the kingdoms (its detail's other keys)
_BOARD_TERMS = {"giant": "ethnos.token.giant", "merfolk": "ethnos.board.merfolk"}


def _gains(gains) -> Items:
    """Each seat that gained, with its glory: "Ann +4, Bob +2"."""
    return Items(tuple(EVENTS.phrase("gain", seat=Seat(s), glory=g) for s, g in enumerate(gains) if g))


def _band(v: dict):
    c = v["cards"]  # the leader first
    values = {"size": len(c), "leader": card(c[0])}
    if len(c) > 1:
        return "with", {**values, "others": cards(c[1:])}
    return None, values


def _discard(v: dict):
    return ("nothing", {}) if not v["cards"] else (None, {"cards": cards(v["cards"])})


def _age_end(v: dict):
    boards = []
    for name, gains in v["gains"].items():
        if any(gains):
            term = Term(_BOARD_TERMS[name], name.capitalize()) if name in _BOARD_TERMS else kingdom_term(name)
            boards.append(EVENTS.phrase("board", board=term, gains=_gains(gains)))
    return ("none", {}) if not boards else (None, {"boards": Items(tuple(boards), "ethnos.sep.boards")})


def _bands(v: dict):
    return ("none", {}) if not any(v["gains"]) else (None, {"gains": _gains(v["gains"])})


def _game_end(v: dict):
    winners = v["winners"]
    said = {"winners": Items(tuple(Seat(s) for s in winners)), "count": len(winners)}
    return ("other" if len(winners) > 1 else "one"), said


EVENTS: Events = Events(
    "ethnos",
    [
        Event(
            "recruit", ("card",), "{seat} recruits {card} from the market", words=lambda v: {"card": card(v["card"])}
        ),
        Event(
            "draw",
            ("card",),
            "{seat} draws {card} from the deck",
            secret=("card",),
            hidden="{seat} draws a card from the deck",
            words=lambda v: {"card": card(v["card"])},
        ),
        Event(
            "band",
            ("cards",),
            {
                None: "{seat} plays a band of {size} led by {leader}",
                "with": "{seat} plays a band of {size} led by {leader}, with {others}",
            },
            words=_band,
        ),
        Event(
            "marker",
            ("kingdom",),
            "{seat} places a marker in {kingdom}",
            words=lambda v: {"kingdom": kingdom_term(v["kingdom"])},
        ),
        Event("troll", ("token",), "{seat} takes troll token {token}"),
        Event(
            "discard",
            ("cards",),
            {None: "{seat} discards {cards} to the market", "nothing": "{seat} discards nothing to the market"},
            words=_discard,
        ),
        Event("giant", ("glory",), "{seat} takes the giant token (+{glory} glory)"),
        Event(
            "swap",
            ("other", "band"),
            "{seat}'s fairy swaps for {other}'s band {number}",
            words=lambda v: {"other": Seat(v["other"]), "number": v["band"] + 1},
        ),
        Event("dragon", ("count",), "{seat} reveals a dragon ({count} of 3)"),
        Event("age_start", ("age",), "Age {age} begins; {seat} plays first"),
        Event(
            "age_end",
            ("gains",),
            {None: "The age ends. {boards}", "none": "The age ends. No glory from the boards."},
            words=_age_end,
        ),
        Event("orc", ("glory",), "{seat} cashes the orc horde for {glory} glory"),
        Event("bands", ("gains",), {None: "Bands score: {gains}", "none": "Bands score: no glory"}, words=_bands),
        Event(
            "game_end",
            ("winners",),
            {"one": "The game ends. Winner: {winners}", "other": "The game ends. Winners: {winners}"},
            words=_game_end,
        ),
    ],
    phrases={
        "card": "{tribe} of {kingdom}",
        "card.alone": "{tribe}",
        "card.hidden": "a hidden card",
        "gain": "{seat} +{glory}",
        "board": "{board}: {gains}",
        "sep.boards": "; ",
    },
)
