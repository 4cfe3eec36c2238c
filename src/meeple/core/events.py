"""Events declared with their words: each game says once, for every event it
logs, what the event holds, which of it is secret and how it is said.

The log keeps what the rules recorded, `(kind, seat, detail, private_to)`
(`meeple.core.record`); a game's `Events` table reads that record by its
declarations:

- `Event.fields` name the parts of `detail` (one field: the detail itself;
  more: the detail is a sequence in that order);
- `Event.secret` names the fields only the seat the event is private to may
  read; anyone else is told the event's `hidden` sentence, made without them;
- `Event.says` is the English sentence, a template with named values
  (`"{seat} recruits {card} from the market"`), or one template per variant
  when the event is said in more than one way; `Event.words` computes the
  variant and the named values from the fields when they are not the fields
  themselves.

What an event says is a `Phrase`: a key and named values, never finished words.
Values are numbers, strings the player typed or the game data names, seats
(`Seat`), game terms (`Term`, with the glossary key), nested phrases (a card,
a seat's gain) and lists (`Items`). `render` turns a phrase into words through a
`Speaker`: the default fills the English template the game declares for the
key and says a term as the game does; another language's speaker fills its
catalog's message for the key and names the term from its glossary. The core imports no i18n library.

A phrase's key is `<game>.event.<name>[.<variant>]` for an event sentence and
`<game>.<name>` for a phrase a game declares for its values (`ethnos.card`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

# -------------------------------------------------------------- values


@dataclass(frozen=True)
class Seat:
    """A seat as a value: its name at the table (None: everyone)."""

    seat: int | None


@dataclass(frozen=True)
class Pronoun:
    """A seat as the object of a sentence: "you" when the table names it as
    the reader ("Ann (you)"), else "them"."""

    seat: int | None


@dataclass(frozen=True)
class Term:
    """A game term as a value: its glossary key and the English the game says."""

    key: str
    english: str


@dataclass(frozen=True)
class Phrase:
    """Words with named values: an event's sentence, or a value made of words."""

    key: str
    values: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Items:
    """A list as a value, joined by the separator phrase `sep` (its English:
    the separator itself, ", " unless a game declares another)."""

    items: tuple
    sep: str = "core.list"


# -------------------------------------------------------------- declarations

Words = Callable[[dict], "tuple[str | None, dict] | dict"]


@dataclass(frozen=True)
class Event:
    """One kind of event a game logs.

    `words(values)` gets the fields by name (and `seat`) and returns the named
    values of the sentence, or `(variant, values)` when `says` has variants.
    It is only called with every field the viewer may read: a viewer kept from
    a secret field gets `hidden`, said with the public fields and `seat`."""

    name: str
    fields: tuple[str, ...]
    says: str | Mapping[str | None, str]
    secret: tuple[str, ...] = ()
    hidden: str | None = None
    words: Words | None = None
    optional: tuple[str, ...] = ()  # trailing fields a shorter detail leaves out
    rest: bool = False  # the last field holds the rest of the detail (a tuple)

    def __post_init__(self) -> None:
        unknown = set(self.secret) - set(self.fields)
        if unknown:
            raise ValueError(f"event {self.name!r}: secret fields {sorted(unknown)} are not among its fields")
        if self.secret and self.hidden is None:
            raise ValueError(f"event {self.name!r} has secret fields: declare its `hidden` sentence")

    def detail(self, values: Mapping[str, Any]):
        """The logged detail holding these fields (`values` read back)."""
        if len(self.fields) == 1:
            return values[self.fields[0]]
        got = [values[k] for k in self.fields if k in values]
        return (*got[:-1], *got[-1]) if self.rest else tuple(got)

    def templates(self) -> dict[str | None, str]:
        """variant -> English template (None: the one sentence; "hidden": the masked one)."""
        out: dict[str | None, str] = dict(self.says) if isinstance(self.says, Mapping) else {None: self.says}
        if self.hidden is not None:
            out["hidden"] = self.hidden
        return out

    def values(self, detail) -> dict:
        """The fields of a logged detail, by name."""
        if len(self.fields) == 1:
            return {self.fields[0]: detail}
        if len(self.fields) == 0:
            return {}
        if self.rest:
            n = len(self.fields) - 1
            if len(detail) < n:
                raise ValueError(f"event {self.name!r}: {detail!r} does not hold the fields {self.fields}")
            # (the detail is longer: what the first fields leave is the last one's)
            return {**dict(zip(self.fields[:n], detail, strict=False)), self.fields[-1]: tuple(detail[n:])}
        if not len(self.fields) - len(self.optional) <= len(detail) <= len(self.fields):
            raise ValueError(f"event {self.name!r}: {detail!r} does not hold the fields {self.fields}")
        return dict(zip(self.fields, detail, strict=False))  # (optional fields may be left out at the end)


