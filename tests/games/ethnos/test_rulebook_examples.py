"""Ethnos and Fairy rulebook examples (seeds 000, 001, 002) that had no test of their own.

Each names its seed line (000/001/002:NNN); the other examples are in test_rules.py and shared/conformance.
Built with the helpers of tests/games/ethnos (doc/ok/play), as test_rules.py is.
"""

from tests.games.ethnos.helpers import doc, ok

MER = ("dwarf", "elf", "merfolk", "orc", "troll", "wizard")
FAIRY = ("dwarf", "elf", "fairy", "giant", "troll", "wizard")
FHAND = {0: ["fairy:straton", "elf:straton", "troll:straton"]}
FMOVE = "band fairy:straton elf:straton troll:straton"
G3A = ["giant:rhea", "giant:duris", "giant:althea"]
G3B = ["giant:ithys", "giant:pelagon", "giant:straton"]


def markers(out, k):
    return out["state"]["kingdoms"][k]["markers"]


def seat(out, i):
    return out["state"]["seats"][i]


def test_jp207_ru243_second_marker_needs_a_band_of_two():
    """000:207 / 001:243: the first marker in a kingdom needs one card, the
    second needs two. With one marker in Rhea a band of one places nothing, a
    band of two places the second."""
    one = ok(doc(markers={"rhea": [1, 0, 0, 0]}, hands={0: ["elf:rhea"]}), ["band elf:rhea"])
    assert markers(one, "rhea")[0] == 1
    two = ok(doc(markers={"rhea": [1, 0, 0, 0]}, hands={0: ["elf:rhea", "dwarf:rhea"]}), ["band elf:rhea dwarf:rhea"])
    assert markers(two, "rhea")[0] == 2


def test_jp403_ru484_merfolk_bonus_marker_even_where_three_markers_lie():
    """001:484 (000:403): a green merfolk band of three puts a marker in Althea
    (two or fewer there), moves 3 spaces; on the marker-symbol space the second
    marker goes in ANY kingdom, even one already holding 3 or more of the
    player's markers. One bonus marker, then the turn passes."""
    d = doc(
        tribes=MER,
        merfolk=[0, 0, 0, 0],
        markers={"althea": [2, 0, 0, 0], "straton": [3, 0, 0, 0]},
        hands={0: ["merfolk:althea", "merfolk:duris", "merfolk:rhea"]},
    )
    out = ok(d, ["band merfolk:althea merfolk:duris merfolk:rhea", "place straton"])
    assert out["state"]["merfolk"][0] == 3
    assert markers(out, "althea")[0] == 3
    assert markers(out, "straton")[0] == 4
    assert out["decision"] == {"seat": 1, "kind": "turn"}


def test_jp424_ru446_orange_orc_marks_ithys_and_the_orange_horde_space():
    """000:424 / 001:446: an orange orc leader puts a marker in Ithys (band big
    enough) and a second one on the orange space of the horde board."""
    out = ok(doc(hands={0: ["orc:ithys", "elf:ithys"]}), ["band orc:ithys elf:ithys"])
    assert markers(out, "ithys")[0] == 1
    assert seat(out, 0)["orc"] == ["ithys"]


def test_fairy_002_279_after_case_d_only_a_giant_band_of_four_takes_the_token():
    """002:262-280 (case D): the token returns beside the board, unowned; from
    then on whoever plays a giant-led band of 4 or more takes it. A further
    giant band of three does not (two bands of three exist)."""
    base = dict(tribes=FAIRY, bands={1: [G3A], 2: [G3B]}, giant={"seat": 1, "band": 0})
    three = doc(hands={**FHAND, 1: ["giant:rhea", "giant:duris", "giant:althea"]}, **base)
    out = ok(three, [FMOVE, "swap 1 0", "band giant:rhea giant:duris giant:althea"])
    assert out["state"]["giant"] is None and seat(out, 1)["glory"] == 0
    four = doc(hands={**FHAND, 1: ["giant:rhea", "giant:duris", "giant:althea", "giant:ithys"]}, **base)
    out = ok(four, [FMOVE, "swap 1 0", "band giant:rhea giant:duris giant:althea giant:ithys"])
    assert out["state"]["giant"] == {"seat": 1, "band": 1} and seat(out, 1)["glory"] == 2


def test_fairy_002_290_taking_a_fairy_band_and_not_using_it_places_a_marker():
    """002:290-298: Michael's fairy band of three takes Lisa's fairy-led band of
    three; he chooses not to use that fairy's ability: the band stays with him
    and he places a marker (in the taken fairy's kingdom). Lisa places none."""
    # a third player's band of two keeps the choice open (with no eligible
    # band the ability cannot be used and no question is asked: 002:118)
    d = doc(
        tribes=FAIRY,
        hands=FHAND,
        bands={1: [["fairy:duris", "dwarf:duris", "giant:duris"]], 2: [["elf:ithys", "dwarf:ithys"]]},
    )
    assert ok(d, [FMOVE, "swap 1 0"])["decision"] == {"seat": 0, "kind": "fairy"}
    out = ok(d, [FMOVE, "swap 1 0", "pass"])
    st = out["state"]
    assert st["seats"][0]["bands"][0]["leader"] == "fairy:duris"
    assert st["seats"][1]["bands"][0]["leader"] == "fairy:straton"
    assert st["seats"][2]["bands"][0]["leader"] == "elf:ithys"
    assert markers(out, "duris") == [1, 0, 0, 0]
    assert markers(out, "straton") == [0, 0, 0, 0]
    assert out["decision"] == {"seat": 1, "kind": "turn"}
