"""Random-play simulation of any hosted game: the engine's smoke test at scale."""

from __future__ import annotations

import random
import time
import traceback

from meeple.core.spec import declared


def play_random(game, players: int, seed: int, options: dict | None = None):
    """One game with uniformly random legal actions; returns the final state."""
    state = game.new_game(players, seed=seed, **(options or {}))
    rng = random.Random(seed)
    while not state.is_terminal():
        d = state.decision()
        seat = d.seats[0]
        state.apply_legal(rng.choice(state.legal_actions(seat))) if len(d.seats) == 1 else state.apply_action(
            rng.choice(state.legal_actions(seat)), seat
        )
    return state


def simulate(name: str, games: int, player_counts: list[int], seed: int = 0, options: dict | None = None) -> dict:
    """`games` random games for each player count; failures are kept with their seed."""
    from meeple.core.game import GameError

    game = declared(name)
    for p in player_counts:
        if not game.min_players <= p <= game.max_players:
            raise GameError(f"{name} is for {game.min_players}-{game.max_players} players, not {p}")
    t0 = time.perf_counter()
    failures, per = [], {}
    total_moves = total_glory = total_seats = played = 0
    for p in player_counts:
        moves = glory = 0
        for i in range(games):
            game_seed = seed * 1_000_003 + p * 10_007 + i
            try:
                s = play_random(game, p, game_seed, options)
            except Exception as e:  # a failing game is data, not a crash
                failures.append(
                    {
                        "players": p,
                        "seed": game_seed,
                        "error": repr(e),
                        "where": traceback.format_exc(limit=3).splitlines()[-3:],
                    }
                )
                continue
            played += 1
            moves += len(s.moves)
            glory += sum(s.scores())
        ok = games - sum(1 for f in failures if f["players"] == p)
        per[str(p)] = {
            "games": ok,
            "moves_per_game": round(moves / max(ok, 1), 1),
            "glory_mean": round(glory / max(ok * p, 1), 2),
        }
        total_moves += moves
        total_glory += glory
        total_seats += ok * p
    return {
        "game": name,
        "options": dict(options or {}),
        "games": games * len(player_counts),
        "errors": len(failures),
        "moves_per_game": round(total_moves / max(played, 1), 1),
        "glory_mean": round(total_glory / max(total_seats, 1), 2),  # victory points
        "score_mean": round(total_glory / max(total_seats, 1), 2),
        "by_players": per,
        "seconds": round(time.perf_counter() - t0, 2),
        "failures": failures[:20],
    }
