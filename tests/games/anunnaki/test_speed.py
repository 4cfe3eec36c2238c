"""Anunnaki's speed-ups keep the rules' answers: the legal actions the flow
keeps (`legal_now`, handed over by the step asking or worked out by the
flow) are those worked out afresh, for the state, its clone and its STATE
loaded back."""

from __future__ import annotations

import random

from meeple.games.anunnaki import notation
from meeple.games.anunnaki.actions import SETUP
from meeple.games.anunnaki.declare import RULES
from meeple.games.anunnaki.state import new_game, occupancy


def _fresh(s, seat=None):
    """The legal actions worked out afresh (as declared, nothing kept)."""
    if s.finished or s.kind is None:
        return []
    seat = s.dseats[0] if seat is None else seat
    return RULES.legal_of[s.kind](s, seat) if seat in s.dseats else []


def test_kept_legal_actions_are_the_fresh_ones():
    for seed in range(4):
        s = new_game(4, seed=seed, record=seed % 2 == 0)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            for seat in range(s.players):
                assert s.legal_actions(seat) == _fresh(s, seat)
            acts = s.legal_actions()
            assert acts == _fresh(s)
            acts.append(-1)  # the caller's own list: the state's is not changed
            assert s.legal_actions() == _fresh(s)
            if n % 97 == 0:
                c = s.clone()
                assert c.legal_now is None and c.legal_actions() == _fresh(s)
                loaded = notation.load(notation.dump(s))
                assert loaded.legal_actions() == _fresh(s)
            s.apply_legal(rng.choice(_fresh(s)))
            n += 1
        assert s.legal_actions() == []


def test_board_facts_kept_as_units_move_are_a_recount():
    """Who has units in each region (`occ`) and each seat's regions with
    units (`mine`), kept by `_changed` as units move, are those counted
    afresh from the board (followers, gods, settlement units) after moves of
    random games and in a clone; `controllers()` agrees with `controller`,
    and with a controller worked out from the board itself, everywhere, and
    so do the regions a seat controls and those at war among its regions,
    and its followers on the board (its supply) counted in its regions."""
    for seed in range(4):
        s = new_game(4, seed=seed, record=seed % 2 == 0)
        rng = random.Random(seed)
        while not s.is_terminal():
            if rng.random() < 0.15:
                if rng.random() < 0.3:
                    s = s.clone()
                assert s.occ == occupancy(s)
                ctrl = {h: s.controller(h) for h in s.lay.hexes}
                assert s.controllers() == ctrl
                for h in s.lay.hexes:
                    there = [o for o in range(s.players) if s.fol[h][o] or h in s.osl[o] or h in s.gods[o].values()]
                    assert s.occupants(h) == there
                    alone = there[0] if len(there) == 1 and h not in s.anc else None
                    assert ctrl[h] == (alone if there else s.stl.get(h))
                    assert s._at_war(h) == (len(there) > 1 or (len(there) == 1 and h in s.anc))
                for seat in range(s.players):
                    assert s.controlled(seat) == [h for h in s.lay.hexes if ctrl[h] == seat]
                    mine = s._my_hexes(seat)
                    assert mine == [h for h in s.lay.hexes if s.has_units(h, seat)] == list(s.mine[seat])
                    assert s._war_hexes(seat) == [h for h in mine if s._at_war(h)]
                    out = sum(f[seat] for f in s.fol.values())  # followers counted over the whole board
                    assert s.supply(seat) == SETUP["followers"] - out and s.has_followers(seat) == (out > 0)
            s.apply_legal(rng.choice(s.legal_actions()))


def test_unrecorded_play_tries_no_other_hands(monkeypatch):
    """What a weapon decision tells of a hidden hand is counted only for a
    recorded game (undo reads it); unrecorded play (bots, bench) skips the
    hands tried and reaches the same states."""
    from meeple.games.anunnaki.state import AnunnakiState

    for seed in range(3):
        rec = new_game(4, seed=seed)
        rng = random.Random(seed)
        moves = []
        while not rec.is_terminal():
            moves.append(rng.choice(rec.legal_actions()))
            rec.apply_legal(moves[-1])
        assert rec.reveals > 0
        tried = []
        real = AnunnakiState._weapons_tell

        def spy(self, s, differs, real=real, tried=tried):
            tried.append(self.record)
            return real(self, s, differs)

        monkeypatch.setattr(AnunnakiState, "_weapons_tell", spy)
        s = new_game(4, seed=seed, record=False)
        for a in moves:
            s.apply_legal(a)
        monkeypatch.undo()
        assert tried == [] and notation.dump(s) == notation.dump(rec)


def test_clones_share_nothing_they_change():
    """The board fields a clone shares until written (followers, gods,
    Odin's settlements, exhausted icons, ancient sites, culture tokens) and
    the seat records: playing on either side, or dealing
    a clone's hidden things again, never changes the other."""
    for seed in range(3):
        s = new_game(4, seed=seed, record=False)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            if n % 41 == 0:
                before = notation.dump(s)
                c = s.clone()
                d = s.determinize(n % 4, random.Random(n))
                r = random.Random(n)
                for _ in range(60):
                    if c.is_terminal():
                        break
                    c.apply_legal(r.choice(c.legal_actions()))
                assert notation.dump(s) == before
                kept = notation.dump(c), notation.dump(d)
                t = s.clone()
                for _ in range(60):
                    if t.is_terminal():
                        break
                    t.apply_legal(r.choice(t.legal_actions()))
                assert (notation.dump(c), notation.dump(d)) == kept and notation.dump(s) == before
            s.apply_legal(rng.choice(s.legal_actions()))
            n += 1


