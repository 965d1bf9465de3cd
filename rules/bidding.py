"""The auction (rules/README.md section 3, and 9.3 and 9.6 for Texas 42's mark bids)."""

from __future__ import annotations

from .errors import RuleError
from .options import MarkRaises, Options

__all__ = [
    "MARK",
    "MOON",
    "MAX_BID",
    "top_bid",
    "bid_values",
    "check_bid",
    "special_value",
    "marks_of",
    "bid_label",
]

MARK = 42
MOON = 21
MAX_BID = 7 * MARK
PLUNGE_DOUBLES = 4
SPLASH_DOUBLES = 3


def top_bid(options: Options) -> int:
    """The bid nothing can top: bidding ends at once after it."""
    if options.is_moon:
        return MOON
    if options.mark_raises == MarkRaises.NONE and not options.plunge and not options.splash:
        return 2 * MARK
    return MAX_BID


def marks_of(bid: int) -> int:
    """Marks a Texas 42 bid is worth, made or set."""
    return bid // MARK if bid >= MARK else 1


def special_value(contract: str, high: int) -> int:
    """What a Plunge or Splash is worth over the high bid (0 when nobody has bid)."""
    base = (4 if contract == "plunge" else 3) * MARK
    return max(base, high + MARK)


def bid_values(options: Options, high: int) -> list[int]:
    """Every plain bid that may be made over ``high`` (0 when nobody has bid)."""
    if options.is_moon:
        values = [v for v in range(options.min_bid, 8) if v > high]
        if high < MOON:
            values.append(MOON)
        return values
    values = [v for v in range(30, MARK + 1) if v > high]
    if high < 2 * MARK:
        values.append(2 * MARK)
    if options.mark_raises == MarkRaises.ONE and high >= 2 * MARK and high % MARK == 0:
        raise_to = high + MARK
        if raise_to <= MAX_BID:
            values.append(raise_to)
    return values


def check_bid(options: Options, high: int, value: int) -> None:
    """Refuse a plain bid that breaks the rules, saying which rule."""
    is_moon = options.game != "texas42"  # (the property costs a call, and this runs per bid)
    if is_moon:
        if not (options.min_bid <= value <= 7 or value == MOON):
            raise RuleError(
                "bid range",
                f"bid {value} is not a Moon bid: bid {options.min_bid} to 7 tricks, or 21 to shoot"
                " the moon",
            )
    else:
        is_marks = value >= 2 * MARK and value % MARK == 0 and value <= MAX_BID
        if not (30 <= value <= MARK or is_marks):
            raise RuleError(
                "bid range",
                f"bid {value} is not a Texas 42 bid: bid 30 to 42 points, or 84 for two marks",
            )
        if value > 2 * MARK and options.mark_raises != MarkRaises.ONE:
            raise RuleError(
                "mark bids", f"bid {value} needs the mark raises house rule: the top bid is 84"
            )
    if value <= high:
        raise RuleError("higher bid", f"bid {value} is not higher than {high}")
    if not is_moon and value > 2 * MARK and value != high + MARK:
        raise RuleError(
            "mark bids",
            f"bid {value} is too high: above 84 a bid must be exactly one mark over the high bid"
            f" ({high + MARK if high >= 2 * MARK else 2 * MARK} here)",
        )


def bid_label(value: int | None, contract: str = "bid", is_moon: bool = True) -> str:
    """A bid as a player says it: "pass", "5", "moon", "84 (2 marks)", "Plunge (4 marks)"."""
    if value is None:
        return "pass"
    if contract in ("plunge", "splash"):
        return f"{contract.capitalize()} ({marks_of(value)} marks)"
    if is_moon:
        return "moon" if value == MOON else str(value)
    if value >= 2 * MARK:
        return f"{value} ({marks_of(value)} marks)"
    return str(value)
