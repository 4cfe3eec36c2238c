"""The Old King's Crown rulebook examples (seed 004) that had no test of their own.

Each names its seed line (004:NNN); the examples already covered are in test_rules.py, test_coverage.py and scenarios/.
Built with the helpers of tests/games/okc (doc/active/in_clash), as test_rules.py is.
"""

from meeple.games.okc import dump, load
from tests.games.okc.helpers import SUMMER, active, doc, in_clash

NOB, CLA, UPR, GAT = "nobility", "clans", "uprising", "gathering"
SPRING = {"kind": None, "seats": [], "todo": SUMMER + [["markers"], ["spring", 0]]}
AUTUMN = {"kind": None, "seats": [], "todo": [["winter"], ["autumn", 0]]}


def kc(name, occ):
    return {"kingdom": name, "occupier": occ}


def test_004_230_four_players_one_face_down_card_per_region_each():
    """004:230: with 4 players every player puts 3 cards, one next to each
    region: each region then holds one card of each faction."""
    hand = ["captain-6", "captain-7", "captain-8"]
    s = load(
        doc(
            4,
            seats={i: {"hand": hand} for i in range(4)},
            pending={
                "kind": None,
                "seats": [],
                "todo": [["winter"], ["autumn", 0], ["clashes", 0], ["markers"], ["spring", 0], ["facedown"]],
            },
        )
    )
    for i in range(4):
        s.apply_move(f"{i}: facedown captain-6 captain-7 captain-8")
    regions = dump(s)["regions"]
    for r in ("highlands", "plateau", "lowlands"):
        assert sorted(c.split(":")[0] for c in regions[r]["facedown"]) == sorted([NOB, CLA, UPR, GAT])
    assert s.decision().kind == "spring"


def test_004_242_supporters_example_four_players():
    """004:242: order Gathering, Nobility, Uprising, Clans. Gathering puts 2
    supporters on the Plateau; Nobility has none left and passes; Uprising puts
    all 5 in the Highlands; Clans puts one in each region."""
    s = load(
        doc(
            4,
            factions=[NOB, CLA, UPR, GAT],
            order=[3, 0, 2, 1],
            seats={0: {"supporters": {"board": 0, "map": [0, 0, 0], "counted": [0, 0, 0], "lost": 5}}},
            pending=SPRING,
        )
    )
    assert s.decision().seats == (3,)
    for m in ("supporter plateau", "supporter plateau", "done"):
        s.apply_move(m)
    # Nobility (no supporters, nothing else to do) passes: Uprising is next
    assert s.decision().kind == "spring" and s.decision().seats == (2,)
    for _ in range(5):
        s.apply_move("supporter highlands")
    assert s.decision().seats == (1,)
    for m in ("supporter highlands", "supporter plateau", "supporter lowlands", "done"):
        s.apply_move(m)
    assert s.sup_map == [[0, 0, 0], [1, 1, 1], [5, 0, 0], [0, 2, 0]]
    # spring over; the last on the track (Clans) places the clash markers
    assert s.decision().kind == "markers" and s.decision().seats == (1,)


def test_004_245_spring_action_step_example():
    """004:245: Clans (last on the track) activates a tactic as a spring action
    (it is exhausted), then a spring action of an occupied kingdom card, then
    places 3 supporters, one per region, and passes: spring ends."""
    s = load(
        doc(
            2,
            factions=[GAT, CLA],
            order=[0, 1],
            seats={1: {"tactics": [1, 3, 1, 1], "board": [kc("trade-13", "clans:agent"), None]}},
            pending=SPRING,
        )
    )
    s.apply_move("done")  # Gathering
    assert s.decision().seats == (1,)
    s.apply_move("tactic 1")
    assert s.tactics[1][0] == 0  # exhausted
    s.apply_move("kingdom trade-13")
    for r in ("highlands", "plateau", "lowlands"):
        s.apply_move(f"supporter {r}")
    s.apply_move("done")
    assert s.sup_map[1] == [1, 1, 1] and s.sup_board[1] == 2
    assert s.decision().kind == "markers" and s.decision().seats == (1,)


def test_004_279_tally_example_nine_plus_three_plus_five_is_seventeen():
    """004:277-282: active cards 9 + 3 supporters + 5 from other abilities = 17.
    Nobility: captain-6 + follower-3 (9), 3 supporters, martial-12 (+5). It
    beats 16, ties 17, loses to 18; without the +5 it loses to 16."""
    for opp, use, want in (
        (["clans:captain-8", "clans:captain-7", "clans:follower-1"], True, ("location", (0,))),  # 16
        (["clans:captain-9", "clans:captain-8"], True, ("tie", (0,))),  # 17
        (["clans:captain-9", "clans:captain-7", "clans:follower-2"], True, ("location", (1,))),  # 18
        (["clans:captain-8", "clans:captain-7", "clans:follower-1"], False, ("location", (1,))),  # 12 < 16
    ):
        s = in_clash(
            "highlands",
            ["highlands", "plateau", "lowlands"],
            [0, 1],
            {"highlands": {"active": active("nobility:captain-6", "nobility:follower-3", *opp)}},
            seats={
                0: {"hand": ["heir"], "board": [kc("martial-12", "nobility:agent"), None], "map": [3, 0, 0]},
                1: {"hand": ["heir"]},
            },
        )
        s.apply_move("kingdom martial-12" if use else "done")
        assert (s.decision().kind, s.decision().seats) == want, (opp, use)


def test_004_321_two_players_govern_into_the_same_council():
    """004:321: Clans governs with a card that has a vote into the Council of
    Oaths; then Gathering governs into the same council: both cards are there."""
    s = load(
        doc(
            factions=[CLA, GAT],
            order=[0, 1],
            seats={0: {"hand": ["captain-6", "heir"]}, 1: {"hand": ["captain-7", "heir"]}},
            pending=AUTUMN,
        )
    )
    s.apply_move("govern captain-6")
    s.apply_move("council oaths")
    s.apply_move("done")
    s.apply_move("govern captain-7")
    s.apply_move("council oaths")
    assert dump(s)["councils"]["oaths"] == ["clans:captain-6", "gathering:captain-7"]


def test_004_429_votes_are_counted_per_player_and_per_council():
    """004:429: Nobility has 2 votes in the Council of Secrets and 1 in the
    Council of Oaths; Gathering has 1 in Secrets. Each council's action uses
    only the player's own votes there: Nobility places 2 tokens and returns 1
    supporter, Gathering places 1 token."""
    s = load(
        doc(
            factions=[NOB, GAT],
            order=[0, 1],
            councils={
                "relics": [],
                "secrets": ["nobility:trader", "gathering:captain-6"],
                "oaths": ["nobility:captain-7"],
            },
            seats={
                0: {"hand": ["heir"], "supporters": {"board": 3, "map": [0, 0, 0], "counted": [0, 0, 0], "lost": 2}},
                1: {"hand": ["heir"]},
            },
            pending=AUTUMN,
        )
    )
    s.apply_move("secrets")
    s.apply_move("token castle")
    s.apply_move("token castle")
    assert not any(m.startswith("token") for m in s.legal_moves())
    s.apply_move("oaths")
    s.apply_move("supporter lost")
    assert s.sup_board[0] == 4 and s.lost_sup[0] == 1
    s.apply_move("done")
    assert s.decision().seats == (1,)
    s.apply_move("secrets")
    s.apply_move("token shrine")
    assert not any(m.startswith("token") for m in s.legal_moves())
    assert s.tokens[0][0] == 2 and s.tokens[1][4] == 1
