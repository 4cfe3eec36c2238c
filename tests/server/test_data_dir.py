"""A stored table remembers the data it was made with; a server with other data refuses it."""

from __future__ import annotations

import pytest

from meeple.core.game import GameError
from meeple.server.service import replay_state
from meeple.server.storage import GameRecord


def _rec(options):
    return GameRecord(
        id="t1",
        game="okc",
        players=2,
        seed=5,
        options=options,
        seats=[{"kind": "bot", "bot": "random", "token_hash": None}] * 2,
    )


def test_a_table_made_with_other_data_is_not_replayed_with_the_packaged_data():
    with pytest.raises(GameError, match="made with other data .fingerprint 0123abcd"):
        replay_state(_rec({"data": "0123abcd", "advanced": True}))


def test_a_table_made_with_the_packaged_data_replays():
    state = replay_state(_rec({"advanced": True}))
    assert state.decision() is not None and "data" not in state.to_json()


def test_a_server_with_a_data_dir_tells_every_viewer_and_its_bots_share_it(tmp_path):
    import json
    import shutil
    import time

    import httpx

    from bench.processes import free_port, start_server, stop
    from meeple.games.okc import data as okc

    folder = tmp_path / "box" / "okc"
    folder.mkdir(parents=True)
    with open(okc.DATA_DIR + "/advanced.json") as f:
        doc = json.load(f)
    doc.update(offer=3, provenance="rulebook")
    (folder / "advanced.json").write_text(json.dumps(doc))
    db, port = str(tmp_path / "t.db"), free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port, "--bot-delay", "0", "--bot-workers", "1", "--data", str(tmp_path / "box"))
    try:
        with httpx.Client(base_url=base, timeout=10) as h:
            g = h.post(
                "/api/games",
                json={
                    "game": "okc",
                    "players": 2,
                    "seats": ["bot:random"] * 2,
                    "seed": 4,
                    "open_seed": True,
                    "options": {"advanced": True},
                },
            )
            assert g.status_code == 201, g.text
            gid = g.json()["id"]
            deadline = time.time() + 60
            while (v := h.get(f"/api/games/{gid}").json())["ply"] < 10:
                assert time.time() < deadline, "the bots did not play with the server's data"
                time.sleep(0.2)
            assert v["state"]["data_notice"].startswith("This table uses data from box/okc")
            assert str(tmp_path) not in v["state"]["data_notice"]
            assert v["options"]["data"] in v["state"]["data_notice"]
    finally:
        stop(proc)
    shutil.rmtree(tmp_path / "box")
    proc = start_server(db, port, "--bot-delay", "0", "--bot-workers", "1")
    try:
        r = httpx.get(f"{base}/api/games/{gid}", timeout=10)
        assert r.status_code == 500 and "made with other data" in r.json()["error"]
    finally:
        stop(proc)
