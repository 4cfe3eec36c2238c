"""The public scenarios of shared/conformance, in-process and through check.py."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.scenario_check import problems

ROOT = Path(__file__).resolve().parents[3]
SHARED = ROOT.parent / "shared" / "conformance"
SCENARIOS = sorted((SHARED / "ethnos").glob("*.json"))

sys.path.insert(0, str(SHARED))


@pytest.mark.skipif(not SCENARIOS, reason="shared/conformance is not beside the repository")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_in_process(path):
    assert not problems(path), problems(path)


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
