"""One game between bots: each bot sees only its seat's Observation."""

from __future__ import annotations

import time
import traceback

from meeple.bots.base import observe


def play_game(game_name: str, specs: list[str], seed: int, bot_seed: int | None = None, record: bool = True) -> dict:
    """Play one game with `specs[i]` in seat i. Returns a record (never raises).

    A failing game (a bot error, an illegal move, an engine error) comes back
    as {"ok": False, "error", "seed", "moves"} so a tournament can go on.
    """
    from meeple import games
    from meeple.bots.registry import make_bot

    moves: list[str] = []
    t0 = time.perf_counter()
    state = None
    try:
        game = games.get(game_name)
        bseed = seed if bot_seed is None else bot_seed
        bots = [make_bot(spec, seed=bseed * 31 + i, game=game_name) for i, spec in enumerate(specs)]
        state = game.new_game(len(specs), seed=seed)
        n = len(specs)
        decisions = [0] * n
        searched = [0] * n  # decisions with more than one legal action
        think = [0.0] * n  # wall seconds in choose()
        cpu = [0.0] * n  # CPU seconds of this thread in choose()
        iterations = [0] * n  # search simulations (bots with last_iterations)
        early = [0] * n  # searches that stopped before their budget
        while not state.is_terminal():
            d = state.decision()
            for seat in d.seats:
                now = state.decision()
                if now is None or seat not in now.seats:
                    continue  # another seat's answer settled this one's (a forced choice)
                obs = observe(state, seat)
                bot = bots[seat]
                t = time.perf_counter()
                c = time.thread_time()
                a = bot.choose(obs)
                cpu[seat] += time.thread_time() - c
                think[seat] += time.perf_counter() - t
                decisions[seat] += 1
                if len(obs.legal) > 1:
                    searched[seat] += 1
                    iterations[seat] += getattr(bot, "last_iterations", 0) or 0
                    early[seat] += bool(getattr(bot, "last_stopped_early", False))
                state.apply_action(a, seat)  # checked: a bot's illegal move is an error
        glory = list(state.scores())  # the game's points (Ethnos: glory)
        return {
            "ok": True,
            "seed": seed,
            "specs": list(specs),
            "returns": state.returns(),
            "winners": list(state.winners),
            "glory": glory,
            "moves": len(state.moves),
            "decisions": decisions,
            "think_s": [round(x, 4) for x in think],
            "think_cpu_s": [round(x, 4) for x in cpu],
            "searched": searched,
            "iterations": iterations,
            "stopped_early": early,
            "extra": _balance_facts(state),
            "seconds": round(time.perf_counter() - t0, 3),
        }
    except Exception as e:  # a failing game is data, not a crash
        if state is not None:
            try:
                moves = list(state.moves)
            except Exception:
                moves = []
        return {
            "ok": False,
            "seed": seed,
            "specs": list(specs),
            "error": f"{type(e).__name__}: {e}",
            "where": traceback.format_exc(limit=4).splitlines()[-4:],
            "moves": moves,
            "seconds": round(time.perf_counter() - t0, 3),
        }


def _balance_facts(state) -> dict:
    """What the game's spec adds for the balance report (Ethnos: tribes, glory by source)."""
    from meeple import games

    spec = games.GAMES.get(state.game)
    facts = spec.balance if spec is not None else None
    return facts(state) if facts is not None else {}
