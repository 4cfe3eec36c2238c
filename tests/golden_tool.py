"""tools/golden.py, loaded for the golden tests (tools/ is not a package)."""

import importlib.util
import pathlib

_PATH = pathlib.Path(__file__).resolve().parents[1] / "tools" / "golden.py"
_spec = importlib.util.spec_from_file_location("meeple_golden_tool", _PATH)
golden = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(golden)


def records():
    """(id, game document, transcript record) for every stored transcript."""
    out = []
    for name in golden.CASES:
        doc = golden.load(name) or {"transcripts": [], "bots": []}
        out += [(golden.label(r).replace(" ", "-"), doc, r) for r in doc["transcripts"]]
    return out
