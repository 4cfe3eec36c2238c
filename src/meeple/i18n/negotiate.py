"""Which language a person reads: from a browser's Accept-Language header, or
from `--lang` and the POSIX locale variables in a terminal.

Matching a wanted tag to a catalog ("ru-RU" -> "ru", "ja_JP.UTF-8" -> "ja")
is Babel's `negotiate_locale`; only the header's syntax is read here (RFC 9110
§12.5.4: tags with optional q weights). A header is client input: anything
malformed is skipped, never an error, and only its first entries are read.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping

from babel import negotiate_locale

from meeple.i18n.catalogs import DEFAULT, LANGUAGES, PSEUDO

MAX_HEADER = 1024  # a longer header is read up to here
MAX_ENTRIES = 32
_TAG = re.compile(r"^(?:\*|[A-Za-z]{1,8}(?:[-_][A-Za-z0-9]{1,8})*)$")
_Q = re.compile(r"^[qQ]\s*=\s*(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$")


def parse_accept_language(header: str | None) -> list[str]:
    """The tags of an Accept-Language header, most wanted first (q=0 left out;
    equal weights keep the header's order)."""
    if not header:
        return []
    weighted = []
    for i, entry in enumerate(header[:MAX_HEADER].split(",")[:MAX_ENTRIES]):
        tag, *params = (p.strip() for p in entry.split(";"))
        if not _TAG.match(tag):
            continue
        q = 1.0
        for p in params:
            m = _Q.match(p)
            if m:
                q = float(m.group(1))
            elif p[:1] in ("q", "Q"):
                q = -1.0  # a malformed weight: the entry is skipped
        if q > 0:
            weighted.append((-q, i, tag))
    return [tag for _, _, tag in sorted(weighted)]


def _match(wanted: list[str]) -> str | None:
    tags = [t.replace("_", "-") for t in wanted if t != "*"]
    return negotiate_locale(tags, list(LANGUAGES), sep="-") if tags else None


def from_accept_language(header: str | None) -> str:
    """The catalog language a browser asks for, English when none matches."""
    return _match(parse_accept_language(header)) or DEFAULT


def _posix(value: str) -> str | None:
    """ "ja_JP.UTF-8@euro" -> "ja_JP"; the C and POSIX locales name no language."""
    tag = value.split(".")[0].split("@")[0].strip()
    return None if tag in ("", "C", "POSIX") else tag


def from_environment(lang: str | None = None, environ: Mapping[str, str] | None = None) -> str:
    """The terminal's language: `--lang` when given (ValueError naming the
    choices when no catalog has it), else the first language we have of
    LANGUAGE's list, then of the locale (the first set of LC_ALL, LC_MESSAGES,
    LANG): GNU gettext's order, LANGUAGE ignored when the locale is C. Else
    English. `--lang qps` picks the pseudo-locale."""
    if lang is not None:
        if lang == PSEUDO:
            return PSEUDO
        found = _match([lang])
        if found is None:
            raise ValueError(f"no language {lang!r}: choose one of {', '.join(LANGUAGES)}")
        return found
    env = os.environ if environ is None else environ
    locale = next((env[v] for v in ("LC_ALL", "LC_MESSAGES", "LANG") if env.get(v)), "")
    wanted = env.get("LANGUAGE", "").split(":") if _posix(locale) else []  # (GNU: LANGUAGE is ignored under C)
    for value in [*wanted, locale]:
        tag = _posix(value)
        found = _match([tag]) if tag else None
        if found:
            return found
    return DEFAULT
