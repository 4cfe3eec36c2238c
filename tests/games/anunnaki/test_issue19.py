"""Issue #19's Anunnaki rules, each against the seed's passage (docs/rulings/anunnaki.md).

Ballista sets gods only to 1, Long Spear removes a strength and not a unit,
Composite Bow's second card may be a Viking Helmet, culture benefits may be
declined, Atlantis forbids only entering across a solid line, contract c1
carries the rulebook example's house icon.
"""

from __future__ import annotations

import json

from meeple.games.anunnaki import dump, load
from meeple.games.anunnaki import present as pr
from meeple.games.anunnaki.data import DATA
from tests.games.anunnaki.helpers import game, get, isis_settlement_battle, legal, pawn_on, play, put, res
from tests.games.anunnaki.test_rules import _player_battle, run_steps


def _battle(s, att_cards, def_cards, h="g2"):
    s.ctx["battle"] = {
        "hex": h,
        "att": 0,
        "def": 1,
        "cards": {"0": list(att_cards), "1": list(def_cards)},
        "extra": {},
        "metal": {},
        "winner": None,
    }
    return s


# ---------------------------------------------------------------- Ballista: gods only
def test_ballista_sets_gods_to_one_and_odin_upgraded_settlements_keep_two():
    # 別表: 小神か主神かアトランティスの神かを問わず、相手の各神の兵力は1になります。
    s = game(2, houses=["pharaos", "norrenis"])
    put(s, 0, "g2", 1)
    put(s, 1, "g2", 1, gods=("major", "aegir"))
    s.osl[1]["g2"] = 1  # Odin upgraded (major summoned): settlement strength 2
    _battle(s, ["ballista"], ["slingshot"])
    assert s.battle_strength(1) == 1 + 1 + 1 + 2 + DATA.weapons["slingshot"]["strength"]
    _battle(s, ["dagger"], ["slingshot"])
    assert s.battle_strength(1) == 1 + 3 + 2 + 2 + DATA.weapons["slingshot"]["strength"]


# ---------------------------------------------------------------- Long Spear: a strength, not a unit
def test_long_spear_leaves_the_unit_present_for_isis():
    # ロングスピア: 相手は自分の最も強いユニットの兵力を加えることはできません
    # (the unit stays: Isis' settlement +1 still sees it)
    s = _battle(isis_settlement_battle(), ["long_spear"], ["slingshot"])
    assert s.battle_strength(1) == 1 - 1 + 1 + DATA.weapons["slingshot"]["strength"]


def test_long_spear_removes_the_strongest_unit_s_strength_once():
    s = game(2, houses=["pharaos", "norrenis"])
    put(s, 0, "g2", 1)
    put(s, 1, "g2", 2, gods=("aegir",))
    _battle(s, ["long_spear"], ["slingshot"])
    assert s.battle_strength(1) == 1 + 1 + DATA.weapons["slingshot"]["strength"]


# ---------------------------------------------------------------- Composite Bow + Viking Helmet
def test_composite_bow_second_card_viking_helmet_makes_the_opponent_replay():
    # コンボジットボウ: 2枚目のカードに示されているすべての効果を適用します; ヴァイキングの兜:
    # すべての武器カードを公開したあと、相手は…捨て札にし…コストを支払い…新たな武器カードを1枚プレイします
    s = _player_battle(["composite_bow", "viking_helmet"], ["short_bow"], houses=["norrenis", "pharaos"])
    play(s, "@0 weapon composite_bow", "@1 weapon short_bow")
    assert s.kind == "composite"
    play(s, "add viking_helmet")
    assert s.kind == "helmet" and s.decision().seats == (1,)
    assert "weapon short_bow" not in legal(s)  # back on the action board
    assert get(s, 1, "metal") == 5 - DATA.weapons["short_bow"]["cost"]["metal"]  # its cost stays paid
    play(s, "weapon slingshot")
    assert s.fol["g2"][0] == 2 and s.fol["g2"][1] == 0
    assert "short_bow" in s.seats[1]["pile"]


def test_a_composite_bow_replayed_after_the_helmet_still_adds_its_second_card():
    s = _player_battle(
        ["composite_bow", "viking_helmet"], ["dagger", "composite_bow", "short_bow"], houses=["norrenis", "babylon"]
    )
    play(s, "@0 weapon composite_bow", "@1 weapon dagger", "add viking_helmet")
    assert s.kind == "helmet"
    play(s, "weapon composite_bow")
    assert s.kind == "composite" and s.decision().seats == (1,)
    play(s, "add short_bow")
    # defender 1 + Bow + Short Bow against 2 + Bow + Helmet: both its cards' rewards
    assert s.fol["g2"] == [0, 1]
    assert s.seats[1]["vp"] == DATA.weapons["composite_bow"]["win"][1][1] + DATA.weapons["short_bow"]["win"][1][1]


