"""Names as the tables compare them: two names are one when a reader would take them for one.

A name at a table ends with a mark for how its player signed in (``?`` a guest, ``+`` a club
member, none for a key); the marks, stand-ins for them (a full-width ``？``) and spaces at the
end are set aside, and so are case and width.  Who may use which name is the server's
business (``app/server/accounts/names.py``); this is only the comparing.
"""

from __future__ import annotations

import unicodedata

__all__ = ["GUEST_MARK", "MEMBER_MARK", "bare_name", "folded", "is_mark", "name_key"]

GUEST_MARK = "?"
MEMBER_MARK = "+"


def folded(name: str) -> str:
    """``name`` as a reader compares it: capitals and width aside (Unicode's compatibility
    caseless match: NFKC, case folded, NFKC again, as case folding may undo the form)."""
    return unicodedata.normalize("NFKC", unicodedata.normalize("NFKC", name).casefold())


def is_mark(character: str) -> bool:
    """Whether ``character`` is a sign-in mark or stands for one."""
    return unicodedata.normalize("NFKC", character) in (GUEST_MARK, MEMBER_MARK)


def bare_name(name: str) -> str:
    """``name`` without marks (or stand-ins for them) and spaces at its end."""
    name = unicodedata.normalize("NFC", name)
    while name and (is_mark(name[-1]) or name[-1].isspace()):
        name = name[:-1]
    return name


def name_key(name: str) -> str:
    """What two names must share to be one name at the tables."""
    return folded(bare_name(name))