def test_culture_spots_not_to_check_are_not_controlled():
    """A culture spot left out of `cul_check` (none of its regions changed
    since the last culture step) has a region nobody controls, as a recount
    of every region's controller tells, after every move of random games."""
    for seed in range(6):
        s = new_game(4, seed=seed, record=seed % 2 == 0)
        rng = random.Random(seed)
        while not s.is_terminal():
            ctrl = s.controllers()
            for i, c in enumerate(s.cul):
                if c is not None and not s.cul_check >> i & 1:
                    assert any(ctrl[h] is None for h in s.lay.spots[i][0]), (seed, i)
            s.apply_legal(rng.choice(s.legal_actions()))


def test_harvestable_regions_are_those_with_strength():
    """A region a seat may harvest is one it controls with an uncovered icon
    and harvest strength (the regions with its followers or gods taken as
    having some without working it out), after moves of random games."""
    for seed in range(4):
        s = new_game(4, seed=seed, record=False)
        rng = random.Random(seed)
        while not s.is_terminal():
            for seat in range(s.players):
                first = [h for h in s.controlled(seat) if s._uncovered(h) and s._harvest_strength(seat, h) > 0]
                assert s._harvestable(seat, []) == first
            s.apply_legal(rng.choice(s.legal_actions()))


def test_contracts_offered_are_those_the_seat_can_pay():
    """The contracts offered as additional actions are the seat's that
    `can_pay` says it can pay for (read off a table of costs), at every
    additional-action decision of random games."""
    from meeple.games.anunnaki.actions import FULFILL, MANA
    from meeple.games.anunnaki.data import DATA

    for seed in range(6):
        s = new_game(4, seed=seed, record=False)
        rng = random.Random(seed)
        while not s.is_terminal():
            if s.kind == "extra" and "contract" not in s.used:
                seat = s.dseats[0]
                sd = s.seats[seat]
                first = sorted(
                    FULFILL + int(c[1:]) - 1 for c in sd["contracts"] if s.can_pay(seat, DATA.contracts[c]["cost"])
                )
                assert [a for a in s.legal_actions() if FULFILL <= a < MANA] == first
            s.apply_legal(rng.choice(s.legal_actions()))


def test_seat_records_a_state_owns_are_its_own():
    """A clone shares every seat record until one side changes it
    (`own_seat`): a record a state counts as its own (`seat_own`) is held by
    no clone or original, and playing a clone through the checked path
    (`apply_action`) and the unchecked one, recorded or not, never changes
    the original's records, nor playing the original the clone's."""
    import copy

    for seed in range(6):
        s = new_game(4, seed=seed, record=seed % 2 == 0)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            if n % 7 == 0:
                c = s.clone()
                assert not s.seat_own and not c.seat_own
                mine, theirs = copy.deepcopy(s.seats), None
                r = random.Random(n)
                for k in range(15):
                    if c.is_terminal():
                        break
                    a = r.choice(c.legal_actions())
                    c.apply_action(a) if k % 2 else c.apply_legal(a)
                    for i in c.seat_own:
                        assert c.seats[i] is not s.seats[i]
                assert s.seats == mine
                theirs = copy.deepcopy(c.seats)
                for _ in range(3):
                    if s.is_terminal():
                        break
                    s.apply_legal(rng.choice(s.legal_actions()))
                    for i in s.seat_own:
                        assert s.seats[i] is not c.seats[i]
                assert c.seats == theirs
                if s.is_terminal():
                    break
            s.apply_legal(rng.choice(s.legal_actions()))
            n += 1


def test_layout_tables_give_what_the_board_gives():
    """What the layout works out once (each region's icons, the regions a
    portal reaches, the neighbours a unit may move into) is what the board
    says at every moment of random games: the icons left uncovered, the
    portal's destinations scanned over every region (no Atlantis, no other
    seat's capital, the Underworld with its map), and the neighbours across
    an edge it may cross that are no other seat's capital."""
    from meeple.games.anunnaki.board import UNDERWORLD, uncovered

    for seed in range(3):
        s = new_game(4, seed=seed, record=False)
        lay = s.lay
        for seat in range(s.players):
            for h in lay.hexes:
                assert lay.reach[seat][h] == tuple(
                    x for x in lay.nb[h] if lay.edge_ok(h, x) and lay.info[x]["capital"] in (None, seat)
                )
        rng = random.Random(seed)
        while not s.is_terminal():
            lay = s.lay
            for h in lay.hexes:
                assert s._uncovered(h) == uncovered(lay.info[h], h, s.exh.get(h, []))
            for seat in range(s.players):
                for h in s.mine[seat]:
                    assert s._dests(seat, h, "portal") == [
                        x
                        for x in lay.hexes
                        if x != h
                        and not lay.info[x]["atlantis"]
                        and lay.info[x]["capital"] in (None, seat)
                        and (x != UNDERWORLD or s._owns_underworld(seat))
                    ]
            s.apply_legal(rng.choice(s.legal_actions()))


def test_steps_run_at_once_are_those_the_flow_runs():
    """A step that runs the next one at once (the turn's own steps, a unit
    moved, a region harvested, culture tokens turned up) does what the flow
    would: a game whose STATE is loaded back at every decision (its steps
    then other lists, each run by the flow) plays as the game kept whole."""
    for seed in range(3):
        whole = new_game(4, seed=seed, record=False)
        reloaded = notation.load(notation.dump(whole))
        rng = random.Random(seed)
        while not whole.is_terminal():
            assert notation.dump(reloaded) == notation.dump(whole)
            a = rng.choice(whole.legal_actions())
            whole.apply_legal(a)
            reloaded.apply_legal(a)
            reloaded = notation.load(notation.dump(reloaded))
        assert notation.dump(reloaded) == notation.dump(whole)