# ---------------------------------------------------------------- Atlantis: entering across a solid line only
def test_atlantis_is_left_across_any_line_but_entered_only_across_a_dotted_one():
    # 移動ルール: アトランティス領域に入るときに実線を横切つてはできません (leaving is not restricted);
    # アトランティス: ポータルアクションでアトランティスに入る(またはアトランティスから出る)ことはできません
    s = game(2)
    put(s, 0, "gaa", 1)
    put(s, 1, "g5", 1)
    assert frozenset(("gaa", "g5")) not in s.lay.dotted
    assert "gaa" not in s._dests(1, "g5", "move")  # entering across the solid line
    assert "g5" in s._dests(0, "gaa", "move")  # leaving across it
    s.fol["g5"][1] = 0
    pawn_on(s, 0, 3)
    play(s, "tile 2", "from gaa", "to g5")
    assert s.fol["g5"] == [1, 0] and s.fol["gaa"] == [0, 0]


def test_between_the_two_atlantis_regions_the_solid_line_is_entering():
    s = game(3)
    put(s, 0, "gaa", 1)
    assert frozenset(("gaa", "gab")) not in s.lay.dotted
    assert "gab" not in s._dests(0, "gaa", "move")


def test_portals_neither_enter_nor_leave_atlantis():
    s = game(2)
    put(s, 0, "gaa", 1)
    put(s, 0, "g5", 1)
    assert "gaa" not in s._sources(0, "portal")
    assert "gaa" not in s._dests(0, "g5", "portal")


# ---------------------------------------------------------------- culture benefits may be declined
def _ring(s, token="k1"):
    """A face-up culture token on g5/g1/g2, closed by seat 0 (g5, g1) and seat 1 (g2)."""
    spot = [i for i, (tri, _b) in enumerate(s.lay.spots) if set(tri) == {"g5", "g1", "g2"}][0]
    s.cul[spot] = [token, True]
    put(s, 0, "g5", 1)
    put(s, 0, "g1", 1)
    put(s, 1, "g2", 1)
    res(s, 0)
    res(s, 1)
    return spot


def test_culture_benefit_is_taken_now_or_forfeited():
    # 5. 文化トークンの解決: この利益をあとのために残しておくことはできず、今得るか、放棄するかはどちらかです
    s = game(2)
    spot = _ring(s)
    run_steps(s, ["culture"])
    assert s.cul[spot] is None and "k1" in s.removed  # resolved whatever is chosen
    assert s.kind == "culture_benefit" and s.decision().seats == (0,) and legal(s) == ["pass", "yes"]
    play(s, "pass")
    assert s.kind == "culture_benefit" and s.decision().seats == (1,)
    play(s, "yes")
    assert get(s, 0, "gold") == 0 and get(s, 1, "gold") == 2
    assert ("culture_declined", 0, "k1", None) in s.log()


def test_zeus_upgraded_takes_a_doubled_benefit_in_one_answer():
    s = game(2, houses=["ellenys", "pharaos"])
    s.seats[0]["major"] = True
    _ring(s)
    run_steps(s, ["culture"])
    play(s, "yes")
    assert get(s, 0, "gold") == 4 and s.kind == "culture_benefit" and s.decision().seats == (1,)


def test_the_culture_offer_in_words_and_through_a_state_round_trip():
    s = game(2)
    _ring(s, "k15")  # a contract
    run_steps(s, ["culture"])
    d = pr.decision_for(s, 0)
    assert "culture_benefit" not in d["prompt"] and "forfeit" in d["prompt"]
    assert {o["label"] for o in d["options"]} == {
        "Forfeit it",
        "Take it: " + pr.effects_text(DATA.culture["k15"]["benefit"]),
    }
    t = load(json.loads(json.dumps(dump(s))))
    play(t, "yes")
    assert t.kind == "contract" and t.decision().seats == (0,)
    text = pr.describe(("culture_declined", 1, "k15", None), [{"name": "Ann"}, {"name": "Bo"}], None)["text"]
    assert text == "Bo forfeits the benefit of the culture token (take a contract)"


def test_a_state_saved_mid_culture_before_the_offer_existed_plays_the_same():
    # a STATE of today: the benefits queued as plain effects steps, no offer
    s = game(2)
    res(s, 1)
    doc = dump(s)
    doc["pending"] = {
        "kind": None,
        "seats": [],
        "arg": {},
        "ctx": {},
        "secret": {},
        "used": [],
        "flags": {},
        "todo": [["end_turn"], ["effects", 1, DATA.culture["k1"]["benefit"]]],
    }
    t = load(doc)
    assert get(t, 1, "gold") == 2 and t.kind == "main"
