"""One test (or more) per rule of shared/rules/ethnos.md and its rulings."""

import pytest

from tests.games.ethnos.helpers import END_AGE, doc, ok, play

T6 = ("centaur", "dwarf", "elf", "giant", "orc", "troll")


def markers(out, k):
    return out["state"]["kingdoms"][k]["markers"]


def seat(out, i):
    return out["state"]["seats"][i]


# ---------------------------------------------------------------- recruiting
def test_recruit_deck_takes_the_top_card():
    out = ok(doc(deck=["elf:rhea", "dwarf:duris", "dragon", "dragon", "dragon"]), ["recruit deck"])
    assert seat(out, 0)["hand"] == ["elf:rhea"]
    assert out["state"]["deck"][0] == "dwarf:duris"
    assert out["decision"] == {"seat": 1, "kind": "turn"}


def test_recruit_a_card_not_in_the_market_is_refused():
    out = play(doc(market=["elf:rhea"]), ["recruit elf:duris"])
    assert out["error"]["move"] == 0 and "not in the market" in out["error"]["message"]


def test_ten_cards_forbid_recruiting_from_the_deck_but_allow_a_band():
    hand = [
        "dwarf:duris",
        "elf:rhea",
        "giant:althea",
        "orc:ithys",
        "troll:pelagon",
        "wizard:straton",
        "dwarf:rhea",
        "elf:althea",
        "giant:ithys",
        "orc:pelagon",
    ]
    d = doc(hands={0: hand})
    assert play(d, ["recruit deck"])["error"]
    out = ok(d, ["band dwarf:duris"])
    assert len(out["state"]["market"]) == 9


def test_third_dragon_ends_the_age_at_once_without_a_card():
    out = ok(doc(current=2, **END_AGE), ["recruit deck"])
    st = out["state"]
    assert st["age"] == 2 and st["last_dragon"] == 2 and st["dragons"] == 0
    # new age: one card each, two market cards per player, full deck rebuilt
    assert [len(s["hand"]) for s in st["seats"]] == [1, 1, 1, 1]
    assert len(st["market"]) == 8
    assert len(st["deck"]) == 6 * 12 - 4 - 8 + 3
    assert st["deck"].count("dragon") == 3


def test_dragons_are_all_in_the_bottom_half_of_a_new_deck():
    for seed in range(20):
        st = ok(doc(**END_AGE), ["recruit deck"], seed=seed)["state"]
        deck = st["deck"]
        top = (len(deck) - 3) // 2
        assert "dragon" not in deck[:top]


def test_empty_market_and_deck_end_the_age():
    out = ok(doc(deck=["elf:rhea"], market=[]), ["recruit deck"])
    assert out["state"]["age"] == 2


# ---------------------------------------------------------------- bands
def test_one_card_band_places_a_marker_where_the_player_has_none():
    out = ok(doc(hands={0: ["dwarf:rhea", "dwarf:duris"]}), ["band dwarf:rhea"])
    assert markers(out, "rhea")[0] == 1
    assert out["state"]["market"] == ["dwarf:duris"]


def test_band_of_one_kingdom_with_skeletons():
    d = doc(
        tribes=("dwarf", "elf", "orc", "skeleton", "troll", "wizard"),
        hands={0: ["elf:rhea", "dwarf:rhea", "skeleton", "skeleton"]},
    )
    out = ok(d, ["band elf:rhea skeleton dwarf:rhea skeleton"])
    assert markers(out, "rhea")[0] == 1
    assert len(seat(out, 0)["bands"][0]["cards"]) == 4


def test_skeletons_alone_never_form_a_band():
    d = doc(tribes=("dwarf", "elf", "orc", "skeleton", "troll", "wizard"), hands={0: ["skeleton", "skeleton"]})
    assert "skeleton" in play(d, ["band skeleton skeleton"])["error"]["message"]


def test_band_needs_the_cards_in_hand():
    d = doc(hands={0: ["elf:rhea"]})
    assert "not in your hand" in play(d, ["band elf:rhea elf:duris"])["error"]["message"]
    assert play(d, ["band elf:rhea elf:rhea"])["error"]


