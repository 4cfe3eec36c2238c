"""The shared decision flow (`meeple.core.flow`) on a toy game: a secret
simultaneous bid decides who starts, then seats take 1-3 stones in turn; the
one who takes the last stone wins."""

from __future__ import annotations

import pytest

from meeple.core.flow import FlowState, Rules
from meeple.core.game import Decision, IllegalMove

RULES = Rules("toy")


class Toy(FlowState):
    __slots__ = ("players", "pile", "bids", "current", "finished", "taken_for")
    RULES = RULES
    game = "toy"


def _bid_legal(s, seat):
    return [0, 1, 2]


@RULES.decision("bid", prompt="Bid 0, 1 or 2 in secret", legal=_bid_legal, simultaneous=True)
def bid(s, action, seat, auto):
    s.bids[seat] = action
    s.dseats.remove(seat)
    if not s.dseats:
        s.settle()
        s.push("start")


@RULES.step("start")
def start(s):
    s.current = max(range(s.players), key=lambda p: (s.bids[p], -p))
    s.ask("take", s.current)


@RULES.decision("take", prompt="Take 1, 2 or 3 stones", legal=lambda s, seat: list(range(1, min(3, s.pile) + 1)))
def take(s, action, seat, auto):
    s.pile -= action
    if auto:
        s.taken_for.append(seat)
    s.settle()
    s.push("next", seat)


@RULES.step("next")
def next_turn(s, seat):
    if s.pile == 0:
        s.finished = True
        s.current = seat
        return
    s.current = (seat + 1) % s.players
    s.ask("take", s.current)


def new(players=2, pile=6, cls=Toy):
    s = cls()
    s.players, s.pile, s.bids, s.current, s.finished, s.taken_for = players, pile, [None] * players, 0, False, []
    s.todo = []
    s.ask("bid", list(range(players)))
    return s


def test_simultaneous_answers_each_once_then_the_steps_run():
    s = new(3)
    assert s.decision() == Decision("bid", (0, 1, 2))
    s.apply_action(1, seat=2)
    with pytest.raises(IllegalMove, match="already answered"):
        s.apply_action(0, seat=2)
    s.apply_action(2, seat=0)
    s.apply_action(2, seat=1)
    assert s.decision() == Decision("take", (0,))  # ties go to the lower seat


def test_illegal_answers_say_why_in_words_and_change_nothing():
    s = new(2, pile=2)
    s.apply_action(0, seat=0)
    s.apply_action(1, seat=1)
    with pytest.raises(IllegalMove, match=r"not one of the choices now \(Take 1, 2 or 3 stones\)"):
        s.apply_action(3)
    with pytest.raises(IllegalMove, match="not seat 0's decision"):
        s.apply_action(1, seat=0)
    assert s.pile == 2 and s.decision() == Decision("take", (1,))
    assert s.legal_actions(0) == [] and s.legal_actions(1) == [1, 2]


def test_a_single_legal_action_is_taken_for_the_player():
    s = new(2, pile=5)
    s.apply_action(0, seat=0)
    s.apply_action(0, seat=1)
    s.apply_action(3)  # seat 0 leaves 2
    s.apply_action(1)  # seat 1 leaves 1: seat 0 has one choice, taken for it
    assert s.finished and s.current == 0 and s.taken_for == [0]
    assert s.decision() is None and s.legal_actions() == []
    with pytest.raises(IllegalMove, match="over"):
        s.apply_action(1)


def test_a_decision_or_step_is_declared_once():
    with pytest.raises(ValueError, match="declared twice"):
        RULES.decision("take", prompt="again", legal=lambda s, seat: [])(lambda *a: None)
    with pytest.raises(ValueError, match="declared twice"):
        RULES.step("next")(lambda s: None)


def test_decisions_are_shared_objects_and_take_action_runs_no_step():
    s = new(2, pile=4)
    s.apply_action(0, seat=0)
    s.apply_action(0, seat=1)
    assert s.decision() is s.decision()
    s.take_action(3)  # the effect only: the "next" step waits on the stack
    assert s.pile == 1 and s.kind is None and s.todo == [("next", 0)]
    s.advance()  # seat 1 has one choice left: taken for it
    assert s.finished and s.taken_for == [1]


