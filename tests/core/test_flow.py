"""The shared decision flow (`meeple.core.flow`) on a toy game: a secret
simultaneous bid decides who starts, then seats take 1-3 stones in turn; the
one who takes the last stone wins. The flow runs each decision's prologue
(the answer noted or a forced one told, the decision cleared) for every game."""

from __future__ import annotations

import pytest

from meeple.core.flow import FlowState, Rules, named_seat, seat_move, unnamed
from meeple.core.game import Decision, IllegalMove


def _words(s, kind, a, seat):
    return f"{kind} {a}"


def _told(s, kind, a, seat):
    return (kind, a)


RULES = Rules("toy", words=_words, told=_told, arg=None)


class Toy(FlowState):
    __slots__ = ("players", "pile", "bids", "current", "finished", "taken_for", "record", "history", "events")
    RULES = RULES
    game = "toy"


def _bid_legal(s, seat):
    return [0, 1, 2]


@RULES.decision("bid", prompt="Bid 0, 1 or 2 in secret", legal=_bid_legal, simultaneous=True)
def bid(s, action, seat):
    s.bids[seat] = action
    if s.answered(seat):
        s.push("start")


@RULES.step("start")
def start(s):
    s.current = max(range(s.players), key=lambda p: (s.bids[p], -p))
    s.ask("take", s.current, s.pile)


@RULES.decision(
    "take", prompt="Take 1, 2 or 3 stones", legal=lambda s, seat: list(range(1, min(3, s.pile) + 1)), arg=int
)
def take(s, action, seat):
    assert s.kind is None  # the flow cleared the decision before the effect
    s.pile -= action
    s.push("next", seat)


@RULES.step("next")
def next_turn(s, seat):
    if s.pile == 0:
        s.finished = True
        s.current = seat
        return
    s.current = (seat + 1) % s.players
    s.ask("take", s.current, s.pile)


def new(players=2, pile=6, cls=Toy, record=False):
    s = cls()
    s.players, s.pile, s.bids, s.current, s.finished, s.taken_for = players, pile, [None] * players, 0, False, []
    s.record, s.history, s.events = record, None, None
    s.todo = []
    s.ask("bid", list(range(players)))
    return s


def forced_for(s):
    return [e[1] for e in s.log() if e[0] == "forced"]


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
    s = new(2, pile=5, record=True)
    s.apply_action(0, seat=0)
    s.apply_action(0, seat=1)
    s.apply_action(3)  # seat 0 leaves 2
    s.apply_action(1)  # seat 1 leaves 1: seat 0 has one choice, taken for it
    assert s.finished and s.current == 0 and forced_for(s) == [0]
    assert s.decision() is None and s.legal_actions() == []
    with pytest.raises(IllegalMove, match="over"):
        s.apply_action(1)


def test_a_decision_or_step_is_declared_once():
    with pytest.raises(ValueError, match="declared twice"):
        RULES.decision("take", prompt="again", legal=lambda s, seat: [])(lambda s, a, seat: None)
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
    assert s.finished and s.current == 1


def test_a_refusal_says_what_is_allowed_when_the_decision_says_why():
    rules = Rules("why")

    class One(FlowState):
        __slots__ = ("players", "finished", "record")
        RULES = rules
        game = "why"

    @rules.decision("odd", prompt="Pick an odd number", legal=lambda s, seat: [1, 3], why=lambda s: "1 or 3")
    def odd(s, action, seat):
        s.finished = True

    s = One()
    s.players, s.finished, s.todo, s.record = 1, False, [], False
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
        __slots__ = ("players", "finished", "ran", "record")
        RULES = rules

    Steps.game = game
    s = Steps()
    s.players, s.finished, s.ran, s.kind, s.todo, s.record = 1, False, [], None, todo, False
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
    s = new(2, pile=5, cls=Checked, record=True)
    s.advanced = []
    for seat in (0, 1):
        s.apply_legal(0, seat=seat)  # the bids
    for take in (3, 1):  # seat 0 leaves 2, seat 1 leaves 1: seat 0's single choice is taken for it, inside advance
        s.apply_legal(take)
    assert s.advanced == [("bid", 5), ("take", 5), ("take", 2), (None, 0)]
    assert s.finished and s.current == 0


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


