"""Attacks beyond issue 34's list ("other attacks, not shown to you, will be
tried"), each with the fix that closes it: what one client may make the
server do, hold or tell. Availability findings are bounded attack tests that
count (jobs, messages, bytes), never wall-clock time."""

from __future__ import annotations

from tests.server.test_advice import my_turn
from tests.server.test_api import new_game


# ------------------------------------------------------------------ hints
def test_hints_at_many_tables_are_one_person_s_share_of_bot_time(client, monkeypatch):
    """Hints were queued as their table's own creator at the minimum cost: one
    person's twenty tables with hints got twenty turns of 2 s searches for
    every turn of another person's bot. They are charged as the tables' bots
    are: to the tables' creator, at the hint's search time."""
    desk = client.app.state.advice
    service = client.app.state.service
    tables = [new_game(client, ["human", "bot:random"], seed=s) for s in (1, 2)]
    for g in tables:
        my_turn(client, g["id"], 0, g["seats"][0]["token"])
    asked = []

    async def spy(fn, *args, table="", ply=None, creator=None, cost=0.0):
        asked.append((table, creator, cost))
        return {"seat": 0, "options": []}

    monkeypatch.setattr(service.pool, "call", spy)
    for g in tables:
        r = client.get(f"/api/games/{g['id']}/hint", params={"seat": 0, "token": g["seats"][0]["token"]})
        assert r.status_code == 200, r.text
    creators = {service.live[g["id"]].rec.creator for g in tables}
    assert len(creators) == 1 and "" not in creators  # one person made both tables
    assert [(c, cost) for _t, c, cost in asked] == [(creators.pop(), desk.hint_budget(service.pool))] * 2
