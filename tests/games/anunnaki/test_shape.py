"""The state's shape: every field declared once (FIELDS) with how a clone
copies it, every decision declared once through the shared flow, and the
all-regions controller query agreeing with the one-region one."""

from __future__ import annotations

import random

from meeple.games.anunnaki import new_game
from meeple.games.anunnaki.declare import RULES
from meeple.games.anunnaki.state import _BASE_FIELDS, FIELDS, AnunnakiState


def _slots(cls) -> set:
    return {f for c in cls.__mro__ for f in getattr(c, "__slots__", ())}


def test_every_field_is_declared_once_and_is_a_slot():
    names = [f.name for f in FIELDS]
    assert len(names) == len(set(names))
    assert set(names) == _slots(AnunnakiState)
    assert set(names) >= _BASE_FIELDS


def test_play_on_a_clone_leaves_the_original_as_it_was():
    for seed in range(3):
        s = new_game(3, seed=seed, record=False)
        r = random.Random(seed)
        while not s.is_terminal():
            kept = s.to_json()
            t = s.clone()
            t.apply_legal(r.choice(t.legal_actions()))
            assert s.to_json() == kept
            s = t


def test_controllers_agree_with_controller():
    for seed in range(3):
        s = new_game(2 + seed, seed=seed, record=False)
        r = random.Random(seed)
        while not s.is_terminal():
            c = s.controllers()
            assert all(c[h] == s.controller(h) for h in s.fol)
            for p in range(s.players):
                assert s.controlled(p) == s.controlled(p, c) == [h for h in s.lay.hexes if s.controller(h) == p]
            s.apply_legal(r.choice(s.legal_actions()))


def test_every_decision_has_its_question_and_every_pending_kind_is_declared():
    assert all(rule.prompt and not rule.prompt.endswith(" ") for rule in RULES.decisions.values())
    s = new_game(4, seed=5, record=False)
    r = random.Random(5)
    seen = set()
    while not s.is_terminal():
        seen.add(s.kind)
        s.apply_legal(r.choice(s.legal_actions()))
    assert seen <= set(RULES.decisions) and len(seen) > 10


def test_every_effect_and_immediate_power_of_the_data_is_named():
    from meeple.games.anunnaki.data import DATA
    from meeple.games.anunnaki.effects import IMMEDIATE
    from meeple.games.anunnaki.rewards import DECLARED

    ops = set()

    def walk(effects):
        for e in effects:
            ops.add(e[0])
            if e[0] == "choice":
                walk(e[1])
                walk(e[2])

    for c in DATA.contracts.values():
        walk(c["middle"])
    for tok in DATA.culture.values():
        walk(tok["benefit"])
    for tile in DATA.ancient.values():
        walk(tile["reward"])
    for w in DATA.weapons.values():
        walk(w["win"])
    assert ops == set(DECLARED)
    assert {g["effect"] for g in DATA.minor.values() if g["kind"] == "immediate"} == set(IMMEDIATE)
    from meeple.games.anunnaki.culture import AT_END

    assert {g["effect"] for g in DATA.minor.values() if g["kind"] == "end"} == set(AT_END)
