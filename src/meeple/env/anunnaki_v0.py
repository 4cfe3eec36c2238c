"""Anunnaki: Dawn of the Gods as a PettingZoo AEC environment (see ethnos_v0 for
the loop). Same wrappers, same options (`reward=`, `illegal=`); action ids and
the observation layout: `meeple.env.anunnaki`. A battle's weapon choice is
simultaneous: the two seats are asked one at a time, each seeing only its own."""

from meeple.env.aec import MeepleAEC, make_env_fns
from meeple.env.anunnaki import AnunnakiEncoder

env, raw_env = make_env_fns(AnunnakiEncoder)

__all__ = ["env", "raw_env", "MeepleAEC"]
