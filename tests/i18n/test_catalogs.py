"""The catalogs are complete and agree: every key in every language, no key
unused, the same named values everywhere; and the words come out right
(plural forms, counters, numbers and lists per language, the pseudo-locale)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from meeple.i18n import LANGUAGES, PSEUDO, catalogs, format_list, keys, plural_keys, translate
from meeple.i18n.catalogs import placeholders, pseudo
from meeple.i18n.terms import SECTIONS

SRC = Path(__file__).resolve().parents[2] / "src" / "meeple"
ALL_KEYS = frozenset().union(*(catalogs.texts(lang) for lang in LANGUAGES))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_key_is_in_every_catalog_with_text(lang):
    missing = sorted(ALL_KEYS - keys(lang))
    assert not missing, f"{lang} lacks {missing}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_message_is_counted_in_every_language(lang):
    assert plural_keys(lang) == plural_keys("en")


KEY_LITERAL = re.compile(r"[\"']([a-z_]+(?:\.[a-z0-9_]+)+)[\"']")


def _literals_in_code() -> set[str]:
    """Every string literal in the source (Python and the page's scripts) that looks like a catalog key."""
    found = set()
    for path in [*SRC.rglob("*.py"), *SRC.glob("web/*.js")]:
        if path.parent.name == "i18n" and path.name == "terms.py":
            continue  # the glossary's source is counted on its own
        found.update(KEY_LITERAL.findall(path.read_text(encoding="utf-8")))
    return found


# the page names its messages by whole keys; these prefixes are its catalog's
PAGE_KEY = re.compile(r"^(?:page|common|ethnos|okc|anunnaki)\.[a-z0-9_.]+$")


@pytest.mark.parametrize("script", sorted(p.name for p in SRC.glob("web/*.js")))
def test_every_key_the_page_names_is_in_the_catalogs(script):
    """A key written in a page script that no catalog has would show as the
    key itself; a file name ("app.js") or a CSS selector is no key."""
    named = {k for k in KEY_LITERAL.findall((SRC / "web" / script).read_text(encoding="utf-8")) if PAGE_KEY.match(k)}
    missing = sorted(k for k in named if k not in ALL_KEYS and not k.endswith((".js", ".css")))
    assert not missing, f"{script} names keys no catalog has: {missing}"


def test_a_key_in_two_parts_of_a_catalog_is_refused(tmp_path, monkeypatch):
    """One message has one place: the same key in meeple.po and page.po is an error."""
    for part in ("meeple", "page"):
        d = tmp_path / "en" / "LC_MESSAGES"
        d.mkdir(parents=True, exist_ok=True)
        (d / f"{part}.po").write_text('msgid ""\nmsgstr ""\n\nmsgid "a.b"\nmsgstr "x"\n', encoding="utf-8")
    monkeypatch.setattr(catalogs, "LOCALES", tmp_path)
    with pytest.raises(ValueError, match="a.b"):
        catalogs._load("en")


GLOSSARY_KEYS = {t.key for s in SECTIONS for t in s.terms}


def _rules_at_hand_keys() -> set[str]:
    """The keys of the rules at hand (meeple.games.glossary): each section's
    title and sentences, each glossary entry's name and sentences."""
    from meeple.games import glossary

    found = set()
    for game in glossary.GAMES:
        rules = glossary.load(game)
        for s in rules.summary:
            found.update([f"{game}.summary.{s.id}", *s.keys()])
        for e in rules.entries:
            found.update([e.name_key, *e.keys()])
    return found


def test_every_name_in_the_rules_at_hand_is_a_catalog_term():
    """A glossary entry's name is one catalog term (its own, or the game term it is)."""
    from meeple.games import glossary

    missing = sorted(e.name_key for g in glossary.GAMES for e in glossary.load(g).entries if e.name_key not in ALL_KEYS)
    assert not missing, f"names of the rules at hand no catalog has: {missing}"


def _event_keys() -> set[str]:
    """The keys of the words each game declares for its events
    (`meeple.core.events`): every sentence and value phrase, a pair of
    variants `<key>.one` / `<key>.other` as its one counted message `<key>`."""
    import meeple.games  # noqa: F401  (declares the games)
    from meeple.core.spec import events_of

    found = set()
    for game in ("ethnos", "okc", "anunnaki"):
        english = events_of(game).english
        found.update(english)
        found.update(k.removesuffix(".one") for k in english if k.endswith(".one") and k[:-4] + ".other" in english)
    return found


def test_no_key_is_unused():
    """Used: listed in the glossary's source (terms.py), written in the code,
    a text of the rules at hand (the page looks those up by the rules' keys),
    or words a game declares for its events."""
    unused = sorted(ALL_KEYS - GLOSSARY_KEYS - _literals_in_code() - _rules_at_hand_keys() - _event_keys())
    assert not unused, f"keys nobody uses: {unused}"


def test_the_glossary_lists_only_keys_the_catalogs_have():
    assert not sorted(GLOSSARY_KEYS - ALL_KEYS)
    assert len(GLOSSARY_KEYS) == sum(len(s.terms) for s in SECTIONS), "a key listed twice"


@pytest.mark.parametrize("lang", [x for x in LANGUAGES if x != "en"])
def test_every_message_has_the_same_named_values_as_english(lang):
    en, other = catalogs.texts("en"), catalogs.texts(lang)
    wrong = {}
    for key, forms in other.items():
        want = placeholders(en[key][0])
        got = [placeholders(f) for f in forms]
        if any(g != want for g in got) or any(placeholders(f) != want for f in en[key]):
            wrong[key] = (sorted(want), [sorted(g) for g in got])
    assert not wrong, wrong


def test_the_placeholder_check_sees_a_difference():
    assert placeholders("{count} cards of {tribe}") == {"count", "tribe"}
    assert placeholders("{count}枚") != placeholders("{n}枚")
    assert placeholders("{{literal}} {x}") == {"x"}


@pytest.mark.parametrize(
    ("n", "ru", "ja", "en"),
    [
        (1, "1 карта", "1枚", "1 card"),
        (2, "2 карты", "2枚", "2 cards"),
        (5, "5 карт", "5枚", "5 cards"),
        (11, "11 карт", "11枚", "11 cards"),
        (21, "21 карта", "21枚", "21 cards"),
        (24, "24 карты", "24枚", "24 cards"),
    ],
)
def test_plural_forms_per_language(n, ru, ja, en):
    assert translate("common.count.cards", "ru", count=n) == ru
    assert translate("common.count.cards", "ja", count=n) == ja
    assert translate("common.count.cards", "en", count=n) == en


def test_japanese_counts_with_the_rulebooks_counters():
    assert translate("anunnaki.count.followers", "ja", count=3) == "3体"
    assert translate("anunnaki.count.gods", "ja", count=2) == "2柱"
    assert translate("anunnaki.count.cubes", "ja", count=14) == "14個"
    assert translate("anunnaki.count.gods", "ru", count=2) == "2 бога"


def test_numbers_and_lists_are_written_the_languages_way():
    assert translate("common.count.cards", "en", count=12345) == "12,345 cards"
    assert translate("common.count.cards", "ru", count=12345) == "12\u00a0345 карт"
    assert format_list(["Ра", "Один", "Зевс"], "ru") == "Ра, Один и Зевс"
    assert format_list(["ラー", "オーディン"], "ja") == "ラー、オーディン"
    assert format_list(["Ra", "Odin", "Zeus"], "en") == "Ra, Odin, and Zeus"


def test_terms_read_as_the_rulebooks_print_them():
    assert translate("ethnos.tribe.merfolk", "ru") == "Тритоны"
    assert translate("ethnos.tribe.merfolk", "ja") == "マーフォーク"
    assert translate("okc.step.spring_action", "ja") == "Spring Action Step(春アクションステップ)"
    assert translate("okc.card.heir", "ja") == "Heir"


def test_a_counted_message_needs_a_whole_count():
    with pytest.raises(TypeError):
        translate("common.count.cards", "ru")
    with pytest.raises(TypeError):
        translate("common.count.cards", "ru", count="3")


def test_a_missing_value_is_named():
    with pytest.raises(KeyError, match="okc.kingdom.name.*number"):
        translate("okc.kingdom.name", "ja", suit="交換")


def test_an_unknown_key_or_language_is_an_error():
    with pytest.raises(KeyError):
        translate("no.such.key", "ja")
    with pytest.raises(ValueError):
        translate("ethnos.tribe.elf", "xx")


def test_the_pseudo_locale_is_accented_about_forty_percent_longer_and_keeps_placeholders():
    for key, (text, *_) in catalogs.texts("en").items():
        p = catalogs.texts(PSEUDO)[key][0]
        assert len(p) >= 1.4 * len(text) - 1, (text, p)
        assert placeholders(p) == placeholders(text)
    assert pseudo("Orcs").startswith("[Öŕçš")
    shown = translate("common.count.cards", PSEUDO, count=3)
    assert shown.startswith("[3 çåŕđš") and "cards" not in shown
    assert pseudo("{{x}} {y}").startswith("[{{ẋ}} {y}")  # a literal brace stays literal


def test_the_pseudo_locale_has_every_key():
    assert keys(PSEUDO) == keys("en")


# Latin words a Japanese message may hold: the English names the OKC rulebook
# prints and keeps (factions, card names, regions, commands, traits, steps)...
PRINTED_IN_ENGLISH = {
    "Nobility", "Clans", "Uprising", "Gathering", "Ruse", "Agent", "Captain", "Heir", "HQ",
    "Highlands", "Plateau", "Lowlands", "Invulnerable", "Pathfinder", "Resilient", "Ambush", "Retreat",
    "Flank", "Rally", "Self", "Any", "Deploy", "Deadly", "Spring", "Day", "Night", "Autumn", "Winter",
    "Action", "Effects", "Step", "The", "Old", "King", "s", "Crown",
}  # fmt: skip
# ...and the card names it does not print, kept in English as it keeps card
# names (docs/i18n.md; each marked "translated" with that note in the glossary).
CARD_NAMES_NOT_PRINTED = {"Trader", "Follower", "Cavalry", "War", "Machine", "Champion"}
KEPT_IN_ENGLISH = PRINTED_IN_ENGLISH | CARD_NAMES_NOT_PRINTED
# What a player types at a terminal table stays as it is in every language
# (the commands, and the notation of a move); a message may quote it.
TYPED = re.compile(
    r"[«「'](?:(?:info|rules|resign|help|board|log|hint|quit|effects)\b[^»」']*|[\x20-\x7e]+)[»」']"
)  # a command with its argument, or any notation in quotes


def _latin_words(text: str) -> set[str]:
    """Latin words but Roman numerals (an age, a glory slot)."""
    words = re.findall(r"[A-Za-z]+", TYPED.sub("", re.sub(r"\{[^}]*\}", "", text)))
    return {w for w in words if not re.fullmatch(r"[IVX]+", w)}


def test_russian_messages_hold_no_latin_words():
    found = {k: _latin_words(" ".join(f)) for k, f in catalogs.texts("ru").items() if _latin_words(" ".join(f))}
    assert not found, found


def test_japanese_messages_hold_only_the_english_names_the_rulebook_keeps():
    found = {
        k: _latin_words(" ".join(f)) - KEPT_IN_ENGLISH
        for k, f in catalogs.texts("ja").items()
        if _latin_words(" ".join(f)) - KEPT_IN_ENGLISH
    }
    assert not found, found


def test_the_english_kept_in_japanese_is_the_okc_rulebooks():
    from meeple.i18n import seeds

    where = seeds.seeds_dir()
    if where is None:
        pytest.skip("shared/seeds is not beside this checkout (set MEEPLE_SEEDS)")
    words = set(re.findall(r"[a-z]+", (where / seeds.SEED_FILES["004"]).read_text(encoding="utf-8").casefold()))
    assert not sorted(w for w in PRINTED_IN_ENGLISH if w.casefold() not in words)
    assert not sorted(w for w in CARD_NAMES_NOT_PRINTED if w.casefold() in words), "printed after all: move it up"
