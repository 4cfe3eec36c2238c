"""The secrecy boundary: a seat's view never holds what it may not see."""

import random

from meeple.games.okc import cards as C
from meeple.games.okc import from_view, new_game
from meeple.games.okc.view import _known, view


def hidden_names(s, seat):
    """Card names `seat` may not see: other hands, all decks, others' face-down
    cards and unrevealed bids."""
    out = set()
    for o in range(s.players):
        out.update(C.NAME[g] for g in s.decks[o])
        if o != seat:
            out.update(C.NAME[g] for g in s.hands[o])
            if s.bids[o] is not None and not s.bids_open:
                out.add(C.NAME[s.bids[o]])
            if s.joust[o] is not None:
                out.add(C.NAME[s.joust[o]])
    for r in range(3):  # other seats' face-down cards, unless seen with the Uprising Favour
        out.update(C.NAME[g] for g in s.facedown[r] if s.seat_of(g) != seat and g not in _known(s, seat))
    return out


def visible_names(doc):
    out = set()

    def walk(x):
        if isinstance(x, str):
            out.add(x)
        elif isinstance(x, list):
            for y in x:
                walk(y)
        elif isinstance(x, dict):
            for y in x.values():
                walk(y)

    walk(doc)
    return out


def test_views_never_leak_over_random_games():
    for p in (2, 3, 4):
        for seed in range(6):
            s = new_game(p, seed=seed)
            rng = random.Random(seed)
            n = 0
            while not s.finished:
                d = s.decision()
                n += 1
                if n % 3 == 0:
                    for seat in range(p):
                        v = view(s, seat)
                        leaked = hidden_names(s, seat) & visible_names(v)
                        # a card can be hidden in one place and seen in none other
                        assert not leaked, (seat, leaked)
                        assert "rng" not in v
                        top = 2 if any(C.KNAME[k] == "intrigue-17" for x in s.ksupply for k in x) else 0
                        assert all(x == "?" for x in v["kingdom_deck"][top:])
                seat = rng.choice(d.seats)
                s.apply_action(rng.choice(s.legal_actions(seat)), seat)


def test_bids_hidden_until_all_revealed():
    s = new_game(3, seed=2)
    seats = list(s.decision().seats)
    first = seats[0]
    card = s.hands[first][2]
    s.apply_move(f"{first}: bid {C.local_name(card)}")
    for o in range(3):
        if o != first:
            assert s.view(o)["seats"][first]["bid"].endswith(":?")
            assert C.NAME[card] not in str(s.view(o))
            assert all(m.endswith("?") for m in s.moves_for(o))
    assert s.view(first)["seats"][first]["bid"] == C.NAME[card]
    # only the seats still to bid are asked; the bid stays secret
    assert first not in s.decision().seats


def test_from_view_is_consistent_and_cannot_peek():
    s = new_game(4, seed=3)
    rng = random.Random(3)
    for _ in range(40):
        d = s.decision()
        seat = rng.choice(d.seats)
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    for seat in range(4):
        v = view(s, seat)
        for k in range(5):
            g = from_view(v, seat, random.Random(k))
            gv = view(g, seat)
            gv_c, v_c = dict(gv), dict(v)
            assert gv_c == v_c  # same view for the seat
            d = s.determinize(seat, random.Random(k))
            assert view(d, seat) == v
            assert d.hands[seat] == s.hands[seat]
    # the sampled opponents' hands vary with the sampler (they are not peeked)
    seen = {tuple(from_view(view(s, 0), 0, random.Random(k)).hands[1]) for k in range(8)}
    assert len(seen) > 1


def test_spectator_sees_no_hand():
    s = new_game(2, seed=4)
    v = view(s, None)
    for sd in v["seats"]:
        assert set(sd["hand"]) == {"?"} and set(sd["deck"]) == {"?"}


def test_pending_arg_hides_a_secret_card():
    from meeple.games.okc import load
    from tests.games.okc.helpers import SUMMER, doc, fd

    s = load(
        doc(
            2,
            factions=["uprising", "nobility"],
            favour={"holder": 0, "uses": 3},
            regions=fd({"highlands": ["uprising:follower-2", "uprising:follower-3", "nobility:heir"]}),
            seats={0: {"hand": ["captain-9", "follower-1"]}},
            pending={"kind": None, "seats": [], "todo": SUMMER + [["markers"], ["spring", 0]]},
        )
    )
    s.apply_move("favour")
    s.apply_move("swap follower-3")
    assert s.decision().kind == "uswap_with"
    v = view(s, 1)
    assert v["pending"]["arg"][1] == "?"
    g = from_view(v, 1, random.Random(0))
    assert g.decision() == s.decision() and g.darg[1] in g.facedown[0]
    assert view(s, 0)["pending"]["arg"][1] == s.darg[1]  # the decider sees its own card
    # the look is remembered in Uprising's view only, and kept by its samplings
    assert "nobility:heir" in view(s, 0)["regions"]["highlands"]["facedown"]
    assert "nobility:heir" not in view(s, 1)["seats"][0]["peeked"]
    assert from_view(view(s, 0), 0, random.Random(3)).facedown[0] == s.facedown[0]


def test_sampled_states_play_to_the_end():
    """A bot's sampled worlds (from_view and determinize) are legal games:
    random play from them always finishes."""
    for p in (2, 3, 4):
        for seed in range(6):
            s = new_game(p, seed=seed)
            rng = random.Random(seed)
            n = 0
            while not s.finished:
                d = s.decision()
                x = rng.choice(d.seats)
                n += 1
                if n % 25 == 0:
                    for g in (from_view(view(s, x), x, random.Random(n)), s.determinize(x, random.Random(n))):
                        assert view(g, x) == view(s, x)
                        r2 = random.Random(n)
                        while not g.finished:
                            g.apply_legal(r2.choice(g.legal_actions()))
                s.apply_action(rng.choice(s.legal_actions(x)), x)
