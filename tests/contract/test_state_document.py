"""The STATE of every registered game is made from the declaration of each of
its fields (`meeple.core.fields.StateDocument`): the declaration is complete
(a field left out fails here, and at import), each saved field survives a
save and a load mid-turn, the format is numbered (absent: 1; newer: refused)
and the STATEs written before, the scenario files, load and play as they did.
"""

from __future__ import annotations

import copy
import glob
import json
import os
import sys

import pytest

from meeple import games
from meeple.core.apply import run_apply
from meeple.core.fields import Field, NotSaved, Saved, StateDocument
from meeple.core.game import BadState
from tests.contract.contract_cases import Case, as_text, walk

GAMES = list(games.GAMES)
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def document(name: str) -> StateDocument:
    """The game's STATE declaration, beside its notation's `load`."""
    return sys.modules[games.get(name).rules.notation.load.__module__].STATE


def declared_fields(doc: StateDocument) -> tuple[Field, ...]:
    return sys.modules[doc.cls.__module__].FIELDS


def entry_fields(e) -> tuple[str, ...]:
    return (e.field,) if isinstance(e.field, str) else tuple(e.field)


def rebuild(doc: StateDocument, entries, fields=None) -> StateDocument:
    return StateDocument(doc.cls, fields or declared_fields(doc), doc.game, tuple(entries), doc.version, doc.after)


@pytest.mark.parametrize("name", GAMES)
def test_every_field_is_saved_or_says_why_not_once(name):
    doc = document(name)
    said = [n for e, _ in doc.entries for n in entry_fields(e)]
    assert sorted(said) == sorted(f.name for f in declared_fields(doc))
    for e in doc.derived + doc.not_saved:
        assert e.why.strip(), f"{e.field}: a field kept out of the STATE says why"
    keys = [e.key for e in doc.saved]
    assert len(keys) == len(set(keys)), "two fields at one STATE key"


@pytest.mark.parametrize("name", GAMES)
def test_a_field_left_out_of_the_declaration_is_refused(name):
    doc = document(name)
    entries = [e for e, _ in doc.entries]
    for i, e in enumerate(entries):
        with pytest.raises(TypeError, match="leaves out: " + entry_fields(e)[0]):
            rebuild(doc, entries[:i] + entries[i + 1 :])
    # a new field of the state, not declared in the STATE
    with pytest.raises(TypeError, match="leaves out: brand_new"):
        rebuild(doc, entries, declared_fields(doc) + (Field("brand_new"),))
    with pytest.raises(TypeError, match="names twice: players"):
        rebuild(doc, entries + [NotSaved("players", "twice")])
    with pytest.raises(TypeError, match="names no field: nowhere"):
        rebuild(doc, entries + [Saved("nowhere", "nowhere")])


def _value(s, e: Saved):
    """What `e` writes: its field, or its fields together (per seat: a list of
    each seat's tuple)."""
    if isinstance(e.field, str):
        return getattr(s, e.field)
    values = tuple(getattr(s, n) for n in e.field)
    return list(zip(*values, strict=True)) if "*" in e.key else values


def _cases():
    return [Case(name, p, seed=30 + p) for name in GAMES for p in games.get(name).sizes]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: c.id)
def test_each_saved_field_round_trips_mid_turn(case):
    """At checkpoints mid-turn, every saved field of the state reloaded from
    its STATE is written as the original's (field by field, so a field whose
    key or reader is wrong is named), and the derived ones are fresh."""
    doc = document(case.game)
    for step, s in walk(case):
        saved = doc.dump(s)
        again = doc.load(json.loads(json.dumps(saved)))
        for e in doc.saved:
            if e.when is not None and not e.when(s):
                continue
            value, back = _value(s, e), _value(again, e)
            if "*" in e.key:  # one item per seat
                got, want = [e.dump(x) for x in back], [e.dump(x) for x in value]
            else:
                got, want = e.dump(back), e.dump(value)
            assert json.dumps(got) == json.dumps(want), f"step {step}: {e.field} at {e.key} does not round-trip"
        assert json.dumps(doc.dump(again)) == json.dumps(saved), f"step {step}: the STATE does not round-trip"
        # what the fields kept out of the STATE hold is never seen: every seat
        # (and a spectator) sees the reloaded game as the original, scores too
        for e in doc.derived:  # worked out again from the saved fields: the same
            assert getattr(again, e.field) == getattr(s, e.field), f"step {step}: {e.field} is not derived back"
        for seat in [None, *range(case.players)]:
            assert as_text(again.view(seat)) == as_text(s.view(seat)), f"step {step}: seat {seat} sees another game"
        assert again.scores() == s.scores() and again.decision() == s.decision()


