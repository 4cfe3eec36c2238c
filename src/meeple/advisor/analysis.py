"""Analysis of a played game: every decision of every seat rated.

For each move a seat chose among several, the advisor's search runs on the
position before it and gives: the seat's estimated chance of winning with the
best move (`before`), its chance after the move it played (`played_win`), and
the best alternative with its chance. `cost` is the chance the move gave away
(best minus played); the costliest moves of each seat are marked.

Mode. The search sees each seat's view of the position and the events it
could read then, exactly as a hint would ("seat's view"), not the true state:
after the game every card is public, but a decision is judged by what its
player could know (the true deck order would make every estimate a
certainty), and the estimates are the calibrated ones of docs/advisor.md.

Positions are independent, so they run on the arena's worker processes (or
Ray) through `meeple.arena.tournament.run_jobs`; the game is replayed once
here and each worker gets what its seat observed.
"""

from __future__ import annotations

import time

from meeple.core import savegame
from meeple.core.present import moves_for_seat

MODE = "seat's view (what the player could know at the time; calibrated)"
COSTLY = 3  # moves marked per seat
MIN_COST = 0.02  # a smaller loss of winning chance is noise, not a mistake


def analyse(
    record: dict,
    *,
    seconds: float = 1.0,
    iterations: int | None = None,
    workers: int = 1,
    backend: str = "process",
    progress: bool = False,
    seed: int = 0,
    run=None,
) -> dict:
    """Every decision of `record` (a saved game or the server's game log) rated.

    `run(fn, jobs)` -> results in job order, in place of the arena's workers
    (the server passes its bot pool)."""
    from meeple.arena.tournament import run_jobs

    doc = savegame.check(record)
    final = savegame.replay(doc)
    jobs = positions(doc, seconds, iterations, seed)
    t0 = time.perf_counter()
    rows = (
        run_jobs(rate_position, jobs, workers, backend, progress, "analysing")
        if run is None
        else run(rate_position, jobs)
    )
    wall = time.perf_counter() - t0
    mark_costly(rows, doc["players"])
    return {
        "game": doc["game"],
        "players": doc["players"],
        "seed": doc["seed"],
        "options": doc["options"],
        "plies": len(doc["moves"]),
        "finished": final.is_terminal(),
        "winners": list(final.winners),
        "scores": list(final.scores()),
        "mode": MODE,
        "budget": {"seconds": seconds, "iterations": iterations},
        "workers": workers,
        "backend": backend,
        "seconds": round(wall, 2),
        "decisions": rows,
        "seats": seat_summaries(rows, doc["players"], final),
    }


def positions(doc: dict, seconds, iterations, seed: int) -> list[tuple]:
    """One job per ply where the moving seat had more than one legal action:
    what that seat observed (view, readable log, legal actions; plain data a
    worker can take) and the move it played. One replay for the whole game."""
    from meeple import games
    from meeple.bots.base import observe

    state = savegame.replay(doc, 0)
    decision_for = games.get(doc["game"]).presenter.decision_for
    jobs = []
    for ply, (seat, move) in enumerate(doc["moves"]):
        if len(state.legal_actions(seat)) > 1:
            info = {
                "ply": ply,
                "seat": seat,
                "kind": state.decision().kind,
                "played": move,
                "first": first_action(state, seat, move),
                "words": answer_words(decision_for, state, seat),
            }
            jobs.append((observe(state, seat), info, seconds, iterations, seed + ply))
        state.apply_move(move)
    return jobs


def answer_words(decision_for, state, seat: int) -> dict[str, str]:
    """{move: its words} of the answers the game's presenter labels at this
    decision (the page shows moves in words; a game whose answers are built
    rather than listed, such as an Ethnos band, has none)."""
    if decision_for is None:
        return {}
    d = decision_for(state, seat) or {}
    return {o["move"]: str(o.get("text") or o.get("label")) for o in d.get("options") or [] if o.get("move")}


def rate_position(job: tuple) -> dict:
    """One decision rated (runs in a worker): the search from the seat's view."""
    from meeple.advisor.search import options

    obs, info, seconds, iterations, seed = job
    found = options(obs, seconds=None if iterations else seconds, iterations=iterations, seed=seed)
    best = found[0]
    mine = next((o for o in found if o.move == info["played"]), None) or next(
        (o for o in found if o.action == info["first"]), None
    )
    alternative = next((o for o in found if o is not mine), None) if mine is best else best
    return {
        "ply": info["ply"],
        "seat": info["seat"],
        "kind": info["kind"],
        "choices": len(obs.legal),
        "played": info["played"],
        "before": round(best.win, 4),
        "best": best.move,
        "played_win": None if mine is None else round(mine.win, 4),
        "played_visits": 0 if mine is None else mine.visits,
        "alternative": None if alternative is None else alternative.move,
        "alternative_win": None if alternative is None else round(alternative.win, 4),
        "cost": None if mine is None else round(max(0.0, best.win - mine.win), 4),
        "words": {
            m: w
            for m in (info["played"], best.move, alternative.move if alternative else None)
            if m is not None and (w := info.get("words", {}).get(m)) is not None
        },
        "iterations": sum(o.visits for o in found),
    }


def first_action(state, seat: int, move: str) -> int | None:
    """The first engine action of a notated move (an Ethnos band: its leader)."""
    notation = state._notation()
    parse = notation.move_actions
    if parse is not None:
        got = parse(state, move)
        actions = got[1] if isinstance(got, tuple) else got
        return actions[0] if actions else None
    # one action per move: the seat's legal moves list them in action order
    moves = moves_for_seat(state, seat)
    key = " ".join(move.lower().split())
    for a, m in zip(state.legal_actions(seat), moves, strict=True):
        if " ".join(m.lower().split()) == key:
            return a
    return None


def mark_costly(rows: list[dict], players: int) -> None:
    """Flag each seat's COSTLY costliest moves (each losing at least MIN_COST)."""
    for seat in range(players):
        mine = sorted((r for r in rows if r["seat"] == seat and (r["cost"] or 0) >= MIN_COST), key=lambda r: -r["cost"])
        for r in mine[:COSTLY]:
            r["costly"] = True


def seat_summaries(rows: list[dict], players: int, final) -> list[dict]:
    out = []
    for seat in range(players):
        mine = [r for r in rows if r["seat"] == seat]
        costs = [r["cost"] for r in mine if r["cost"] is not None]
        worst = max(mine, key=lambda r: r["cost"] or 0, default=None)
        out.append(
            {
                "seat": seat,
                "decisions": len(mine),
                "won": seat in final.winners if final.is_terminal() else None,
                "score": final.scores()[seat],
                "matched_best": sum(1 for r in mine if r["played"] == r["best"]),
                "total_cost": round(sum(costs), 4),
                "worst": None
                if worst is None or not worst["cost"]
                else {k: worst[k] for k in ("ply", "played", "played_win", "best", "before", "cost")},
            }
        )
    return out
