"""The game contract, checked on every registered game (meeple.games.GAMES) at
every player count, as OpenSpiel's random_sim_test does: a new game gets all
of it by being registered.

Each test walks seeded random games (tests/contract/contract_cases.py) and
examines checkpoints along the way, mid-turn ones included. A property that a
game breaks is listed in KNOWN with the precise failure, as a strict xfail:
the game's owner fixes it and removes the entry.
"""

from __future__ import annotations

import json
import random

import pytest

from meeple import games
from meeple.core.game import Decision, GameError, IllegalMove
from tests.contract.contract_cases import all_cases, as_text, choose, final, walk

CASES = all_cases()

# (test name, case id) -> reason: properties a game does not keep yet.
KNOWN: dict[tuple[str, str], str] = {}


def cases(test: str):
    return [
        pytest.param(
            c,
            id=c.id,
            marks=[pytest.mark.xfail(strict=True, reason=KNOWN[test, c.id])] if (test, c.id) in KNOWN else [],
        )
        for c in CASES
    ]


# ---------------------------------------------------------------- random play
@pytest.mark.parametrize("case", cases("test_random_game_reaches_the_end"))
def test_random_game_reaches_the_end(case):
    """Every position until the end has a decision with seats that each have
    legal actions; at the end there is none, and the returns share one win."""
    for step, s in walk(case, every=1):
        d = s.decision()
        if s.is_terminal():
            assert d is None, f"step {step}: finished with a pending decision {d}"
            break
        assert isinstance(d, Decision) and d.seats, f"step {step}: no decision before the end"
        assert len(set(d.seats)) == len(d.seats) and all(0 <= x < case.players for x in d.seats)
        for seat in d.seats:
            legal = s.legal_actions(seat)
            assert legal, f"step {step}: seat {seat} must decide {d.kind!r} but has no legal action"
            assert len(set(legal)) == len(legal), f"step {step}: repeated legal actions {legal}"
        assert s.legal_actions() == s.legal_actions(d.seats[0]), f"step {step}: seat=None is not seats[0]"
    returns = s.returns()
    assert len(returns) == case.players and sum(returns) == pytest.approx(1.0)
    assert s.winners and all(returns[w] > 0 for w in s.winners)
    assert len(s.scores()) == case.players


@pytest.mark.parametrize("case", cases("test_replay_from_seed_and_moves"))
def test_replay_from_seed_and_moves(case):
    """The seed and the notated moves are the whole record of a game."""
    s = final(case)
    replay = case.new()
    for ply, move in enumerate(s.moves):
        try:
            replay.apply_move(move)
        except GameError as e:
            pytest.fail(f"ply {ply}: recorded move {move!r} does not replay: {e}")
    assert replay.is_terminal()
    assert as_text(replay.to_json()) == as_text(s.to_json())


# ---------------------------------------------------------------- save / load
def _reloaded(case):
    def reload(s):
        text = json.dumps(s.to_json())  # through text, as it is stored
        t = case.module.load(json.loads(text))
        assert as_text(t.to_json()) == as_text(s.to_json()), "load(to_json()) is not the same STATE"
        assert as_text(case.module.dump(t)) == as_text(s.to_json()), "dump() and to_json() disagree"
        assert t.decision() == s.decision()
        for seat in s.decision().seats if s.decision() else ():
            assert t.legal_actions(seat) == s.legal_actions(seat)
        return t

    return reload


@pytest.mark.parametrize("case", cases("test_save_load_round_trip_mid_turn"))
def test_save_load_round_trip_mid_turn(case):
    """Saving and loading at any point (every 7th action, so inside turns and
    bands too) changes nothing: the reloaded game plays on to the same end."""
    reference = final(case)
    reloaded = final(case, every=7, replace=_reloaded(case))
    assert as_text(reloaded.to_json()) == as_text(reference.to_json())