def test_a_refusal_says_what_is_allowed_when_the_decision_says_why():
    rules = Rules("why")

    class One(FlowState):
        __slots__ = ("players", "finished")
        RULES = rules
        game = "why"

    @rules.decision("odd", prompt="Pick an odd number", legal=lambda s, seat: [1, 3], why=lambda s: "1 or 3")
    def odd(s, action, seat, auto):
        s.finished = True

    s = One()
    s.players, s.finished, s.todo = 1, False, []
    s.ask("odd", 0)
    with pytest.raises(IllegalMove, match=r"\(Pick an odd number: 1 or 3\)"):
        s.apply_action(2)
    s.apply_action(3)
    assert s.finished


def _steps_only(game: str, todo: list) -> tuple[Rules, FlowState]:
    """A game of steps only, its RULES to declare them and a state with `todo`
    queued (each step logs to its field `ran`)."""
    rules = Rules(game)

    class Steps(FlowState):
        __slots__ = ("players", "finished", "ran")
        RULES = rules

    Steps.game = game
    s = Steps()
    s.players, s.finished, s.ran, s.kind, s.todo = 1, False, [], None, todo
    return rules, s


def test_a_step_may_replace_the_step_stack():
    rules, s = _steps_only("reset", [("never",), ("reset",)])

    @rules.step("reset")
    def reset(s):
        s.ran.append("reset")
        s.todo = [("last",)]  # what was queued below is dropped

    @rules.step("last")
    def last(s):
        s.ran.append("last")
        s.finished = True

    @rules.step("never")
    def never(s):
        s.ran.append("never")

    s.advance()
    assert s.ran == ["reset", "last"]


def test_steps_run_with_the_arguments_they_were_pushed_with():
    # tuples and lists of every length the flow calls by arity, and a longer one
    pushed = [make(("log", *range(n))) for n in range(7) for make in (tuple, list)]
    rules, s = _steps_only("args", pushed[::-1])

    @rules.step("log")
    def log(s, *args):
        s.ran.append(args)

    s.advance()
    assert s.ran == [tuple(range(n)) for n in range(7) for _ in range(2)]


class Checked(Toy):
    """A game whose own advance checks what the flow leaves."""

    __slots__ = ("advanced",)

    def advance(self):
        FlowState.advance(self)
        self.advanced.append((self.kind, self.pile))


def test_a_game_with_its_own_advance_runs_it_after_each_recorded_answer():
    s = new(2, pile=5, cls=Checked)
    s.advanced = []
    for seat in (0, 1):
        s.apply_legal(0, seat=seat)  # the bids
    for take in (3, 1):  # seat 0 leaves 2, seat 1 leaves 1: seat 0's single choice is taken for it, inside advance
        s.apply_legal(take)
    assert s.advanced == [("bid", 5), ("take", 5), ("take", 2), (None, 0)]
    assert s.finished and s.taken_for == [0]


class Told(Toy):
    __slots__ = ("told",)

    def before_answer(self, action, seat):
        self.told.append((seat, action, self.kind))


def test_before_answer_sees_each_answer_while_pending_but_not_a_forced_one():
    s = new(2, pile=5, cls=Told)
    s.told = []
    s.apply_action(0, seat=0)
    s.apply_legal(0, seat=1)
    s.apply_action(3)  # seat 0 leaves 2
    s.apply_action(1)  # seat 1 leaves 1: seat 0's single choice is taken for it, untold
    assert s.told == [(0, 0, "bid"), (1, 0, "bid"), (0, 3, "take"), (1, 1, "take")]
    assert s.taken_for == [0]


def test_a_decision_asked_of_several_seats_is_never_taken_for_one():
    s = new(2, pile=3)
    s.apply_action(0, seat=0)
    s.apply_action(0, seat=1)
    s.pile = 1
    s.ask("take", [0, 1])  # one legal answer each, but two seats still to answer
    s.advance()
    assert s.decision() == Decision("take", (0, 1)) and s.pile == 1


