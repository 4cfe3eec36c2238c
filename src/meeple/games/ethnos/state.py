"""Ethnos: the state and every rule.

Turn flow is declared as a small stack of steps (`todo`): playing a band pushes
its placement, its leader's ability and the discard; a step that needs a
player's answer sets the pending decision and waits. Decisions are kept small
for bots and RL: a band is chosen as leader, then cards one at a time in
ascending card order, then done; the notation still writes it as one move.

Actions are integers (see the constants below); notation is `notation.py`.
"""

from __future__ import annotations

from meeple.core.game import Decision, IllegalMove
from meeple.core.record import GameRecord
from meeple.core.rng import Rng
from meeple.games.ethnos import data
from meeple.games.ethnos.cards import (
    CARD_KINGDOM, CARD_NAME, CARD_TRIBE, CENTAUR, DRAGON, DWARF, ELF, FAIRY, GIANT, HALFLING,
    MERFOLK, MINOTAUR, NCARDS, NK, ORC, SKELETON, TROLL, WINGFOLK, WIZARD,
    tribe_cards,
)

# ---- the action space ------------------------------------------------------
RECRUIT = 0                    # + card: take that card from the market
DECK = NCARDS                  # take the top card of the deck
LEADER = DECK + 1              # + card: start a band led by that card
ADD = LEADER + NCARDS          # + card: add it to the band (or to the elf keep)
DONE = ADD + NCARDS            # the band (or the keep) is complete
PLACE = DONE + 1               # + kingdom
TROLL_TAKE = PLACE + NK        # + value - 1
DRAW = TROLL_TAKE + len(data.TROLL_TOKENS)
PASS = DRAW + 1
CASH = PASS + 1
KEEP = CASH + 1
SWAP = KEEP + 1                # + band_index * SWAP_SEATS + seat
SWAP_SEATS = 8

TURN_KINDS = ("turn", "band", "place", "merfolk", "troll", "keep", "wizard",
              "centaur", "fairy", "orc")

_SYMBOLS = data.MERFOLK_SYMBOLS
_BAND_GLORY = data.BAND_GLORY
_MAXG = len(_BAND_GLORY) - 1
_POP = [bin(i).count("1") for i in range(1 << NK)]
_DECISIONS: dict = {}          # (kind, seat) -> Decision: they are immutable, so shared


