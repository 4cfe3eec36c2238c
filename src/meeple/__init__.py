"""meeple: modern board games, rules-exact, in Python."""

from meeple import compiled as _compiled

_compiled.install()  # (before any game module: a stale compiled build never runs)

__version__ = "0.1.0"
