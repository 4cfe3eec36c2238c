"""Undo never crosses a reveal: the games' declared marks (`meeple.core.undo`)
against an oracle that samples what each observer could not see
(`reveal_oracle`), over whole random games of all three games."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from meeple import games
from meeple.core.game import IllegalMove
from meeple.core.undo import revealed

sys.path.insert(0, str(Path(__file__).parent))
from reveal_oracle import check_game, needless_refusals  # noqa: E402

GAMES = [
    ("ethnos", 2, 1, {}),
    ("ethnos", 4, 2, {"fairy": True}),
    ("ethnos", 6, 3, {}),
    ("okc", 2, 4, {}),
    ("okc", 3, 5, {"advanced": True}),
    ("okc", 4, 6, {"rounds": 4}),
    ("anunnaki", 2, 7, {}),
    ("anunnaki", 3, 8, {"first_game": True}),
    ("anunnaki", 4, 9, {}),
]


@pytest.mark.parametrize("game,players,seed,options", GAMES, ids=[f"{g}-{p}p-s{s}" for g, p, s, _ in GAMES])
def test_every_reveal_is_declared(game, players, seed, options):
    moves, flagged, seen, misses = check_game(games.get(game), players, seed, samples=3, options=options)
    assert not misses, f"moves that revealed something but were declared silent: {misses[:5]}"
    assert seen > 0 and flagged >= seen
    assert flagged < moves, "some moves must stay undoable"


OKC_GAMES = [(2, 4, {}), (3, 5, {"advanced": True}), (4, 6, {"rounds": 4}), (4, 11, {}), (2, 12, {}), (3, 13, {})]


@pytest.mark.parametrize("players,seed,options", OKC_GAMES, ids=[f"okc-{p}p-s{s}" for p, s, _ in OKC_GAMES])
def test_okc_refuses_no_undo_needlessly(players, seed, options):
    """Undo is refused only after a move that showed someone something: OKC
    tracks the hand cards everyone saw arrive (`known`) or can tell by
    elimination, so a card played from them shows nothing, and whether a
    decision is asked or answered for its seat is marked only if a hand the
    others think possible would have done the other."""
    moves, needless = needless_refusals(games.get("okc"), players, seed, samples=200, options=options)
    assert not needless, f"{len(needless)} needless refusals in {moves} moves: {needless}"


@pytest.mark.parametrize("players,seed,options", OKC_GAMES[3:], ids=[f"okc-{p}p-s{s}" for p, s, _ in OKC_GAMES[3:]])
def test_okc_declares_every_reveal(players, seed, options):
    """The exact marks stay sound over the games above not yet checked."""
    moves, flagged, seen, misses = check_game(games.get("okc"), players, seed, samples=3, options=options)
    assert not misses, f"moves that revealed something but were declared silent: {misses[:5]}"
    assert seen > 0


def test_random_outcome_and_mark_are_reveals():
    s = games.get("ethnos").new_game(3, seed=1)
    t = s.clone()
    assert not revealed(s, t)
    t.rng.next64()
    assert revealed(s, t)
    u = s.clone()
    u._mark_reveal()
    assert revealed(s, u) and not revealed(s, s.clone())


def test_a_refused_move_leaves_no_mark():
    s = games.get("ethnos").new_game(3, seed=1)
    t = s.clone()
    with pytest.raises(IllegalMove):
        t.apply_move("band centaur:rhea centaur:rhea centaur:rhea")
    assert not revealed(s, t) and t.to_json() == s.to_json()


def test_drawing_from_the_deck_is_a_reveal_taking_from_the_market_is_not():
    s = games.get("ethnos").new_game(3, seed=1)
    market = [m for m in s.legal_moves() if m.startswith("recruit ") and m != "recruit deck"]
    a, b = s.clone(), s.clone()
    a.apply_move(market[0])
    b.apply_move("recruit deck")
    assert not revealed(s, a) and revealed(s, b)
