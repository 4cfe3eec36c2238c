"""The decision flow every game shares.

A game is a declaration (`Rules`): each decision once, with its legal
actions, its effect and its words side by side, and each automatic step of a
turn by name. `FlowState` runs any such declaration: the pending decision
(`kind`, the deciding `dseats`, its argument `darg`), the step stack (`todo`,
popped last-in first-out), forced moves (a decision with a single legal action
is taken for the player, unless it is declared otherwise), simultaneous secret
choices (a decision with several seats; each seat answers once, the game's
effect keeps the answer hidden until all have answered), and the messages of
illegal moves. Nothing here knows any game.

    RULES = Rules("toy")

    @RULES.decision("pick", prompt="Pick a card", legal=lambda s, seat: s.cards)
    def pick(s, action, seat, auto):
        ...
        s.push("end_turn")            # runs when no decision is pending

    @RULES.step("end_turn")
    def end_turn(s):
        s.ask("pick", s.next_seat)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar

from meeple.core.game import Decision, IllegalMove
from meeple.core.record import GameRecord

Legal = Callable[[Any, int], list[int]]
Effect = Callable[[Any, int, int, bool], None]
Quiet = Callable[[Any, int, int], None]  # (state, action, seat): an effect without its record keeping
Why = Callable[[Any], str]
Read = Callable[[Any, str, list[str]], "list[int] | None"]

_DECISIONS: dict[tuple, Decision] = {}  # (kind, *seats) -> Decision: immutable, so shared


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """One kind of decision: who may answer what, what the answer does, and
    the question in words."""

    kind: str
    prompt: str  # the question, in plain words, for the seat choosing
    legal: Legal  # (state, seat) -> legal actions
    effect: Effect  # (state, action, seat, auto): apply one legal action
    simultaneous: bool = False  # several seats answer, each once, in secret
    forced: bool = True  # a single legal action is taken for the player
    moves: str = ""  # the answers in the game's MOVE notation ("troll <value>")
    why: Why | None = None  # (state) -> what is allowed now, in words, for an illegal answer
    read: Read | None = None  # (state, verb, args) -> the actions a MOVE stands for, None: not one
    waits: bool = field(init=False, default=False)  # never taken for the player

    def __post_init__(self) -> None:
        object.__setattr__(self, "waits", self.simultaneous or not self.forced)

    def refusal(self, state: Any) -> str:
        """Why an answer is not among the choices, in words."""
        if self.why is None:
            return self.prompt
        return f"{self.prompt}: {self.why(state)}"


class Rules:
    """A game's decisions and steps, each declared once."""

    def __init__(self, game: str) -> None:
        self.game = game
        self.decisions: dict[str, DecisionRule] = {}
        self.steps: dict[str, Callable[..., None]] = {}
        self._arity: dict[str, tuple[int, int | None]] = {}  # step -> (fewest, most arguments): step_problem's
        # the same, flat, for the flow's inner loop (a dict look-up per action)
        self.legal_of: dict[str, Legal] = {}
        self.effect_of: dict[str, Effect] = {}
        self.waiting: set[str] = set()  # kinds never taken for the player
        self.quiet_of: dict[str, Quiet] = {}  # kind -> its quiet effect (see `decision`)
        self.together: set[str] = set()  # kinds several seats answer (simultaneous)

    def decision(
        self,
        kind: str,
        *,
        prompt: str,
        legal: Legal,
        simultaneous: bool = False,
        forced: bool = True,
        moves: str = "",
        why: Why | None = None,
        read: Read | None = None,
        quiet: Quiet | None = None,
    ) -> Callable[[Effect], Effect]:
        """Declare decision `kind`; the decorated function is its effect.

        `quiet(state, action, seat)` is the effect as it runs in a game that
        keeps no record (`record` false), for a game whose effects all first
        do the same: forget the kept legal actions (its field `legal_now`),
        clear the pending decision unless several seats answer it, and keep
        the record. In such a game the flow does the first two itself and runs
        `quiet`, one call per answer instead of two; the hooks `before_answer`
        and `before_forced` are then called only while recording. A game
        gives `quiet` for every decision or for none, and its state class
        says so (`QUIET = True`) and has the field `legal_now`."""

        def declare(effect: Effect) -> Effect:
            if kind in self.decisions:
                raise ValueError(f"{self.game}: decision {kind!r} declared twice")
            rule = self.decisions[kind] = DecisionRule(
                kind, prompt, legal, effect, simultaneous, forced, moves, why, read
            )
            self.legal_of[kind], self.effect_of[kind] = legal, effect
            if rule.waits:
                self.waiting.add(kind)
            if simultaneous:
                self.together.add(kind)
            if quiet is not None:
                self.quiet_of[kind] = quiet
            if self.quiet_of and len(self.quiet_of) != len(self.decisions):
                raise ValueError(f"{self.game}: decision {kind!r}: quiet effects for every decision or none")
            return effect

        return declare

    def step(self, name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
        """Declare an automatic step `name` (run with the arguments it was pushed with)."""

        def declare(fn: Callable[..., None]) -> Callable[..., None]:
            if name in self.steps:
                raise ValueError(f"{self.game}: step {name!r} declared twice")
            self.steps[name] = fn
            return fn

        return declare

    def prompt(self, kind: str) -> str:
        return self.decisions[kind].prompt

    def step_problem(self, step: Any) -> str | None:
        """What is wrong with `step` as a saved step `[name, arg, ...]` (None
        if nothing): an unknown name, or a count of arguments its function
        cannot take. A loaded STATE is checked here, so a hand-written
        `pending.todo` is refused at load, not half-run at a later move."""
        if not isinstance(step, (list, tuple)) or not step or not isinstance(step[0], str):
            return f"a step is [name, argument, ...], not {step!r}"
        fn = self.steps.get(step[0])
        if fn is None:
            return f"unknown step {step[0]!r}"
        arity = self._arity.get(step[0])
        if arity is None:
            import inspect  # (here: its many modules would otherwise stay loaded in every game's process)

            params = list(inspect.signature(fn).parameters.values())[1:]  # (after the state)
            most = None if any(p.kind is p.VAR_POSITIONAL for p in params) else len(params)
            fewest = sum(p.default is p.empty and p.kind is p.POSITIONAL_OR_KEYWORD for p in params)
            arity = self._arity[step[0]] = (fewest, most)
        least, most = arity
        given = len(step) - 1
        if given < least or (most is not None and given > most):
            takes = str(least) if least == most else f"{least} to {most}" if most is not None else f"{least} or more"
            return f"step {step[0]!r} takes {takes} argument(s), not {given}"
        return None


class FlowState(GameRecord):
    """A game state driven by its `RULES`. Subclasses keep `finished` and their
    own fields, and call `ask` and `push` from their effects and steps."""

    __slots__ = ("kind", "dseats", "darg", "todo")
    kind: str | None  # the pending decision (None: the step stack runs next)
    dseats: list[int]  # the seats it waits for
    darg: Any  # its argument
    todo: list[Any]  # the step stack: (name, *args) tuples or lists, last first
    RULES: ClassVar[Rules]
    _HOOKED: ClassVar[bool] = False  # the class has its own before_forced
    _ANSWER_HOOKED: ClassVar[bool] = False  # the class has its own before_answer
    _OWN_ADVANCE: ClassVar[bool] = False  # the class has its own advance, run after a recorded answer
    QUIET: ClassVar[bool] = False  # its RULES give quiet effects (Rules.decision), run when unrecorded
    # what `apply_legal` reads of the class and its RULES (their dicts, then
    # the flags above), in one look-up: a class attribute read from a state
    # costs three times a field's
    _FLOW: ClassVar[tuple]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._HOOKED = cls.before_forced is not FlowState.before_forced
        cls._ANSWER_HOOKED = cls.before_answer is not FlowState.before_answer
        cls._OWN_ADVANCE = cls.advance is not FlowState.advance
        rules = getattr(cls, "RULES", None)
        if rules is not None:  # (a class of fields only has none)
            dicts = (rules.steps, rules.waiting, rules.legal_of, rules.effect_of, rules.quiet_of, rules.together)
            cls._FLOW = (*dicts, cls.QUIET, cls._HOOKED, cls._ANSWER_HOOKED, cls._OWN_ADVANCE)

    # ------------------------------------------------------------ asking
    def ask(self, kind: str, seats: int | list[int], arg: Any = None) -> None:
        """Make `kind` the pending decision of `seats` (one seat or several)."""
        self.kind = kind
        self.dseats = [seats] if isinstance(seats, int) else list(seats)
        self.darg = arg

    def settle(self) -> None:
        """No decision is pending: the step stack runs next."""
        self.kind = None

    def push(self, name: str, *args: Any) -> None:
        """Queue step `name`; the last pushed runs first."""
        self.todo.append((name, *args))

    # ------------------------------------------------------------ reading
    def decision(self) -> Decision | None:
        if self.finished or self.kind is None:
            return None
        seats = self.dseats
        key = (self.kind, seats[0]) if len(seats) == 1 else (self.kind, *seats)
        d = _DECISIONS.get(key)
        if d is None:
            d = _DECISIONS[key] = Decision(self.kind, tuple(self.dseats))
        return d

    def legal_actions(self, seat: int | None = None) -> list[int]:
        kind = self.kind
        if self.finished or kind is None:
            return []
        if seat is None:
            seat = self.dseats[0]
        elif seat not in self.dseats:
            return []
        return self.RULES.legal_of[kind](self, seat)

    def kept_legal_actions(self, seat: int | None = None) -> list[int]:
        """`legal_actions` of a game that keeps the pending decision's legal
        actions in its field `legal_now` once the flow has worked them out
        (its `before_forced`; cleared on every answer): a copy of them, so
        the list is worked out once per decision. A game opts in with
        `legal_actions = FlowState.kept_legal_actions`."""
        acts = self.legal_now  # type: ignore[attr-defined]  # (the game's field)
        if acts is not None and (seat is None or seat == self.dseats[0]) and not self.finished:
            return list(acts)  # (compiled, a direct copy; .copy() is a method look-up and call)
        return FlowState.legal_actions(self, seat)

    # ------------------------------------------------------------ applying
    def apply_action(self, action: int, seat: int | None = None) -> None:
        """Apply one action after checking it is legal, with a message for
        people when it is not."""
        if self.finished:
            raise IllegalMove("the game is over")
        if self.kind is None:
            raise IllegalMove("no decision is pending")
        rule = self.RULES.decisions[self.kind]
        if seat is None:
            seat = self.dseats[0]
        elif seat not in self.dseats:
            if rule.simultaneous and 0 <= seat < self.players:
                raise IllegalMove(f"seat {seat} has already answered: {rule.prompt}")
            waiting = ", ".join(map(str, self.dseats))
            raise IllegalMove(f"it is not seat {seat}'s decision (waiting for seat {waiting}: {rule.prompt})")
        if action not in self.legal_actions(seat):
            raise IllegalMove(f"that is not one of the choices now ({rule.refusal(self)})")
        if self._ANSWER_HOOKED:
            self.before_answer(action, seat)
        rule.effect(self, action, seat, False)
        self.advance()

    def apply_legal(self, action: int | None, seat: int | None = None) -> None:
        """Apply an action taken from this state's legal_actions() (no re-check),
        then run queued steps and take forced answers until a real decision
        waits; with no action (None), only the latter (`advance`).

        One loop for both, one call per action on every game's hot path.
        Unrecorded, a game with quiet effects (`Rules.decision`) runs those
        and keeps the legal actions worked out in `legal_now`; otherwise each
        decision's effect runs, the hooks `before_answer` and
        `before_forced` seeing each answer."""
        steps, waiting, legal_of, effect_of, quiet_of, together, quiet, hooked, answer_hooked, own_advance = self._FLOW
        quiet = quiet and not self.record
        kept: Any = self  # (its `legal_now`, with quiet effects, is a field of the game's state class)
        kind: Any = self.kind  # (a decision is pending when an action is given)
        answerer: Any = self.dseats[0] if seat is None and action is not None else seat
        auto = False  # the answer is taken for the player
        while True:
            if action is None:  # run steps until a decision waits, answer it if it is forced
                while kind is None:
                    todo = self.todo  # a step may replace the stack (an age ends)
                    if self.finished or not todo:
                        return
                    step = todo.pop()
                    # a fixed-arity call per step length: no slice, no argument tuple
                    size = len(step)
                    if size == 1:
                        steps[step[0]](self)
                    elif size == 2:
                        name, a1 = step
                        steps[name](self, a1)
                    elif size == 3:
                        name, a1, a2 = step
                        steps[name](self, a1, a2)
                    elif size == 4:
                        name, a1, a2, a3 = step
                        steps[name](self, a1, a2, a3)
                    elif size == 5:
                        name, a1, a2, a3, a4 = step
                        steps[name](self, a1, a2, a3, a4)
                    else:
                        steps[step[0]](self, *step[1:])
                    kind = self.kind
                dseats = self.dseats
                if kind in waiting or len(dseats) > 1:
                    return  # several seats still to answer: nobody is answered for
                answerer = dseats[0]
                acts = legal_of[kind](self, answerer)
                if quiet:
                    kept.legal_now = acts
                elif hooked:
                    self.before_forced(acts)
                if len(acts) != 1:
                    return
                action, auto = acts[0], True
            if quiet:
                kept.legal_now = None
                if kind not in together:
                    self.kind = None
                quiet_of[kind](self, action, answerer)
            elif auto:
                effect_of[kind](self, action, answerer, True)
            else:  # a seat's own answer
                if answer_hooked:
                    self.before_answer(action, answerer)
                effect_of[kind](self, action, answerer, False)
                if own_advance:  # (a game checking what its advance leaves)
                    self.advance()
                    return
            kind, action = self.kind, None

    def take_action(self, action: int, seat: int | None = None) -> None:
        """Apply one legal action's effect and stop there: no step runs and no
        forced answer is taken (for a notation that reads the steps of one
        move, such as the cards of a band, one action at a time)."""
        seat = self.dseats[0] if seat is None else seat
        self.RULES.decisions[self.kind].effect(self, action, seat, False)  # type: ignore[index]  # a decision is pending

    def before_answer(self, action: int, seat: int) -> None:
        """Hook: a seat's answer is about to be applied (not a forced one); a
        game records the move here, while the decision is still pending."""

    def advance(self) -> None:
        """Run queued steps until a real decision waits; a forced one (a single
        legal action) is taken for the player."""
        FlowState.apply_legal(self, None)

    def before_forced(self, acts: list[int]) -> None:
        """Hook: a decision with these legal actions is about to be taken for
        the player if there is one (a game whose hidden hand decides whether a
        choice exists marks a reveal here)."""
