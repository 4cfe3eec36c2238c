"""Every event The Old King's Crown logs, declared once with its words
(`meeple.core.events`).

The rules log `(kind, seat, detail, private_to)`; each declaration names the
detail's fields, which of them only one seat may read (a forced answer, a
peek at face-down cards) and the English sentence with named values. The
page's log, replays and the terminal say an event from here. The names of
cards, places and kingdom cards are the presenter's (`present`), given as
terms with their glossary keys.
"""

from __future__ import annotations

from meeple.core.events import Event, Events, Items, Phrase, Pronoun, Seat, Term
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc import present as P


def place(x) -> Term | str:
    """A region, location, council or faction as a term ("Harvest field")."""
    for section, names in (
        ("okc.region", D.REGIONS),
        ("okc.location", D.LOCATIONS),
        ("okc.council", D.COUNCILS),
        ("okc.faction", D.FACTIONS),
    ):
        if x in names:
            return Term(f"{section}.{str(x).replace('-', '_')}", P._place(x))
    return P._place(x)


def card(name) -> Term | Phrase:
    """A faction card by its title ("Nobility captain 8"); "a card" when unnamed."""
    if not isinstance(name, str):
        return EVENTS.phrase("card.unnamed")
    return Term("okc.card_title." + name.replace(":", ".").replace("-", "_"), P._card(name))


def cards(names) -> Items:
    return Items(tuple(card(n) for n in names))


def kname(k) -> Phrase | str:
    """A kingdom card's name ("Trade 1")."""
    suit, _, n = str(k).partition("-")
    if not n.isdigit():
        return str(k)
    return EVENTS.phrase("kname", suit=Term(f"okc.suit.{suit}", suit.capitalize()), number=int(n))


def kingdom_card(k) -> Phrase:
    """ "kingdom card Trade 1"."""
    return EVENTS.phrase("kingdom_card", name=kname(k))


def kingdom(k) -> Phrase:
    """A kingdom card with its text: "kingdom card Trade 1 (its text)"."""
    i = C.KCARD_BY_NAME.get(k)
    if i is None:
        return kingdom_card(k)
    return EVENTS.phrase("kingdom_card.text", name=kname(k), text=Term(f"okc.kingdom_text.{k}", C.KTEXT[i]))


def ncards(n: int) -> Phrase:
    return EVENTS.phrase("cards.one" if n == 1 else "cards.other", count=n)


_SPOTS = {"lost": "spot.lost", "board": "spot.board", "discard": "spot.discard", "hand": "spot.hand"}


def spot(x):
    """Where a card or supporter comes from or goes to."""
    if x in D.COUNCILS:
        return EVENTS.phrase("spot.council", council=place(x))
    return EVENTS.phrase(_SPOTS[x]) if x in _SPOTS else place(x)


def at(x) -> Phrase:
    """Where a swapped card stands: "from their hand", "face down in Plateau"."""
    if x == "hand":
        return EVENTS.phrase("at.hand")
    if isinstance(x, (list, tuple)):
        if x[0] == "facedown":
            return EVENTS.phrase("at.facedown", region=place(x[1]))
        return EVENTS.phrase("at.kingdom", name=kname(x[1]))
    return EVENTS.phrase("at", where=spot(x))


def _slug(text: str) -> str:
    return "".join(c if c.isalnum() else "_" for c in text.lower()).strip("_")


def _whose(v: dict, who: int, **values) -> tuple[str, dict]:
    """ "their" when the seat acts on its own, "<seat>'s" otherwise."""
    if who == v["seat"]:
        return "own", values
    return "other", {**values, "other": Seat(who)}


# ---------------------------------------------------------------- words
def _round(v):
    n, total = v["round"], v["rounds"]
    return ("last" if n == total else None), {"round": n, "rounds": total}


def _forced(v):
    from meeple.games.okc.present import PROMPTS, label

    kind, words, faction = v["decision"], v["answer"], v["faction"]
    prompt = Term(f"okc.prompt.{kind}", PROMPTS.get(kind, kind))
    if words in ("done", "pass"):
        return "passed", {"prompt": prompt, "them": Pronoun(v["seat"])}
    return None, {"prompt": prompt, "answer": label(words, faction)["label"]}


