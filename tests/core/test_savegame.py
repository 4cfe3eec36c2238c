"""A saved game (`meeple.core.savegame`) carries its format: one without it
(the server's game log, older saves) is format 1; a newer one is refused."""

from __future__ import annotations

import pytest

from meeple.core import savegame
from meeple.core.game import BadState
from meeple.core.spec import declared


def _saved(name: str = "okc", plies: int = 12) -> dict:
    s = declared(name).new_game(2, seed=3)
    for _ in range(plies):
        s.apply_move(s.legal_moves()[0])
    return savegame.document(s, 3, {})


def test_a_saved_game_names_its_format_and_replays_with_or_without_it():
    doc = _saved()
    assert doc["format"] == savegame.FORMAT == "meeple-game/1"
    plain = {k: v for k, v in doc.items() if k != "format"}
    for d in (doc, plain):
        again = savegame.replay(savegame.check(d))
        assert again.move_record() == [(m["seat"], m["move"]) for m in doc["moves"]]


@pytest.mark.parametrize(
    "fmt,words",
    [
        ("meeple-game/2", "newer than this meeple reads"),
        ("meeple-game/10", "newer than this meeple reads"),
        ("meeple-game/0", "format must be"),
        ("chess/1", "format must be"),
        (1, "format must be"),
        (None, "format must be"),
    ],
)
def test_an_unknown_or_newer_format_is_refused(fmt, words):
    doc = dict(_saved(plies=2), format=fmt)
    with pytest.raises(BadState, match=words):
        savegame.check(doc)
