"""Balance report: who wins from which seat, with which tribes, from what glory."""

from __future__ import annotations

import time

from meeple.arena.tournament import check_workers, game_seed, run_games, wilson
from meeple.core.game import GameError
from meeple.games import GAMES

# the games whose spec says what a balance report shows of them
BALANCED = sorted(name for name, spec in GAMES.items() if spec.has_balance)

SOURCES = ("kingdoms", "bands", "giant", "merfolk", "orcs")


def balance(
    game: str,
    games: int,
    players: int = 4,
    bots: list[str] | None = None,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    progress: bool = False,
) -> dict:
    """Play `games` games (all-random by default, or one bot spec per seat)."""
    from meeple import games as registry
    from meeple.bots.registry import parse_spec

    mod = registry.get(game)
    if not mod.has_balance:
        raise GameError(f"the balance report knows {', '.join(BALANCED)} only, not {game!r}")
    lineup = list(bots) if bots else ["random"] * players
    if len(lineup) == 1:
        lineup = lineup * players
    if len(lineup) != players:
        raise GameError(f"give one bot per seat ({players}) or one bot for all, got {len(lineup)}")
    if not mod.min_players <= players <= mod.max_players:
        raise GameError(f"{game} is for {mod.min_players}-{mod.max_players} players, not {players}")
    for spec in lineup:
        parse_spec(spec)
    if not isinstance(games, int) or games < 1:
        raise GameError(f"games must be at least 1, got {games!r}")
    workers = check_workers(workers)
    # the same bots in the same seats: seat effects are what we measure
    jobs = [(game, lineup, game_seed(seed, i)) for i in range(games)]
    t0 = time.perf_counter()
    records = run_games(jobs, workers, backend, progress, f"{game} balance")
    wall = time.perf_counter() - t0
    rep = summarise_balance(records, players)
    rep.update(
        {
            "game": game,
            "players": players,
            "lineup": lineup,
            "games": games,
            "seed": seed,
            "workers": workers,
            "backend": backend,
            "seconds": round(wall, 2),
        }
    )
    return rep


def summarise_balance(records: list[dict], players: int) -> dict:
    ok = [r for r in records if r.get("ok")]
    seat_w = [0.0] * players
    for r in ok:
        for s in range(players):
            seat_w[s] += r["returns"][s]
    n = len(ok)
    by_seat = []
    for s in range(players):
        lo, hi = wilson(seat_w[s], n)
        by_seat.append(
            {
                "seat": s,
                "games": n,
                "win_rate": round(seat_w[s] / n, 4) if n else 0.0,
                "ci95": [round(lo, 4), round(hi, 4)],
            }
        )
    present: dict[str, list] = {}
    led: dict[str, list] = {}
    top: dict[str, list] = {}
    src_tot = {k: 0.0 for k in SOURCES}
    for r in ok:
        ex = r["extra"]
        glory = r["glory"]
        for t in ex["tribes"]:
            g = present.setdefault(t, [0, 0.0, 0.0])
            g[0] += 1
            g[1] += sum(glory) / players
            g[2] += sum(r["returns"][s] for s in range(players)) / players
        for s in range(players):
            for t in set(ex["led"][s]):
                g = led.setdefault(t, [0, 0.0, 0])
                g[0] += 1
                g[1] += r["returns"][s]
                g[2] += ex["led"][s].count(t)
        # the one player who led most bands of a tribe (no tie): did they win?
        for t in set(x for bands in ex["led"] for x in bands):
            counts = [ex["led"][s].count(t) for s in range(players)]
            best = max(counts)
            if counts.count(best) == 1:
                s = counts.index(best)
                g = top.setdefault(t, [0, 0.0])
                g[0] += 1
                g[1] += r["returns"][s]
        for k in SOURCES:
            src_tot[k] += sum(ex["glory_by_source"][k])
    tribes = []
    for t in sorted(set(present) | set(led)):
        gp = present.get(t, [0, 0.0, 0.0])
        gl = led.get(t, [0, 0.0, 0])
        lo, hi = wilson(gl[1], gl[0])
        gt = top.get(t, [0, 0.0])
        tlo, thi = wilson(gt[1], gt[0])
        tribes.append(
            {
                "tribe": t,
                "games_present": gp[0],
                "glory_per_player_present": round(gp[1] / gp[0], 2) if gp[0] else 0.0,
                "led_player_games": gl[0],
                "led_win_rate": round(gl[1] / gl[0], 4) if gl[0] else None,
                "led_ci95": [round(lo, 4), round(hi, 4)],
                "bands_led_per_leading_player": round(gl[2] / gl[0], 2) if gl[0] else 0.0,
                "top_leader_games": gt[0],
                "top_leader_win_rate": round(gt[1] / gt[0], 4) if gt[0] else None,
                "top_leader_ci95": [round(tlo, 4), round(thi, 4)],
            }
        )
    total = sum(src_tot.values())
    seats = max(1, n * players)
    glory_by_source = {
        k: {"mean": round(v / seats, 2), "share": round(v / total, 4) if total else 0.0} for k, v in src_tot.items()
    }
    all_glory = sum(sum(r["glory"]) for r in ok)
    failures = [{k: r.get(k) for k in ("seed", "specs", "error", "where", "moves")} for r in records if not r.get("ok")]
    return {
        "completed": n,
        "errors": len(failures),
        "by_seat": by_seat,
        "tribes": tribes,
        "glory_by_source": glory_by_source,
        "glory_mean": round(all_glory / seats, 2),
        "glory_accounted": round(total / all_glory, 4) if all_glory else 1.0,
        "failures": failures,
    }
