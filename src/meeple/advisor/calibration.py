"""Turning a search's mean reward into a chance of winning.

The search's reward per seat is the game's `values()` heuristic at the end of
a short rollout (a logistic of the seat's lead over its best rival, see
`meeple.core.lookahead.lead_values`) or the true `returns()` when a rollout reaches
the end. It lies in [0, 1] but is not a probability: it ignores how many
rivals there are and how much of the game is left. `win_chance` maps it
through a logistic fitted on bot games (`meeple advisor-calibrate`, see
docs/advisor.md):

    win = sigmoid(a * logit(raw) + b + c * ln(players))

The coefficients per game live in `calibration.json` beside this module,
written by the calibration run; a game without a fit gets the raw value.
"""

from __future__ import annotations

import json
import math
import pathlib

FILE = pathlib.Path(__file__).with_name("calibration.json")
EPS = 1e-4
_fits: dict | None = None


def features(raw: float, players: int) -> tuple[float, float, float]:
    """(logit of the raw value, 1, ln players): what the fit weighs."""
    r = min(1.0 - EPS, max(EPS, raw))
    return (math.log(r / (1.0 - r)), 1.0, math.log(players))


def fits() -> dict:
    """{game: {"coef": [a, b, c], ...}} from calibration.json ({} if none yet)."""
    global _fits
    if _fits is None:
        try:
            _fits = json.loads(FILE.read_text())
        except FileNotFoundError:
            _fits = {}
    return _fits


def reload() -> None:
    global _fits
    _fits = None


def win_chance(game: str, raw: float, players: int) -> float:
    """The calibrated chance in [0, 1] that the seat wins, from a raw search value."""
    fit = fits().get(game)
    if fit is None:
        return min(1.0, max(0.0, raw))
    z = sum(w * x for w, x in zip(fit["coef"], features(raw, players), strict=True))
    if z >= 0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
