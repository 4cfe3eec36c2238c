"""Scenarios written from the notation docs and the seeds alone, by a reader
who never saw the engine's states (an audit of 2026-11-26): sparse STATEs,
values worked out from the rulebook. They hold the docs' promises to a
scenario writer (defaults, identifiers, move words) and the rules they test.
Some Anunnaki values rest on the placeholder component data
(`src/meeple/games/anunnaki/data/`): a box owner's data may change them."""

from __future__ import annotations

import pytest

from tests.scenario_check import HAVE_CHECK, ROOT, problems

FILES = sorted((ROOT / "tests" / "games").glob("*/scenarios_by_hand/*.json"))


def test_there_are_scenarios_for_okc_and_anunnaki():
    assert {p.parent.parent.name for p in FILES} >= {"okc", "anunnaki"}


@pytest.mark.skipif(not HAVE_CHECK, reason="shared/conformance/check.py is not beside the repository")
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_scenario_by_hand(path):
    assert not problems(path), problems(path)
