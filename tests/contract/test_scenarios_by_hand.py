"""Scenarios written from the notation docs and the seeds alone, by readers
who never saw the engine's states (audits of 2026-11-26; 269 in all: Ethnos
90, OKC 85 with 33 on kingdom cards, tactics and sites, Anunnaki 94; and a
second round, `r2-*`, on what the first left out: Ethnos 38, OKC 53,
Anunnaki 62; a third, `r3-*`, card by card: OKC's kingdom cards 35,
Anunnaki's gods, artifacts, culture tokens and weapons 37; a fourth,
`r4-*`, long runs through an age's or a game's end and their interactions:
Ethnos 72, OKC 43, Anunnaki 58): sparse STATEs,
values worked out from the rulebook. They hold the docs' promises to a
scenario writer (defaults, identifiers, move words) and the rules they test.
Some Anunnaki values rest on the placeholder component data
(`src/meeple/games/anunnaki/data/`): a box owner's data may change them."""

from __future__ import annotations

import pytest

from tests.scenario_check import HAVE_CHECK, ROOT, problems

FILES = sorted((ROOT / "tests" / "games").glob("*/scenarios_by_hand/*.json"))


def test_there_are_scenarios_for_every_game():
    assert {p.parent.parent.name for p in FILES} >= {"ethnos", "okc", "anunnaki"}


@pytest.mark.skipif(not HAVE_CHECK, reason="shared/conformance/check.py is not beside the repository")
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_scenario_by_hand(path):
    assert not problems(path), problems(path)
