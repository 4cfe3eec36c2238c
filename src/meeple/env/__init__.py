"""RL environments for meeple games (needs the `rl` extra: numpy, gymnasium,
pettingzoo; OpenSpiel for `meeple.env.openspiel`).

* `meeple.env.ethnos_v0` - PettingZoo AEC environment (`env`, `raw_env`)
* `meeple.env.EthnosSolo` - Gymnasium single-agent env, other seats are bots
* `meeple.env.openspiel` - registers `python_meeple_ethnos` with OpenSpiel
* `meeple.env.okc_v0`, `meeple.env.anunnaki_v0` - The Old King's Crown and
  Anunnaki through the same wrappers (`okc.OKCEncoder`, `anunnaki.AnunnakiEncoder`
  are all they add)

The wrappers are generic (`aec.py`, `solo.py`, `openspiel.py`); a game adds
an `Encoder` (see `encoder.py`, and `ethnos.py` for Ethnos). Docs: docs/env.md.
The engine (meeple.core, meeple.games) never imports this package. Names are
loaded lazily, so importing one submodule does not pull in the others.
"""

from __future__ import annotations

import importlib

_LAZY = {
    "ethnos_v0": ("meeple.env.ethnos_v0", None),
    "okc_v0": ("meeple.env.okc_v0", None),
    "anunnaki_v0": ("meeple.env.anunnaki_v0", None),
    "EthnosSolo": ("meeple.env.solo", "EthnosSolo"),
    "SoloEnv": ("meeple.env.solo", "SoloEnv"),
    "MeepleAEC": ("meeple.env.aec", "MeepleAEC"),
    "Encoder": ("meeple.env.encoder", "Encoder"),
    "IllegalActionError": ("meeple.env.encoder", "IllegalActionError"),
}

__all__ = sorted(_LAZY)


def __getattr__(name: str):
    try:
        module, attr = _LAZY[name]
    except KeyError:
        raise AttributeError(f"module 'meeple.env' has no attribute {name!r}") from None
    mod = importlib.import_module(module)
    value = mod if attr is None else getattr(mod, attr)
    globals()[name] = value
    return value
