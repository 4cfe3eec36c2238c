"""Declared events said in a language (`meeple.i18n.events`): English is the
game's own declared words; another language says a sentence from its
catalog and names the terms in it from its glossary."""

from __future__ import annotations

from meeple.games.anunnaki import present as anunnaki
from meeple.games.ethnos import present as ethnos
from meeple.i18n import translate
from meeple.i18n.events import speaker_for

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
