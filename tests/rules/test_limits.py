"""rules/RECORDS.md "Limits": past any of them a document is not a record, refused before any
other work with a message that says which limit, and no message quotes more than 40
characters of a bad value."""

from __future__ import annotations

import json

import pytest

from moon42.rules.document import NotJSON, PastLimit, read_document
from moon42.rules.errors import RecordError
from moon42.rules.limits import MAX_DOCUMENT_BYTES, QUOTE_CHARS, quoted
from moon42.rules.options import OptionsError, options_for
from moon42.rules.record import parse_record
from tests.rules.positions import moon3_doc


def _text(doc) -> bytes:
    return json.dumps(doc).encode()


def _nested(depth: int, open_: str = "[", close: str = "]") -> bytes:
    return (open_ * depth + close * depth).encode()


def test_a_record_within_the_limits_reads_as_json_does() -> None:
    doc = moon3_doc()
    assert read_document(_text(doc)) == doc


def test_the_size_limit_is_checked_first() -> None:
    data = b" " * MAX_DOCUMENT_BYTES + b"{"
    with pytest.raises(PastLimit, match="larger than 3 MiB"):
        read_document(data)
    assert read_document(b" " * (MAX_DOCUMENT_BYTES - 2) + b"{}") == {}


@pytest.mark.parametrize(("open_", "close"), [("[", "]"), ('{"a":', "}")],
                         ids=["arrays", "objects"])
def test_nesting_32_deep_is_a_document_and_33_is_not(open_: str, close: str) -> None:
    inner = "1" if open_ != "[" else ""
    ok = (open_ * 31 + "[" + inner + "]" + close * 31).encode()
    assert read_document(ok) is not None
    deep = (open_ * 32 + "[" + inner + "]" + close * 32).encode()
    with pytest.raises(PastLimit, match="more than 32 deep"):
        read_document(deep)


def test_100000_nested_brackets_are_refused_without_recursing() -> None:
    for data in (b"[" * 100_000 + b"]" * 100_000, b"[" * 100_000, b'{"a":' * 100_000,
                 b"[{" * 50_000):
        with pytest.raises(PastLimit, match="more than 32 deep"):
            read_document(data)


def test_brackets_inside_strings_do_not_count_and_escapes_are_followed() -> None:
    doc = {"notes": "[" * 1000 + '\\"' + "{" * 1000, "x": ["\\", "]]]"]}
    assert read_document(_text(doc)) == doc


def test_nesting_in_a_member_check_ignores_still_counts() -> None:
    doc = moon3_doc()
    doc["notes"] = json.loads(_nested(32))
    with pytest.raises(PastLimit, match="deep"):
        read_document(_text(doc))


def test_a_member_named_twice_in_any_object() -> None:
    with pytest.raises(PastLimit, match="names the member 'format' twice"):
        read_document(b'{"format": "moon42/0", "format": "moon42/1"}')
    with pytest.raises(PastLimit, match="'seat' twice"):
        read_document(b'{"hands": [{"actions": [{"seat": 1, "seat": 2, "bid": 4}]}]}')


@pytest.mark.parametrize("number", ["1" * 33, "-" + "1" * 32, "0." + "1" * 31,
                                    "1e" + "0" * 31, "1" * 5000])
def test_a_number_of_more_than_32_characters(number: str) -> None:
    with pytest.raises(PastLimit, match="more than 32 characters") as caught:
        read_document(f'{{"seed": {number}}}'.encode())
    assert len(str(caught.value)) < 100


def test_integers_outside_64_bits() -> None:
    assert read_document(b"[9223372036854775807, -9223372036854775808]") == [2**63 - 1, -(2**63)]
    for number in ("9223372036854775808", "-9223372036854775809", "1" * 32):
        with pytest.raises(PastLimit, match="outside -2\\^63"):
            read_document(f"[{number}]".encode())


@pytest.mark.parametrize("text", [b"[NaN]", b"[Infinity]", b"[-Infinity]"])
def test_nan_and_infinity_are_not_json(text: bytes) -> None:
    with pytest.raises(NotJSON, match="not a JSON number"):
        read_document(text)


@pytest.mark.parametrize(("data", "words"), [(b"", "is empty"), (b" \n", "is empty"),
                                            (b"\xff{}", "not UTF-8"), (b"{", "is not JSON")])
def test_text_that_is_not_json(data: bytes, words: str) -> None:
    with pytest.raises(NotJSON, match=words):
        read_document(data)


def test_a_quoted_value_shows_at_most_40_characters() -> None:
    assert quoted("6-7") == "'6-7'"
    assert quoted(5) == "5" and quoted(None) == "None"
    for value in ("x" * 10_000_000, ["y" * 100] * 100, {"k" * 100: 1}, 10**5000, -(10**400)):
        text = quoted(value)
        assert len(text) <= QUOTE_CHARS + 1, text
    assert quoted(10**5000) == "a whole number of about 5001 digits"


LONG = "z" * 10_000_000


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.__setitem__("format", LONG),
        lambda d: d.__setitem__("game", LONG),
        lambda d: d["options"].__setitem__(LONG, True),
        lambda d: d["options"].__setitem__("scoring", LONG),
        lambda d: d["hands"][0]["deal"][0].__setitem__(0, LONG),
        lambda d: d["hands"][0]["actions"][0].__setitem__("bid", LONG),
        lambda d: d["hands"][0]["actions"].__setitem__(0, {"seat": LONG, "bid": 5}),
        lambda d: d["hands"][0]["actions"].__setitem__(4, {"seat": 2, "trump": [LONG]}),
    ],
    ids=["format", "game", "option name", "option value", "tile", "bid", "seat", "trump"],
)
def test_a_10_mb_string_is_never_copied_into_a_message(change) -> None:
    doc = moon3_doc()
    change(doc)
    with pytest.raises(RecordError) as caught:
        parse_record(doc)
    # The message may list the game's option keys, but quotes no more than 40 characters.
    assert "z" * (QUOTE_CHARS + 1) not in str(caught.value)
    assert len(str(caught.value)) < 400


def test_target_is_at_most_10000() -> None:
    assert options_for("moon3", {"target": 10_000}).target == 10_000
    for target in (10_001, 2**63, 1e300):
        with pytest.raises(OptionsError, match="from 1 to 10,000"):
            options_for("moon3", {"target": target})


def test_a_seed_out_of_range_is_not_kept() -> None:
    for seed in (-1, 2**63, True, "7"):
        doc = moon3_doc()
        doc["seed"] = seed
        assert parse_record(doc).seed is None
    doc = moon3_doc()
    doc["seed"] = 2**63 - 1
    assert parse_record(doc).seed == 2**63 - 1
