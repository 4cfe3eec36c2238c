"""The decision flow every game shares.

A game is a declaration (`Rules`): each decision once, with its legal
actions, the type of its argument, its effect and its words side by side,
and each automatic step of a turn by name. `FlowState` runs any such
declaration: the pending decision (`kind`, the deciding `dseats`, its
argument `darg`), the step stack (`todo`, popped last-in first-out), forced
moves (a decision with a single legal action is taken for the player, unless
it is declared otherwise), simultaneous secret choices (a decision with
several seats; each seat answers, the game's effect keeps the answer hidden
and calls `answered(seat)` once the seat's answer is whole), and the messages
of illegal moves. Nothing here knows any game.

Every game's rules are written the same way:

    RULES = Rules("toy", words=action_words)   # words: an action as a MOVE

    @RULES.decision("pick", prompt="Pick a card", legal=lambda s, seat: s.cards, arg=int)
    def pick(s, a, seat):              # s: the state, a: the action, seat: who answers
        ...
        s.push("end_turn")             # runs when no decision is pending

    @RULES.step("end_turn")
    def end_turn(s):
        s.ask("pick", s.next_seat, 3)  # the decision, who answers, its argument

The flow runs the decision's prologue before every effect, so no effect
writes it: the answer is noted in the move list in its words (a player's
own answer; at a simultaneous decision as "@<seat> <move>"), or, when the
flow took it for the player, told to that seat alone as a `forced` event
(if the game words forced answers, `Rules(told=)`); then the decision is
cleared (a simultaneous one stays pending until every seat has answered).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from meeple.core.game import Decision, IllegalMove
from meeple.core.record import GameRecord

Legal = Callable[[Any, int], list[int]]
Effect = Callable[[Any, int, int], None]  # (state, action, seat)
Why = Callable[[Any], str]
Read = Callable[[Any, str, list[str]], "list[int] | None"]
Words = Callable[[Any, str, int, int], "str | None"]  # (state, kind, action, seat) -> MOVE words
Told = Callable[[Any, str, int, int], Any]  # (state, kind, action, seat) -> a forced event's detail

_DECISIONS: dict[tuple, Decision] = {}  # (kind, *seats) -> Decision: immutable, so shared


def seat_move(seat: int, move: str) -> str:
    """`move` written as `seat`'s: "@1 bid heir", the one form every game
    writes a move that names its seat (an answer to a simultaneous decision)."""
    return f"@{seat} {move.strip()}"


def named_seat(text: str) -> int | None:
    """The seat a move names: "@1 bid heir", or the older "1: bid heir" (still read)."""
    text = text.lstrip()
    if text[:1] == "@":
        head = text[1:].split(None, 1)[0] if len(text) > 1 else ""
        return int(head) if head.isdigit() else None
    head, colon, _ = text.partition(":")
    head = head.strip()
    return int(head) if colon and head.isdigit() else None


def unnamed(text: str) -> str:
    """`text` without the seat it names, if it names one."""
    if named_seat(text) is None:
        return text.strip()
    text = text.lstrip()
    rest = text[1:].split(None, 1)[1:] if text[:1] == "@" else [text.partition(":")[2]]
    return rest[0].strip() if rest else ""


def _arg_types(arg: Any) -> tuple[type, ...]:
    """A declared argument type (a type, None, or a tuple of them) as isinstance reads it."""
    kinds = arg if isinstance(arg, tuple) else (arg,)
    return tuple(type(None) if k is None else k for k in kinds)


def _arg_words(types: tuple[type, ...]) -> str:
    return " or ".join("null" if t is type(None) else t.__name__ for t in types)


@dataclass(frozen=True, slots=True)
class DecisionRule:
    """One kind of decision: who may answer what, what its argument is, what
    the answer does, and the question in words."""

    kind: str
    prompt: str  # the question, in plain words, for the seat choosing
    legal: Legal  # (state, seat) -> legal actions
    effect: Effect  # (state, action, seat): apply one legal action
    arg: tuple[type, ...]  # the types the decision's argument (`darg`) may have
    simultaneous: bool = False  # several seats answer at once, each in secret
    forced: bool = True  # a single legal action of a single seat is taken for the player
    moves: str = ""  # the answers in the game's MOVE notation ("troll <value>")
    why: Why | None = None  # (state) -> what is allowed now, in words, for an illegal answer
    read: Read | None = None  # (state, verb, args) -> the actions a MOVE stands for, None: not one
    note: Words | None = None  # the answer's words in the move list (None: the game's `words`)
    part: bool = False  # its answers are parts of a move the seat began: noted even when forced
    words: dict = field(default_factory=dict)  # the game's own words of this decision's actions

    def refusal(self, state: Any) -> str:
        """Why an answer is not among the choices, in words."""
        if self.why is None:
            return self.prompt
        return f"{self.prompt}: {self.why(state)}"


class Rules:
    """A game's decisions and steps, each declared once, and the game's words
    of an action: `words(state, kind, action, seat)` is an answer as a MOVE
    (what the move list notes; None: nothing to note, the answer is part of a
    longer move), `told(state, kind, action, seat)` the detail of the
    `forced` event that tells a seat an answer taken for it (None: not told)."""

    def __init__(self, game: str, *, words: Words | None = None, told: Told | None = None, arg: Any = None) -> None:
        self.game = game
        self.words = words
        self.told = told
        self.arg = arg  # the argument type of a decision that declares none
        self.decisions: dict[str, DecisionRule] = {}
        self.steps: dict[str, Callable[..., None]] = {}
        self._arity: dict[str, tuple[int, int | None]] = {}  # step -> (fewest, most arguments): step_problem's
        # the same, flat, for the flow's inner loop (a dict look-up per action)
        self.legal_of: dict[str, Legal] = {}
        self.effect_of: dict[str, Effect] = {}
        self.waiting: set[str] = set()  # kinds never taken for the player
        self.together: set[str] = set()  # kinds several seats answer (simultaneous)

    def decision(
        self,
        kind: str,
        *,
        prompt: str,
        legal: Legal,
        arg: Any = ...,
        simultaneous: bool = False,
        forced: bool | None = None,
        moves: str = "",
        why: Why | None = None,
        read: Read | None = None,
        note: Words | None = None,
        part: bool = False,
        **words: Any,
    ) -> Callable[[Effect], Effect]:
        """Declare decision `kind`; the decorated `effect(s, action, seat)` is
        what an answer does, once the flow has noted it and cleared the
        decision. `arg` is the type of the decision's argument (a type, None,
        or a tuple of them; the game's default when not given). A simultaneous
        decision is not taken for its seats unless `forced=True` (then a lone
        seat with a single answer is answered for); any other decision is,
        unless `forced=False`. `note(s, kind, action, seat)` words an answer
        for the move list when the game's `words` do not (a part of a longer
        move: None); with `part`, the answers are parts of a move the seat
        began (a band's cards), so even one taken for the seat is noted (as
        the move it closes), not told. The other keywords are the game's own words of this
        decision (`DecisionRule.words`, read by the game's `words`)."""

        def declare(effect: Effect) -> Effect:
            if kind in self.decisions:
                raise ValueError(f"{self.game}: decision {kind!r} declared twice")
            takes = self.arg if arg is ... else arg
            waits = not (forced if forced is not None else not simultaneous)
            self.decisions[kind] = DecisionRule(
                kind,
                prompt,
                legal,
                effect,
                _arg_types(takes),
                simultaneous,
                not waits,
                moves,
                why,
                read,
                note,
                part,
                words,
            )
            self.legal_of[kind], self.effect_of[kind] = legal, effect
            if waits:
                self.waiting.add(kind)
            if simultaneous:
                self.together.add(kind)
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

    def arg_problem(self, kind: str, arg: Any) -> str | None:
        """What is wrong with `arg` as the argument of a pending `kind`
        decision (None if nothing): a loaded STATE's `pending` is checked here."""
        rule = self.decisions.get(kind)
        if rule is None:
            return f"unknown decision {kind!r}"
        if isinstance(arg, rule.arg):
            return None
        return f"the argument of a {kind!r} decision is {_arg_words(rule.arg)}, not {arg!r}"

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
    own fields, and call `ask`, `push` and `answered` from their effects and steps."""

    __slots__ = ("kind", "dseats", "darg", "todo", "legal_now")
    kind: str | None  # the pending decision (None: the step stack runs next)
    dseats: list[int]  # the seats it waits for
    darg: Any  # its argument
    todo: list[Any]  # the step stack: (name, *args) tuples or lists, last first
    legal_now: list[int] | None  # the pending decision's legal actions, once worked out (a cache)
    RULES: ClassVar[Rules]
    _HOOKED: ClassVar[bool] = False  # the class has its own before_forced
    _OWN_ADVANCE: ClassVar[bool] = False  # the class has its own advance, run after a recorded answer
    # what `apply_legal` reads of the class and its RULES (their dicts, then
    # the flags above), in one look-up: a class attribute read from a state
    # costs three times a field's
    _FLOW: ClassVar[tuple]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls._HOOKED = cls.before_forced is not FlowState.before_forced
        cls._OWN_ADVANCE = cls.advance is not FlowState.advance
        rules = getattr(cls, "RULES", None)
        if rules is not None:  # (a class of fields only has none)
            dicts = (rules.steps, rules.waiting, rules.legal_of, rules.effect_of, rules.together)
            cls._FLOW = (*dicts, cls._HOOKED, cls._OWN_ADVANCE)

    # ------------------------------------------------------------ asking
    def ask(self, kind: str, seats: int | list[int], arg: Any = None, legal: list[int] | None = None) -> None:
        """Make `kind` the pending decision of `seats` (one seat or several),
        with its argument `arg`; `legal`: its legal actions, when the step
        asking has worked them out already (kept until the answer)."""
        self.kind = kind
        self.dseats = [seats] if seats.__class__ is int else list(seats)  # type: ignore[arg-type]
        self.darg = arg
        self.legal_now = legal

    def settle(self) -> None:
        """No decision is pending: the step stack runs next."""
        self.kind = None

    def push(self, name: str, *args: Any) -> None:
        """Queue step `name`; the last pushed runs first."""
        self.todo.append((name, *args))

    def answered(self, seat: int) -> bool:
        """At a simultaneous decision, `seat`'s answer is whole: it no longer
        waits for it. True once every seat has answered (the decision is then
        cleared and the step stack runs next)."""
        left = self.dseats = [x for x in self.dseats if x != seat]
        if left:
            return False
        self.kind = None
        return True

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
        first = self.dseats[0]
        if seat is None or seat == first:
            acts = self.legal_now  # worked out already for this decision
            if acts is not None:
                return list(acts)  # (a copy: the caller may change it)
            seat = first
        elif seat not in self.dseats:
            return []
        return self.RULES.legal_of[kind](self, seat)

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
        self.take_action(action, seat)
        self.advance()

    def apply_legal(self, action: int | None, seat: int | None = None) -> None:
        """Apply an action taken from this state's legal_actions() (no re-check),
        then run queued steps and take forced answers until a real decision
        waits; with no action (None), only the latter (`advance`).

        One loop for both, one call per action on every game's hot path: the
        prologue (`_noted`, while recording; the legal actions kept and the
        decision cleared), the decision's effect, then the steps."""
        steps, waiting, legal_of, effect_of, together, hooked, own_advance = self._FLOW
        record = self.record
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
                acts = self.legal_now
                if acts is None:
                    acts = legal_of[kind](self, answerer)
                if hooked and record:
                    self.before_forced(acts)
                self.legal_now = acts  # kept until the answer
                if len(acts) != 1:
                    return
                action, auto = acts[0], True
            if record:
                self._noted(kind, action, answerer, auto)
            self.legal_now = None
            if kind not in together:
                self.kind = None
            effect_of[kind](self, action, answerer)
            if record and own_advance and not auto:  # (a game checking what its advance leaves)
                self.advance()
                return
            kind, action = self.kind, None

    def _noted(self, kind: str, action: int, seat: int, auto: bool) -> None:
        """The prologue's record keeping, while the decision is still pending:
        a player's own answer noted in the move list in its words, or one the
        flow took for the player told to that seat alone."""
        rules = self.RULES
        rule = rules.decisions[kind]
        if auto and not rule.part:
            if rules.told is not None:
                detail = rules.told(self, kind, action, seat)
                if detail is not None:
                    self._event("forced", seat, detail, seat)
            return
        note = rule.note or rules.words
        if note is None:
            return
        text = note(self, kind, action, seat)
        if text is not None:
            self._record(seat, seat_move(seat, text) if rule.simultaneous else text)

    def take_action(self, action: int, seat: int | None = None) -> None:
        """Apply one legal action (its prologue and effect) and stop there: no
        step runs and no forced answer is taken (for a notation that reads the
        steps of one move, such as the cards of a band, one action at a time)."""
        kind = self.kind
        assert kind is not None  # a decision is pending
        seat = self.dseats[0] if seat is None else seat
        if self.record:
            self._noted(kind, action, seat, False)
        self.legal_now = None
        if kind not in self.RULES.together:
            self.kind = None
        self.RULES.effect_of[kind](self, action, seat)

    def advance(self) -> None:
        """Run queued steps until a real decision waits; a forced one (a single
        legal action) is taken for the player."""
        FlowState.apply_legal(self, None)

    def before_forced(self, acts: list[int]) -> None:
        """Hook, while recording: a decision with these legal actions is about
        to be taken for the player if there is one (a game whose hidden hand
        decides whether a choice exists marks a reveal here)."""
