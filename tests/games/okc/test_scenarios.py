"""The rulebook's worked examples as conformance scenarios (SPEC.md shape),
compared as the shared checker compares them, in-process, and once through
the shared checker and `meeple apply` itself."""

import pathlib
import subprocess
import sys

import pytest

from tests.scenario_check import HAVE_CHECK, ROOT, SHARED, problems

FILES = sorted((pathlib.Path(__file__).parent / "scenarios").glob("*.json"))


def test_there_are_scenarios():
    assert len(FILES) >= 14


@pytest.mark.skipif(not HAVE_CHECK, reason="shared/conformance/check.py is not beside the repository")
@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_scenario(path):
    assert not problems(path), problems(path)


@pytest.mark.skipif(not HAVE_CHECK, reason="shared/conformance/check.py is not beside the repository")
def test_scenarios_pass_the_shared_checker():
    cmd = [sys.executable, str(SHARED / "check.py"), "--quiet", "--cmd", f"{sys.executable} -m meeple.cli apply"]
    run = subprocess.run([*cmd, *map(str, FILES)], capture_output=True, text=True, cwd=ROOT, timeout=300)
    assert run.returncode == 0, run.stdout + run.stderr
