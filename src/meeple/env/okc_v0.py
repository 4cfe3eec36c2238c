"""The Old King's Crown as a PettingZoo AEC environment (see ethnos_v0 for the
loop). Same wrappers, same options (`reward=`, `illegal=`); action ids and the
observation layout: `meeple.env.okc`. Bids and face-down cards are simultaneous:
the seats are asked one at a time, each seeing only its own choice."""

from meeple.env.aec import MeepleAEC, make_env_fns
from meeple.env.okc import OKCEncoder

env, raw_env = make_env_fns(OKCEncoder)

__all__ = ["env", "raw_env", "MeepleAEC"]
