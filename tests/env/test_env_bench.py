"""`meeple bench ethnos --env --json`."""

import json

import pytest

pytest.importorskip("pettingzoo")

from meeple.cli import main  # noqa: E402


def test_bench_env_cli(capsys):
    assert main(["bench", "ethnos", "--env", "--json", "--seconds", "0.6"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["agent_turns_per_s"] > 0 and out["turns"] > 0
    assert out["env"] == "meeple.env.ethnos_v0"
    if out.get("leduc_holdem_v4_agent_turns_per_s") is not None:
        assert out["leduc_holdem_v4_agent_turns_per_s"] > 0
    else:
        assert "leduc_error" in out