def test_no_marker_when_the_band_is_not_larger_than_the_markers_there():
    d = doc(markers={"rhea": [2, 0, 0, 0]}, hands={0: ["elf:rhea", "dwarf:rhea"]})
    out = ok(d, ["band elf:rhea dwarf:rhea"])
    assert markers(out, "rhea")[0] == 2


def test_two_players_count_everyone_s_markers():
    d = doc(
        players=2,
        tribes=("dwarf", "elf", "orc", "troll", "wizard"),
        markers={"rhea": [0, 2]},
        hands={0: ["elf:rhea", "dwarf:rhea"]},
    )
    assert markers(ok(d, ["band elf:rhea dwarf:rhea"]), "rhea") == [0, 2]
    d["seats"][0]["hand"].append("orc:rhea")
    assert markers(ok(d, ["band elf:rhea dwarf:rhea orc:rhea"]), "rhea") == [1, 2]


def test_26_marker_supply_is_respected():
    # 25 markers in play (1 more on the glory track): the band places one, the next none
    d = doc(
        markers={"althea": [10, 0, 0, 0], "duris": [10, 0, 0, 0], "ithys": [4, 0, 0, 0]},
        hands={0: ["elf:rhea", "dwarf:straton"]},
    )
    out = ok(d, ["band elf:rhea"])
    assert markers(out, "rhea")[0] == 1
    d["kingdoms"]["ithys"]["markers"][0] = 5
    out = ok(d, ["band elf:rhea"])
    assert markers(out, "rhea")[0] == 0


# ---------------------------------------------------------------- tribes
def test_centaur_chain_needs_a_marker():
    d = doc(tribes=T6, markers={"straton": [2, 0, 0, 0]}, hands={0: ["centaur:straton", "elf:straton", "orc:rhea"]})
    out = ok(d, ["band centaur:straton elf:straton"])
    assert out["decision"] == {"seat": 1, "kind": "turn"}
    assert out["state"]["market"] == ["orc:rhea"]


def test_centaur_chain_is_optional_and_discard_waits_for_it():
    d = doc(tribes=T6, hands={0: ["centaur:straton", "orc:rhea", "dwarf:althea"]})
    out = ok(d, ["band centaur:straton"])
    assert out["decision"] == {"seat": 0, "kind": "centaur"}
    assert out["state"]["seats"][0]["hand"] == ["orc:rhea", "dwarf:althea"]
    out = ok(d, ["band centaur:straton", "pass"])
    assert sorted(out["state"]["market"]) == ["dwarf:althea", "orc:rhea"]


def test_centaur_chain_continues_with_another_centaur():
    d = doc(tribes=T6, hands={0: ["centaur:straton", "centaur:rhea", "dwarf:althea", "elf:ithys"]})
    out = ok(d, ["band centaur:straton", "band centaur:rhea", "band dwarf:althea"])
    assert [markers(out, k)[0] for k in ("straton", "rhea", "althea")] == [1, 1, 1]
    assert out["state"]["market"] == ["elf:ithys"]
    assert out["decision"]["seat"] == 1


def test_centaur_with_nothing_left_to_play_ends_the_turn():
    d = doc(tribes=T6, hands={0: ["centaur:straton"]})
    assert ok(d, ["band centaur:straton"])["decision"] == {"seat": 1, "kind": "turn"}


def test_dwarf_band_of_five_scores_as_six():
    d = doc(bands={1: [["dwarf:rhea", "dwarf:duris", "dwarf:althea", "dwarf:ithys", "dwarf:rhea"]]}, **END_AGE)
    assert seat(ok(d, ["recruit deck"]), 1)["glory"] == 15


