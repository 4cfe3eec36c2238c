"""The message catalogs: one gettext .po file per language, read with Babel.

A message's id is a key (`ethnos.tribe.centaur`), never English text, so that
a changed English sentence cannot silently orphan its translations. A counted
message is a gettext plural entry: its forms follow the language's rule from
the catalog header (Russian three, Japanese one, the counter word written in
the message: 「{count}枚」, 「{count}体」). Values are formatted per language
with CLDR data (numbers, lists) before they go into the sentence.

The pseudo-locale `qps` is made from English at load time: every letter
accented and every message about 40% longer, to find text that overflows its
box or was never put in a catalog.
"""

from __future__ import annotations

import io
import math
import string
from collections.abc import Iterable, Iterator, Mapping
from functools import cache, lru_cache
from pathlib import Path

from babel import Locale
from babel.lists import format_list as _babel_list
from babel.messages.catalog import Catalog
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal
from babel.support import Translations

LOCALES = Path(__file__).resolve().parent / "locales"
DOMAIN = "meeple"
DEFAULT = "en"
LANGUAGES = ("en", "ja", "ru")
PSEUDO = "qps"  # the pseudo-locale (the "qps" code Windows uses for its own)
_FORMAT_AS = {PSEUDO: "en"}  # numbers, lists and plurals of the pseudo-locale


# each language's catalog is kept in parts, one .po file each, read as one:
# the game terms, the terminal and reports (meeple.po), the browser page
# (page.po), the rules at hand's sections, sentences and the glossary entries
# no game term names (rules.po, keys as meeple.games.glossary gives them), the
# sentences of the events each game declares (events.po, keys as
# meeple.core.events names them)
PARTS = (DOMAIN, "page", "rules", "events")


def po_path(lang: str, part: str = DOMAIN) -> Path:
    return LOCALES / lang / "LC_MESSAGES" / f"{part}.po"


class _Catalog:
    """One language: its gettext translations and which keys are counted."""

    def __init__(self, data: bytes, plural: set[str], texts: dict[str, tuple[str, ...]]) -> None:
        self.translations = Translations(io.BytesIO(data), domain=DOMAIN)
        self.plural = frozenset(plural)
        self.texts = texts  # key -> its forms, as written in the catalog


def _entries(catalog: Catalog) -> Iterator[tuple[str, tuple[str, ...], bool]]:
    """(key, its forms, counted?) of every message but the header."""
    for m in catalog:
        if not m.id:
            continue
        counted = isinstance(m.id, (tuple, list))
        key = str(m.id[0] if counted else m.id)
        forms = tuple(str(f or "") for f in m.string) if isinstance(m.string, (tuple, list)) else (str(m.string or ""),)
        yield key, forms, counted


def _compile(catalog: Catalog) -> _Catalog:
    buf = io.BytesIO()
    write_mo(buf, catalog)
    entries = list(_entries(catalog))
    return _Catalog(buf.getvalue(), {k for k, _, counted in entries if counted}, {k: f for k, f, _ in entries})


def _load(lang: str) -> Catalog:
    """The language's parts as one catalog (the first part's header); a key
    in two parts is an error: one message has one place."""
    with po_path(lang).open("rb") as f:
        whole = read_po(f, locale=lang, domain=DOMAIN)
    for part in PARTS[1:]:
        path = po_path(lang, part)
        if not path.is_file():
            continue
        with path.open("rb") as f:
            for m in read_po(f, locale=lang, domain=DOMAIN):
                if not m.id:
                    continue
                if m.id in whole:
                    raise ValueError(f"{path}: message {m.id!r} is also in another part of the {lang} catalog")
                whole[m.id] = m
    return whole


@cache
def _read(lang: str) -> _Catalog:
    return _pseudo() if lang == PSEUDO else _compile(_load(lang))


def _catalog(lang: str) -> _Catalog:
    if lang not in LANGUAGES and lang != PSEUDO:
        raise ValueError(f"no catalog for language {lang!r} (known: {', '.join(LANGUAGES)}, {PSEUDO})")
    return _read(lang)


def keys(lang: str = DEFAULT) -> frozenset[str]:
    """Every key the language's catalog holds a non-empty text for."""
    return _keys(_catalog(lang))


@cache
def _keys(catalog: _Catalog) -> frozenset[str]:
    return frozenset(k for k, forms in catalog.texts.items() if all(forms))


def plural_keys(lang: str = DEFAULT) -> frozenset[str]:
    return _catalog(lang).plural


def texts(lang: str) -> Mapping[str, tuple[str, ...]]:
    """key -> the message's forms as the catalog writes them (one, or one per plural form)."""
    return _catalog(lang).texts


