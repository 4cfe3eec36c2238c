"""Events in a person's language: the speaker that says a game's declared
events (`meeple.core.events`) from the message catalogs.

A game declares each event's sentence as a key with named values and its
English (`meeple.games.<game>.events.EVENTS`). English is the game's own
declared words (identical to the log before catalogs existed). Another language says a
key by its catalog message when the catalog has the key, else in the declared
English (until the message is translated), and names a term (a god, a kingdom,
a card) by its glossary message. A pair of variants `<key>.one` / `<key>.other`
is said as the catalog's counted message `<key>` when it has one (its form
chosen by the value `count`), so a plural is one catalog entry.

    speaker = speaker_for("ethnos", "ja")
    present.describe(event, seats, viewer, speaker)   # {"kind", "seat", "detail", "text"}
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from meeple.core.events import Events, Speaker, Term
from meeple.core.spec import events_of
from meeple.i18n.catalogs import DEFAULT, has_key, plural_keys, translate


class CatalogSpeaker(Speaker):
    """Says a game's phrases in `lang` from the catalogs, in its declared English where they lack one.

    Every key it had to say in English because `lang`'s catalog lacks it is
    added to `fallbacks` (what a translator still owes; the tests keep it
    empty). The shared speaker of `speaker_for` collects them too: make your
    own `CatalogSpeaker` to learn what one rendering fell back on."""

    def __init__(self, events: Events, lang: str) -> None:
        super().__init__(events.english)
        self.lang = lang
        self.fallbacks: set[str] = set()

    def _owes(self, key: str) -> None:
        if self.lang != DEFAULT and not has_key(key, self.lang):
            self.fallbacks.add(key)

    def say(self, key: str, values: Mapping[str, Any]) -> str:
        base, _, form = key.rpartition(".")
        if form in ("one", "other") and "count" in values and base in plural_keys(DEFAULT):
            self._owes(base)
            return translate(base, self.lang, **values)
        if has_key(key, DEFAULT):
            self._owes(key)
            return translate(key, self.lang, **values)
        self.fallbacks.add(key)
        return super().say(key, values)

    def term(self, term: Term) -> str:
        if has_key(term.key, DEFAULT):
            self._owes(term.key)
            return translate(term.key, self.lang)
        self.fallbacks.add(term.key)
        return term.english


@cache
def speaker_for(game: str, lang: str) -> Speaker:
    """The speaker of `game`'s events in `lang`: the game's own English for
    English, the catalogs for any other language (the pseudo-locale included)."""
    events = events_of(game)
    return events.speaker if lang == DEFAULT else CatalogSpeaker(events, lang)