def test_elf_keeps_up_to_band_size_and_may_keep_none():
    hand = ["elf:rhea", "elf:duris", "dwarf:ithys", "troll:pelagon", "orc:straton"]
    d = doc(hands={0: hand})
    out = ok(d, ["band elf:rhea elf:duris"])
    assert out["decision"] == {"seat": 0, "kind": "keep"}
    out = ok(d, ["band elf:rhea elf:duris", "keep"])
    assert seat(out, 0)["hand"] == [] and len(out["state"]["market"]) == 3
    assert play(d, ["band elf:rhea elf:duris", "keep dwarf:ithys troll:pelagon orc:straton"])["error"]
    out = ok(d, ["band elf:rhea elf:duris", "keep orc:straton"])
    assert seat(out, 0)["hand"] == ["orc:straton"]


def test_giant_takes_the_token_only_when_strictly_largest():
    d = doc(hands={0: ["giant:rhea", "giant:duris"]}, bands={1: [["giant:ithys", "giant:althea"]]})
    out = ok(d, ["band giant:rhea giant:duris"])
    assert out["state"]["giant"] is None and seat(out, 0)["glory"] == 0


def test_giant_own_larger_band_moves_the_token_and_scores_again():
    d = doc(
        hands={0: ["giant:rhea", "giant:duris", "giant:althea"]},
        bands={0: [["giant:ithys", "giant:pelagon"]]},
        giant={"seat": 0, "band": 0},
        glory={0: 2},
    )
    out = ok(d, ["band giant:rhea giant:duris giant:althea"])
    assert out["state"]["giant"] == {"seat": 0, "band": 1}
    assert seat(out, 0)["glory"] == 4


def test_giant_token_scores_at_age_end_and_returns():
    d = doc(bands={2: [["giant:ithys", "giant:pelagon"]]}, giant={"seat": 2, "band": 0}, **END_AGE)
    out = ok(d, ["recruit deck"])
    assert seat(out, 2)["glory"] == 2 + 1  # token (age I) + band of two
    assert out["state"]["giant"] is None


def test_halfling_places_nothing_whatever_the_size():
    tribes = ("dwarf", "elf", "halfling", "orc", "troll", "wizard")
    d = doc(tribes=tribes, hands={0: ["halfling:rhea"] * 4})
    out = ok(d, ["band halfling:rhea halfling:rhea halfling:rhea halfling:rhea"])
    assert markers(out, "rhea") == [0, 0, 0, 0]


MER = ("dwarf", "elf", "merfolk", "orc", "troll", "wizard")


def test_merfolk_passing_two_symbols_gives_two_bonus_markers():
    d = doc(
        tribes=MER,
        merfolk=[2, 0, 0, 0],
        hands={
            0: [
                "merfolk:rhea",
                "merfolk:duris",
                "merfolk:althea",
                "merfolk:ithys",
                "merfolk:pelagon",
                "merfolk:straton",
            ]
        },
    )
    out = ok(
        d,
        [
            "band merfolk:rhea merfolk:duris merfolk:althea merfolk:ithys merfolk:pelagon merfolk:straton",
            "place straton",
            "place straton",
        ],
    )
    assert out["state"]["merfolk"][0] == 8
    assert markers(out, "rhea")[0] == 1 and markers(out, "straton")[0] == 2


def test_merfolk_track_stops_at_its_end():
    d = doc(tribes=MER, merfolk=[17, 0, 0, 0], hands={0: ["merfolk:rhea", "merfolk:duris", "merfolk:althea"]})
    out = ok(d, ["band merfolk:rhea merfolk:duris merfolk:althea", "place ithys"])
    assert out["state"]["merfolk"][0] == 18


def test_merfolk_board_scores_like_a_kingdom():
    d = doc(tribes=MER, merfolk=[3, 5, 0, 0], **END_AGE)
    out = ok(d, ["recruit deck"])
    assert [s["glory"] for s in out["state"]["seats"]] == [0, 1, 0, 0]
    assert out["state"]["merfolk"] == [3, 5, 0, 0]  # the track never resets


