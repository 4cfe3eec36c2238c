"""meeple: modern board games, rules-exact, in Python."""

__version__ = "0.1.0"
