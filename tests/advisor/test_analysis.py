"""Analysis of a saved game: every decision rated, costly moves marked, files written."""

import json
import os
import random
import subprocess

import pytest

from meeple import games
from meeple.advisor import analyse
from meeple.advisor.analysis import COSTLY, MODE, first_action
from meeple.advisor.report import write_analysis
from meeple.core import savegame
from meeple.core.game import BadState
from meeple.core.present import moves_for_seat
from tests.test_cli import MEEPLE

GAMES = ("ethnos", "okc", "anunnaki")


def played(name, players=2, seed=3, limit=None):
    """A random game (finished unless `limit` actions) and its save document."""
    s = games.get(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    n = 0
    while not s.is_terminal() and (limit is None or n < limit):
        d = s.decision()
        s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
        n += 1
    return s, savegame.document(s, seed, {})


@pytest.mark.parametrize("name", GAMES)
def test_every_decision_is_rated_from_the_seat_s_view(name, tmp_path):
    s, doc = played(name, limit=150)
    rep = analyse(json.loads(json.dumps(doc)), iterations=25)
    assert rep["mode"] == MODE and "seat's view" in rep["mode"]
    assert rep["plies"] == len(doc["moves"]) and not rep["finished"]
    plies = [r["ply"] for r in rep["decisions"]]
    assert plies == sorted(set(plies)) and plies
    for r in rep["decisions"]:
        assert doc["moves"][r["ply"]] == {"seat": r["seat"], "move": r["played"]}
        assert r["choices"] > 1
        assert 0 <= r["before"] <= 1
        assert r["played_win"] is not None and 0 <= r["played_win"] <= 1
        assert r["cost"] == pytest.approx(max(0.0, r["before"] - r["played_win"]), abs=1e-3)
    for seat in range(s.players):
        marked = [r for r in rep["decisions"] if r["seat"] == seat and r.get("costly")]
        assert len(marked) <= COSTLY
        rest = [r["cost"] for r in rep["decisions"] if r["seat"] == seat and not r.get("costly")]
        assert all(m["cost"] >= max(rest, default=0) for m in marked)
    files = write_analysis(rep, str(tmp_path / "out"))
    assert all(os.path.getsize(f) > 0 for f in files)
    with open(files[0]) as f:
        assert json.load(f)["decisions"] == rep["decisions"]


def test_the_played_move_is_found_by_its_first_action():
    for name in GAMES:
        s, _ = played(name, players=3, seed=8, limit=40)
        seat = s.decision().seats[-1]
        legal = set(s.legal_actions(seat))
        for m in moves_for_seat(s, seat):
            assert first_action(s, seat, m) in legal


def test_a_finished_game_ends_at_its_outcome():
    s, doc = played("okc", seed=5)
    rep = analyse(doc, iterations=10)
    assert rep["finished"] and rep["winners"] == list(s.winners)
    assert [x["won"] for x in rep["seats"]] == [i in s.winners for i in range(2)]


@pytest.mark.parametrize(
    "doc,words",
    [
        ([], "JSON object"),
        ({"game": "chess", "players": 2, "seed": 1, "moves": []}, "unknown game"),
        ({"game": "okc", "players": 2, "moves": []}, "no seed"),
        ({"game": "okc", "players": 2, "seed": 1, "moves": "x"}, "moves must be"),
        ({"game": "okc", "players": 2, "seed": 1, "moves": [{"seat": 0}]}, "moves[0]"),
        ({"game": "okc", "players": 2, "seed": 1, "moves": [{"seat": 0, "move": "fly"}]}, "does not apply"),
    ],
)
def test_a_bad_record_is_refused_with_the_reason(doc, words):
    with pytest.raises(BadState, match=words.replace("[", r"\[")):
        analyse(doc, iterations=5)


def test_play_save_then_analyse_from_the_command_line(tmp_path):
    save = tmp_path / "game.json"
    r = subprocess.run(
        [MEEPLE, "play", "okc", "--players", "2", "--seed", "4", "--save", str(save)],
        input="1\n" * 3000,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    doc = json.loads(save.read_text())
    assert doc["finished"] and doc["seed"] == 4 and doc["options"]["rounds"] == 6
    assert savegame.replay(savegame.check(doc)).winners == doc["winners"]
    out = tmp_path / "out"
    r = subprocess.run(
        [MEEPLE, "analyse", str(save), "--out", str(out), "--iterations", "5", "--workers", "2"],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert r.returncode == 0, r.stderr
    assert {"analysis.json", "analysis.md", "winchance.png"} <= set(os.listdir(out))
    assert "Where the game was lost" in (out / "analysis.md").read_text()


def test_analyse_refuses_a_missing_or_broken_file(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{nope")
    for path in (str(tmp_path / "missing.json"), str(bad)):
        r = subprocess.run(
            [MEEPLE, "analyse", path, "--out", str(tmp_path / "o")], capture_output=True, text=True, timeout=120
        )
        assert r.returncode == 2 and "Traceback" not in r.stderr and r.stderr.strip()


def test_ray_backend_rates_the_same_positions():
    ray = pytest.importorskip("ray", reason="ray is an optional extra: pip install 'meeple[ray]'")
    _, doc = played("okc", limit=30)
    local = analyse(doc, iterations=8)
    remote = analyse(doc, iterations=8, workers=2, backend="ray")
    assert remote["backend"] == "ray" and not ray.is_initialized()
    assert remote["decisions"] == local["decisions"]


@pytest.mark.parametrize("name", ["okc", "anunnaki"])
def test_the_moves_of_an_analysis_come_with_their_words(name):
    """The page shows the played, best and alternative moves in the game's
    words (issue 35): the presenter's labels of that decision's answers."""
    from tests.server.helpers import identifiers

    _, doc = played(name, limit=80)
    rows = analyse(json.loads(json.dumps(doc)), iterations=10)["decisions"]
    worded = [r for r in rows if r["words"]]
    assert len(worded) > len(rows) // 2, (len(worded), len(rows))
    for r in worded:
        assert set(r["words"]) <= {r["played"], r["best"], r["alternative"]}
        assert not identifiers(" ".join(r["words"].values())), r["words"]