@pytest.mark.parametrize("case", cases("test_clone_is_independent"))
def test_clone_is_independent(case):
    """A clone is the same STATE, and neither it nor the original sees the
    other's later moves; playing on from clones ends the same."""
    reference = final(case)

    def check(s):
        c = s.clone()
        before = as_text(s.to_json())
        assert as_text(c.to_json()) == before
        if not s.is_terminal():
            seat, action = choose(c, random.Random(0))
            c.apply_action(action, seat)
            assert as_text(s.to_json()) == before, "playing a clone changed the original"
            c2 = s.clone()
            s.apply_action(action, seat)
            assert as_text(c2.to_json()) == before, "playing the original changed a clone"
            s = c2
        return s.clone()

    last = final(case, replace=check)
    assert as_text(last.to_json()) == as_text(reference.to_json())


# ---------------------------------------------------------------- illegal input
def _illegal_actions(s, seat):
    legal = set(s.legal_actions(seat))
    top = max(legal)
    return [a for a in (-1, top + 1, top + 7, 10**9, *range(top)) if a not in legal][:12]


@pytest.mark.parametrize("case", cases("test_illegal_actions_raise_and_change_nothing"))
def test_illegal_actions_raise_and_change_nothing(case):
    for step, s in walk(case):
        if s.is_terminal():
            with pytest.raises(IllegalMove):
                s.apply_action(0)
            continue
        before = as_text(s.to_json())
        d = s.decision()
        tries = [(a, seat) for seat in d.seats for a in _illegal_actions(s, seat)]
        legal = s.legal_actions(d.seats[0])
        tries += [(legal[0], x) for x in range(-1, case.players + 1) if x not in d.seats]
        for action, seat in tries:
            with pytest.raises(IllegalMove):
                s.apply_action(action, seat)
            assert as_text(s.to_json()) == before, f"step {step}: refused {action} for seat {seat} changed the state"
        for text in ("", "frobnicate", "0: frobnicate 12", "\x00"):
            with pytest.raises(IllegalMove):
                s.apply_move(text)
            assert as_text(s.to_json()) == before, f"step {step}: refused move {text!r} changed the state"


# ---------------------------------------------------------------- notation
def _replayed(case, moves):
    s = case.new()
    for move in moves:
        s.apply_move(move)
    return s


@pytest.mark.parametrize("case", cases("test_every_legal_move_string_applies"))
def test_every_legal_move_string_applies(case):
    """Every string of legal_moves() applies. Between whole moves (where the
    record replays to the state) each is recorded as written and the record
    replays after it; inside a compound move (a band, a face-down trio) it
    completes the move. Every legal action has words."""
    for step, s in walk(case):
        if s.is_terminal():
            assert s.legal_moves() == []
            continue
        moves = s.legal_moves()
        assert moves and len(set(moves)) == len(moves), f"step {step}: legal moves {moves[:5]}..."
        between = as_text(_replayed(case, s.moves).to_json()) == as_text(s.to_json())
        for i, move in enumerate(moves):
            c = s.clone()
            try:
                c.apply_move(move)
            except GameError as e:
                pytest.fail(f"step {step}: legal move {move!r} does not apply: {e}")
            if between:
                recorded = c.moves[len(s.moves) : len(s.moves) + 1]
                assert recorded == [move], f"step {step}: {move!r} was recorded as {recorded}"
            if between and i == 0:
                assert as_text(_replayed(case, c.moves).to_json()) == as_text(c.to_json()), (
                    f"step {step}: the record does not replay after {move!r}"
                )
        for seat in s.decision().seats:
            for a in s.legal_actions(seat):
                assert isinstance(s.action_to_str(a), str) and s.action_to_str(a).strip()


# ---------------------------------------------------------------- secrecy
def _determinizations(s, seat, k=3):
    return [s.determinize(seat, random.Random(i)) for i in range(k)]