def _strength_parts(part) -> Phrase:
    """A seat's clash strength by its parts, as the tally counted it."""
    held, supporters, bonus, halved = part
    said: list = [
        EVENTS.phrase(
            "strength.cards",
            total=sum(v for _, v in held),
            cards=Items(tuple(EVENTS.phrase("strength.card", card=card(n), value=v) for n, v in held)),
        )
        if held
        else EVENTS.phrase("strength.no_card")
    ]
    said.append(
        EVENTS.phrase("strength.supporters", count=supporters) if supporters else EVENTS.phrase("strength.no_supporter")
    )
    if bonus:
        said.append(EVENTS.phrase("strength.bonus", bonus=f"{bonus:+d}"))
    if halved:
        said.append(EVENTS.phrase("strength.halved"))
    return EVENTS.phrase("strength.parts", parts=Items(tuple(said), "okc.sep.semicolon"))


def _tally(v):
    region, totals = place(v["region"]), v["totals"]
    if "parts" in v:
        rows = tuple(
            EVENTS.phrase("tally.seat.parts", seat=Seat(x), value=t, parts=_strength_parts(part))
            for x, t, part in zip(v["seats"], totals, v["parts"], strict=True)
        )
        return "parts", {"region": region, "strengths": Items(rows, "okc.sep.semicolon")}
    if "seats" in v:
        rows = tuple(
            EVENTS.phrase("tally.seat", seat=Seat(x), value=t) for x, t in zip(v["seats"], totals, strict=True)
        )
        return "seats", {"region": region, "strengths": Items(rows)}
    return None, {"region": region, "strengths": Items(tuple(totals), "okc.sep.dash")}


def _facedown_done(v):
    rows = tuple(
        EVENTS.phrase("facedown.seat", seat=Seat(x), cards=ncards(len(rs)), regions=Items(tuple(place(r) for r in rs)))
        if rs
        else EVENTS.phrase("facedown.none", seat=Seat(x))
        for x, rs in v["placed"]
    )
    return {"placed": Items(rows, "okc.sep.semicolon")}


def _take(v):
    k = v["kingdom"]
    if isinstance(k, (list, tuple)):
        return "from", {"other": Seat(k[0]), "kingdom": kingdom(k[1])}
    return None, {"kingdom": kingdom(k)}


def _copy(v):
    c = v["card"]
    if isinstance(c, (list, tuple)):
        return "by", {"card": card(c[0]), "copied": card(c[1])}
    return None, {"card": card(c)}


def _space(v):
    values = {"kingdom": kname(v["kingdom"]), "space": v["space"], "card": card(v["occupier"])}
    old = v["replaced"]
    if old is None:
        return None, values
    return "replacing", {**values, "old": kname(old[0]), "back": card(old[1])}


def _seat_cards(key: str, pairs) -> Items:
    return Items(tuple(EVENTS.phrase(key, seat=Seat(x), card=card(c)) for x, c in pairs))


def _list_or(empty: str, values: dict, name: str, items) -> tuple[str | None, dict]:
    return (None, {**values, name: cards(items)}) if items else (empty, values)