# ---- the prologue: what the flow does before every effect, for every game
def test_own_answers_are_noted_in_their_words_and_simultaneous_ones_name_their_seat():
    s = new(2, pile=5, record=True)
    s.apply_action(2, seat=1)
    s.apply_action(0, seat=0)
    s.apply_action(3)  # seat 1 starts (the higher bid) and leaves 2
    s.apply_action(1)  # seat 0 leaves 1: seat 1's single answer is taken for it, told to it alone
    assert s.move_record() == [(1, "@1 bid 2"), (0, "@0 bid 0"), (1, "take 3"), (0, "take 1")]
    assert [e for e in s.log() if e[0] == "forced"] == [("forced", 1, ("take", 1), 1)]


def test_unrecorded_the_flow_only_clears_the_decision_and_keeps_the_legal_actions():
    s = new(2, pile=4)
    s.apply_legal(0, seat=0)
    s.apply_legal(1, seat=1)
    assert s.decision() == Decision("take", (1,)) and s.legal_now == [1, 2, 3]  # worked out once, kept
    assert s.legal_actions() == [1, 2, 3] and s.legal_actions() is not s.legal_now
    s.apply_legal(3)
    assert s.legal_now == [1] or s.finished  # the next decision's own
    assert s.history is None and s.events is None


def test_a_step_may_hand_over_the_legal_actions_it_worked_out():
    s = new(2, pile=4)
    s.apply_legal(0, seat=0)
    s.apply_legal(0, seat=1)
    s.ask("take", 0, 4, legal=[2])  # (the step knew them)
    assert s.legal_actions() == [2] and s.legal_actions(1) == []


def test_answered_keeps_a_simultaneous_decision_pending_until_every_seat_has_answered():
    s = new(3)
    s.apply_legal(1, seat=0)
    assert s.kind == "bid" and s.dseats == [1, 2]
    s.apply_legal(1, seat=2)
    assert s.kind == "bid" and s.dseats == [1]
    s.apply_legal(0, seat=1)
    assert s.decision() == Decision("take", (0,))


def test_a_part_of_a_move_is_noted_when_it_closes_even_if_forced():
    rules = Rules("parts", words=lambda s, kind, a, seat: None if a else "build " + " ".join(map(str, s.built)))

    class Parts(FlowState):
        __slots__ = ("players", "finished", "built", "record", "history", "events")
        RULES = rules
        game = "parts"

    @rules.decision(
        "build", prompt="Add or close", legal=lambda s, seat: [0] if len(s.built) == 2 else [0, 1], part=True
    )
    def build(s, a, seat):
        if a:
            s.built.append(len(s.built))
            s.ask("build", seat)
        else:
            s.finished = True

    s = Parts()
    s.players, s.finished, s.built, s.record, s.history, s.events, s.todo = 1, False, [], True, None, None, []
    s.ask("build", 0)
    s.apply_action(1)
    s.apply_action(1)  # two cards: the only answer left (close) is taken for the seat, and notes the move
    assert s.finished and s.moves == ["build 0 1"] and s.log() == []


def test_each_decision_declares_the_type_of_its_argument():
    assert RULES.arg_problem("take", 3) is None
    assert RULES.arg_problem("bid", None) is None
    assert "is int, not 'x'" in RULES.arg_problem("take", "x")
    assert "is null, not 3" in RULES.arg_problem("bid", 3)
    assert "unknown decision" in RULES.arg_problem("nope", None)


def test_a_move_names_its_seat_one_way_and_the_older_form_still_reads():
    assert seat_move(1, " bid heir ") == "@1 bid heir"
    assert named_seat("@1 bid heir") == 1 and named_seat(" 2: bid heir") == 2 and named_seat("@12 x") == 12
    assert named_seat("bid heir") is None and named_seat("@x bid") is None and named_seat("take: 3") is None
    assert unnamed("@1 bid heir") == "bid heir" and unnamed("1: bid heir") == "bid heir" and unnamed("pass") == "pass"


def test_the_flow_reads_each_class_rules_and_hooks_as_they_are():
    """`_FLOW` is worked out once per class: it must be what the class and
    its RULES say (the very dicts the decorators fill, and the hooks)."""
    from meeple.games import GAMES

    for cls in [Toy, Checked, *(type(spec.new_game(2, seed=0)) for spec in GAMES.values())]:
        rules = cls.RULES
        dicts = (rules.steps, rules.waiting, rules.legal_of, rules.effect_of, rules.together)
        assert all(kept is declared for kept, declared in zip(cls._FLOW, dicts, strict=False)), cls
        assert cls._FLOW[len(dicts) :] == (
            cls.before_forced is not FlowState.before_forced,
            cls.advance is not FlowState.advance,
        ), cls