def test_minotaur_counts_one_more_for_placement():
    tribes = ("dwarf", "elf", "minotaur", "orc", "troll", "wizard")
    d = doc(tribes=tribes, markers={"rhea": [1, 0, 0, 0]}, hands={0: ["minotaur:rhea"]})
    assert markers(ok(d, ["band minotaur:rhea"]), "rhea")[0] == 2


def test_orc_horde_marker_once_per_colour_and_without_the_size_rule():
    d = doc(markers={"rhea": [3, 0, 0, 0]}, hands={0: ["orc:rhea"]})
    out = ok(d, ["band orc:rhea"])
    assert markers(out, "rhea")[0] == 3 and seat(out, 0)["orc"] == ["rhea"]
    d["seats"][0]["orc"] = ["rhea"]
    out = ok(d, ["band orc:rhea"])
    assert seat(out, 0)["orc"] == ["rhea"]


def test_orc_keep_carries_the_horde_to_the_next_age():
    d = doc(orc={0: ["rhea"], 2: ["duris", "ithys"]}, current=1, **END_AGE)
    out = ok(d, ["recruit deck"])
    assert out["decision"] == {"seat": 2, "kind": "orc"}  # from the current seat on
    out = ok(d, ["recruit deck", "keep", "cash"])
    assert seat(out, 2)["orc"] == ["duris", "ithys"] and seat(out, 0)["orc"] == []
    assert seat(out, 0)["glory"] == 1


def test_orcs_are_cashed_automatically_in_the_last_age():
    d = doc(age=3, orc={0: ["rhea", "duris", "ithys", "althea"]}, **END_AGE)
    out = ok(d, ["recruit deck"])
    assert out["state"]["finished"] and seat(out, 0)["glory"] == 10


def test_troll_choice_is_any_free_token_up_to_the_band_size():
    tribes = ("dwarf", "elf", "orc", "troll", "wingfolk", "wizard")
    hand = ["troll:rhea", "troll:duris", "troll:althea", "troll:ithys"]
    d = doc(tribes=tribes, hands={0: hand}, trolls={1: [2]})
    out = ok(d, ["band troll:rhea troll:duris troll:althea troll:ithys"])
    assert out["decision"]["kind"] == "troll"
    assert play(d, ["band troll:rhea troll:duris troll:althea troll:ithys", "troll 5"])["error"]
    assert play(d, ["band troll:rhea troll:duris troll:althea troll:ithys", "troll 2"])["error"]
    out = ok(d, ["band troll:rhea troll:duris troll:althea troll:ithys", "troll 3"])
    assert seat(out, 0)["trolls"] == [3] and out["state"]["troll_pool"] == [1, 4, 5, 6]


def test_troll_single_choice_is_automatic_and_none_is_nothing():
    tribes = ("dwarf", "elf", "orc", "troll", "wingfolk", "wizard")
    d = doc(tribes=tribes, hands={0: ["troll:rhea", "troll:duris"]}, trolls={1: [1]})
    out = ok(d, ["band troll:rhea troll:duris"])
    assert seat(out, 0)["trolls"] == [2] and out["decision"]["seat"] == 1
    d = doc(tribes=tribes, hands={0: ["troll:rhea"]}, trolls={1: [1]})
    out = ok(d, ["band troll:rhea"])
    assert seat(out, 0)["trolls"] == []


def test_troll_tokens_break_ties_then_return():
    d = doc(markers={"althea": [2, 2, 2, 0]}, trolls={0: [1, 4], 1: [5], 2: [2]}, age=2, **END_AGE)
    out = ok(d, ["recruit deck"])
    # sums 5, 5, 2: seat 0 and 1 tie on the sum, seat 1 has the highest token
    assert [s["glory"] for s in out["state"]["seats"][:3]] == [2, 6, 0]
    assert out["state"]["troll_pool"] == [1, 2, 3, 4, 5, 6]


