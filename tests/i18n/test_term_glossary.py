"""The glossary is complete and true: every game term the data declares has a
key, each cited Japanese or Russian word stands at its rulebook line, and
docs/i18n.md and the template are what the catalogs generate."""

from __future__ import annotations

import re

import pytest

from meeple.games.anunnaki import data as anunnaki
from meeple.games.ethnos import data as ethnos
from meeple.games.okc import data as okc
from meeple.i18n import catalogs, glossary, seeds, term_key
from meeple.i18n import term as term_in
from meeple.i18n.terms import SECTIONS

_k = term_key


def _game_terms() -> set[str]:
    """A key for every term the three games' data declares."""
    a = anunnaki.DATA
    out = {_k("ethnos.tribe", t) for t in ethnos.TRIBES} | {_k("ethnos.kingdom", k) for k in ethnos.KINGDOMS}
    out |= {_k("ethnos.colour", c) for c in ethnos.KINGDOM_COLOURS}
    out |= {_k("anunnaki.house", h) for h in a.houses}
    out |= {_k("anunnaki.god", g) for g in a.minor} | {_k("anunnaki.god", m["id"]) for m in a.major.values()}
    out |= {_k("anunnaki.weapon", w) for w in a.weapons}
    out |= {_k("anunnaki.action", t["action"]) for t in a.tiles.values()} | {
        _k("anunnaki.action", x) for x in anunnaki.ACTIONS
    }
    out |= {_k("anunnaki.track", t) for t in anunnaki.TRACKS} | {
        _k("anunnaki.resource", r) for r in (*anunnaki.RESOURCES, "any")
    }
    out |= {_k("anunnaki.artifact", x) for x in anunnaki.ARTIFACTS} | {
        _k("anunnaki.objective", o) for o in anunnaki.OBJECTIVES
    }
    out |= {_k("okc.faction", f) for f in okc.FACTIONS} | {_k("okc.region", r) for r in okc.REGIONS}
    out |= {_k("okc.location", x) for x in okc.LOCATIONS} | {_k("okc.council", c) for c in okc.COUNCILS}
    out |= {_k("okc.suit", s) for s in okc.SUITS} | {_k("okc.trait", t) for t in okc.TRAITS}
    out |= {_k("okc.command", c) for c in okc.COMMANDS}
    cards = list(okc.BASIC) + [c for cs in okc.SITES.values() for c in cs]
    out |= {_k("okc.card", c[2]) for c in cards}
    out |= {_k("okc.tactic", f, i) for f in okc.FACTIONS for i in range(1, len(okc.TACTICS[f]) + 1)}
    out |= {_k("okc.favour", f) for f in okc.FAVOUR_TEXT}
    out |= {_k("okc.kingdom", s, n) for s in okc.SUITS for n in range(1, len(okc.KINGDOM_TEXT[s]) + 1)}
    out |= {_k("okc.location_reward", x) for x, text in zip(okc.LOCATIONS, okc.LOCATION_TEXT, strict=True) if text}
    return out


def test_every_game_term_of_the_data_has_a_key():
    missing = sorted(_game_terms() - catalogs.keys("en"))
    assert not missing, f"game terms with no catalog key: {missing}"


def test_the_term_walk_sees_the_data():
    terms = _game_terms()
    assert {"ethnos.tribe.fairy", "anunnaki.god.zeus", "anunnaki.weapon.viking_helmet", "okc.card.war_machine"} <= terms
    assert "okc.tactic.gathering.4" in terms and "okc.command.rally_self" in terms
    assert "okc.kingdom.martial.17" in terms and "okc.location_reward.harvest_field" in terms


def _stem_ok(word: str, printed: str) -> bool:
    """An inflected form shares the word's stem: word by word, all but the last
    two letters alike (Алтея / Алтею, жетон / жетоны, тролля / троллей)."""
    a, b = word.casefold().split(), printed.casefold().split()
    if len(a) != len(b):
        return False
    for x, y in zip(a, b, strict=True):
        same = len(next((p for p in (x[:i] for i in range(min(len(x), len(y)), 0, -1)) if y.startswith(p)), ""))
        if same < max(2, min(len(x), len(y)) - 2):
            return False
    return True


def test_the_stem_rule_tells_inflections_from_other_words():
    assert _stem_ok("Алтея", "Алтею") and _stem_ok("Жетон тролля", "жетоны троллей") and _stem_ok("Рея", "Рее")
    assert not _stem_ok("Гномы", "Орков") and not _stem_ok("Жетон славы", "славы")


def _citations():
    for section in SECTIONS:
        for term in section.terms:
            for lang, cite in (("ja", term.ja), ("ru", term.ru)):
                if cite:
                    yield term.key, lang, seeds.parse(cite)


CITATIONS = list(_citations())
SEEDS = seeds.seeds_dir()


def test_there_are_citations_in_both_languages():
    assert sum(lang == "ja" for _, lang, _ in CITATIONS) > 200
    assert sum(lang == "ru" for _, lang, _ in CITATIONS) > 30


@pytest.mark.skipif(SEEDS is None, reason="shared/seeds is not beside this checkout (set MEEPLE_SEEDS)")
@pytest.mark.parametrize(("key", "lang", "cite"), CITATIONS, ids=[f"{k}-{lg}" for k, lg, _ in CITATIONS])
def test_each_cited_word_is_printed_at_its_seed_line(key, lang, cite):
    assert SEEDS is not None
    lines = (SEEDS / cite.file).read_text(encoding="utf-8").splitlines()
    line = lines[cite.line - 1].casefold()
    for form in catalogs.texts(lang)[key]:
        word = re.sub(r"\{[^}]*\}", "", form).strip()  # a counted word: its counter, without the number
        if cite.printed:
            assert cite.printed.casefold() in line, f"{cite} does not print {cite.printed!r}"
            assert _stem_ok(word, cite.printed), f"{word!r} is not the word {cite.printed!r} of {cite}"
        elif word.casefold() in line:
            return
    if not cite.printed:
        pytest.fail(f"{cite}: no form of {key} in {lang} ({catalogs.texts(lang)[key]}) is printed there")


def test_a_citation_is_written_seed_colon_line():
    assert seeds.parse("001:434 Рее") == seeds.Cite("001", 434, "Рее")
    assert seeds.parse("") is None
    with pytest.raises(ValueError):
        seeds.parse("005:1")
    with pytest.raises(ValueError):
        seeds.parse("003:x")


def test_the_glossary_page_and_the_template_are_generated_from_the_catalogs():
    assert glossary.main(["--check"]) == 0, "run: python -m meeple.i18n.glossary"


def test_the_glossary_shows_every_term_and_its_source():
    text = glossary.render()
    for section in SECTIONS:
        for term in section.terms:
            assert f"`{term.key}`" in text
    assert "`001_270b09f36a6ad061.txt:434` «Рее»" in text
    assert "| translated |" in text


def test_a_term_is_found_by_the_datas_own_identifiers():
    assert term_in("ja", "okc.location", "harvest-field") == "収穫畑"
    assert term_in("ru", "okc.card", "war machine") == "Боевая машина"
    assert term_in("ja", "anunnaki.god", "zeus") == "ゼウス"