class EthnosState(GameRecord):
    """One game of Ethnos. Plain fields; lists are owned (clone copies them)."""

    game = "ethnos"
    _NOTATION = "meeple.games.ethnos.notation"
    _VIEW = "meeple.games.ethnos.view"
    __slots__ = (
        "players", "ages", "age", "tribes", "slots", "markers", "deck", "market",
        "dragons", "current", "last_dragon", "merfolk", "giant", "troll_pool",
        "glory", "hands", "bands", "orc", "trolls", "finished", "winners",
        "kind", "dseat", "darg", "todo", "build", "keep", "wiz", "placed",
        "moved", "rng", "history", "events", "record", "known",
    )

    # ------------------------------------------------------------------ basics
    def clone(self) -> "EthnosState":
        n = EthnosState.__new__(EthnosState)
        n.players = self.players
        n.ages = self.ages
        n.age = self.age
        n.tribes = self.tribes
        n.slots = self.slots
        n.markers = self.markers[:]
        n.deck = self.deck[:]
        n.market = self.market[:]
        n.dragons = self.dragons
        n.current = self.current
        n.last_dragon = self.last_dragon
        n.merfolk = None if self.merfolk is None else self.merfolk[:]
        n.giant = self.giant
        n.troll_pool = self.troll_pool
        n.glory = self.glory[:]
        n.hands = [h[:] for h in self.hands]
        n.bands = [b[:] for b in self.bands]
        n.orc = self.orc[:]
        n.trolls = self.trolls[:]
        n.finished = self.finished
        n.winners = self.winners
        n.kind = self.kind
        n.dseat = self.dseat
        n.darg = self.darg
        n.todo = self.todo[:]
        n.build = self.build[:]
        n.keep = self.keep
        n.wiz = self.wiz
        n.placed = self.placed
        n.moved = self.moved
        n.rng = Rng(self.rng.state)
        n.reveals = self.reveals
        n.history = self.history
        n.events = self.events
        n.record = self.record
        n.known = self.known
        return n

    def decision(self) -> Decision | None:
        if self.finished or self.kind is None:
            return None
        d = _DECISIONS.get((self.kind, self.dseat))
        if d is None:
            d = _DECISIONS[self.kind, self.dseat] = Decision(self.kind, (self.dseat,))
        return d

    def scores(self) -> list[int]:
        """Victory points per seat: glory."""
        return list(self.glory)

    def _secret_move(self, move: str) -> str:
        """Another seat's elf keep names cards from its hand: they read "?"."""
        if move.startswith("keep "):
            return " ".join(["keep"] + ["?"] * (len(move.split()) - 1))
        return move

    def _note(self, move: str) -> None:
        self._record(self.dseat, move)

    # ----------------------------------------------------------- small queries
    def supply(self, seat: int) -> int:
        """Markers still in the player's supply (26 less all on the boards)."""
        p = self.players
        used = 1 + (self.merfolk is not None) + _POP[self.orc[seat]]
        return data.MARKERS_PER_PLAYER - used - sum(self.markers[seat::p])

    def board_markers(self, seat: int) -> int:
        return sum(self.markers[seat::self.players])

    def _can_place(self, k: int, size: int) -> bool:
        p = self.players
        if p == 2:
            return self.markers[k * 2] + self.markers[k * 2 + 1] < size
        return self.markers[k * p + self.current] < size

    # ----------------------------------------------------------- legal actions
    def legal_actions(self, seat: int | None = None) -> list[int]:
        kind = self.kind
        if self.finished or kind is None or (seat is not None and seat != self.dseat):
            return []
        cur = self.current
        if kind == "turn":
            hand = self.hands[cur]
            acts = []
            if len(hand) < data.HAND_LIMIT:
                acts = [RECRUIT + c for c in set(self.market)]
                if self.deck:
                    acts.append(DECK)
            acts.extend(LEADER + c for c in set(hand) if c != SKELETON)
            return acts
        if kind == "band":
            build = self.build
            acts = [DONE]
            if len(build) < data.MAX_BAND:
                lead = build[0]
                lt, lk = CARD_TRIBE[lead], CARD_KINGDOM[lead]
                mode = self.darg
                last = build[-1] if len(build) > 1 else -1
                for c in set(self.hands[cur]):
                    if c < last:
                        continue
                    if (c == SKELETON or (mode != 2 and CARD_TRIBE[c] == lt)
                            or (mode != 1 and CARD_KINGDOM[c] == lk)):
                        acts.append(ADD + c)
            return acts
        if kind == "place" or kind == "merfolk":
            mask = self.darg
            return [PLACE + k for k in range(NK) if mask >> k & 1]
        if kind == "troll":
            pool, x = self.troll_pool, self.darg
            return [TROLL_TAKE + v - 1 for v in data.TROLL_TOKENS if v <= x and pool >> v & 1]
        if kind == "keep":
            kept = self.build
            acts = [DONE]
            if len(kept) < self.darg:
                last = kept[-1] if kept else -1
                acts.extend(ADD + c for c in set(self.hands[cur]) if c >= last)
            return acts
        if kind == "wizard":
            return [DRAW, PASS] if self.deck else [PASS]
        if kind == "centaur":
            acts = [PASS]
            acts.extend(LEADER + c for c in set(self.hands[cur]) if c != SKELETON)
            return acts
        if kind == "fairy":
            return [PASS] + self._fairy_targets(len(self.bands[cur][self.darg]))
        if kind == "orc":
            return [CASH, KEEP]
        raise AssertionError(kind)

    def _fairy_targets(self, size: int) -> list[int]:
        cur, moved = self.current, self.moved
        out = []
        for s in range(self.players):
            if s == cur:
                continue
            for j, b in enumerate(self.bands[s]):
                if len(b) <= size and (s, j) not in moved:
                    out.append(SWAP + j * SWAP_SEATS + s)
        return out

    # --------------------------------------------------------------- applying
    def apply_action(self, action: int, seat: int | None = None) -> None:
        """Apply one action after checking it is legal (for any caller)."""
        if self.finished:
            raise IllegalMove("the game is over")
        if seat is not None and seat != self.dseat:
            raise IllegalMove(f"it is seat {self.dseat}'s decision, not seat {seat}'s")
        if action not in self.legal_actions():
            raise IllegalMove(f"action {action} is not legal now")
        self._step(action)
        self._advance()

    def apply_legal(self, action: int) -> None:
        """Apply an action taken from this state's legal_actions() (no re-check)."""
        self._step(action)
        self._advance()

    def _advance(self) -> None:
        """Run queued steps until a real decision waits (forced ones are taken)."""
        while True:
            while self.kind is None:
                if self.finished:
                    return
                self._run_step(self.todo.pop())
            if self.kind == "turn":
                return
            acts = self.legal_actions()
            if len(acts) != 1:
                return
            self._step(acts[0], auto=True)

    def _step(self, a: int, auto: bool = False) -> None:
        kind = self.kind
        cur = self.current
        hand = self.hands[cur]
        if kind == "turn":
            if a < DECK:
                self.market.remove(a)
                hand.append(a)
                if self.record:
                    self._note("recruit " + _n(a))
                    self._event("recruit", cur, _n(a))
                self.kind = None
                self.todo.append(("end",))
            elif a == DECK:
                if self.record:
                    self._note("recruit deck")
                self.kind = None
                if self._draw(cur):
                    self.todo.append(("end",))
            else:
                self.todo.append(("end",))
                self.todo.append(("discard",))
                self._start_band(a - LEADER)
        elif kind == "band":
            if a == DONE:
                band = tuple(self.build)
                self.build = []
                self.bands[cur].append(band)
                self._mark_reveal()              # the band leaves the hand face up
                if self.record:
                    self._note("band " + " ".join(_n(c) for c in band))
                    self._event("band", cur, [_n(c) for c in band])
                self.kind = None
                self._resolve(len(self.bands[cur]) - 1)
            else:
                c = a - ADD
                hand.remove(c)
                self.build.append(c)
                if c != SKELETON and self.darg == 0:
                    lead = self.build[0]
                    if CARD_TRIBE[c] != CARD_TRIBE[lead]:
                        self.darg = 2
                    elif CARD_KINGDOM[c] != CARD_KINGDOM[lead]:
                        self.darg = 1
        elif kind == "place" or kind == "merfolk":
            k = a - PLACE
            self.markers[k * self.players + cur] += 1
            if kind == "place":
                self.placed = True
            if self.record:
                if not auto:
                    self._note("place " + data.KINGDOMS[k])
                self._event("marker", cur, data.KINGDOMS[k])
            self.kind = None
        elif kind == "troll":
            v = a - TROLL_TAKE + 1
            self.troll_pool &= ~(1 << v)
            self.trolls[cur] = tuple(sorted(self.trolls[cur] + (v,)))
            if not auto:
                self._note(f"troll {v}")
            self._event("troll", cur, v)
            self.kind = None
        elif kind == "keep":
            if a == DONE:
                kept = self.build
                self.build = []
                if hand:
                    self._mark_reveal()          # the rest of the hand goes to the market
                self.market.extend(hand)
                if self.record:
                    self._note("keep" + "".join(" " + _n(c) for c in kept))
                    self._event("discard", cur, [_n(c) for c in hand])
                hand[:] = kept
                self.kind = None
            else:
                c = a - ADD
                hand.remove(c)
                self.build.append(c)
        elif kind == "wizard":
            self.kind = None
            if a == DRAW:
                self._note("draw")
                for _ in range(self.darg):
                    if not self.deck:
                        break
                    if not self._draw(cur):
                        return
            elif not auto:
                self._note("pass")
        elif kind == "centaur":
            if a == PASS:
                if not auto:
                    self._note("pass")
                self.kind = None
            else:
                self._start_band(a - LEADER)
        elif kind == "fairy":
            self.kind = None
            idx = self.darg
            if a == PASS:
                if not auto:
                    self._note("pass")
                self._resolve_plain(idx)
            else:
                j, s = divmod(a - SWAP, SWAP_SEATS)
                self._note(f"swap {s} {j}")
                mine = self.bands[cur]
                fairy_band = mine.pop(idx)
                taken = self.bands[s][j]
                self.bands[s][j] = fairy_band
                mine.append(taken)
                new = len(mine) - 1
                if self.giant == (s, j):
                    self.giant = None
                self.moved = self.moved + ((s, j), (cur, new))
                self._event("swap", cur, [s, j])
                self._resolve(new)
        elif kind == "orc":
            seat = self.dseat
            if a == CASH:
                self._cash_orcs(seat)
            if not auto:
                self._note("cash" if a == CASH else "keep")
            self.kind = None
        else:
            raise AssertionError(kind)

    def _start_band(self, leader: int) -> None:
        self.hands[self.current].remove(leader)
        self.build = [leader]
        self.darg = 0                     # 0 undecided, 1 one tribe, 2 one kingdom
        self.kind = "band"
        self.dseat = self.current

    def _set(self, kind: str, arg=None, seat: int | None = None) -> None:
        self.kind = kind
        self.darg = arg
        self.dseat = self.current if seat is None else seat

    # ------------------------------------------------------------ band effects
    def _resolve(self, idx: int) -> None:
        """A band has just come into play for the current player."""
        band = self.bands[self.current][idx]
        if CARD_TRIBE[band[0]] == FAIRY and self._fairy_targets(len(band)):
            self._set("fairy", idx)
        else:
            self._resolve_plain(idx)

    def _resolve_plain(self, idx: int) -> None:
        self.todo.append(("ability", idx))
        self.todo.append(("placement", idx))

    def _run_step(self, step: tuple) -> None:
        op = step[0]
        cur = self.current
        if op == "placement":
            band = self.bands[cur][step[1]]
            lt = CARD_TRIBE[band[0]]
            self.placed = False
            if lt == HALFLING or self.supply(cur) <= 0:
                return
            size = len(band) + (lt == MINOTAUR)
            if lt == WINGFOLK:
                mask = 0
                for k in range(NK):
                    if self._can_place(k, size):
                        mask |= 1 << k
                if mask:
                    self._set("place", mask)
            else:
                k = CARD_KINGDOM[band[0]]
                if self._can_place(k, size):
                    self.markers[k * self.players + cur] += 1
                    self.placed = True
                    self._event("marker", cur, data.KINGDOMS[k])
        elif op == "ability":
            self._ability(step[1])
        elif op == "merfolk":
            if self.supply(cur) > 0:
                self._set("merfolk", (1 << NK) - 1)
        elif op == "troll":
            x, pool = step[1], self.troll_pool
            if any(v <= x and pool >> v & 1 for v in data.TROLL_TOKENS):
                self._set("troll", x)
        elif op == "centaur":
            self._set("centaur")
        elif op == "discard":
            self.todo.append(("wizard",))
            hand = self.hands[cur]
            if self.keep and hand:
                self.build = []
                self._set("keep", self.keep)
            elif hand:
                self._mark_reveal()
                self.market.extend(hand)
                if self.record:
                    self._event("discard", cur, [_n(c) for c in hand])
                hand.clear()
        elif op == "wizard":
            if self.wiz:
                self._set("wizard", self.wiz)
        elif op == "end":
            self.current = (cur + 1) % self.players
            self._start_turn()
        elif op == "orc":
            if self.orc[step[1]]:
                self._set("orc", None, step[1])
        elif op == "age_bands":
            self._age_bands()
        else:
            raise AssertionError(step)

    def _ability(self, idx: int) -> None:
        cur = self.current
        band = self.bands[cur][idx]
        lt = CARD_TRIBE[band[0]]
        x = len(band)
        if lt == CENTAUR:
            if self.placed:
                self.todo.append(("centaur",))
        elif lt == ELF:
            self.keep = x
        elif lt == WIZARD:
            self.wiz = x
        elif lt == GIANT:
            for s, bands in enumerate(self.bands):
                for j, b in enumerate(bands):
                    if CARD_TRIBE[b[0]] == GIANT and len(b) >= x and (s != cur or j != idx):
                        return
            self.glory[cur] += data.GIANT_TAKE
            self.giant = (cur, idx)
            self._event("giant", cur, data.GIANT_TAKE)
        elif lt == MERFOLK:
            old = self.merfolk[cur]
            new = min(data.MERFOLK_TRACK_END, old + x)
            self.merfolk[cur] = new
            for s in _SYMBOLS:
                if old < s <= new:
                    self.todo.append(("merfolk",))
        elif lt == ORC:
            bit = 1 << CARD_KINGDOM[band[0]]
            if not self.orc[cur] & bit and self.supply(cur) > 0:
                self.orc[cur] |= bit
        elif lt == TROLL:
            self.todo.append(("troll", x))

    def _draw(self, seat: int) -> bool:
        """Draw one card into the hand; dragons are set aside. False: age over."""
        deck = self.deck
        while deck:
            c = deck.pop()
            self._mark_reveal()
            if c != DRAGON:
                self.hands[seat].append(c)
                if self.record:
                    self._event("draw", seat, _n(c), seat)
                return True
            self.dragons += 1
            self._event("dragon", seat, self.dragons)
            if self.dragons >= data.DRAGONS:
                self._end_age(seat)
                return False
        return True

    # --------------------------------------------------------------- the turn
    def _start_turn(self) -> None:
        self.keep = self.wiz = 0
        self.placed = False
        self.moved = ()
        while True:
            cur = self.current
            if not self.market and not self.deck:
                self._end_age(cur)          # ruling 9: nothing left to recruit
                return
            hand = self.hands[cur]
            if len(hand) >= data.HAND_LIMIT and all(c == SKELETON for c in hand):
                self._mark_reveal()
                self.market.extend(hand)   # ruling 9: a dead end
                if self.record:
                    self._event("discard", cur, [_n(c) for c in hand])
                hand.clear()
                self.current = (cur + 1) % self.players
                continue
            self._set("turn")
            return

    # ------------------------------------------------------------- age scoring
    def _places(self, slots: tuple, counts: list[int]) -> list[int]:
        """Glory each seat earns on one board (a kingdom or the merfolk board)."""
        p, age = self.players, self.age
        gain = [0] * p
        ranked = [s for s in range(p) if counts[s] > 0]
        if not ranked:
            return gain
        if p == 2 and age == 2:
            if len(ranked) == 1:
                gain[ranked[0]] = slots[0] + slots[1]
                return gain
            values = [slots[1]]
        else:
            values = [slots[i] for i in range(age - 1, -1, -1)]

        def key(s):
            t = self.trolls[s]
            return (counts[s], sum(t), max(t, default=0))

        ranked.sort(key=key, reverse=True)
        pos, i = 0, 0
        while i < len(ranked) and pos < len(values):
            k0 = key(ranked[i])
            j = i
            while j < len(ranked) and key(ranked[j]) == k0:
                j += 1
            share = sum(values[pos:j - i + pos]) // (j - i)
            for s in ranked[i:j]:
                gain[s] = share
            pos += j - i
            i = j
        return gain

    def _end_age(self, seat: int) -> None:
        """The third dragon (or an empty deck and market): score the age."""
        p = self.players
        self.last_dragon = seat
        self.todo = []
        self.build = []
        self.kind = None
        self.keep = self.wiz = 0
        self.moved = ()
        for h in self.hands:
            h.clear()
        detail = {}
        for k, name in enumerate(data.KINGDOMS):
            gains = self._places(self.slots[k], self.markers[k * p:(k + 1) * p])
            detail[name] = gains
            for s in range(p):
                self.glory[s] += gains[s]
        side = "small" if data.small_game(p) else "large"
        if self.giant is not None:
            v = data.GIANT_AGE[side][self.age - 1]
            self.glory[self.giant[0]] += v
            detail["giant"] = [v if s == self.giant[0] else 0 for s in range(p)]
        if self.merfolk is not None:
            gains = self._places(data.MERFOLK_GLORY[side], self.merfolk)
            detail["merfolk"] = gains
            for s in range(p):
                self.glory[s] += gains[s]
        self._event("age_end", seat, detail)
        self.todo.append(("age_bands",))
        if self.age >= self.ages:
            for s in range(p):
                self._cash_orcs(s)
        else:
            for i in range(p - 1, -1, -1):
                self.todo.append(("orc", (seat + i) % p))

    def _cash_orcs(self, seat: int) -> None:
        n = _POP[self.orc[seat]]
        if n:
            self.glory[seat] += data.ORC_CASH[n]
            self.orc[seat] = 0
            self._event("orc", seat, data.ORC_CASH[n])

    def _age_bands(self) -> None:
        p = self.players
        gains = [0] * p
        for s in range(p):
            kept = []
            for b in self.bands[s]:
                b = tuple(c for c in b if c != SKELETON)
                kept.append(b)
                size = len(b) + (CARD_TRIBE[b[0]] == DWARF)
                gains[s] += _BAND_GLORY[min(size, _MAXG)]
            self.glory[s] += gains[s]
            self.bands[s] = kept
        self._event("bands", None, gains)
        self.giant = None
        self.trolls = [()] * p
        self.troll_pool = _full_pool()
        if self.age >= self.ages:
            self.finished = True
            self.kind = None
            self.winners = self._winners()
            self._event("game_end", None, self.winners)
            return
        for s in range(p):
            self.bands[s] = []
        self.age += 1
        low = min(self.glory)
        first = self.last_dragon if self.last_dragon is not None else 0
        for i in range(p):
            s = (first + i) % p
            if self.glory[s] == low:
                first = s
                break
        self._setup_age(first)

    def _winners(self) -> list[int]:
        def key(s):
            sizes = sorted((len(b) for b in self.bands[s]), reverse=True)
            return (self.glory[s], self.board_markers(s), sizes)
        best = max(key(s) for s in range(self.players))
        return [s for s in range(self.players) if key(s) == best]

    def _setup_age(self, first: int) -> None:
        """Shuffle, deal one card each, lay the market, bury the dragons."""
        rng = self.rng
        cards = []
        for t in self.tribes:
            cards.extend(tribe_cards(t))
        rng.shuffle(cards)
        p = self.players
        for i in range(p):
            self.hands[(first + i) % p].append(cards.pop())
        self.market = [cards.pop() for _ in range(2 * p)]
        top = len(cards) // 2
        bottom = cards[:len(cards) - top] + [DRAGON] * data.DRAGONS
        rng.shuffle(bottom)
        self.deck = bottom + cards[len(cards) - top:]
        self.dragons = 0
        self.current = first
        self._event("age_start", first, self.age)
        self._start_turn()


