"""Declared events said in a language (`meeple.i18n.events`): English is the
game's own declared words; another language says a sentence from its
catalog and names the terms in it from its glossary."""

from __future__ import annotations

import re
from functools import cache

import pytest

import meeple.games  # noqa: F401  (declares the games)
from meeple.core.events import Phrase, Term, render
from meeple.core.spec import declared, events_of
from meeple.games.anunnaki import present as anunnaki
from meeple.games.ethnos import present as ethnos
from meeple.i18n import translate
from meeple.i18n.events import CatalogSpeaker, speaker_for
from tests.random_play import played_log

SEATS = [{"name": "Ann"}, {"name": "Bob"}]


def test_english_is_the_declared_english():
    ev = ("marker", 0, "rhea", None)
    assert ethnos.describe(ev, SEATS, None, speaker_for("ethnos", "en")) == ethnos.describe(ev, SEATS, None)


def test_a_term_in_a_sentence_is_said_in_the_language():
    said = ethnos.describe(("marker", 1, "rhea", None), SEATS, None, speaker_for("ethnos", "ja"))["text"]
    assert translate("ethnos.kingdom.rhea", "ja") in said and "Rhea" not in said
    assert said == translate("ethnos.event.marker", "ja", seat="Bob", kingdom=translate("ethnos.kingdom.rhea", "ja"))
    god = anunnaki.describe(("summon", 0, "odin", None), SEATS, None, speaker_for("anunnaki", "ru"))["text"]
    assert translate("anunnaki.god.odin", "ru") in god


def test_a_secret_stays_secret_in_every_language():
    for lang in ("en", "ja", "ru"):
        told = ethnos.describe(("draw", 0, "troll:rhea", 0), SEATS, 1, speaker_for("ethnos", lang))
        assert told["detail"] is None
        assert translate("ethnos.kingdom.rhea", lang) not in told["text"]


# ------------------------------------------------------------ every event of played games

GAMES = ("ethnos", "okc", "anunnaki")
# the games whose every term in an event is in the catalogs (issue #37 owes:
# The Old King's Crown's card titles, prompts, kingdom card texts and gained
# abilities; Anunnaki's regions, contracts, culture tokens, tile texts,
# prompts and weapons in a battle's strength)
TERMS_SAID = ("ethnos",)
KEY_LIKE = re.compile(r"\b[a-z_]+\.[a-z0-9_]+\.[a-z0-9_.]+\b")


@cache
def _played(game: str) -> tuple:
    """(seats, log) of seeded random games of every player count."""
    out = []
    for players in declared(game).sizes:
        for seed in range(3):
            out.append(([{"name": f"Player{chr(65 + i)}"} for i in range(players)], played_log(game, players, seed)))
    return tuple(out)


@pytest.mark.parametrize("lang", ["ja", "ru"])
@pytest.mark.parametrize("game", GAMES)
def test_every_event_of_played_games_is_said_in_the_language(game, lang):
    """Each event, to the table and to the seat it is private to, names no
    key and falls back on no English: the speaker's record stays empty."""
    events = events_of(game)
    speaker = CatalogSpeaker(events, lang)
    keyish: set[str] = set()
    for seats, log in _played(game):
        for ev in log:
            for viewer in {None, ev[3]}:
                text = render(events.sentence(ev, viewer), seats, speaker)
                keyish.update(KEY_LIKE.findall(text))
    sentences = sorted(k for k in speaker.fallbacks if k in events.english or k + ".one" in events.english)
    assert not sentences, f"{game} says sentences in English in {lang}: {sentences}"
    if game in TERMS_SAID:
        assert not sorted(speaker.fallbacks), f"{game} says terms in English in {lang}: {sorted(speaker.fallbacks)}"
    assert not keyish, f"{game} shows keys in {lang}: {sorted(keyish)}"


def test_the_speaker_records_what_it_says_in_english():
    speaker = CatalogSpeaker(events_of("ethnos"), "ja")
    said = render(
        Phrase("ethnos.event.marker", {"seat": 0, "kingdom": Term("ethnos.kingdom.nowhere", "Nowhere")}), [], speaker
    )
    assert "Nowhere" in said and speaker.fallbacks == {"ethnos.kingdom.nowhere"}