def test_wingfolk_places_anywhere_the_size_allows():
    tribes = ("dwarf", "elf", "orc", "troll", "wingfolk", "wizard")
    d = doc(
        tribes=tribes,
        markers={"rhea": [2, 0, 0, 0], "duris": [3, 0, 0, 0]},
        hands={0: ["wingfolk:duris", "elf:duris", "orc:duris"]},
    )
    assert play(d, ["band wingfolk:duris elf:duris orc:duris", "place duris"])["error"]
    out = ok(d, ["band wingfolk:duris elf:duris orc:duris", "place rhea"])
    assert markers(out, "rhea")[0] == 3


def test_wingfolk_with_one_possible_kingdom_is_automatic():
    tribes = ("dwarf", "elf", "orc", "troll", "wingfolk", "wizard")
    m = {k: [1, 0, 0, 0] for k in ("althea", "duris", "ithys", "pelagon", "rhea")}
    d = doc(tribes=tribes, markers=m, hands={0: ["wingfolk:duris"]})
    out = ok(d, ["band wingfolk:duris"])
    assert markers(out, "straton")[0] == 1 and out["decision"]["seat"] == 1


def test_wizard_may_pass_and_the_draw_ignores_the_hand_limit():
    d = doc(hands={0: ["wizard:rhea", "wizard:duris", "elf:ithys"]})
    out = ok(d, ["band wizard:rhea wizard:duris", "pass"])
    assert seat(out, 0)["hand"] == []


def test_wizard_draw_sets_dragons_aside_and_the_third_ends_the_age():
    d = doc(
        hands={0: ["wizard:rhea", "wizard:duris", "wizard:althea"]},
        deck=["elf:rhea", "dragon", "dwarf:ithys", "dragon", "orc:rhea"],
        dragons=1,
    )
    out = ok(d, ["band wizard:rhea wizard:duris wizard:althea", "draw"])
    st = out["state"]
    assert st["age"] == 2 and st["last_dragon"] == 0


def test_dead_end_ten_skeletons_are_discarded():
    tribes = ("dwarf", "elf", "orc", "skeleton", "troll", "wizard")
    d = doc(tribes=tribes, hands={0: ["elf:rhea"], 1: ["skeleton"] * 10})
    out = ok(d, ["band elf:rhea"])
    assert out["decision"] == {"seat": 2, "kind": "turn"}
    assert out["state"]["market"].count("skeleton") == 10


# ---------------------------------------------------------------- fairy
FAIRY = ("dwarf", "elf", "fairy", "giant", "troll", "wizard")
FHAND = {0: ["fairy:straton", "elf:straton", "troll:straton"]}
G3A = ["giant:rhea", "giant:duris", "giant:althea"]
G3B = ["giant:ithys", "giant:pelagon", "giant:straton"]
G4 = G3B + ["giant:rhea"]
FMOVE = "band fairy:straton elf:straton troll:straton"


def test_fairy_pass_is_an_ordinary_band():
    d = doc(tribes=FAIRY, hands=FHAND, bands={1: [["wizard:ithys", "dwarf:ithys"]]})
    out = ok(d, [FMOVE, "pass"])
    assert markers(out, "straton")[0] == 1 and seat(out, 1)["bands"][0]["leader"] == "wizard:ithys"


def test_fairy_without_target_is_not_asked():
    d = doc(tribes=FAIRY, hands=FHAND, bands={1: [G4]})
    out = ok(d, [FMOVE])
    assert markers(out, "straton")[0] == 1 and out["decision"]["seat"] == 1


def test_fairy_case_a_taken_giant_band_is_not_largest():
    d = doc(tribes=FAIRY, hands=FHAND, bands={1: [G3A], 2: [G4]}, giant={"seat": 2, "band": 0})
    assert play(d, [FMOVE, "swap 2 0"])["error"]
    out = ok(d, [FMOVE, "swap 1 0"])
    st = out["state"]
    assert st["seats"][0]["bands"][0]["leader"] == "giant:rhea"
    assert st["seats"][1]["bands"][0]["leader"] == "fairy:straton"
    assert markers(out, "rhea")[0] == 1 and markers(out, "straton") == [0, 0, 0, 0]
    assert st["giant"] == {"seat": 2, "band": 0} and st["seats"][0]["glory"] == 0


