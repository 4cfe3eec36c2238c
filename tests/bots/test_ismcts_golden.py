"""The search's play, pinned: a speed-up must not change a single choice.

The strength figures in docs/strength.md were measured on a frozen commit
(be4a109). Later changes to the engine, the Ethnos policy or the search that
are meant only to make it faster must leave every move the same for the same
seed and simulation budget; this test replays greedy games and, at every
ninth decision, records the move `ismcts` picks with a fixed simulation budget
and the evaluation of the position. `golden_ismcts_ethnos.json` was first
written by commit be4a109 itself (`python tests/bots/test_ismcts_golden.py >
FILE` run with that commit's `src` first on PYTHONPATH) and rewritten once, when
the glory tokens followed the digest (0x2, 2x2, 4x4, 6x5, 8x3, 10x2): with the
old token mix restored, the current code still matched be4a109's file exactly.
Rewritten again when each determinization got a generator of its own (it had
shared the searched state's, so every sampled world had the same future
shuffles): 9 of the 150 searched choices changed, the greedy games and the
evaluations did not.
A change that is meant to change the play updates the file, and says so, and
re-measures the strength.
"""

import json
import pathlib

from meeple.bots.base import observe
from meeple.bots.ismcts import ISMCTSBot
from meeple.games import ethnos
from meeple.games.ethnos.bot import evaluate, policy

GOLDEN = pathlib.Path(__file__).with_name("golden_ismcts_ethnos.json")


def fingerprint(games=((2, 100), (4, 101), (5, 102)), every=9, iterations=60):
    out = []
    for players, seed in games:
        s = ethnos.new_game(players, seed=seed)
        step = 0
        moves = []
        while not s.is_terminal():
            legal = s.legal_actions()
            if step % every == 0 and len(legal) > 1:
                bot = ISMCTSBot(seed=step, iterations=iterations)
                out.append(
                    {
                        "game": seed,
                        "step": step,
                        "ismcts": bot.choose(observe(s)),
                        "evaluate": [round(x, 9) for x in evaluate(s)],
                    }
                )
            a = policy(s, None)
            moves.append(a)
            s.apply_legal(a)
            step += 1
        out.append({"game": seed, "greedy": moves, "returns": list(s.returns())})
    return out


def test_search_and_policy_play_as_the_measured_commit():
    want = json.loads(GOLDEN.read_text())
    got = fingerprint()
    assert len(got) == len(want)
    for g, w in zip(got, want, strict=True):
        assert g == w


if __name__ == "__main__":
    print(json.dumps(fingerprint()))
