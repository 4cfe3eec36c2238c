"""`meeple data-report anunnaki`: every component value the rulebook does not print.

Registered by meeple.games.datacheck, which imports no game before `--data` is known.
"""

from __future__ import annotations

import json


def report() -> dict:
    from meeple.games.anunnaki.data import DATA

    rows = DATA.placeholders()
    by_file: dict[str, int] = {}
    for f, _e, _n in rows:
        by_file[f] = by_file.get(f, 0) + 1
    return {
        "game": "anunnaki",
        "placeholders": len(rows),
        "by_file": by_file,
        "entries": [{"file": f, "entry": e, "note": n} for f, e, n in rows],
    }


def run(args) -> int:
    rep = report()
    if args.json:
        print(json.dumps(rep))
        return 0
    print(
        f"Anunnaki component data: {rep['placeholders']} placeholder entries "
        "(values the rulebook does not print; replace them from the box)"
    )
    cur = None
    for e in rep["entries"]:
        if e["file"] != cur:
            cur = e["file"]
            print(f"\n{cur} ({rep['by_file'][cur]})")
        print(f"  {e['entry']}: {e['note']}")
    return 0
