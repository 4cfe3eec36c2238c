"""Arena, balance and bot bench: small real runs."""

import json
import os

import pytest

from meeple.arena import match
from meeple.arena import tournament as tm
from meeple.cli import main
from meeple.core.game import GameError


def test_arena_cli_json_and_files(tmp_path, capsys):
    out = tmp_path / "res"
    rc = main(
        [
            "arena",
            "ethnos",
            "--players",
            "3",
            "--bots",
            "greedy,random,random",
            "--games",
            "6",
            "--seed",
            "4",
            "--workers",
            "2",
            "--json",
            "--out",
            str(out),
        ]
    )
    assert rc == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["games"] == 6 and rep["completed"] == 6 and rep["errors"] == 0
    assert rep["workers"] == 2 and rep["backend"] == "process"
    assert rep["rating_system"] in ("trueskill", "elo")
    names = [b["bot"] for b in rep["bots"]]
    assert names == ["greedy", "random", "random#2"]
    for b in rep["bots"]:
        assert b["games"] == 6  # seats rotated: every entry plays every game
        lo, hi = b["ci95"]
        assert 0 <= lo <= b["win_rate"] <= hi <= 1
        assert b["mean_glory"] >= 0
        assert set(b["rating"]) >= ({"mu", "sigma"} if rep["rating_system"] == "trueskill" else {"elo"})
    assert sum(b["wins"] for b in rep["bots"]) == pytest.approx(6)
    for name in ("results.json", "bots.csv", "games.csv", "winrates.png"):
        assert (out / name).exists()
    png = (out / "winrates.png").read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n" and len(png) > 1000
    assert len((out / "games.csv").read_text().splitlines()) == 7


def test_seats_rotate():
    assert [tm.rotation(i, 3) for i in range(3)] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]


def test_parallel_equals_serial():
    a = tm.tournament("ethnos", ["greedy", "random"], 4, seed=9, workers=1)
    b = tm.tournament("ethnos", ["greedy", "random"], 4, seed=9, workers=2)
    assert [r["glory"] for r in a["records"]] == [r["glory"] for r in b["records"]]


def test_failing_game_is_recorded_and_the_rest_finish():
    jobs = [
        ("ethnos", ["greedy", "random"], 1),
        ("ethnos", ["greedy", "nonsense"], 2),
        ("ethnos", ["random", "greedy"], 3),
    ]
    recs = tm.run_games(jobs, workers=2)
    assert [r["ok"] for r in recs] == [True, False, True]
    assert recs[1]["seed"] == 2 and "unknown bot" in recs[1]["error"]


def test_failure_mid_game_keeps_seed_and_moves(monkeypatch):
    from meeple.bots.registry import greedy_class

    greedy = greedy_class("ethnos")
    calls = {"n": 0}
    real = greedy.choose

    def flaky(self, obs):
        calls["n"] += 1
        if calls["n"] == 25:
            raise RuntimeError("bot crashed")
        return real(self, obs)

    monkeypatch.setattr(greedy, "choose", flaky)
    rep = tm.tournament("ethnos", ["greedy", "random"], 3, seed=5, workers=1)
    assert rep["errors"] == 1 and rep["completed"] == 2
    f = rep["failures"][0]
    assert f["seed"] == tm.game_seed(5, 0)
    assert "bot crashed" in f["error"] and len(f["moves"]) > 5
    # the recorded moves replay from the seed
    from meeple.games import ethnos

    s = ethnos.new_game(2, seed=f["seed"])
    for m in f["moves"]:
        s.apply_move(m)


def test_bad_input_messages(capsys):
    with pytest.raises(SystemExit):
        main(["arena", "ethnos", "--bots", "greedy,wizardbot", "--games", "2"])
    assert "unknown bot 'wizardbot'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["arena", "ethnos", "--bots", "greedy,ismcts:soon"])
    assert "bad ISMCTS budget" in capsys.readouterr().err
    for w in ("0", "-2", "many"):
        with pytest.raises(SystemExit):
            main(["arena", "ethnos", "--bots", "greedy,random", "--workers", w])
        assert "workers" in capsys.readouterr().err
    assert main(["arena", "ethnos", "--bots", "greedy", "--games", "2"]) == 2
    assert "2-6 players" in capsys.readouterr().err
    assert main(["arena", "ethnos", "--players", "4", "--bots", "greedy,random", "--games", "2"]) == 2
    assert "one bot per seat" in capsys.readouterr().err
    with pytest.raises(GameError):
        tm.check_workers(0)


def test_wilson():
    lo, hi = tm.wilson(50, 100)
    assert lo == pytest.approx(0.4038, abs=1e-3) and hi == pytest.approx(0.5962, abs=1e-3)
    assert tm.wilson(0, 10)[0] == 0.0 and tm.wilson(10, 10)[1] == 1.0


