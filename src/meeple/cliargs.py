"""Argument types shared by the `meeple` commands.

A bad value becomes argparse's one-line usage error (exit 2) naming the
option and the allowed range, never a traceback.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable


def whole(what: str, lo: int = 1, hi: int | None = None) -> Callable[[str], int]:
    """A whole number from `lo` to `hi` (no upper bound if None), named `what` in messages."""

    def parse(text: str) -> int:
        try:
            v = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a whole number, got {text!r}") from None
        if v < lo or (hi is not None and v > hi):
            allowed = f"at least {lo}" if hi is None else f"from {lo} to {hi}"
            raise argparse.ArgumentTypeError(f"{what} must be {allowed}, got {v}")
        return v

    parse.__name__ = what.replace(" ", "_")
    return parse


def seconds(what: str, lo: float, hi: float, *, above: bool = False, unit: str = "seconds") -> Callable[[str], float]:
    """A number of seconds (or `unit`) from `lo` (or, with `above`, more than `lo`) to `hi`;
    NaN and infinity are refused."""

    def parse(text: str) -> float:
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{what} must be a number of {unit}, got {text!r}") from None
        low_ok = v > lo if above else v >= lo
        if not (low_ok and v <= hi):  # NaN fails both comparisons
            low = f"more than {lo:g}" if above else f"at least {lo:g}"
            raise argparse.ArgumentTypeError(f"{what} must be {low} and at most {hi:g} {unit}, got {text}")
        return v

    parse.__name__ = what.replace(" ", "_")
    return parse


def rate_and_burst(text: str) -> tuple[float, float]:
    """`RATE/BURST`: a positive average a second and a burst of at least 1."""
    rate, sep, burst = text.partition("/")
    try:
        r, b = float(rate), float(burst)
    except ValueError:
        raise argparse.ArgumentTypeError(f"a rate must be RATE/BURST, e.g. 30/60, got {text!r}") from None
    if not sep or not (0 < r <= 1e6 and 1 <= b <= 1e6):
        raise argparse.ArgumentTypeError(
            f"a rate must be RATE/BURST with RATE above 0 and BURST at least 1, got {text!r}"
        )
    return r, b


def add_data_flag(parser) -> None:
    """`--data DIR`: your own box's data files replace the packaged ones (docs/data.md)."""
    parser.add_argument(
        "--data",
        metavar="DIR",
        default=None,
        help="a folder with your own game data, DIR/<game>/<file>.json replacing "
        "the packaged files (default: $MEEPLE_DATA_DIR; see docs/data.md)",
    )


def language(text: str) -> str:
    """`--lang ja`: a language we have a catalog for (en, ja, ru; qps, the pseudo-locale)."""
    from meeple.i18n import from_environment  # (babel: only when the flag is given)

    try:
        return from_environment(text, environ={})
    except ValueError as e:
        raise argparse.ArgumentTypeError(str(e)) from None


def add_lang_flag(parser) -> None:
    """`--lang LANG`: the language of the words shown (docs/i18n.md)."""
    parser.add_argument(
        "--lang",
        type=language,
        default=None,
        help="the language of the words shown: en, ja or ru "
        "(default: from LANGUAGE, LC_ALL, LC_MESSAGES or LANG, else en; see docs/i18n.md)",
    )


def resolve_language(args, environ=None) -> None:
    """A command with `--lang` not given reads the language from the environment."""
    if hasattr(args, "lang") and args.lang is None:
        from meeple.i18n import from_environment

        args.lang = from_environment(None, environ)
