"""Each game's notation doc names every decision a STATE's `pending` may hold,
so that a scenario writer who reads only the docs can answer any of them."""

from __future__ import annotations

import re

import pytest

from meeple.core.spec import declared
from tests.scenario_check import ROOT

SPEC = ROOT.parent / "shared" / "conformance" / "SPEC.md"


def _documented(game: str) -> str:
    doc = (ROOT / "docs" / "notation" / f"{game}.md").read_text(encoding="utf-8")
    if game == "ethnos":  # its MOVE table is the spec's
        doc += SPEC.read_text(encoding="utf-8")
    return doc


@pytest.mark.parametrize("game", ["ethnos", "okc", "anunnaki"])
def test_every_decision_is_in_the_notation_doc(game):
    if game == "ethnos" and not SPEC.exists():
        pytest.skip("shared/conformance/SPEC.md, which holds the Ethnos MOVE table, is not beside the repository")
    kinds = set(type(declared(game).new_game(2, seed=0)).RULES.decisions)
    doc = _documented(game)
    # a MOVE table names decisions in its first column; the step level in its prose
    named = {
        k for row in doc.splitlines() if row.startswith("| `") for k in re.findall(r"`([a-z_0-9]+)`", row.split("|")[1])
    }
    named |= set(re.findall(r"pending decision is\s+`([a-z_0-9]+)`", doc))
    assert kinds <= named, f"not in docs/notation/{game}.md: {sorted(kinds - named)}"
