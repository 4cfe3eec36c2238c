"""What a viewer reads of a table: its view (redacted for the viewer, cached per
version), its move log, its seed where everyone may know it, its final
ranking (resignations counted, ranking.final_ranking), and the answer of a finished game's replay (built in reads.Replays off the event loop; here
for the check and for tests).
"""

from __future__ import annotations

from meeple.server import reads
from meeple.server.errors import ApiError
from meeple.server.live import LiveGame, replay_state
from meeple.server.present import redact_moves
from meeple.server.ranking import final_ranking
from meeple.server.storage import hints_allowed


class Views:
    """The reads of a service's tables."""

    def can_undo(self, g: LiveGame, seat) -> bool:
        """May `seat` ask to take back its last move now?"""
        return not g.finished and g.undo.may_ask(seat, g.ply)

    def seed_info(self, g: LiveGame) -> dict:
        """{open_seed} for every table, and the seed where everyone may know it:
        at an open-seed table, or once the game is over."""
        out: dict[str, int | bool] = {"open_seed": g.rec.open_seed}
        if g.rec.open_seed or g.finished:
            out["seed"] = g.rec.seed
        return out

    def view(self, g: LiveGame, viewer: int | None, events_from: int = 0, moves_from: int = 0) -> dict:
        """The viewer's view. `events_from`/`moves_from` skip what a client has
        already (websocket pushes send only what is new); a finished game always
        sends its whole move list, now with nothing hidden."""
        cached = g.views.get(viewer)
        if cached is None or cached[0] != g.version:
            state = g.state
            base = {
                "id": g.id,
                "game": g.rec.game,
                "status": g.status,
                "ply": g.ply,
                "you": viewer,
                "seats": g.seats,
                "options": g.rec.options,
                "hints": hints_allowed(g.rec.seats),
                **self.seed_info(g),
                # the end reveals everything (as the replay does): every hand, every weapon
                "state": state.view(None) | {"seats": state.to_json()["seats"]}
                if g.finished and g.rec.status != "closed"
                else state.view(viewer),
                "decision": None if g.status == "closed" or g.resigned_out else g.present.decision_for(state, viewer),
            }
            g.sync_events()
            if g.scoring[0] != g.version:
                g.scoring = (g.version, g.present.scoring(g.raw_events, state))
            base["scoring"] = g.scoring[1]
            if state.is_terminal() or g.resigned_out:
                base["ranking"] = self.ranking(g)
            g.views[viewer] = cached = (g.version, base)
        out = dict(cached[1])
        out["undo"] = self.can_undo(g, viewer)
        out["undo_request"] = None if g.undo.request is None else g.undo.request.public()
        events_from = max(0, min(events_from, len(g.raw_events)))
        out["events_from"] = events_from
        out["events"] = g.events(viewer, events_from)
        moves_from = 0 if g.finished else max(0, min(moves_from, g.ply))
        out["moves"] = redact_moves(g.state, g.moves[moves_from:], viewer, g.finished)
        out["moves_from"] = moves_from
        return out

    def move_log(self, g: LiveGame) -> dict:
        fin = g.finished
        out = {
            "id": g.id,
            "game": g.rec.game,
            "players": g.rec.players,
            "status": g.status,
            "seats": g.seats,
            "options": g.rec.options,
            **self.seed_info(g),
        }
        out["moves"] = [
            {"ply": i, "seat": s, "move": m}
            for i, (s, m) in enumerate(
                zip((s for s, _ in g.moves), redact_moves(g.state, g.moves, None, fin), strict=True)
            )
        ]
        if fin:
            out["winners"] = [r["seat"] for r in self.ranking(g) if r["winner"]] if g.rec.status != "closed" else []
        out["resigned"] = [{"seat": s, "ply": p} for s, p in sorted(g.resigned().items(), key=lambda x: x[1])]
        return out

    def check_replay(self, g: LiveGame, ply: int) -> None:
        """409 for an unfinished game, 400 for a ply it does not have."""
        if not g.finished:
            raise ApiError(409, "a replay is for finished games only")
        if not 0 <= ply <= g.ply:
            raise ApiError(400, f"ply must be from 0 to {g.ply}")

    def replay(self, g: LiveGame, ply: int) -> dict:
        """The replay answer built here (the server builds it in reads.Replays)."""
        self.check_replay(g, ply)
        return reads.replay_payload(reads.job_of(g, ply), replay_state(g.rec, g.moves[: max(0, ply - 1)]))

    def ranking(self, g: LiveGame) -> list[dict]:
        return final_ranking(g)
