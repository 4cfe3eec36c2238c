"""A stored table remembers the data it was made with; a server with other data refuses it."""

from __future__ import annotations

import pytest

from meeple.core.game import GameError
from meeple.server.service import replay_state
from meeple.server.storage import GameRecord


def _rec(options):
    return GameRecord(id="t1", game="okc", players=2, seed=5, options=options,
                      seats=[{"kind": "bot", "bot": "random", "token_hash": None}] * 2)


def test_a_table_made_with_other_data_is_not_replayed_with_the_packaged_data():
    with pytest.raises(GameError, match="made with other data .fingerprint 0123abcd"):
        replay_state(_rec({"data": "0123abcd", "advanced": True}))


def test_a_table_made_with_the_packaged_data_replays():
    state = replay_state(_rec({"advanced": True}))
    assert state.decision() is not None and "data" not in state.to_json()