def test_restore_puts_back_the_flow_fields_too():
    s = new(2, pile=6)
    kept = (s.kind, list(s.dseats), list(s.todo))
    t = new(2, pile=6)
    t.apply_action(1, seat=0)
    t.apply_action(1, seat=1)
    t._restore(s)
    assert (t.kind, t.dseats, t.todo) == kept and t.pile == 6


# ---- quiet effects: the flow runs a game's per-answer prologue itself -----
QUIET = Rules("quiet-toy")


class QuietToy(FlowState):
    __slots__ = ("players", "pile", "finished", "record", "legal_now", "log")
    RULES = QUIET
    QUIET = True
    game = "quiet-toy"


def _quiet_take(s, a, seat):
    s.log.append(("take", seat, a, s.kind, s.legal_now))
    s.pile -= a
    s.push("next", seat)


@QUIET.decision(
    "take", prompt="Take 1 or 2 stones", legal=lambda s, seat: list(range(1, min(2, s.pile) + 1)), quiet=_quiet_take
)
def _loud_take(s, a, seat, auto):
    s.legal_now = None
    s.kind = None
    s.log.append(("recorded", seat, a, auto))
    _quiet_take(s, a, seat)


@QUIET.step("next")
def _quiet_next(s, seat):
    if s.pile == 0:
        s.finished = True
    else:
        s.ask("take", 1 - seat)


def _quiet_new(record: bool, pile: int = 4) -> QuietToy:
    s = QuietToy()
    s.players, s.pile, s.finished, s.record, s.legal_now, s.log = 2, pile, False, record, None, []
    s.todo = []
    s.ask("take", 0)
    return s


def test_unrecorded_a_quiet_effect_runs_after_the_flow_clears_the_decision():
    s = _quiet_new(record=False)
    s.legal_now = [1, 2]  # kept legal actions: forgotten before the effect
    s.apply_legal(2)
    assert s.log == [("take", 0, 2, None, None)]  # the pending decision already cleared
    assert s.legal_now == [1, 2] and s.decision() == Decision("take", (1,))  # kept by the flow
    s.apply_legal(1)  # one stone left: seat 0's single answer is taken for it, quietly
    assert s.log[1:] == [("take", 1, 1, None, None), ("take", 0, 1, None, None)] and s.finished


def test_recorded_the_full_effect_runs():
    s = _quiet_new(record=True, pile=3)
    s.apply_legal(2)
    assert s.log[0] == ("recorded", 0, 2, False) and s.log[2] == ("recorded", 1, 1, True)
    assert s.finished


def test_quiet_effects_are_declared_for_every_decision_or_none():
    r = Rules("half")
    r.decision("a", prompt="A", legal=lambda s, seat: [0], quiet=lambda s, a, seat: None)(lambda s, a, seat, auto: None)
    with pytest.raises(ValueError, match="every decision or none"):
        r.decision("b", prompt="B", legal=lambda s, seat: [0])(lambda s, a, seat, auto: None)


def test_the_flow_reads_each_class_rules_and_hooks_as_they_are():
    """`_FLOW` is worked out once per class: it must be what the class and
    its RULES say (the very dicts the decorators fill, and the hooks)."""
    from meeple.games import GAMES

    for cls in [Toy, Told, Checked, QuietToy, *(type(spec.new_game(2, seed=0)) for spec in GAMES.values())]:
        rules = cls.RULES
        dicts = (rules.steps, rules.waiting, rules.legal_of, rules.effect_of, rules.quiet_of, rules.together)
        assert all(kept is declared for kept, declared in zip(cls._FLOW, dicts, strict=False)), cls
        assert cls._FLOW[len(dicts) :] == (
            cls.QUIET,
            cls.before_forced is not FlowState.before_forced,
            cls.before_answer is not FlowState.before_answer,
            cls.advance is not FlowState.advance,
        ), cls