def test_fairy_case_b_token_follows_the_taken_band():
    d = doc(tribes=FAIRY, hands=FHAND, bands={1: [G3A]}, giant={"seat": 1, "band": 0}, glory={1: 2})
    st = ok(d, [FMOVE, "swap 1 0"])["state"]
    assert st["giant"] == {"seat": 0, "band": 0}
    assert st["seats"][0]["glory"] == 2 and st["seats"][1]["glory"] == 2


def test_fairy_case_c_equal_band_keeps_token_elsewhere():
    d = doc(tribes=FAIRY, hands=FHAND, bands={1: [G3A], 2: [G3B]}, giant={"seat": 2, "band": 0})
    st = ok(d, [FMOVE, "swap 1 0"])["state"]
    assert st["giant"] == {"seat": 2, "band": 0} and st["seats"][0]["glory"] == 0


def test_fairy_case_d_token_returns_and_stays_unowned():
    d = doc(tribes=FAIRY, hands=FHAND, bands={1: [G3A], 2: [G3B]}, giant={"seat": 1, "band": 0})
    st = ok(d, [FMOVE, "swap 1 0"])["state"]
    assert st["giant"] is None and st["seats"][0]["glory"] == 0


def test_fairy_taking_a_fairy_band_chooses_again_but_not_its_own_band():
    d = doc(
        tribes=FAIRY,
        hands={0: FHAND[0] + ["dwarf:althea"]},
        bands={1: [["fairy:duris", "dwarf:duris", "giant:duris"]], 2: [["elf:ithys", "dwarf:ithys"]]},
    )
    out = ok(d, [FMOVE, "swap 1 0"])
    assert out["decision"] == {"seat": 0, "kind": "fairy"}
    assert play(d, [FMOVE, "swap 1 0", "swap 1 0"])["error"]  # changed hands this turn
    out = ok(d, [FMOVE, "swap 1 0", "swap 2 0"])
    st = out["state"]
    assert st["seats"][2]["bands"][0]["leader"] == "fairy:duris"
    assert st["seats"][0]["bands"][0]["leader"] == "elf:ithys"
    assert markers(out, "ithys")[0] == 1
    assert out["decision"] == {"seat": 0, "kind": "keep"}  # the elf resolves


def test_fairy_taken_wingfolk_band_asks_where_to_place():
    tribes = ("dwarf", "elf", "fairy", "troll", "wingfolk", "wizard")
    d = doc(tribes=tribes, hands=FHAND, bands={1: [["wingfolk:ithys", "dwarf:ithys"]]})
    out = ok(d, [FMOVE, "swap 1 0"])
    assert out["decision"] == {"seat": 0, "kind": "place"}
    assert markers(ok(d, [FMOVE, "swap 1 0", "place duris"]), "duris")[0] == 1


def test_fairy_band_scores_for_its_holder():
    d = doc(tribes=FAIRY, bands={1: [["fairy:straton", "elf:straton", "troll:straton"]]}, **END_AGE)
    assert seat(ok(d, ["recruit deck"]), 1)["glory"] == 3


