"""The rules at hand (meeple.games.glossary): every tribe, kingdom, faction,
card, trait, command, region, location, council, suit, house, god, weapon,
tile, track, artifact and objective that a game's data defines has a glossary
entry; every entry and summary section cites a seed line that exists; names
are found by alias, plural, rulebook spelling and card id."""

from __future__ import annotations

import json
import os
import re

import pytest

from meeple.games import glossary as G

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
# the seeds sit beside the product (shared/seeds), one level up from a worktree's parent
SEED_DIRS = [os.environ.get("MEEPLE_SEEDS", ""), os.path.join(ROOT, "..", "shared", "seeds")]
SEED_DIRS.append(os.path.join(ROOT, "..", "..", "shared", "seeds"))
SEEDS = next((d for d in SEED_DIRS if d and os.path.isfile(os.path.join(d, G.SEEDS["000"]))), None)


def ids(game: str) -> set[str]:
    return {e.id for e in G.load(game).entries}


def found(game: str, name: str, kind: str) -> bool:
    return any(e.kind == kind for e in G.lookup_all(game, name))


# ------------------------------------------------------- every defined thing
def test_every_ethnos_tribe_and_kingdom_has_an_entry_found_by_its_id_and_its_cards():
    from meeple.games.ethnos import data
    from meeple.games.ethnos.cards import CARD_NAME, CARD_TRIBE, VALID_CARDS

    for t in data.TRIBES:
        assert f"tribe.{t}" in ids("ethnos"), t
        assert G.lookup("ethnos", t).id == f"tribe.{t}"
    for k in data.KINGDOMS:
        assert f"kingdom.{k}" in ids("ethnos"), k
        assert G.lookup("ethnos", k).id == f"kingdom.{k}"
    for c in VALID_CARDS:  # "centaur:duris", "skeleton": the card's tribe
        assert G.lookup("ethnos", CARD_NAME[c]).id == f"tribe.{data.TRIBES[CARD_TRIBE[c]]}", CARD_NAME[c]


def test_every_ethnos_token_and_board_has_an_entry():
    for name in ("troll token", "giant token", "merfolk board", "orc horde board", "dragon", "glory token"):
        assert G.lookup("ethnos", name) is not None and G.lookup("ethnos", name).kind == "component", name
    for name in ("control marker", "band", "leader", "recruit", "age", "glory", "X"):
        assert G.lookup("ethnos", name) is not None, name


def test_every_okc_faction_card_trait_command_place_council_and_suit_has_an_entry():
    from meeple.games.okc import cards as C
    from meeple.games.okc import data as D

    for f in D.FACTIONS:
        assert G.lookup("okc", f).id == f"faction.{f}"
    archetypes = {row[2] for row in D.BASIC} | {row[2] for rows in D.SITES.values() for row in rows}
    for a in archetypes:
        assert found("okc", a, "card"), a
    for name in C.CARD_BY_NAME:  # every faction card, by its id
        assert G.lookup_all("okc", name), name
    for t in D.TRAITS:
        assert G.lookup("okc", t).id == f"trait.{t}"
    for c in D.COMMANDS:  # rally-self, rally-two, ambush-from-discard... all named
        assert found("okc", c, "command"), c
    for r in D.REGIONS:
        assert G.lookup("okc", r).id == f"region.{r}"
    for loc in D.LOCATIONS:
        assert G.lookup("okc", loc).id == f"location.{loc.replace('-', '_')}"
    for c in D.COUNCILS:
        assert G.lookup("okc", c).id == f"council.{c}"
    for s in D.SUITS:
        assert G.lookup("okc", s).id == f"suit.{s}"
    for f, tiles in D.TACTICS.items():
        for n in range(1, len(tiles) + 1):
            assert G.lookup("okc", f"{f} tactic {n}").id == "term.tactic"
        assert G.lookup("okc", f"{f} favour").id == "term.favour"
    for k in C.KNAME:  # "trade-05": its suit
        assert G.lookup("okc", k).kind == "suit", k


def test_every_anunnaki_house_god_weapon_tile_track_artifact_and_objective_has_an_entry():
    from meeple.games.anunnaki.actions import TRACK_CHOICES
    from meeple.games.anunnaki.data import DATA, RESOURCES

    for h in DATA.houses:
        assert G.lookup("anunnaki", h).id == f"house.{h}", h
    for g in DATA.minor:
        assert found("anunnaki", g, "god"), g
    for maj in DATA.major.values():
        assert found("anunnaki", maj["id"], "god"), maj["id"]
    for w in DATA.weapons:
        assert G.lookup("anunnaki", w).id == f"weapon.{w}", w
    for n in DATA.tiles:
        assert G.lookup("anunnaki", f"tile {n}").id == f"tile.{n}"
    for t in TRACK_CHOICES:  # war, tech, commerce and "dom"
        assert found("anunnaki", t, "track"), t
    for r in RESOURCES:
        assert G.lookup("anunnaki", r).id == "term.resource", r
    for a in DATA.artifacts:
        assert G.lookup("anunnaki", a).id == f"artifact.{a}", a
    for o in DATA.objectives:
        assert f"objective.{o}" in ids("anunnaki") and found("anunnaki", f"{o} objective", "objective"), o


def test_every_game_has_the_parts_of_a_rules_summary():
    for game in G.GAMES:
        titles = " ".join(s.title.lower() for s in G.summary(game))
        assert "setup" in titles and "end" in titles, game
        assert any(w in titles for w in ("turn", "spring", "age")), game


