"""Choices the seed gives the player where the engine used to decide alone:
the order of several Council of Secrets rewards, lore onto an empty Site of
Power, and short hands declaring their empty regions in turn order."""

import pytest

from meeple.core.game import IllegalMove
from meeple.games.okc import dump, load
from meeple.games.okc.notation import legal_moves_for
from meeple.games.okc.present import decision_for, describe
from tests.games.okc.helpers import doc

AUTUMN = {"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]}
FACEDOWN = {
    "kind": None,
    "seats": [],
    "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0], ["facedown"]],
}
SEATS = [{"name": n} for n in ("Ann", "Bo", "Cy")]
SECRETS = {"relics": [], "secrets": ["nobility:agent"], "oaths": []}  # 2 votes


def secrets_ready(tokens: dict):
    s = load(doc(pending=AUTUMN, councils=SECRETS, seats={0: {"tokens": tokens, "hand": ["captain-9", "trader"]}}))
    s.apply_move("secrets")
    return s


def test_secrets_owner_orders_several_rewards():
    """「2つ以上の場所に5個以上のトークンがある場合、任意の順番で1つずつ解決します」"""
    s = secrets_ready({"castle": 4, "shrine": 4})
    s.apply_move("token castle")
    s.apply_move("token shrine")  # no vote left: the placing ends
    assert s.decision().kind == "secrets_order" and set(s.legal_moves()) == {"resolve castle", "resolve shrine"}
    s.apply_move("resolve shrine")  # the shrine first, against board order
    assert s.decision().kind == "shrine" and s.tokens[0][4] == 0 and s.tokens[0][0] == 5
    s.apply_move("done")
    assert s.decision().kind == "castle"  # the last one follows, forced
    assert s.tokens[0][0] == 0 and s.influence[0] == 2


def test_secrets_single_reward_asks_no_order():
    s = secrets_ready({"castle": 4})
    s.apply_move("token castle")
    s.apply_move("token wilderness")
    assert s.decision().kind == "castle" and s.influence[0] == 1


def test_secrets_order_decision_has_words():
    s = secrets_ready({"castle": 4, "shrine": 4})
    s.apply_move("token castle")
    s.apply_move("token shrine")
    d = decision_for(s, 0)
    assert "Council of Secrets" in d["prompt"]
    assert {o["label"] for o in d["options"]} == {"Resolve the reward of Castle", "Resolve the reward of Shrine"}


def test_secrets_rewards_pending_in_a_saved_state_still_play():
    """A STATE saved with both rewards already queued (today's shape) resumes as saved."""
    s = load(
        doc(
            pending={
                "kind": None,
                "seats": [],
                "todo": [
                    ["winter"],
                    ["autumn", 0],
                    ["autumn_seat", 0],
                    ["secrets_reward", 0, 4],
                    ["secrets_reward", 0, 0],
                ],
            },
            seats={0: {"tokens": {"castle": 5, "shrine": 5}}},
        )
    )
    assert s.decision().kind == "castle"


def site_empty_journey():
    s = load(doc(pending=AUTUMN, seats={0: {"hand": ["trader", "captain-9"], "site": []}}))
    s.apply_move("journey trader")
    return s


def test_empty_site_lore_may_stay_in_the_supply():
    """「勢力の拠点の上に置くことができます」: may, not must."""
    s = site_empty_journey()
    assert s.decision().kind == "site_lore" and set(s.legal_moves()) == {"site", "supply"}
    s.apply_move("supply")
    assert s.lore[0] == 2 and s.site_lore[0] == 0


def test_empty_site_lore_onto_the_site_is_narrated():
    s = site_empty_journey()
    d = decision_for(s, 0)
    assert "Site of Power is empty" in d["prompt"]
    assert {o["label"] for o in d["options"]} == {"Onto the Site of Power", "Into the supply"}
    s.apply_move("site")
    assert s.lore[0] == 0 and s.site_lore[0] == 2
    ev = next(e for e in s.log() if e[0] == "site-lore")
    assert describe(ev, SEATS, 0)["text"].endswith("puts 2 lore on the empty Site of Power")


def test_a_site_with_cards_takes_no_site_lore_decision():
    s = load(doc(pending=AUTUMN, seats={0: {"hand": ["trader", "captain-9"], "site": ["nobility:a4"]}}))
    s.apply_move("journey trader")
    assert s.lore[0] == 2 and s.decision().kind != "site_lore"


def test_short_hands_declare_in_turn_order_before_anyone_places():
    """「複数のプレイヤーが手札に不足がある場合、これらの宣言は手番順に行う必要があります」"""
    s = load(
        doc(
            3,
            order=[2, 0, 1],
            pending=FACEDOWN,
            seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir", "agent", "ruse"]}, 2: {"hand": ["heir", "ruse"]}},
        )
    )
    assert s.decision().kind == "fd_declare" and s.decision().seats == (2,)
    s.apply_move("empty lowlands")
    assert s.decision().seats == (0,)  # next short seat on the track
    s.apply_move("empty plateau")
    assert s.legal_moves() == ["empty highlands", "empty lowlands"]
    s.apply_move("empty highlands")
    assert s.decision().kind == "facedown" and set(s.decision().seats) == {0, 1, 2}
    assert legal_moves_for(s, 0) == ["@0 facedown - - heir"]
    with pytest.raises(IllegalMove):
        s.apply_move("2: facedown heir - ruse")  # lowlands was declared, plateau was not
    s.apply_move("2: facedown heir ruse -")
    s.apply_move("0: facedown - - heir")
    s.apply_move("1: facedown heir agent ruse")
    d = dump(s)["regions"]
    assert d["lowlands"]["facedown"] == ["nobility:heir", "clans:ruse"]
    texts = [describe(e, SEATS, None)["text"] for e in s.log() if e[0] == "no-card"]
    assert len(texts) == 3 and "declares no face-down card in Lowlands" in texts[0]


def test_declared_regions_reach_the_page():
    s = load(doc(2, pending=FACEDOWN, seats={0: {"hand": ["heir", "agent"]}, 1: {"hand": ["heir", "agent", "ruse"]}}))
    ask = decision_for(s, 0)
    assert "fewer than 3 cards" in ask["prompt"] and "No card in Plateau" in [o["label"] for o in ask["options"]]
    s.apply_move("empty plateau")
    d = decision_for(s, 0)
    assert d["empty"] == ["plateau"] and d["cards"] == 2
    assert decision_for(s, 1)["empty"] == [] and decision_for(s, 1)["cards"] == 3


def test_face_down_state_saved_before_the_change_still_loads():
    """A facedown decision saved without declarations keeps the old way: '-'
    wherever the hand runs short."""
    s = load(
        doc(
            2,
            seats={0: {"hand": ["heir"]}, 1: {"hand": ["heir", "agent", "ruse"]}},
            pending={"kind": "facedown", "seats": [0, 1], "todo": FACEDOWN["todo"][:-1]},
        )
    )
    s.apply_move("0: facedown - heir -")
    s.apply_move("1: facedown heir agent ruse")
    assert dump(s)["regions"]["plateau"]["facedown"] == ["nobility:heir", "clans:agent"]