EVENTS: Events = Events(
    "okc",
    [
        Event(
            "round",
            ("round", "rounds"),
            {
                None: "Round {round} of {rounds} begins",
                "last": "Round {round} of {rounds} begins — the last round: the game ends after this round's winter",
            },
            words=_round,
        ),
        Event(
            "forced",
            ("decision", "answer", "faction"),
            {
                None: "Done for {seat}, the only possible answer to “{prompt}”: {answer}",
                "passed": "{seat} has nothing to do at “{prompt}”: passed for {them}",
            },
            secret=("decision", "answer", "faction"),
            hidden="{seat} had a single possible answer: it is taken for them",
            words=_forced,
        ),
        Event(
            "ambush",
            ("card", "region"),
            "{seat}'s {card} ambushes in {region}",
            words=lambda v: {"card": card(v["card"]), "region": place(v["region"])},
        ),
        Event(
            "retreat",
            ("card", "region"),
            "{seat}'s {card} sounds the retreat in {region}",
            words=lambda v: {"card": card(v["card"]), "region": place(v["region"])},
        ),
        Event(
            "hide",
            ("region", "source"),
            "{seat} hides a card from their {source} face down in {region}",
            words=lambda v: {"region": place(v["region"]), "source": Term(f"okc.source.{v['source']}", v["source"])},
        ),
        Event(
            "tie-pass",
            ("region",),
            "{seat} hides no card to break the tie in {region}",
            words=lambda v: {"region": place(v["region"])},
        ),
        Event(
            "retreat-herald",
            ("region",),
            "{seat} takes their Herald back from {region}",
            words=lambda v: {"region": place(v["region"])},
        ),
        Event(
            "retreat-supporter",
            ("region",),
            "{seat} takes a supporter in {region} back to their board",
            words=lambda v: {"region": place(v["region"])},
        ),
        Event(
            "to-hand",
            ("card", "region", "full"),
            {
                None: "{seat} takes {card} from {region} back to their hand",
                "full": "{seat} takes {card} from {region} back to their hand"
                " (the hand is full: it goes on top of their deck)",
            },
            words=lambda v: ("full" if v["full"] else None, {"card": card(v["card"]), "region": place(v["region"])}),
        ),
        Event(
            "flank",
            ("card", "source", "target"),
            "{seat} flanks with {card}: from {source} to {target}",
            words=lambda v: {"card": card(v["card"]), "source": place(v["source"]), "target": place(v["target"])},
        ),
        Event(
            "flank-supporter",
            ("source", "target"),
            "{seat} moves a supporter along from {source} to {target}",
            words=lambda v: {"source": place(v["source"]), "target": place(v["target"])},
        ),
        Event(
            "rally",
            ("card", "region", "count"),
            {
                "one": "{seat}'s {card} rallies in {region}: it goes back to their hand",
                "two": "{seat}'s {card} rallies in {region}: up to two of their active cards go back to hand",
            },
            words=lambda v: (
                "one" if v["count"] == 1 else "two",
                {"card": card(v["card"]), "region": place(v["region"])},
            ),
        ),
        Event(
            "draw-up",
            ("count", "size"),
            "{seat} draws {cards} up to their hand size ({size})",
            words=lambda v: {"cards": ncards(v["count"]), "size": v["size"]},
        ),
        Event(
            "road",
            ("kingdoms",),
            "New on the Great Road: {kingdoms}",
            words=lambda v: {"kingdoms": Items(tuple(kingdom(k) for k in v["kingdoms"]))},
        ),
        Event(
            "road-discard",
            ("kingdoms", "taken"),
            {
                "taken": "The Great Road discards {kingdoms} (the rightmost card left)",
                "untaken": "The Great Road discards {kingdoms} (no card was taken, so the two rightmost)",
            },
            words=lambda v: (
                "taken" if v["taken"] else "untaken",
                {"kingdoms": Items(tuple(kingdom_card(k) for k in v["kingdoms"]))},
            ),
        ),
        Event(
            "deploy-stays",
            ("card", "region"),
            "{seat}'s {card} stays in {region} through the winter (its Deploy token is spent)",
            words=lambda v: {"card": card(v["card"]), "region": place(v["region"])},
        ),
        Event(
            "supporters-stay",
            ("count",),
            {
                "one": "{seat}'s {count} supporter stay on the map through the winter (Nobility tactic 1)",
                "other": "{seat}'s {count} supporters stay on the map through the winter (Nobility tactic 1)",
            },
            words=lambda v: ("one" if v["count"] == 1 else "other", {"count": v["count"]}),
        ),
        Event(
            "kingdom-winter",
            ("kingdom", "region"),
            "{seat}'s kingdom card {kingdom} in {region} is discarded in the winter",
            words=lambda v: {"kingdom": kname(v["kingdom"]), "region": place(v["region"])},
        ),
        Event(
            "site-lore-scored",
            ("lore", "influence"),
            "{seat} has {lore} lore on their Site of Power: +{influence} influence (2 lore = 1)",
        ),
        Event("facedown-done", ("placed",), "Face-down cards placed: {placed}", words=_facedown_done),
        Event(
            "herald-reward",
            ("location", "votes"),
            {
                None: "{seat}'s Herald is on the {location}: the Herald's reward (1 influence)",
                "votes": "{seat}'s Herald is on the {location}: the Herald's reward (1 influence,"
                " +{votes} for their votes in the Council of Relics)",
            },
            words=lambda v: ("votes" if v["votes"] else None, {"location": place(v["location"]), "votes": v["votes"]}),
        ),
        Event(
            "location-reward",
            ("location",),
            "The {location} gives {seat} its reward",
            words=lambda v: {"location": place(v["location"])},
        ),
        Event(
            "supporter",
            ("region",),
            "{seat} places a supporter in {region}",
            words=lambda v: {"region": place(v["region"])},
        ),
        Event(
            "markers",
            ("regions",),
            "{seat} sets the clash order: {regions}",
            words=lambda v: {"regions": Items(tuple(place(r) for r in v["regions"]), "okc.sep.then")},
        ),
        Event(
            "herald",
            ("location",),
            "{seat} places their Herald on the {location}",
            words=lambda v: {"location": place(v["location"])},
        ),
        Event(
            "bid-back",
            ("card", "full"),
            {
                None: "{seat} takes their bid, {card}, back to hand",
                "full": "{seat} takes their bid, {card}, back on top of their deck (hand full)",
            },
            words=lambda v: ("full" if v["full"] else None, {"card": card(v["card"])}),
        ),
        Event(
            "space",
            ("kingdom", "space", "occupier", "replaced"),
            {
                None: "{seat} puts kingdom card {kingdom} on kingdom card space {space} of their player board,"
                " occupied by {card}",
                "replacing": "{seat} puts kingdom card {kingdom} on kingdom card space {space} of their player"
                " board, occupied by {card} (replacing kingdom card {old}; {back} goes back to hand)",
            },
            words=_space,
        ),
        Event(
            "token",
            ("location",),
            "{seat} places a faction token on the {location} (Council of Secrets)",
            words=lambda v: {"location": place(v["location"])},
        ),
        Event(
            "oaths",
            ("region",),
            {
                None: "{seat} takes a supporter from {region} back to their board (Council of Oaths)",
                "lost": "{seat} takes a supporter from the lost pile back to their board (Council of Oaths)",
            },
            words=lambda v: ("lost", {}) if v["region"] == "the lost pile" else (None, {"region": place(v["region"])}),
        ),
        Event("shrine", (), "{seat} puts a card at the bottom of their deck (Shrine)"),
        Event("necropolis", (), "{seat} draws a card from their discard (Necropolis)"),
        Event(
            "relics",
            ("card",),
            "{seat} discards {card} from the Council of Relics",
            words=lambda v: {"card": card(v["card"])},
        ),
        Event(
            "discard", ("card",), "{seat} discards {card} from their hand", words=lambda v: {"card": card(v["card"])}
        ),
        Event(
            "gain",
            ("card", "gained"),
            "{seat}'s {card} gains {gained} this round",
            words=lambda v: {"card": card(v["card"]), "gained": Term(f"okc.gained.{_slug(v['gained'])}", v["gained"])},
        ),
        Event(
            "recall",
            ("card", "source"),
            "{seat} takes {card} from {source} back to their hand",
            words=lambda v: {
                "card": card(v["card"]),
                "source": EVENTS.phrase("spot.discard") if v["source"] == "discard" else spot(v["source"]),
            },
        ),
        Event(
            "to-deck-bottom",
            ("card",),
            "{seat} puts {card} at the bottom of their deck (intrigue-01)",
            words=lambda v: {"card": card(v["card"])},
        ),
        Event("to-lost", ("card",), "{seat} puts {card} into the lost pile", words=lambda v: {"card": card(v["card"])}),
        Event(
            "lock",
            ("region",),
            "{seat} locks {region}: opponents cannot add, swap or move cards there in its first clash",
            words=lambda v: {"region": place(v["region"])},
        ),
        Event(
            "purge",
            ("council",),
            "{seat} purges the Council of {council}",
            words=lambda v: {"council": place(v["council"])},
        ),
        Event(
            "bids",
            ("bids",),
            "Bids resolve, strongest first: {bids}",
            words=lambda v: {"bids": _seat_cards("bid", v["bids"])},
        ),
        Event(
            "bids-shown",
            ("bids",),
            "Bids revealed: {bids}; {seat} may use Nobility tactic 3 (every opponent's bid strength 0)"
            " before they resolve",
            words=lambda v: {"bids": _seat_cards("bid", v["bids"])},
        ),
        Event(
            "joust",
            ("jousts",),
            "Joust revealed: {jousts}",
            words=lambda v: {"jousts": _seat_cards("joust", v["jousts"])},
        ),
        Event(
            "advanced",
            ("picks",),
            "Advanced setup revealed: {picks}",
            words=lambda v: {
                "picks": Items(
                    tuple(
                        EVENTS.phrase("advanced.pick", seat=Seat(x), kingdom=kname(k), card=card(c))
                        for x, k, c in v["picks"]
                    ),
                    "okc.sep.semicolon",
                )
            },
        ),
        Event(
            "take",
            ("kingdom",),
            {None: "{seat} takes {kingdom}", "from": "{seat} takes {kingdom} from {other}"},
            words=_take,
        ),
        Event(
            "steal",
            ("other", "kingdom"),
            "{seat} steals {kingdom} from {other}",
            words=lambda v: {"other": Seat(v["other"]), "kingdom": kingdom(v["kingdom"])},
        ),
        Event(
            "order",
            ("order",),
            {None: "{seat} sets the order track: {order}", "track": "Order track: {order}"},
            words=lambda v: (
                "track" if v["seat"] is None else None,
                {"order": Items(tuple(Seat(x) for x in v["order"]), "okc.sep.order")},
            ),
        ),
        Event(
            "clash",
            ("region", "seats"),
            "Clash in {region}: {seats}",
            words=lambda v: {"region": place(v["region"]), "seats": Items(tuple(Seat(x) for x in v["seats"]))},
        ),
        Event(
            "reveal",
            ("region", "cards"),
            {None: "Revealed in {region}: {cards}", "nothing": "Revealed in {region}: nothing"},
            words=lambda v: _list_or("nothing", {"region": place(v["region"])}, "cards", v["cards"]),
        ),
        Event(
            "tally",
            ("region", "totals", "seats", "parts"),
            {
                None: "Strength in {region}: {strengths}",
                "seats": "Strength in {region}: {strengths}",
                "parts": "Strength in {region}: {strengths}",
            },
            words=_tally,
            optional=("seats", "parts"),
        ),
        Event(
            "reclash",
            ("region", "seats"),
            "Tie in {region}: {seats} clash again",
            words=lambda v: {"region": place(v["region"]), "seats": Items(tuple(Seat(x) for x in v["seats"]))},
        ),
        Event("draw", ("region",), "The clash in {region} is a draw", words=lambda v: {"region": place(v["region"])}),
        Event("eliminated", ("card",), "{seat}'s {card} is eliminated", words=lambda v: {"card": card(v["card"])}),
        Event(
            "claim", ("location",), "{seat} claims the {location}", words=lambda v: {"location": place(v["location"])}
        ),
        Event("influence", ("amount",), "{seat} gains {amount} influence"),
        Event("lore", ("amount",), "{seat} gains {amount} lore"),
        Event("site-lore", ("amount",), "{seat} puts {amount} lore on the empty Site of Power"),
        Event(
            "no-card",
            ("region",),
            "{seat} has fewer than 3 cards and declares no face-down card in {region}",
            words=lambda v: {"region": place(v["region"])},
        ),
        Event(
            "steal-influence",
            ("other",),
            "{seat} takes 1 influence from {other} (shared Herald)",
            words=lambda v: {"other": Seat(v["other"])},
        ),
        Event("favour-claim", (), "{seat} takes the Kingdom's Favour"),
        Event(
            "favour",
            ("uses",),
            {None: "{seat} uses the Favour", "left": "{seat} uses the Favour ({uses} uses left)"},
            words=lambda v: (None, {}) if v["uses"] is None else ("left", {"uses": v["uses"]}),
        ),
        Event(
            "favour-borrowed",
            ("faction",),
            "{seat} borrows the {faction} Favour",
            words=lambda v: {"faction": place(v["faction"])},
        ),
        Event(
            "govern",
            ("card", "council"),
            "{seat} governs {card} into the Council of {council}",
            words=lambda v: {"card": card(v["card"]), "council": place(v["council"])},
        ),
        Event("journey", ("card",), "{seat} sends {card} on a journey", words=lambda v: {"card": card(v["card"])}),
        Event(
            "deploy",
            ("card", "region"),
            "{seat} deploys {card} from their hand to {region}, with a Deploy token",
            words=lambda v: {"card": card(v["card"]), "region": place(v["region"])},
        ),
        Event(
            "tactic",
            ("faction", "tile"),
            "{seat} uses {faction} tactic {tile}: {text}",
            words=lambda v: {
                "faction": place(v["faction"]),
                "tile": v["tile"],
                "text": Term(f"okc.tactic.{v['faction']}.{v['tile']}", P._tactic_text(v["faction"], v["tile"])),
            },
        ),
        Event(
            "secrets",
            ("location",),
            "{seat}'s tokens on the {location} pay its reward",
            words=lambda v: {"location": place(v["location"])},
        ),
        Event("buy", ("card",), "{seat} buys {card}", words=lambda v: {"card": card(v["card"])}),
        Event("site", ("card",), "{seat} uses {card}", words=lambda v: {"card": card(v["card"])}),
        Event("kingdom", ("kingdom",), "{seat} uses {kingdom}", words=lambda v: {"kingdom": kingdom(v["kingdom"])}),
        Event(
            "kingdom-discard",
            ("kingdom",),
            "{seat} discards kingdom card {kingdom}",
            words=lambda v: {"kingdom": kname(v["kingdom"])},
        ),
        Event(
            "kingdom-placed",
            ("kingdom",),
            "{seat} places kingdom card {kingdom} on the map",
            words=lambda v: {"kingdom": kname(v["kingdom"])},
        ),
        Event(
            "burn",
            ("kingdom",),
            "{seat} burns kingdom card {kingdom}",
            words=lambda v: {"kingdom": kname(v["kingdom"])},
        ),
        Event("burn-tactic", ("tile",), "{seat} burns tactic tile {tile}"),
        Event(
            "swap-facedown",
            ("owner", "source", "target"),
            {
                "own": "{seat} swaps their face-down cards in {source} and {target}",
                "other": "{seat} swaps {other}'s face-down cards in {source} and {target}",
            },
            words=lambda v: _whose(v, v["owner"], source=place(v["source"]), target=place(v["target"])),
        ),
        Event(
            "revive",
            ("card",),
            "{seat} brings {card} back from the lost pile",
            words=lambda v: {"card": card(v["card"])},
        ),
        Event("copy", ("card",), {None: "{seat} copies {card}", "by": "{seat}'s {card} copies {copied}"}, words=_copy),
        Event(
            "cycle-hand",
            ("target",),
            {"own": "{seat} cycles their hand", "other": "{seat} makes {other} cycle their hand"},
            words=lambda v: _whose(v, v["target"]),
        ),
        Event(
            "reveal-hand",
            ("cards",),
            {None: "{seat} reveals their hand: {cards}", "empty": "{seat} reveals their hand: empty"},
            words=lambda v: _list_or("empty", {}, "cards", v["cards"]),
        ),
        Event(
            "peek",
            ("region", "cards"),
            {
                None: "{seat} looks at the face-down cards in {region}: {cards}",
                "none": "{seat} looks at the face-down cards in {region}: none",
            },
            secret=("region", "cards"),
            hidden="{seat} looks at face-down cards",
            words=lambda v: _list_or("none", {"region": place(v["region"])}, "cards", v["cards"]),
        ),
        Event("attrition", ("size",), "{seat} reshuffles the discard (attrition): hand size now {size}"),
        Event(
            "attrition-absorbed",
            ("kingdom",),
            "{seat}'s kingdom card {kingdom} absorbs the attrition",
            words=lambda v: {"kingdom": kname(v["kingdom"])},
        ),
        Event(
            "council-call",
            ("council",),
            "{seat} calls on the Council of {council}",
            words=lambda v: {"council": place(v["council"])},
        ),
        Event(
            "supporter-move",
            ("source", "target"),
            "{seat} moves a supporter from {source} to {target}",
            words=lambda v: {"source": spot(v["source"]), "target": spot(v["target"])},
        ),
        Event(
            "herald-move",
            ("owner", "location"),
            {
                "own": "{seat} moves their Herald to the {location}",
                "other": "{seat} moves {other}'s Herald to the {location}",
            },
            words=lambda v: _whose(v, v["owner"], location=place(v["location"])),
        ),
        Event(
            "to-council",
            ("card", "council", "source"),
            "{seat} puts {card} from {source} into the Council of {council}",
            words=lambda v: {"card": card(v["card"]), "council": place(v["council"]), "source": spot(v["source"])},
        ),
        Event(
            "council-token",
            ("council",),
            "{seat} places a faction token on the Council of {council} (+1 vote while it stays)",
            words=lambda v: {"council": place(v["council"])},
        ),
        Event(
            "council-out",
            ("card", "council"),
            "{seat}'s {card} leaves the Council of {council}",
            words=lambda v: {"card": card(v["card"]), "council": place(v["council"])},
        ),
        Event(
            "swap-cards",
            ("card", "at", "other", "other_at"),
            "{seat} swaps {card} {at} with {other} {other_at}",
            words=lambda v: {
                "card": card(v["card"]),
                "at": at(v["at"]),
                "other": card(v["other"]),
                "other_at": at(v["other_at"]),
            },
        ),
        Event(
            "lost-to-deck",
            ("count", "end"),
            "{seat} puts their {cards} from the lost pile on the {end} of their deck",
            words=lambda v: {"cards": ncards(v["count"]), "end": Term(f"okc.deck_end.{v['end']}", v["end"])},
        ),
        Event(
            "kingdom-acquired",
            ("kingdom", "place", "occupier"),
            {
                "supply": "{seat} keeps {kingdom} in their supply; {card} goes to their discard",
                "discard": "{seat} acquires {kingdom}, discarded at once; {card} goes to their discard",
                "map": "{seat} acquires {kingdom} for the map; {card} goes to their discard",
            },
            words=lambda v: (
                v["place"] if v["place"] in ("supply", "discard") else "map",
                {"kingdom": kingdom(v["kingdom"]), "card": card(v["occupier"])},
            ),
        ),
        Event(
            "influence-on", ("card",), "{seat} puts 1 influence on {card}", words=lambda v: {"card": card(v["card"])}
        ),
        Event("hq-tokens", ("count",), "{seat} spends {count} of the Gathering HQ's tokens"),
        Event(
            "winter",
            ("round",),
            "Winter: round {round} ends. The cards on the map go to their owners' discards (a card with a Deploy"
            " token stays), supporters go to the lost pile and the Heralds come home",
        ),
        Event(
            "end",
            ("influence",),
            "The game ends. Influence: {scores}",
            words=lambda v: {
                "scores": Items(
                    tuple(EVENTS.phrase("score", seat=Seat(s), value=n) for s, n in enumerate(v["influence"]))
                )
            },
        ),
    ],
    phrases={
        "card.unnamed": "a card",
        "kname": "{suit} {number}",
        "kingdom_card": "kingdom card {name}",
        "kingdom_card.text": "kingdom card {name} ({text})",
        "cards.one": "{count} card",
        "cards.other": "{count} cards",
        "spot.council": "the Council of {council}",
        "spot.lost": "the lost pile",
        "spot.board": "their board",
        "spot.discard": "their discard",
        "spot.hand": "their hand",
        "at": "in {where}",
        "at.hand": "from their hand",
        "at.facedown": "face down in {region}",
        "at.kingdom": "on kingdom card {name}",
        "strength.parts": " ({parts})",
        "strength.cards": "cards {total}: {cards}",
        "strength.card": "{card} ({value})",
        "strength.no_card": "no card",
        "strength.supporters": "supporters {count}",
        "strength.no_supporter": "no supporter",
        "strength.bonus": "tactics and abilities {bonus}",
        "strength.halved": "halved (rounded up) by an opponent's kingdom card",
        "tally.seat.parts": "{seat} {value}{parts}",
        "tally.seat": "{seat} {value}",
        "facedown.seat": "{seat} {cards} ({regions})",
        "facedown.none": "{seat} none",
        "bid": "{seat} bid {card}",
        "joust": "{seat} jousts with {card}",
        "advanced.pick": "{seat} keeps kingdom card {kingdom}, occupied by {card}",
        "score": "{seat} {value}",
        "sep.semicolon": "; ",
        "sep.then": ", then ",
        "sep.order": " > ",
        "sep.dash": " – ",
    },
)