# ------------------------------------------------------------- the seeds
def _sources():
    for game in G.GAMES:
        rules = G.load(game)
        for part in (*rules.summary, *rules.entries):
            for s in part.sources:
                yield game, part.id, s


def test_every_entry_and_section_names_a_seed_section_and_line():
    n = 0
    for game in G.GAMES:
        rules = G.load(game)
        for part in (*rules.summary, *rules.entries):
            assert part.sources, (game, part.id)
            for s in part.sources:
                assert s.seed in G.SEEDS and s.line > 0 and s.section.strip() and s.quote.strip(), (game, part.id)
                n += 1
    assert n > 300


@pytest.mark.skipif(SEEDS is None, reason="the seed rulebooks (shared/seeds) are not beside this checkout")
def test_every_cited_line_holds_its_words_under_its_section():
    lines = {}
    for short, name in G.SEEDS.items():
        with open(os.path.join(SEEDS, name), encoding="utf-8") as f:
            lines[short] = f.read().split("\n")
    for game, part, s in _sources():
        text = lines[s.seed]
        assert s.line <= len(text), (game, part, s)
        assert s.quote in text[s.line - 1], f"{game} {part}: {s.quote!r} is not on line {s.line} of {s.seed}"
        assert any(s.section in line for line in text[: s.line]), f"{game} {part}: no section {s.section!r}"


def test_a_wrong_citation_is_refused_at_load(tmp_path, monkeypatch):
    with open(os.path.join(os.path.dirname(G.__file__), "ethnos", "rules.json"), encoding="utf-8") as f:
        doc = json.load(f)
    doc["terms"][0]["sources"] = []
    os.makedirs(tmp_path / "ethnos")
    (tmp_path / "ethnos" / "rules.json").write_text(json.dumps(doc), encoding="utf-8")
    monkeypatch.setattr(G, "HERE", str(tmp_path))
    G.load.cache_clear()
    try:
        with pytest.raises(ValueError, match="seed section"):
            G.load("ethnos")
    finally:
        G.load.cache_clear()


# -------------------------------------------------------------- look-ups
@pytest.mark.parametrize(
    "game,term,entry",
    [
        ("ethnos", "centaur", "tribe.centaur"),
        ("ethnos", "CENTAURS", "tribe.centaur"),
        ("ethnos", "Dwarves", "tribe.dwarf"),
        ("ethnos", "elves", "tribe.elf"),
        ("ethnos", "fairies", "tribe.fairy"),
        ("ethnos", "гномы", "tribe.dwarf"),  # the Russian rulebook's dwarves
        ("ethnos", "ドワーフ", "tribe.dwarf"),
        ("ethnos", "harpy", "tribe.wingfolk"),
        ("ethnos", "centaur:duris", "tribe.centaur"),
        ("ethnos", "Troll of Rhea", "tribe.troll"),  # a card as the terminal shows it
        ("ethnos", "Rheal", "kingdom.rhea"),
        ("ethnos", "glory tokens", "component.glory_token"),
        ("okc", "Pathfinder", "trait.pathfinder"),
        ("okc", "resilient", "trait.resilient"),
        ("okc", "Highlands", "region.highlands"),
        ("okc", "Relics", "council.relics"),
        ("okc", "Council of Relics", "council.relics"),
        ("okc", "lore", "term.lore"),
        ("okc", "Kingdom's Favour", "term.favour"),
        ("okc", "kingdoms_favour", "term.favour"),
        ("okc", "nobility:captain-7", "card.captain"),
        ("okc", "captain 7", "card.captain"),
        ("okc", "Harvest Field", "location.harvest_field"),
        ("okc", "rally (any two)", "command.rally"),
        ("anunnaki", "domination", "track.domination"),
        ("anunnaki", "Viking Helmet", "weapon.viking_helmet"),
        ("anunnaki", "viking_helmet", "weapon.viking_helmet"),
        ("anunnaki", "tile 3", "tile.3"),
        ("anunnaki", "Asbis", "god.anubis"),  # the Japanese rulebook's spelling
        ("anunnaki", "shrines", "term.shrine"),
        ("anunnaki", "pharaohs", "house.pharaos"),
    ],
)
def test_lookup_by_name_alias_plural_and_id(game, term, entry):
    got = G.lookup(game, term)
    assert got is not None and got.id == entry, (term, got and got.id)


def test_unknown_names_find_nothing_and_near_misses_are_suggested():
    assert G.lookup("okc", "nonsense") is None and G.lookup("ethnos", "") is None
    assert "Captain" in [e.name for e in G.search("okc", "captian")]
    with pytest.raises(KeyError):
        G.load("chess")


def test_every_sentence_has_its_own_catalog_key():
    for game in G.GAMES:
        keys = [k for part in (*G.summary(game), *G.load(game).entries) for k in part.keys()]  # noqa: SIM118 - an entry, not a dict
        assert len(keys) == len(set(keys)), game
        assert all(re.fullmatch(r"[a-z]+\.[a-z0-9_.]+", k) for k in keys), game


def test_tribe_powers_shown_at_the_table_come_from_the_glossary():
    from meeple.games.ethnos import data
    from meeple.games.ethnos.present import TRIBE_HELP

    for t in data.TRIBES:
        assert TRIBE_HELP[t] == G.short("ethnos", f"tribe.{t}")


def test_the_rules_pages_in_docs_are_up_to_date():
    import subprocess
    import sys

    done = subprocess.run(
        [sys.executable, os.path.join(ROOT, "tools", "rules_docs.py"), "--check"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stdout + done.stderr