def test_balance_cli(tmp_path, capsys):
    out = tmp_path / "bal"
    rc = main(
        [
            "balance",
            "ethnos",
            "--games",
            "8",
            "--players",
            "4",
            "--seed",
            "1",
            "--workers",
            "2",
            "--json",
            "--out",
            str(out),
        ]
    )
    assert rc == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["completed"] == 8 and len(rep["by_seat"]) == 4
    assert sum(s["win_rate"] for s in rep["by_seat"]) == pytest.approx(1.0)
    assert set(rep["glory_by_source"]) == {"kingdoms", "bands", "giant", "merfolk", "orcs"}
    assert rep["glory_accounted"] == pytest.approx(1.0)  # every glory point has a source
    present = {t["tribe"]: t for t in rep["tribes"]}
    assert sum(t["games_present"] for t in present.values()) == 8 * 6
    assert (out / "balance.png").stat().st_size > 1000
    assert json.loads((out / "balance.json").read_text())["games"] == 8
    main(["balance", "ethnos", "--games", "2", "--players", "2", "--bots", "greedy", "--workers", "1"])
    assert "win rate by seat" in capsys.readouterr().out


def test_bench_bot_cli(capsys):
    assert main(["bench", "ethnos", "--bot", "ismcts", "--seconds", "0.5", "--json"]) == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["sims_per_s"] > 0 and rep["players"] == 4 and rep["cores_used"] == 1
    assert main(["bench", "ethnos", "--bot", "greedy", "--seconds", "0.2", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["decisions_per_s"] > 0
    assert main(["bench", "ethnos", "--bot", "nobot", "--seconds", "0.2"]) == 2


def test_ray_backend():
    ray = pytest.importorskip("ray", reason="ray is an optional extra: pip install 'meeple[ray]'")
    rep = tm.tournament("ethnos", ["greedy", "random"], 4, seed=3, workers=2, backend="ray")
    assert rep["completed"] == 4 and rep["backend"] == "ray"
    serial = tm.tournament("ethnos", ["greedy", "random"], 4, seed=3, workers=1)
    assert [r["glory"] for r in rep["records"]] == [r["glory"] for r in serial["records"]]
    assert not ray.is_initialized()


def test_cli_reports_a_failing_game(monkeypatch, capsys):
    from meeple.bots.registry import greedy_class

    greedy = greedy_class("ethnos")
    real = greedy.choose
    calls = {"n": 0}

    def flaky(self, obs):
        calls["n"] += 1
        if calls["n"] == 10:
            raise ValueError("boom")
        return real(self, obs)

    monkeypatch.setattr(greedy, "choose", flaky)
    rc = main(["arena", "ethnos", "--bots", "greedy,random", "--games", "3", "--workers", "1"])
    out, err = capsys.readouterr()
    assert rc == 1
    assert "1 game(s) failed" in out and "boom" in out
    assert f"seeds {tm.game_seed(0, 0)}" in err


def test_arena_reports_think_time_and_simulations():
    rep = tm.tournament("ethnos", ["ismcts:30", "greedy"], 2, seed=5, workers=1)
    by = {b["bot"]: b["think"] for b in rep["bots"]}
    t = by["ismcts:30"]
    assert 0 < t["searched"] <= t["decisions"]
    assert 0 < t["mean_iterations"] <= 30
    assert t["mean_cpu_s"] > 0 and t["mean_wall_s"] > 0
    assert 0 <= t["stopped_early"] <= 1
    assert by["greedy"]["mean_iterations"] == 0
    rec = rep["records"][0]
    assert len(rec["think_cpu_s"]) == len(rec["searched"]) == len(rec["iterations"]) == 2


@pytest.mark.parametrize("game", ["okc", "anunnaki"])
def test_arena_hosts_every_game(game, capsys):
    """The arena is game-agnostic: ISMCTS against random in OKC and Anunnaki,
    points from the game's own scores()."""
    rc = main(
        [
            "arena",
            game,
            "--bots",
            "ismcts:10,random",
            "--games",
            "2",
            "--seed",
            "5",
            "--workers",
            "1",
            "--json",
            "--no-progress",
        ]
    )
    assert rc == 0
    rep = json.loads(capsys.readouterr().out)
    assert rep["game"] == game and rep["completed"] == 2 and rep["errors"] == 0
    assert sum(b["wins"] for b in rep["bots"]) == pytest.approx(2)
    assert any(b["mean_glory"] > 0 for b in rep["bots"])


@pytest.mark.parametrize("game", ["okc", "anunnaki"])
def test_arena_refuses_a_lineup_the_game_cannot_host_before_any_game(game, capsys):
    assert main(["arena", game, "--bots", "random,random,random,random,random", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert "2-4 players" in err and "Traceback" not in err


def test_strength_tools_sum_and_chart_stored_chunks(tmp_path, capsys):
    """tools/arena_sum.py and tools/strength_chart.py over two real chunks laid
    out as tools/strength.sh stores them (runs/COMMIT/pN/sSEED/results.json)."""
    import importlib.util

    root = os.path.join(os.path.dirname(__file__), "..", "..", "tools")

    def load(name):
        spec = importlib.util.spec_from_file_location(name, os.path.join(root, f"{name}.py"))
        mod = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(mod)
        return mod

    chunks = []
    for seed in (1, 2):
        d = tmp_path / "runs" / "abc1234" / "p2" / f"s{seed}"
        assert (
            main(
                [
                    "arena",
                    "ethnos",
                    "--bots",
                    "ismcts:5,greedy",
                    "--games",
                    "2",
                    "--seed",
                    str(seed),
                    "--workers",
                    "1",
                    "--json",
                    "--no-progress",
                    "--out",
                    str(d),
                ]
            )
            == 0
        )
        chunks.append(json.loads(capsys.readouterr().out))
    rep = load("arena_sum").summarize([str(p) for p in sorted((tmp_path / "runs/abc1234/p2").iterdir())])
    assert rep["games"] == 4 and rep["chunks"] == 2 and rep["seeds"] == [1, 2]
    assert rep["wins"] == pytest.approx(sum(c["bots"][0]["wins"] for c in chunks))
    lo, hi = rep["ci95"]
    assert lo <= rep["win_rate"] <= hi
    assert rep["mean_iterations_per_searched"] == pytest.approx(5, abs=0.01)
    chart = load("strength_chart")
    out = tmp_path / "strength.png"
    assert chart.main([str(tmp_path / "runs"), str(out)]) == 0
    assert "2p @ abc1234" in capsys.readouterr().out
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_strength_tools_default_to_the_stored_records():
    """The stored strength runs live with the benchmark data, where
    tools/strength.sh writes them and tools/strength_chart.py reads them."""
    import importlib.util

    repo = os.path.join(os.path.dirname(__file__), "..", "..")
    spec = importlib.util.spec_from_file_location("strength_chart", os.path.join(repo, "tools", "strength_chart.py"))
    chart = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chart)
    assert chart.RUNS.startswith("bench/")
    assert len(chart.collect(os.path.join(repo, chart.RUNS))) >= 2
    with open(os.path.join(repo, "tools", "strength.sh")) as f:
        assert f"$root/{chart.RUNS}" in f.read()


def test_ladder_chart_over_stored_runs(tmp_path, capsys):
    """tools/ladder_chart.py over real arena runs laid out as GAME/MATCH/results.json."""
    import importlib.util

    spec = importlib.util.spec_from_file_location(
        "ladder_chart", os.path.join(os.path.dirname(__file__), "..", "..", "tools", "ladder_chart.py")
    )
    chart = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(chart)
    for game in ("okc", "anunnaki"):
        d = tmp_path / game / "medium-vs-easy"
        assert (
            main(
                [
                    "arena",
                    game,
                    "--bots",
                    "greedy,random",
                    "--games",
                    "2",
                    "--seed",
                    "4",
                    "--workers",
                    "1",
                    "--json",
                    "--no-progress",
                    "--out",
                    str(d),
                ]
            )
            == 0
        )
    capsys.readouterr()
    out = tmp_path / "ladder.png"
    assert chart.main([str(tmp_path), str(out)]) == 0
    text = capsys.readouterr().out
    assert "okc medium-vs-easy (greedy,random): " in text and "/2 = " in text
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    rows = chart.collect(str(tmp_path))
    assert rows["anunnaki"][0]["target"] == 0.80 and rows["anunnaki"][0]["screen"]


def test_a_simultaneous_answer_that_settles_another_seat(monkeypatch):
    """Anunnaki answers a seat's weapon for it when it has one option left; the
    arena then must not ask that seat (it used to, with no legal action)."""
    from meeple import games
    from meeple.core.game import Decision

    class Both:
        game, players, winners, moves = "both", 2, [0], []

        def __init__(self):
            self.pending = (0, 1)

        def decision(self):
            return Decision("pick", self.pending) if self.pending else None

        def is_terminal(self):
            return not self.pending

        def legal_actions(self, seat=None):
            return [0, 1] if seat in self.pending else []

        def view(self, seat):
            return {}

        def apply_action(self, a, seat):
            assert seat in self.pending, "asked a seat that has nothing to decide"
            self.pending = ()  # seat 1's only option is taken with seat 0's answer

        def scores(self):
            return [1, 0]

        def returns(self):
            return [1.0, 0.0]

    class Module:
        min_players = max_players = 2

        @staticmethod
        def new_game(players, seed=0):
            return Both()

    real_get = games.get
    monkeypatch.setattr(games, "get", lambda name: Module if name == "both" else real_get(name))
    rec = match.play_game("both", ["random", "random"], seed=1)
    assert rec["ok"], rec
    assert rec["decisions"] == [1, 0]
