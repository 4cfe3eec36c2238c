"""The bots' play, pinned for every game: at a few positions of the golden
games, ISMCTS at a fixed simulation budget and seed, the game's greedy bot
and its evaluation must choose and score as when the files were written.
(tests/bots/test_ismcts_golden.py pins Ethnos's search more densely.)"""

import pytest

from tests.golden_tool import golden

BOTS = [
    (f"{name}-{doc['transcripts'][b['transcript']]['players']}p", doc, b)
    for name in golden.CASES
    if (doc := golden.load(name))
    for b in doc["bots"]
]


@pytest.mark.parametrize("doc,bots", [(d, b) for _, d, b in BOTS], ids=[i for i, _, _ in BOTS])
def test_bots_choose_as_recorded(doc, bots):
    assert doc["bot_iterations"] == golden.BOT_ITERATIONS
    difference = golden.bot_difference(doc["transcripts"][bots["transcript"]], bots["choices"])
    assert difference is None, difference


def test_every_game_has_bot_records():
    for name in golden.CASES:
        assert golden.load(name)["bots"], name