def _mid_turn(name: str):
    """A state with its `pending` saved, some way into a random game."""
    case = Case(name, games.get(name).sizes[0], seed=5)
    for step, s in walk(case, every=3):
        if step > 20 and "pending" in document(name).dump(s) and not s.is_terminal():
            return s
    raise AssertionError("no mid-turn state")


@pytest.mark.parametrize("name", GAMES)
def test_the_format_is_numbered_absent_means_1_and_a_newer_one_is_refused(name):
    doc = document(name)
    assert doc.version.key == "pending.version" and doc.version.current == 1
    s = _mid_turn(name)
    saved = doc.dump(s)
    assert "version" not in saved["pending"]  # format 1: written as every STATE before formats were numbered
    assert doc.format_of(saved) == 1
    one = copy.deepcopy(saved)
    one["pending"]["version"] = 1
    assert doc.dump(doc.load(one)) == doc.dump(doc.load(saved)) == saved
    newer = copy.deepcopy(saved)
    newer["pending"]["version"] = 2
    with pytest.raises(BadState, match=r"pending.version 2 is newer than this engine reads \(up to 1\)"):
        doc.load(newer)
    for bad in (0, -1, "1", True, None, 1.5):
        wrong = copy.deepcopy(saved)
        wrong["pending"]["version"] = bad
        with pytest.raises(BadState, match="pending.version must be a positive integer"):
            doc.load(wrong)


@pytest.mark.parametrize("name", GAMES)
def test_the_format_knows_exactly_the_rules_steps_and_decisions(name):
    """The step stack and the decision are saved by name: a step or decision
    renamed or added is a new STATE format (raise it, and read format 1 still)."""
    doc = document(name)
    games.get(name).new_game(games.get(name).sizes[0], seed=0)  # every step registered
    rules = doc.cls.RULES
    assert set(rules.steps) == doc.version.steps, "the steps changed: a new pending format"
    assert set(rules.decisions) == doc.version.decisions, "the decisions changed: a new pending format"


SCENARIOS = sorted(
    glob.glob(os.path.join(ROOT, "tests", "games", "*", "scenarios", "*.json"))
    + glob.glob(os.path.join(ROOT, "..", "shared", "conformance", "*", "*.json"))
)


@pytest.mark.skipif(not SCENARIOS, reason="no scenario files")
@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: "/".join(p.split(os.sep)[-2:]))
def test_scenario_states_of_before_load_and_play_the_same(path):
    """A STATE written before (no format number) is format 1, and the STATE
    it loads to is written back so that it plays exactly the same moves."""
    with open(path, encoding="utf-8") as f:
        scenario = json.load(f)
    state = scenario["state"]
    doc = document(state["game"])
    assert doc.format_of(state) == 1
    rewritten = doc.dump(doc.load(copy.deepcopy(state)))
    assert doc.dump(doc.load(copy.deepcopy(rewritten))) == rewritten
    payload = {"moves": scenario.get("moves", [])}
    if "seed" in scenario:
        payload["seed"] = scenario["seed"]

    def outcome(st):
        try:
            return run_apply(dict(payload, state=copy.deepcopy(st)))
        except Exception as e:  # an expected refusal is part of the outcome
            return f"{type(e).__name__}: {e}"

    assert outcome(state) == outcome(rewritten)


@pytest.mark.parametrize("name", GAMES)
def test_a_misspelt_key_is_refused_where_it_stands(name):
    """A key the declaration does not name, at the top, in a seat or in
    `pending`, is refused with its path (it was silently left out: a
    hand-written `infuence` read as 0)."""
    module = games.get(name)
    s = module.new_game(2 if name != "ethnos" else 3, seed=3)
    doc = module.rules.notation.dump(s)
    assert document(name).load(copy.deepcopy(doc)) is not None
    for path, where in ((("extra",), "extra"), (("seats", 0, "extra"), "seats.0")):
        bad = copy.deepcopy(doc)
        at = bad
        for k in path[:-1]:
            at = at[k]
        at[path[-1]] = 1
        with pytest.raises(
            BadState, match=rf"unknown STATE field\(s\)({' in ' + where if len(path) > 1 else ''})?: extra"
        ):
            document(name).load(bad)
    if isinstance(doc.get("pending"), dict):
        bad = copy.deepcopy(doc)
        bad["pending"]["extra"] = 1
        with pytest.raises(BadState, match=r"unknown STATE field\(s\) in pending: extra"):
            document(name).load(bad)