def _n(card: int) -> str:
    return CARD_NAME[card]


def _full_pool() -> int:
    pool = 0
    for v in data.TROLL_TOKENS:
        pool |= 1 << v
    return pool


def new_game(players: int, seed: int = 0, tribes: list[str] | None = None,
             fairy: bool = False, record: bool = True) -> EthnosState:
    """A new game: random (or chosen) tribes, glory tokens, age I dealt."""
    from meeple.games.ethnos.cards import TRIBE_INDEX
    if not isinstance(players, int) or not data.MIN_PLAYERS <= players <= data.MAX_PLAYERS:
        raise IllegalMove(f"Ethnos is for {data.MIN_PLAYERS}-{data.MAX_PLAYERS} players, not {players!r}")
    rng = Rng(seed)
    need = data.tribes_in_game(players)
    if tribes:
        bad = [t for t in tribes if t not in TRIBE_INDEX]
        if bad:
            raise IllegalMove(f"unknown tribe(s): {', '.join(map(str, bad))}")
        if len(set(tribes)) != len(tribes) or len(tribes) != need:
            raise IllegalMove(f"{players} players need {need} different tribes, got {len(set(tribes))}")
        chosen = sorted(TRIBE_INDEX[t] for t in tribes)
    else:
        pool = [TRIBE_INDEX[t] for t in data.BASE_TRIBES]
        if fairy:
            pool.append(TRIBE_INDEX["fairy"])
        rng.shuffle(pool)
        chosen = sorted(pool[:need])
    small = data.small_game(players)
    tokens = list(data.GLORY_TOKENS)
    if small:
        for t in data.GLORY_TOKENS_4PLUS:
            tokens.remove(t)
    rng.shuffle(tokens)
    per = len(tokens) // NK
    s = EthnosState.__new__(EthnosState)
    s.players = players
    s.ages = data.ages(players)
    s.age = 1
    s.tribes = tuple(chosen)
    s.slots = tuple(tuple(sorted(tokens[k * per:(k + 1) * per])) for k in range(NK))
    s.markers = [0] * (NK * players)
    s.deck, s.market = [], []
    s.dragons = 0
    s.current = 0
    s.last_dragon = None
    s.merfolk = [0] * players if MERFOLK in chosen else None
    s.giant = None
    s.troll_pool = _full_pool()
    s.glory = [0] * players
    s.hands = [[] for _ in range(players)]
    s.bands = [[] for _ in range(players)]
    s.orc = [0] * players
    s.trolls = [()] * players
    s.finished = False
    s.winners = []
    s.kind, s.dseat, s.darg = None, 0, None
    s.todo, s.build = [], []
    s.keep = s.wiz = 0
    s.placed = False
    s.moved = ()
    s.rng = rng
    s.history = s.events = None
    s.record = record
    s.known = None
    s._setup_age(rng.below(players))
    return s

