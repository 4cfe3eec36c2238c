"""Golden transcripts of every game, player count and option set: today's
engine must replay each stored random game move for move to the same STATE.

A failure names the game, players, options, seed and the first ply whose
STATE differs. After an intended rules change, regenerate with
`PYTHONPATH=src python tools/golden.py --write` (it lists what changed) and say
so in the commit.
"""

import pytest

from meeple import games
from tests.golden_tool import golden, records

RECORDS = records()


@pytest.mark.parametrize("rec", [r for _, _, r in RECORDS], ids=[i for i, _, _ in RECORDS])
def test_transcript_replays_to_the_same_state(rec):
    difference = golden.replay_difference(rec)
    assert difference is None, difference


def test_every_registered_game_and_player_count_has_golden_games():
    for name in games.GAMES:
        game = games.get(name)
        assert name in golden.CASES, f"{name} has no golden cases in tools/golden.py"
        covered = {p for _, _, counts in golden.CASES[name] for p in counts}
        assert covered == set(range(game.min_players, game.max_players + 1)), name


def test_the_stored_files_hold_every_case():
    for name, cases in golden.CASES.items():
        doc = golden.load(name)
        assert doc is not None, f"tests/golden/{name}.json.gz missing: run tools/golden.py --write"
        stored = {golden.label(r) for r in doc["transcripts"]}
        wanted = {
            golden.label({"game": name, "players": p, "seed": s, "options": o})
            for o, seeds, counts in cases
            for p in counts
            for s in seeds
        }
        assert stored == wanted, "tools/golden.py CASES changed: run tools/golden.py --write"
