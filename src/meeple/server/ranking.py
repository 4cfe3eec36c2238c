"""The final places of a table, resignations counted: one function that the
views and the replays (reads.job_of) both read, below the service and its rooms."""

from __future__ import annotations

from meeple.core.present import places
from meeple.server.live import LiveGame


def final_ranking(g: LiveGame) -> list[dict]:
    """The final places: the game's own ranking, with the seats that resigned
    last (a later resignation above an earlier one); a game won by
    resignation ranks the one left first. Kept per version of the table."""
    if g.final[0] == g.version:
        return g.final[1]
    out = []
    gone = g.resigned()
    if g.state.is_terminal():
        if not gone:
            g.final = (g.version, g.present.ranking(g.state))
            return g.final[1]
        kept = [r for r in g.present.ranking(g.state) if r["seat"] not in gone]
        place = places([-r["place"] for r in kept])
        out = [dict(r, place=p, winner=p == 1) for r, p in zip(kept, place, strict=True)]
    else:
        out = [
            {"seat": s, "place": 1, "winner": True, "summary": "won: the others resigned", "by_resignation": True}
            for s in range(g.rec.players)
            if s not in gone
        ]
    for s in sorted(gone, key=lambda s: -gone[s]):
        out.append({"seat": s, "place": len(out) + 1, "winner": False, "resigned": True, "summary": "resigned"})
    g.final = (g.version, out)
    return out
