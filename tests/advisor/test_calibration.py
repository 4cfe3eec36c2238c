"""The map from search values to win chances, and the calibration figures."""

import math
import random

import pytest

from meeple.advisor import calibration
from meeple.advisor.calibrate import cross_validated, fit, play_and_sample, predict, reliability


def test_ece_and_brier_by_hand():
    # bucket [0.2, 0.3): estimates 0.2, 0.2, outcomes 1, 0 -> gap 0.3;
    # bucket [0.9, 1.0]: estimate 1.0, outcome 1 -> gap 0
    r = reliability([0.2, 0.2, 1.0], [1.0, 0.0, 1.0])
    assert r["ece"] == pytest.approx(2 / 3 * 0.3, abs=1e-4)
    assert r["brier"] == pytest.approx((0.64 + 0.04 + 0.0) / 3, abs=1e-4)
    assert [b["n"] for b in r["buckets"]] == [2, 1]


def _synthetic(coef, n=4000, seed=1):
    rng = random.Random(seed)
    rows = []
    for i in range(n):
        raw = rng.uniform(0.02, 0.98)
        players = rng.choice([2, 3, 4])
        row = {"raw": raw, "players": players, "seed": i % 40}
        row["won"] = 1.0 if rng.random() < predict(coef, row) else 0.0
        rows.append(row)
    return rows


def test_the_fit_recovers_a_known_map_and_calibrates_out_of_sample():
    truth = [0.6, 0.4, -0.8]
    rows = _synthetic(truth)
    got = fit(rows)
    assert got == pytest.approx(truth, abs=0.25)
    won = [r["won"] for r in rows]
    raw = reliability([r["raw"] for r in rows], won)
    cal = reliability(cross_validated(rows), won)
    assert cal["ece"] < 0.03 < raw["ece"]
    assert cal["brier"] < raw["brier"]


def test_win_chance_uses_the_game_s_fit(monkeypatch):
    monkeypatch.setattr(calibration, "_fits", {"okc": {"coef": [1.0, 0.0, 0.0]}, "ethnos": {"coef": [1.0, -1.0, 0.0]}})
    assert calibration.win_chance("okc", 0.3, 3) == pytest.approx(0.3)
    z = math.log(0.3 / 0.7) - 1.0
    assert calibration.win_chance("ethnos", 0.3, 3) == pytest.approx(1 / (1 + math.exp(-z)))
    assert calibration.win_chance("anunnaki", 1.7, 2) == 1.0  # no fit: raw, clipped
    for raw in (0.0, 1.0, 0.5):
        assert 0.0 <= calibration.win_chance("ethnos", raw, 4) <= 1.0


def test_positions_from_a_bot_game_carry_its_outcome():
    rows = play_and_sample(("ethnos", 2, 3, 6, 40))
    assert len(rows) == 6
    assert all(0.0 <= r["raw"] <= 1.0 and r["won"] in (0.0, 0.5, 1.0) for r in rows)
    assert {r["seat"] for r in rows} <= {0, 1}
