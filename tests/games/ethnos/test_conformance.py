"""The public scenarios of shared/conformance, in-process and through check.py."""

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import meeple.games  # noqa: F401  (registers the games run_apply looks up by name)
from meeple.core.apply import run_apply

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "conformance"
SCENARIOS = sorted((SHARED / "ethnos").glob("*.json"))

sys.path.insert(0, str(SHARED))


@pytest.mark.skipif(not SCENARIOS, reason="shared/conformance is not beside the repository")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_in_process(path):
    import check  # shared/conformance/check.py: the official comparison rules

    scenario = json.loads(path.read_text())
    payload = {"state": scenario["state"], "moves": scenario.get("moves", [])}
    if "seed" in scenario:
        payload["seed"] = scenario["seed"]
    result = json.loads(json.dumps(run_apply(payload)))
    problems = []
    for key, want in scenario["expect"].items():
        if key == "error" and want == "any":
            assert result["error"], "expected an error"
            continue
        if key.startswith("len:"):
            got = check.lookup(result, key[4:])
            got = len(got) if isinstance(got, (list, dict)) else got
        else:
            got = check.lookup(result, key)
        if check.normalise(key, got) != check.normalise(key, want):
            problems.append(f"{key}: want {want!r}, got {got!r}")
    if "error" not in scenario["expect"]:
        assert result["error"] is None, result["error"]
    assert not problems, problems


@pytest.mark.skipif(not SCENARIOS, reason="shared/conformance is not beside the repository")
def test_check_py_against_the_installed_command():
    exe = Path(sys.executable).parent / "meeple"
    assert exe.exists(), "the meeple command is not installed in this environment"
    run = subprocess.run(
        [sys.executable, str(SHARED / "check.py"), "--quiet", "--cmd", f"{exe} apply", *map(str, SCENARIOS)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env=dict(os.environ),
        timeout=300,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.strip().endswith(f"{len(SCENARIOS)} passed, 0 failed")