DEFAULT_WORDS = {
    "core.list": ", ",
    "core.everyone": "everyone",
    "core.seat": "seat {seat}",
    "core.you": "you",
    "core.them": "them",
}


class Events:
    """A game's declared events and the English of the phrases its values use."""

    def __init__(self, game: str, events: Iterable[Event], phrases: Mapping[str, str] | None = None) -> None:
        self.game = game
        self.by_name: dict[str, Event] = {}
        for e in events:
            if e.name in self.by_name:
                raise ValueError(f"{game}: event {e.name!r} declared twice")
            self.by_name[e.name] = e
        self.english: dict[str, str] = dict(DEFAULT_WORDS)
        for name, text in (phrases or {}).items():
            self.english[f"{game}.{name}"] = text
        for e in self.by_name.values():
            for variant, text in e.templates().items():
                self.english[self.key(e.name, variant)] = text
        self.speaker = Speaker(self.english)  # the English the game declares

    def __contains__(self, name: str) -> bool:
        return name in self.by_name

    def __getitem__(self, name: str) -> Event:
        return self.by_name[name]

    def __iter__(self):
        return iter(self.by_name.values())

    def key(self, name: str, variant: str | None = None) -> str:
        """The catalog key of an event's sentence: "okc.event.to_hand.full"."""
        base = f"{self.game}.event.{name.replace('-', '_')}"
        return base if variant is None else f"{base}.{variant}"

    def phrase(self, short: str, /, **values) -> Phrase:
        """A value phrase the game declared (`phrases`), by its short name."""
        return Phrase(f"{self.game}.{short}", values)

    # ---------------------------------------------------------- reading the log
    def readable(self, ev: tuple, viewer: int | None) -> dict:
        """The fields of a logged event `viewer` may read: a private event's
        secret fields are left out for anyone but the seat it is private to."""
        kind, _seat, detail, private_to = ev
        decl = self.by_name[kind]
        if private_to is not None and private_to != viewer:
            if not decl.secret:
                raise ValueError(f"{self.game}: event {kind!r} is logged privately but declares no secret field")
            if len(decl.secret) == len(decl.fields):
                return {}
            values = decl.values(detail)
            return {k: v for k, v in values.items() if k not in decl.secret}
        return decl.values(detail)

    def sentence(self, ev: tuple, viewer: int | None) -> Phrase:
        """What the event says to `viewer`: its key and named values."""
        kind, seat, _detail, private_to = ev
        decl = self.by_name[kind]
        values = self.readable(ev, viewer)
        masked = private_to is not None and private_to != viewer
        if masked:
            return Phrase(self.key(kind, "hidden"), {**values, "seat": Seat(seat)})
        values["seat"] = seat
        got = decl.words(values) if decl.words is not None else values
        variant, named = got if isinstance(got, tuple) else (None, got)
        named = dict(named)
        if not isinstance(named.get("seat"), Seat):
            named["seat"] = Seat(seat)
        return Phrase(self.key(kind, variant), named)

    def said(self, ev: tuple, viewer: int | None) -> dict:
        """What the event says to `viewer`, as JSON for a client that words it
        itself (the page): `phrase_json` of its sentence."""
        return phrase_json(self.sentence(ev, viewer))

    def describe(self, ev: tuple, seats: list[dict], viewer: int | None, speaker: Speaker | None = None) -> dict:
        """The event as the page, the terminal and replays tell it to `viewer`:
        {kind, seat, detail (None when kept from the viewer), text}, in
        English unless a `speaker` of another language is given."""
        kind, seat, detail, private_to = ev
        if private_to is not None and private_to != viewer:
            detail = None
        text = render(self.sentence(ev, viewer), seats, speaker or self.speaker)
        return {"kind": kind, "seat": seat, "detail": detail, "text": text}

    def english_words(self, phrase: Phrase, seats: list[dict] | None = None) -> str:
        """A phrase of this game in English (a card, a sentence)."""
        return render(phrase, seats or [], self.speaker)


