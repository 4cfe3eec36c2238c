"""Golden transcripts: whole games replayed from seed and moves, to the last field.

A change that alters any rule, shuffle or dealing order breaks these on purpose;
regenerate them only for an intended change, and say so in the commit.
"""

import json
from pathlib import Path

import pytest

from meeple.games.ethnos import dump, new_game

GOLDEN = sorted((Path(__file__).parent / "golden").glob("*.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda p: p.stem)
def test_golden_transcript(path):
    g = json.loads(path.read_text())
    s = new_game(g["players"], seed=g["seed"], **g["options"])
    for move in g["moves"]:
        s.apply_move(move)
    assert s.finished
    assert dump(s) == g["final"]
