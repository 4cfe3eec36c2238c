"""examples/train_ethnos.py, in a tiny version: it runs and writes its curve."""

import importlib.util
import json
import os

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("matplotlib")

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(HERE, "..", "..", "examples", "train_ethnos.py")


def test_tiny_training_run(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("train_ethnos", SCRIPT)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    out = tmp_path / "curve.png"
    assert (
        mod.main(["--episodes", "6", "--block", "3", "--baseline-games", "2", "--players", "2", "--out", str(out)]) == 0
    )
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    summary = json.loads((tmp_path / "curve.json").read_text())
    assert summary["curve"]["episodes"] == [3, 6]
    assert all(-1 <= r <= 1 for r in summary["curve"]["mean_rank_reward"])
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[-1]["png"] == str(out)