@pytest.mark.parametrize("case", cases("test_determinization_keeps_the_seat_s_view"))
def test_determinization_keeps_the_seat_s_view(case):
    """Everything determinize(seat) deals again is hidden from that seat: its
    view of every determinization is its view of the true state (so the view
    holds nothing of what the seat may not see); the spectator sees no more
    than any seat. Determinizations also differ from the truth somewhere once
    something is hidden (else the check above would be empty). Each has a
    generator of its own, drawn from the search's: with the true state's, its
    future shuffles would be the real game's (a reshuffled discard pile, whose
    cards everyone knows, would come out in the order the game will deal)."""
    redealt = 0
    for step, s in walk(case):
        if s.is_terminal():
            continue
        public = as_text(s.view(None))
        truth = as_text(s.to_json())
        real_rng = s.to_json()["rng"]
        for seat in range(case.players):
            mine = as_text(s.view(seat))
            dets = _determinizations(s, seat)
            rngs = [d.to_json()["rng"] for d in dets]
            assert real_rng not in rngs, f"step {step}: a determinization for seat {seat} has the game's generator"
            assert len(set(rngs)) == len(rngs), f"step {step}: determinizations share a generator"
            for i, d in enumerate(dets):
                assert as_text(d.view(seat)) == mine, (
                    f"step {step}: seat {seat}'s view of determinization {i} differs from its view"
                )
                assert as_text(d.view(None)) == public, (
                    f"step {step}: the spectator's view of seat {seat}'s determinization {i} differs"
                )
                redealt += as_text(d.to_json()) != truth
            assert as_text(s.to_json()) == truth, f"step {step}: determinize changed the state"
    assert redealt, "no determinization ever dealt anything again"


@pytest.mark.parametrize("case", cases("test_views_hide_the_generator_and_stay_json"))
def test_views_hide_the_generator_and_stay_json(case):
    """No view carries the generator, nor depends on it (the future deals)."""
    for step, s in walk(case):
        doc = s.to_json()
        other = dict(doc, rng=(doc["rng"] + 0x5EED) % (1 << 64)) if isinstance(doc.get("rng"), int) else None
        twin = case.module.load(other) if other is not None else None
        for seat in [None, *range(case.players)]:
            v = s.view(seat)
            text = json.dumps(v, sort_keys=True)
            assert "rng" not in v, f"step {step}: view of {seat} has the generator"
            if twin is not None:
                assert json.dumps(twin.view(seat), sort_keys=True) == text, (
                    f"step {step}: view of {seat} depends on the generator"
                )


@pytest.mark.parametrize("case", cases("test_from_view_rebuilds_the_seat_s_view"))
def test_from_view_rebuilds_the_seat_s_view(case):
    """What bots get: full states built from a seat's view and readable log
    (and their determinizations) show that seat the same view, with the same
    choices."""
    for step, s in walk(case):
        if s.is_terminal():
            continue
        for seat in s.decision().seats:
            v = s.view(seat)
            log = s.log_for(seat) if hasattr(s, "log_for") else ()
            assert all(e[3] in (None, seat) for e in log), f"step {step}: seat {seat} reads another's secret"
            for i in range(2):
                f = case.module.from_view(v, seat, random.Random(step * 2 + i), log)
                assert as_text(f.view(seat)) == as_text(v), (
                    f"step {step}: from_view(view({seat})) #{i} shows another view"
                )
                assert f.legal_actions(seat) == s.legal_actions(seat), f"step {step}: seat {seat}'s choices differ"
                again = f.determinize(seat, random.Random(i))
                assert as_text(again.view(seat)) == as_text(v), (
                    f"step {step}: a determinization of from_view #{i} shows seat {seat} another view"
                )


@pytest.mark.parametrize("name", sorted(games.GAMES))
def test_every_decision_argument_has_its_declared_type(name):
    """Each decision declares the type of its argument (`Rules.decision(arg=)`):
    every decision asked in random play holds one of that type."""
    game = games.get(name)
    rules = type(game.new_game(game.min_players, seed=0)).RULES
    for players in (game.min_players, game.max_players):
        s = game.new_game(players, seed=players, record=False)
        rng = random.Random(players)
        while not s.is_terminal():
            assert rules.arg_problem(s.kind, s.darg) is None, rules.arg_problem(s.kind, s.darg)
            seat = s.decision().seats[0]
            s.apply_action(rng.choice(s.legal_actions(seat)), seat)
