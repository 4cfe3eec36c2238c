"""`meeple bench GAME`: the engine's speed, with RLCard's UNO played in the same run."""

import json

import pytest

from meeple.cli import main
from meeple.core.bench import bench


class CountingRival:
    """A yardstick that does a fixed amount of 'moves' per slice it is given."""

    key = "yardstick"

    def __init__(self):
        self.slices, self.moves, self.elapsed = [], 0, 0.0

    def run(self, seconds):
        self.slices.append(seconds)
        self.moves += 100
        self.elapsed += seconds

    @property
    def rate(self):
        return self.moves / self.elapsed

    cpu_rate = rate


@pytest.mark.parametrize("game", ["okc", "anunnaki"])
def test_bench_plays_a_rival_interleaved_in_the_same_run(game):
    rival = CountingRival()
    r = bench(game, seconds=1.0, rival=rival)
    assert r["game"] == game and r["players"] == 4
    assert len(rival.slices) >= 2  # interleaved, not one block after the other
    assert r["yardstick_moves_per_s"] == round(rival.rate)
    assert r["ratio_vs_yardstick"] == pytest.approx(r["moves_per_s"] / rival.rate, abs=0.01)
    assert r["moves_per_s"] > 0 and r["clones_per_s"] > 0 and r["actions_per_game"] > 0
    # one thread's CPU time is at most the wall time it spans
    assert r["moves_per_cpu_s"] >= 0.95 * r["moves_per_s"] and r["clones_per_cpu_s"] >= 0.95 * r["clones_per_s"]


def test_bench_cli_reports_rlcard_uno_beside_the_game(capsys):
    pytest.importorskip("rlcard")
    assert main(["bench", "okc", "--seconds", "0.6", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rlcard_uno_moves_per_s"] > 0 and out["rlcard_uno_moves"] > 0
    assert out["rlcard_uno_moves_per_cpu_s"] >= 0.95 * out["rlcard_uno_moves_per_s"]
    assert out["ratio_vs_rlcard_uno"] == pytest.approx(out["moves_per_s"] / out["rlcard_uno_moves_per_s"], rel=0.02)
    cpu = out["moves_per_cpu_s"] / out["rlcard_uno_moves_per_cpu_s"]
    assert out["ratio_vs_rlcard_uno_cpu"] == pytest.approx(cpu, rel=0.02)
    assert out["engine"].startswith(("compiled", "pure Python"))
    assert main(["bench", "okc", "--seconds", "0.2", "--json", "--no-uno"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert "rlcard_uno_moves_per_s" not in out and "rlcard_uno_error" not in out


def test_uno_plays_whole_games_of_random_legal_moves():
    pytest.importorskip("rlcard")
    from meeple.env.uno import UnoRandomPlay

    u = UnoRandomPlay()
    u.run(0.3)
    assert u.games >= 1 and u.moves > u.games and u.rate > 0


@pytest.mark.parametrize("name", ["ethnos", "okc", "anunnaki"])
def test_legal_bound_replays_the_same_games(name):
    """bench/speed/legal_bound.py: with every legal-action function answering
    from its recording, the games end as they did (it raises otherwise), and
    every function it names still exists (a renamed helper fails here)."""
    from bench.speed.legal_bound import Patches, legal_bound

    before = Patches(name)
    own_names = set(vars(before.cls))
    r = legal_bound(name, games=2, repeats=1)
    assert r["replayed_results"] >= r["actions"] > 0  # (at least one legal list per decision answered)
    assert r["real_cpu_s"] > 0 and r["free_legal_cpu_s"] > 0
    # the game's own functions are back afterwards
    assert all((h[k] if isinstance(h, dict) else getattr(h, k)) is fn for h, k, fn in before.slots)
    assert set(vars(before.cls)) == own_names  # (an inherited method is inherited again)
