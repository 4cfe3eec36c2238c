"""The quick looks and per-card tables the hot rules read agree with the full
rules they stand for, at every decision of random games: each test fails if
a look rules out what the rule offers, or a table misses what a card has."""

from __future__ import annotations

import random
from itertools import chain, islice

from meeple.games.okc import blank, favour, kingdom, new_game, sites, tactics
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.free import free_actions


def _states(seeds=range(8), record: bool = False, advanced: bool = False):
    """Every state of a few random 4-player games."""
    for seed in seeds:
        s = new_game(4, seed=seed, record=record, advanced=advanced)
        rng = random.Random(seed)
        while not s.is_terminal():
            yield s
            s.apply_legal(rng.choice(s.legal_actions()))


def _every_free_action(s, seat: int, timing: str) -> list[int]:
    """free_actions with every part asked, whatever the looks say."""
    acts = favour.moves(s, seat, timing)
    uses, used = s.tactics[seat], s.used[seat]
    for t, bit, ok, a in tactics.CHECKS[s.factions[seat]].get(timing, ()):
        if uses[t] > 0 and not used & bit and ok(s, seat):
            acts.append(a)
    return acts + kingdom.options(s, seat, timing) + sites.options(s, seat, timing)


def test_free_actions_looks_rule_out_nothing():
    offered = set()
    for s in _states():
        # (the day's parts read the clash in progress)
        timings = ("spring", "day", "autumn") if s._current_clash() is not None else ("spring", "autumn")
        for seat in range(s.players):
            for timing in timings:
                acts: list[int] = []
                free_actions(s, seat, timing, acts)
                assert acts == _every_free_action(s, seat, timing), (timing, seat)
                if acts:
                    offered.add(timing)
    assert offered == {"spring", "day", "autumn"}


def test_a_heirs_commands_are_those_of_its_seats_kingdom_cards():
    added = set()
    for s in _states(range(16)):
        for seat in range(s.players):
            want = 0
            for effect, cmds in (
                ("heirs_deploy", D.DEPLOY),
                ("heirs_flank", D.FLANK),
                ("heirs_deadly_retreat", D.DEADLY | D.RETREAT),
            ):
                if C.owns_kingdom(s, seat, effect):
                    want |= cmds
            heir = s.factions[seat] * C.PER + D.HEIR
            got = blank.commands(s, seat, heir) & ~C.CMDS[heir]
            if not s.round_fx[seat] & C.FX_HEIRS_DEADLY:
                assert got == want & ~C.CMDS[heir], seat
            added.add(want)
    assert len(added) > 1  # some seat held one of these cards


def test_unrecorded_games_play_as_recorded_ones():
    """The seat steps and the effects run quietly (unrecorded) ask and
    offer exactly what a recorded game does."""
    for seed in range(4):
        plays = []
        for record in (True, False):
            s = new_game(4, seed=seed, record=record)
            rng = random.Random(seed)
            seen = []
            while not s.is_terminal():
                acts = s.legal_actions()
                seen.append((s.kind, s.dseats[:], acts))
                s.apply_legal(rng.choice(acts))
            plays.append((seen, s.scores()))
        assert plays[0] == plays[1], seed


def _held_from_scratch(s) -> list[int]:
    """Each seat's kingdom cards (board and supply), as bits of card numbers."""
    out = []
    for seat in range(s.players):
        cards = [sp[0] for sp in s.boards[seat] if sp is not None] + s.ksupply[seat]
        out.append(sum({1 << k for k in cards}))
    return out


def _kept_as_recounted(kept, recount, seeds=range(16)):
    """`kept(state)`, a fact the state keeps as play goes, is `recount(state)`,
    worked out from scratch, at every decision of random games, in their
    clones played on, in the originals after, and in loaded states; yields
    each state checked."""
    from meeple.games.okc import load

    for i, s in enumerate(_states(seeds)):
        assert kept(s) == recount(s)
        yield s
        if i % 25 == 0:
            c = s.clone()
            rng = random.Random(i)
            for _ in range(30):
                if c.is_terminal():
                    break
                c.apply_legal(rng.choice(c.legal_actions()))
                assert kept(c) == recount(c)
            assert kept(s) == recount(s)  # the original, untouched by its clone's play
            assert kept(load(s.to_json())) == kept(s)


def test_kingdom_cards_held_agree_with_boards_and_supplies():
    """`kheld` (kept as cards move) is what the boards and supplies hold."""
    held = 0
    for s in _kept_as_recounted(lambda s: s.kheld, _held_from_scratch):
        held |= sum(s.kheld)
    assert held  # some seat held a kingdom card


def test_kept_legal_actions_are_the_rules():
    """The legal actions the flow keeps for the pending decision
    (`legal_now`) are those its rule works out, recorded or not."""
    kinds = set()
    for record in (False, True):
        for s in _states(range(4), record):
            if s.legal_now is not None:
                assert s.legal_now == s.RULES.legal_of[s.kind](s, s.dseats[0]), s.kind
                kinds.add(s.kind)
    assert {"spring", "day", "autumn"} <= kinds


def test_clones_played_apart_to_the_end_stay_apart():
    """Fields shared by a clone until written (the generator, the boards,
    the supplies...) are copied by whichever side writes first: a clone
    played on to the end of the game, shuffles included, leaves its
    original's STATE as it was, and the original played on leaves the
    clone's."""
    every_20th = (s for i, s in enumerate(_states(range(3))) if i % 20 == 0)
    setup = islice(_states(range(1), advanced=True), 40)  # the advanced setup's shuffle
    shuffled = sum(_played_apart(s, i) for i, s in enumerate(chain(every_20th, setup)))
    assert shuffled > 3  # clones shuffled while their originals did not


def _played_apart(s, i: int) -> bool:
    """Check a clone of s and s itself played on apart (s is left as it
    was); whether the clone shuffled."""
    before = s.to_json()
    c = s.clone()
    rng = random.Random(i)
    while not c.is_terminal():
        c.apply_legal(rng.choice(c.legal_actions()))
    assert s.to_json() == before, "playing a clone on changed its original"
    d = s.clone()
    while not s.is_terminal() and s.rng.state == d.rng.state:
        s.apply_legal(rng.choice(s.legal_actions()))
    assert d.to_json() == before, "playing the original on changed its clone"
    s._restore(d)  # (the walk goes on from where it was)
    return c.rng.state != d.rng.state
