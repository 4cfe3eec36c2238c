"""Every event a game logs is declared with its words (`meeple.core.events`),
and no seat is told another's secret.

Seeded random games of every player count are played with the log kept; each
logged event must be declared, have every declared field, and be said to
every viewer with each named value its sentence uses; a private event's secret
fields never reach another seat's phrase or words."""

from __future__ import annotations

import importlib
import json
import re
import string
from functools import cache
from pathlib import Path

import pytest

import meeple.games  # noqa: F401  (declares the games)
from meeple.core.events import Events, Items, Phrase, Pronoun, Seat, Term, render
from meeple.core.spec import declared, events_of
from tests.random_play import played_log

GAMES = ("ethnos", "okc", "anunnaki")
SEEDS = range(4)


def table(game: str) -> Events:
    return events_of(game)


@cache
def played(game: str) -> tuple:
    """(players, log) of seeded random games of every player count."""
    out = []
    for players in declared(game).sizes:
        for seed in SEEDS:
            out.append((players, played_log(game, players, seed)))
    return tuple(out)


def _placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def _check_phrase(events: Events, phrase: Phrase) -> None:
    assert phrase.key in events.english, f"no English declared for {phrase.key}"
    needed = _placeholders(events.english[phrase.key])
    assert needed <= set(phrase.values), f"{phrase.key} lacks {needed - set(phrase.values)}"
    for v in phrase.values.values():
        _check_value(events, v)


def _check_value(events: Events, v) -> None:
    if isinstance(v, Phrase):
        _check_phrase(events, v)
    elif isinstance(v, Items):
        assert v.sep in events.english
        for x in v.items:
            _check_value(events, x)
    elif isinstance(v, Term):
        assert v.key.startswith(events.game + ".") and v.english
    else:
        assert isinstance(v, (Seat, Pronoun, int, str)) and not isinstance(v, bool), (
            f"{v!r} is not a value a sentence can hold"
        )


@pytest.mark.parametrize("game", GAMES)
def test_every_logged_event_is_declared_and_said(game):
    events = table(game)
    seen = set()
    for players, log in played(game):
        seats = [{"name": f"P{i}"} for i in range(players)]
        for ev in log:
            kind, _seat, detail, _private = ev
            assert kind in events, f"{game} logs {kind!r}, which it does not declare"
            seen.add(kind)
            events[kind].values(detail)  # every declared field is there (and no other)
            for viewer in (None, *range(players)):
                phrase = events.sentence(ev, viewer)
                _check_phrase(events, phrase)
                assert events.describe(ev, seats, viewer)["text"] == render(phrase, seats, events.speaker)
                json.dumps(events.said(ev, viewer))  # a client that words events itself can read it
    assert seen, f"{game}: no event logged"


@pytest.mark.parametrize("game", GAMES)
def test_every_event_the_rules_name_is_declared(game):
    """Rare events too: every kind the game's modules log by name is declared."""
    events = table(game)
    folder = Path(importlib.import_module(f"meeple.games.{game}").__file__).parent
    named = set()
    for path in folder.glob("*.py"):
        named |= set(re.findall(r'_event\(\s*"([^"]+)"', path.read_text()))
    assert named, f"{game}: no event found in its modules"
    assert named <= set(events.by_name), f"{game} logs undeclared events: {sorted(named - set(events.by_name))}"


@pytest.mark.parametrize("game", GAMES)
def test_every_template_names_values_it_is_given(game):
    """A template's named values are fields, `seat`, or what its `words` compute
    (checked on logged events above); one without `words` uses only its fields."""
    events = table(game)
    for e in events:
        if e.words is None:
            for variant, text in e.templates().items():
                allowed = {"seat"} | (set(e.fields) - set(e.secret) if variant == "hidden" else set(e.fields))
                assert _placeholders(text) <= allowed, f"{game} {e.name}: {text!r}"
        elif e.hidden is not None:
            allowed = {"seat"} | set(e.fields) - set(e.secret)
            assert _placeholders(e.hidden) <= allowed, f"{game} {e.name}: {e.hidden!r}"


def _with_secrets_of(decl, ev: tuple, other: tuple) -> tuple:
    """`ev` with the secret fields of `other` (an event of the same kind)."""
    kind, seat, detail, private_to = ev
    mine, theirs = decl.values(detail), decl.values(other[2])
    mixed = {k: theirs[k] if k in decl.secret else mine[k] for k in decl.fields if k in mine or k in theirs}
    return (kind, seat, decl.detail(mixed), private_to)


@pytest.mark.parametrize("game", GAMES)
def test_no_seat_reads_another_seats_secret(game):
    """For every declared secret event logged privately: another seat (and a
    spectator) is told the same words whatever the secret fields hold (they
    are swapped for another such event's), is given no `detail`, and is told
    only the public fields; the owner is told the secret."""
    events = table(game)
    secret_kinds = {e.name for e in events if e.secret}
    private_seen: dict[str, tuple] = {}
    for players, log in played(game):
        seats = [{"name": f"P{i}"} for i in range(players)]
        for ev in log:
            kind, _seat, detail, private_to = ev
            if private_to is None:
                continue
            assert kind in secret_kinds, f"{game} logs {kind!r} privately but declares no secret field"
            decl = events[kind]
            other = private_seen.get(kind)
            private_seen[kind] = ev
            assert not events.sentence(ev, private_to).key.endswith(".hidden")
            swapped = _with_secrets_of(decl, ev, other) if other is not None else None
            for viewer in (None, *(v for v in range(players) if v != private_to)):
                told = events.sentence(ev, viewer)
                assert told.key == events.key(kind, "hidden")
                assert set(told.values) <= {"seat"} | set(decl.fields) - set(decl.secret)
                said = events.describe(ev, seats, viewer)
                assert said["detail"] is None
                if swapped is not None:
                    assert events.describe(swapped, seats, viewer) == said
                    assert events.said(swapped, viewer) == events.said(ev, viewer)
    assert set(private_seen) == secret_kinds, f"{game}: secret events never logged privately"