# -------------------------------------------------------------- rendering


class Speaker:
    """Says phrases and terms in one language; this one speaks the English a
    game declares. Another language subclasses it (`meeple.i18n.events`):
    `say` fills the language's message for the key, `term` names the term."""

    def __init__(self, english: Mapping[str, str]) -> None:
        self.english = english

    def say(self, key: str, values: Mapping[str, Any]) -> str:
        return self.english[key].format_map(values)

    def term(self, term: Term) -> str:
        return term.english


def seat_words(seats: list[dict], s, speaker: Speaker) -> str:
    """A seat's name at the table ("everyone" for None, "seat 7" past the table)."""
    if s is None:
        return speaker.say("core.everyone", {})
    if not isinstance(s, int) or not 0 <= s < len(seats):
        return speaker.say("core.seat", {"seat": s})
    return seats[s]["name"]


def value_words(v, seats: list[dict], speaker: Speaker):
    """One named value in words (a number stays a number: the language formats it)."""
    if isinstance(v, Seat):
        return seat_words(seats, v.seat, speaker)
    if isinstance(v, Pronoun):
        name = seat_words(seats, v.seat, speaker)
        return speaker.say("core.you" if name.endswith("(you)") else "core.them", {})
    if isinstance(v, Term):
        return speaker.term(v)
    if isinstance(v, Phrase):
        return render(v, seats, speaker)
    if isinstance(v, Items):
        return speaker.say(v.sep, {}).join(str(value_words(x, seats, speaker)) for x in v.items)
    return v


def render(phrase: Phrase, seats: list[dict], speaker: Speaker) -> str:
    """A phrase in words: its values in words, then its message for its key."""
    return speaker.say(phrase.key, {k: value_words(v, seats, speaker) for k, v in phrase.values.items()})


def phrase_json(v):
    """A phrase (or value) as JSON: {"key", "values"} for a phrase, {"seat": n}
    for a seat, {"pronoun": n}, {"term": key, "en": English} for a term,
    {"items": [...], "sep": key} for a list; numbers and strings as they are."""
    if isinstance(v, Phrase):
        return {"key": v.key, "values": {k: phrase_json(x) for k, x in v.values.items()}}
    if isinstance(v, Seat):
        return {"seat": v.seat}
    if isinstance(v, Pronoun):
        return {"pronoun": v.seat}
    if isinstance(v, Term):
        return {"term": v.key, "en": v.english}
    if isinstance(v, Items):
        return {"items": [phrase_json(x) for x in v.items], "sep": v.sep}
    return v


def terms_in(phrase: Phrase) -> Iterable[Term]:
    """Every term a phrase names (nested phrases and lists included)."""
    for v in phrase.values.values():
        yield from _terms(v)


def _terms(v) -> Iterable[Term]:
    if isinstance(v, Term):
        yield v
    elif isinstance(v, Phrase):
        yield from terms_in(v)
    elif isinstance(v, Items):
        for x in v.items:
            yield from _terms(x)
