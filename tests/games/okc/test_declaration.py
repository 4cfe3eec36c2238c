"""OKC as a declaration: every decision declared once with its question and
words, and what other modules list of the decisions follows from it."""

from __future__ import annotations

import random

from meeple.games import okc
from meeple.games.okc import actions, notation, present
from meeple.games.okc.rules import RULES, action_word


def test_the_lists_of_decisions_follow_the_declaration():
    kinds = set(RULES.decisions)
    assert set(notation.KINDS) == kinds == set(notation.FORMS) == set(present.PROMPTS)
    assert set(actions.SIMULTANEOUS) == {k for k, r in RULES.decisions.items() if r.simultaneous}
    assert all(r.prompt for r in RULES.decisions.values())
    assert set(notation.STEPS) == set(RULES.steps)


def test_every_legal_action_has_words_that_read_back():
    """Over random games, each legal action of a decision of one seat (not a
    simultaneous one, whose MOVE joins several actions) has words,
    and those words name that action (the MOVE round trip)."""
    for seed in range(3):
        rng = random.Random(seed)
        s = okc.new_game(3, seed=seed, advanced=seed == 1)
        while not s.is_terminal():
            d = s.decision()
            seat = rng.choice(d.seats)
            acts = s.legal_actions(seat)
            if not RULES.decisions[d.kind].simultaneous:
                words = [action_word(s, a, d.kind, seat) for a in acts]
                assert len(set(words)) == len(words), (d.kind, words)
                for a, w in zip(acts, words, strict=True):
                    assert notation.move_actions(s, w) == (seat, [a])
            s.apply_action(rng.choice(acts), seat)


def test_seat_of_reads_the_faction_table_which_a_loaded_state_works_out_again():
    from meeple.games.okc import cards as C
    from meeple.games.okc.notation import STATE

    s = okc.new_game(3, seed=4)
    for seat, f in enumerate(s.factions):
        assert s.seat_of(f * C.PER + 2) == seat
    missing = next(f for f in range(4) if f not in s.factions)
    try:
        s.seat_of(missing * C.PER)
        raise AssertionError("a faction not in the game has no seat")
    except KeyError:
        pass  # (as `factions.index` raised ValueError: a hand-edited STATE's odd card is refused)
    assert STATE.load(STATE.dump(s)).fseat == s.fseat