def plural_indexes(lang: str) -> dict[str, int]:
    """Which of a counted message's forms each CLDR plural category takes
    ({"one": 0, "few": 1, "many": 2} in Russian): the page picks a form with
    the browser's Intl.PluralRules, the catalog's rule says which form that is."""
    rule = _catalog(lang).translations.plural
    cldr = Locale.parse(_FORMAT_AS.get(lang, lang))
    out: dict[str, int] = {}
    for n in range(1000):
        out.setdefault(str(cldr.plural_form(n)), rule(n))
    return out


def messages(lang: str) -> dict[str, str | list[str]]:
    """Every message as the language writes it, English where it lacks one
    (the completeness tests keep that from happening): one text, or the forms
    of a counted message. What the page loads to write its words."""
    own, en = _catalog(lang), _catalog(DEFAULT)
    out: dict[str, str | list[str]] = {}
    for key, forms in en.texts.items():
        mine = own.texts.get(key, ())
        use = mine if mine and all(mine) else forms
        out[key] = list(use) if key in en.plural else use[0]
    return out


def has_key(key: str, lang: str = DEFAULT) -> bool:
    return key in keys(lang)


@lru_cache(maxsize=4096)  # Babel takes ~50 µs a number; a terminal table writes hundreds a screen
def format_number(n: int | float, lang: str) -> str:
    return format_decimal(n, locale=_FORMAT_AS.get(lang, lang))


def format_list(items: Iterable[str], lang: str) -> str:
    """["a", "b", "c"] as the language writes a list: "a, b, and c", "a、b、c", "a, b и c"."""
    return _babel_list(list(items), locale=_FORMAT_AS.get(lang, lang))


def _value(v: object, lang: str) -> str:
    if isinstance(v, bool):
        return str(v)
    if isinstance(v, (int, float)):
        return format_number(v, lang)
    if isinstance(v, (list, tuple)):
        return format_list([str(x) for x in v], lang)
    return str(v)


def translate(key: str, lang: str = DEFAULT, /, **values: object) -> str:
    """The message `key` in `lang` with its named values filled in.

    A counted message takes its form from `count`. A key the language lacks
    reads as English (the completeness test keeps that from happening); a key
    no catalog has is a programming error (KeyError). Numbers and lists among
    the values are written the language's way.
    """
    cat = _catalog(lang)
    if key not in cat.texts or not all(cat.texts[key]):
        if lang == DEFAULT:
            raise KeyError(f"no message {key!r} in the {DEFAULT} catalog")
        return translate(key, DEFAULT, **values)
    if key in cat.plural:
        count = values.get("count")
        if not isinstance(count, int) or isinstance(count, bool):
            raise TypeError(f"message {key!r} is counted: give count=<a whole number>")
        text = cat.translations.ngettext(key, key, count)
    else:
        text = cat.translations.gettext(key)
    try:
        return text.format_map({k: _value(v, lang) for k, v in values.items()})
    except KeyError as e:
        raise KeyError(f"message {key!r} needs the value {e.args[0]!r}") from None


def term_key(*parts: object) -> str:
    """The key of a game term named by the game data's identifiers:
    ("okc.location", "harvest-field") -> "okc.location.harvest_field",
    ("okc.card", "war machine") -> "okc.card.war_machine"."""
    return ".".join(str(p).replace("-", "_").replace(" ", "_") for p in parts)


def term(lang: str, *parts: object) -> str:
    """A game term in `lang` by its data identifiers: term("ja", "okc.location", "castle") -> "城"."""
    return translate(term_key(*parts), lang)


def placeholders(text: str) -> frozenset[str]:
    """The named values a message uses ("{count} cards" -> {"count"})."""
    return frozenset(name for _, name, _, _ in string.Formatter().parse(text) if name)


# ------------------------------------------------------------ pseudo-locale
_ACCENTED = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", "åƀçđéƒĝĥîĵķļɱñöþǫŕšŧûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŦÛṼŴẊÝŽ"
)
GROWTH = 0.4  # translations run up to about 40% longer than English


def pseudo(text: str) -> str:
    """English made strange and longer: "{count} cards" -> "[{count} çåŕđš ~·~·]".

    Placeholders stay as they are (they are filled in later); the padding
    brings the text to 140% of its length, brackets show where it was cut."""
    parts = []
    for literal, name, spec, conv in string.Formatter().parse(text):
        parts.append(literal.translate(_ACCENTED).replace("{", "{{").replace("}", "}}"))
        if name is not None:
            parts.append("{" + name + (f"!{conv}" if conv else "") + (f":{spec}" if spec else "") + "}")
    body = "".join(parts)
    pad = max(1, math.ceil(len(text) * GROWTH) - 2)
    return "[" + body + " " + ("~·" * pad)[: pad - 1] + "]"


def _pseudo() -> _Catalog:
    source = _load(DEFAULT)
    for m in source:
        if m.id:
            if isinstance(m.string, (tuple, list)):
                m.string = tuple(pseudo(str(f or "")) for f in m.string)
            else:
                m.string = pseudo(str(m.string or ""))
    return _compile(source)
