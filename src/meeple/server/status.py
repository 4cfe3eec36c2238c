"""What the server is and how it is: the games it serves (for the lobby's
form), its health (for operators) and readiness (for a load balancer)."""

from __future__ import annotations

from fastapi import APIRouter, Request

from meeple.games import GAMES
from meeple.server.jsonio import json_response
from meeple.server.runtime import runtime

router = APIRouter(tags=["server"])


@router.get("/api/meta")
async def meta():
    # each game's spec (name, player counts, the options schema the lobby
    # form is drawn from) and what its presenter adds for the table
    return {
        "games": {
            name: dict(
                spec.presenter.meta(),
                name=spec.title,
                min_players=spec.min_players,
                max_players=spec.max_players,
                options=spec.options_json(),
            )
            for name, spec in GAMES.items()
        }
    }


@router.get("/api/health")
async def health(request: Request):
    rt = runtime(request)
    service = rt.service
    pool = service.pool
    bus = service.bus
    return {
        "ok": True,
        "live_games": len(service.live),
        "connections": rt.hub.count(),
        **({"node": service.node, "bus": "up" if bus.up else bus.reason, **bus.stats} if bus else {}),
        "bot_decisions_waiting": pool.waiting() if pool else 0,
        "bot_longest_wait_s": round(pool.longest["wait"], 3) if pool else 0,
        "bot_longest_think_s": round(pool.longest["think"], 3) if pool else 0,
        **service.stats,
        **rt.replays.stats,
        **rt.finished_views.stats,
        "presence_messages": rt.hub.presence_sent,
        "slow_sockets_dropped": rt.hub.slow_dropped,
        **(getattr(request.app.state, "connections", None) and request.app.state.connections.stats or {}),
    }


@router.get("/api/ready")
async def ready(request: Request):
    """200 when this node can take moves: its database answers and, in a
    cluster, its message bus; else 503 with the reason."""
    service = runtime(request).service
    if service.bus is not None and not service.bus.up:
        return json_response(
            {"ok": False, "error": f"the message bus (Redis) is unreachable: {service.bus.reason}"}, 503
        )
    await service._db(service.storage.ping)
    return json_response({"ok": True})
