"""Bot driving: one asyncio task per table plays its bots' moves.

The task asks the bot pool for each step of a bot's move on a private copy of
the state (a forced step too, and every step shown to take the bot's thinking
time, so the time tells nothing hidden), and commits the move once it is
whole, if the table is still where it was. The pool shares bot time between
the people who created the tables (fairshare.py); here, too, each creator's
ended bot-only tables are bounded.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging

from meeple.bots.base import observe
from meeple.core.game import GameError
from meeple.server.errors import ApiError
from meeple.server.fairshare import think_seconds
from meeple.server.jobs.protocol import StaleJob
from meeple.server.live import MAX_SEED, LiveGame, new_moves
from meeple.server.rooms import Host

log = logging.getLogger("meeple.server")


class BotDriver:
    """The bots' tasks of a service's tables."""

    def __init__(self, service: Host) -> None:
        self.service = service

    def to_move(self, g: LiveGame, state=None) -> int | None:
        d = (g.state if state is None else state).decision()
        if d is None:
            return None
        for s in d.seats:  # at a simultaneous decision, each bot in turn
            if g.seat_kind(s) == "bot":
                return s
        return None

    def kick(self, g: LiveGame) -> None:
        svc = self.service
        if svc.pool is None or g.finished:
            return
        if (g.driver is None or g.driver.done()) and self.to_move(g) is not None:
            g.driver = asyncio.get_running_loop().create_task(self.drive(g), name=f"bots-{g.id}")

    async def drive(self, g: LiveGame) -> None:
        """Play the bots' moves until a human must answer or the game ends."""
        svc = self.service
        try:
            while True:
                seat = self.to_move(g)
                if seat is None or g.finished:
                    return
                if svc.bus is not None and not await svc.cluster.claim_bots(g):
                    return  # another node drives this table's bots
                version = g.version
                base = g.state
                work = base.clone()
                spec = g.rec.seats[seat]["bot"]
                assert svc.pool is not None  # bots are driven only with a pool (_kick)
                # every step shows the same time, forced or not (see _pace)
                step_seconds = think_seconds(spec, svc.pool.max_seconds)
                if svc.bot_delay:
                    await svc.sleep(svc.bot_delay)
                step = 0
                stale = False
                while work.history is base.history:
                    d = work.decision()
                    if d is None or seat not in d.seats:
                        break
                    started = svc.clock()
                    obs = observe(work, seat)
                    bot_seed = decision_seed(g.rec.seed, seat, g.ply, step)
                    try:  # a forced step too: it takes the same path as a thought one
                        a = await svc.pool.choose(spec, bot_seed, obs, g.id, ply=g.ply, creator=g.rec.creator or None)
                    except StaleJob:
                        stale = True  # another node moved this table on
                        break
                    except GameError as e:
                        log.error("bot %s failed in game %s: %s", spec, g.id, e)
                        a = obs.legal[bot_seed % len(obs.legal)]
                    await self.pace(started, step_seconds)
                    if a not in obs.legal:
                        log.error("bot %s chose illegal action %r in game %s", spec, a, g.id)
                        a = obs.legal[0]
                    work.apply_action(a, seat)
                    step += 1
                if stale:  # its move reaches this node on the bus (or the catch-up)
                    await asyncio.sleep(0.2)
                    continue
                noted = new_moves(base, work)
                async with g.lock:
                    if g.version != version:
                        continue  # an undo (or a restart) changed the game: think again
                    if not noted:
                        return
                    g.undo.clear()  # someone else moved: no undo past this
                    try:
                        await svc._commit(g, work, [(seat, m) for m in noted])
                    except ApiError as e:
                        if e.status != 409:  # 409: the copy was read again; think again
                            await asyncio.sleep(1.0)  # storage or bus trouble: retry later
                        continue
                    svc.stats["bot_moves"] += len(noted)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver crashed in game %s", g.id)
        finally:
            if g.driver is asyncio.current_task():
                g.driver = None

    async def pace(self, started: float, step_seconds: float) -> None:
        """A bot's step is shown to take its whole thinking time, whether it
        thought or had one legal answer: a quick answer would tell everyone
        that the bot's hidden cards left it no choice (issue #34, finding 11)."""
        svc = self.service
        rest = step_seconds - (svc.clock() - started)
        if rest > 0:
            await svc.sleep(rest)

    async def forget_tables(self, creator: str) -> list[str]:
        """Delete `creator`'s ended bot-only tables beyond the `bot_tables_kept`
        that ended last: what one creator's bots leave in the database is bounded."""
        svc = self.service
        if svc.bot_tables_kept is None:
            return []
        try:
            ids = await svc._db(svc.storage.forget_bot_only, creator, svc.bot_tables_kept)
        except Exception:  # noqa: BLE001 - the next table that ends tries again
            log.warning("cannot delete old bot-only tables", exc_info=True)
            return []
        for game_id in ids:
            svc.done.pop(game_id, None)
        if ids:
            svc.stats["bot_tables_forgotten"] += len(ids)
            try:
                await svc.on_forget(ids)
            except Exception:  # noqa: BLE001 - rows about deleted tables are harmless: logged
                log.warning("cannot delete the people's rows of old bot-only tables", exc_info=True)
        return ids


def decision_seed(table_seed: int, seat: int, ply: int, step: int) -> int:
    """A bot's seed for one decision: keyed by the table's secret seed through a
    one-way hash, so nothing a bot does can lead back to the table's seed."""
    key = table_seed.to_bytes(8, "big")
    msg = f"{seat}:{ply}:{step}".encode()
    return int.from_bytes(hashlib.blake2b(msg, key=key, digest_size=8).digest(), "big") & MAX_SEED