# ---------------------------------------------------------------- age end
def test_age_three_places_and_a_tie_for_second():
    d = doc(age=3, markers={"althea": [4, 2, 2, 1]}, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    # slots 2/6/10: first 10; second and third tie for 6+2 = 8 -> 4 each; fourth nothing
    assert [s["glory"] for s in st["seats"]] == [10, 4, 4, 0]


def test_age_one_tie_for_first_splits_rounding_down():
    d = doc(markers={"ithys": [1, 1, 0, 0]}, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    assert [s["glory"] for s in st["seats"]] == [1, 1, 0, 0]


def test_two_players_age_two_first_only_and_alone_takes_both():
    tribes = ("dwarf", "elf", "orc", "troll", "wizard")
    d = doc(players=2, tribes=tribes, age=2, markers={"rhea": [3, 1], "straton": [0, 2], "ithys": [1, 1]}, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    # rhea 2/10: first 10, second 0; straton 6/8 alone: 14; ithys 2/6 tied: 6 // 2
    assert [s["glory"] for s in st["seats"]] == [10 + 3, 14 + 3]
    assert st["finished"]


def test_three_players_score_normally_in_age_two():
    tribes = ("dwarf", "elf", "orc", "troll", "wizard")
    d = doc(players=3, tribes=tribes, age=2, markers={"rhea": [3, 1, 0]}, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    assert [s["glory"] for s in st["seats"]] == [10, 2, 0]


def test_first_player_of_a_new_age_tie_includes_the_dragon_drawer():
    d = doc(current=1, glory={0: 5, 1: 0, 2: 3, 3: 0}, **END_AGE)
    out = ok(d, ["recruit deck"])
    assert out["decision"] == {"seat": 1, "kind": "turn"}


def test_hands_and_bands_are_discarded_markers_stay():
    d = doc(hands={1: ["elf:rhea"]}, markers={"rhea": [1, 0, 0, 0]}, bands={0: [["elf:rhea", "elf:duris"]]}, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    assert st["seats"][0]["bands"] == [] and st["kingdoms"]["rhea"]["markers"] == [1, 0, 0, 0]
    assert all(len(s["hand"]) == 1 for s in st["seats"])


# ---------------------------------------------------------------- game end
def test_game_end_tie_breaks_markers_then_bands():
    # seats 0 and 2 tie on glory (26) and markers (2); seat 0's band of 2 beats
    # seat 2's bands of 1 and 1 (skeletons leave before the comparison)
    d = doc(
        age=3,
        glory={0: 20, 1: 20, 2: 21},
        markers={"rhea": [2, 1, 2, 0]},
        bands={0: [["elf:rhea", "elf:duris"]], 2: [["elf:ithys", "skeleton", "skeleton"], ["elf:althea"]]},
        **END_AGE,
    )
    d["tribes"] = ["dwarf", "elf", "orc", "skeleton", "troll", "wizard"]
    st = ok(d, ["recruit deck"])["state"]
    glory = [s["glory"] for s in st["seats"]]
    assert glory[0] == glory[2] == 26
    assert st["finished"] and st["winners"] == [0]
    # more kingdom markers win before bands are compared
    d["kingdoms"]["duris"]["markers"] = [0, 0, 1, 0]
    d["kingdoms"]["duris"]["glory"] = [0, 0, 0]
    st = ok(d, ["recruit deck"])["state"]
    assert st["winners"] == [2]


def test_game_end_full_tie_shares_the_win():
    d = doc(age=3, glory={0: 7, 1: 7}, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    assert st["finished"] and st["winners"] == [0, 1]


def test_finished_game_refuses_moves():
    d = doc(age=3, **END_AGE)
    st = ok(d, ["recruit deck"])["state"]
    out = play(st, ["recruit deck"])
    assert out["error"] and out["decision"] is None


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_setup_by_player_count(players):
    from meeple.games.ethnos import new_game

    s = new_game(players, seed=players)
    small = players <= 3
    assert len(s.tribes) == (5 if small else 6)
    assert all(len(slots) == (2 if small else 3) for slots in s.slots)
    assert s.ages == (2 if small else 3)
    assert sum(len(h) for h in s.hands) == players and len(s.market) == 2 * players
    assert s.deck.count(99) == 0


@pytest.mark.parametrize(
    "players, dealt",
    [
        (4, {0: 2, 2: 2, 4: 4, 6: 5, 8: 3, 10: 2}),  # all 18 (shared/rules/ethnos.md)
        (3, {0: 1, 2: 2, 4: 2, 6: 3, 8: 3, 10: 1}),  # less the 4+ tokens 0, 4, 4, 6, 6, 10
    ],
)
def test_glory_tokens_dealt_to_the_kingdoms_follow_the_digest(players, dealt):
    from collections import Counter

    from meeple.games.ethnos import new_game

    s = new_game(players, seed=11)
    assert Counter(t for slots in s.slots for t in slots) == dealt
