"""`meeple hint`, `meeple analyse`, `meeple advisor-calibrate` (registered
through cli.COMMAND_MODULES)."""

from __future__ import annotations

import sys


def register(sub) -> None:
    h = sub.add_parser("hint", help="the best moves for a seat: JSON {state, seat, seconds?} on stdin")
    h.set_defaults(run=run_hint)


def run_hint(args) -> int:
    from meeple.advisor.hint import main_hint
    return main_hint(sys.stdin, sys.stdout, sys.stderr)
