"""Run a SPEC.md scenario in-process (`run_apply`) and compare it as
`shared/conformance/check.py` does (its own `lookup` and `normalise`)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import meeple.games  # noqa: F401  (registers the games run_apply looks up by name)
from meeple.core.apply import run_apply

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared" / "conformance"
HAVE_CHECK = (SHARED / "check.py").exists()


def problems(path: Path) -> list[str]:
    """What differs from the scenario's `expect` (empty: it passes)."""
    if str(SHARED) not in sys.path:
        sys.path.insert(0, str(SHARED))
    import check  # shared/conformance/check.py: the official comparison rules

    scenario = json.loads(path.read_text())
    payload = {"state": scenario["state"], "moves": scenario.get("moves", [])}
    if "seed" in scenario:
        payload["seed"] = scenario["seed"]
    result = json.loads(json.dumps(run_apply(payload)))
    out = []
    for key, want in scenario["expect"].items():
        if key == "error" and want == "any":
            if not result["error"]:
                out.append("expected an error, got none")
            continue
        if key.startswith("len:"):
            got = check.lookup(result, key[4:])
            got = len(got) if isinstance(got, (list, dict)) else got
        else:
            got = check.lookup(result, key)
        if check.normalise(key, got) != check.normalise(key, want):
            out.append(f"{key}: want {want!r}, got {got!r}")
    if "error" not in scenario["expect"] and result["error"]:
        out.append(f"unexpected error: {result['error']}")
    return out
