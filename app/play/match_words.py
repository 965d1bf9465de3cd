"""A duplicate match in words: what each table did with a deal, the score of each holding
against the other table's, where the tables first differed, and the match's total.

``moon42 match`` prints these lines and the local match's comparison screen shows them.
"""

from __future__ import annotations

from collections.abc import Sequence

from moon42.rules import Game, HandResult
from moon42.rules.actions import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash
from moon42.rules.duplicate import Comparison, compare, first_difference, measures, totals
from moon42.rules.options import Options
from moon42.rules.scoring import units_of

from .words import GAME_TITLES, bid_text, trump_text

__all__ = ["holding_name", "table_line", "took_line", "deal_lines", "total_lines", "match_lines",
           "deal_comparison", "amount"]


def amount(value: int, unit: str, sign: bool = False) -> str:
    """``+1 mark``, ``-15 points``, ``3 tricks``."""
    singular = unit[:-1] if unit.endswith("s") else unit
    word = singular if abs(value) == 1 else unit
    return f"{value:+d} {word}" if sign else f"{value} {word}"


def holding_name(players: Sequence[str], seats: Sequence[int]) -> str:
    return " & ".join(players[s] for s in seats)


def table_line(options: Options, players: Sequence[str], result: HandResult) -> str:
    """Who bid what, and how it went."""
    if result.bidder is None:
        return "everyone passed: thrown in."
    bid = bid_text(result.bid, result.contract or "bid", options)
    verdict = "made" if result.made else "set"
    return (f"{players[result.bidder]} bid {bid}, trump {trump_text(result.trump, options)}:"
            f" {verdict}.")


def took_line(options: Options, players: Sequence[str], result: HandResult) -> str:
    """What each side (or player) took."""
    taken = measures(options)[1]
    return ", ".join(
        f"{holding_name(players, unit)} {amount(_taken(options, result, unit), taken)}"
        for unit in units_of(options))


def _taken(options: Options, result: HandResult, unit: Sequence[int]) -> int:
    taken = result.points if options.game == "texas42" else result.tricks_won
    return sum(taken[s] for s in unit)


def _action_words(action: Action, name: str) -> str:
    match action:
        case Bid(_, value):
            return f"{name} bid {value}"
        case Pass():
            return f"{name} passed"
        case Plunge() | Splash():
            return f"{name} bid {type(action).__name__}"
        case Discard():
            return f"{name} laid a tile aside"
        case NameTrump(_, trump):
            return f"{name} named {trump_text(trump)}"
        case Play(_, t):
            return f"{name} played {t}"
    return name


def difference_line(game_a: Game, game_b: Game) -> str:
    """Where the tables first did otherwise, in words (table A's names for the tiles)."""
    actions_a, actions_b = game_a.log[0].actions, game_b.log[0].actions
    n = game_a.seats
    found = first_difference(actions_a, actions_b, n)
    if found is None:
        return "Both tables bid and played the deal the same way."
    index, a, b = found
    plays_before = sum(isinstance(x, Play) for x in actions_a[:index])
    when = f"trick {plays_before // n + 1}" if isinstance(a or b, Play) else "the bidding"
    if isinstance(a or b, NameTrump):
        when = "naming trump"
    said_a = _action_words(a, game_a.players[a.seat]) if a else "the hand was over"
    said_b = _action_words(b, game_b.players[b.seat]) if b else "the hand was over"
    return f"First difference, {when}: at table A {said_a}; at table B {said_b}."


def _score_text(options: Options, score: tuple[int, int]) -> str:
    first, second = measures(options)
    return f"{amount(score[0], first, True)}, {amount(score[1], second, True)}"


def deal_comparison(options: Options, game_a: Game, game_b: Game) -> tuple[Comparison, ...]:
    return compare(options, game_a.results[0], game_b.results[0])


def deal_lines(options: Options, number: int, game_a: Game, game_b: Game) -> list[str]:
    """One deal: each table, each holding's score, and the first difference."""
    lines = [f"Deal {number + 1}"]
    if not (game_a.results and game_b.results):
        return [*lines, "  not finished at both tables"]
    for table, game in (("A", game_a), ("B", game_b)):
        result = game.results[0]
        lines.append(f"  Table {table}: {table_line(options, game.players, result)}")
        if not result.thrown_in:
            lines.append(f"    took: {took_line(options, game.players, result)}")
    for c in deal_comparison(options, game_a, game_b):
        lines.append(f"  {holding_name(game_a.players, c.seats)}: "
                     f"{_score_text(options, c.score)} against table B")
    lines.append(f"  {difference_line(game_a, game_b)}")
    return lines


def total_lines(options: Options, players: Sequence[str],
                deals: Sequence[tuple[Game, Game]]) -> list[str]:
    """The match's total for each holding, over the deals finished at both tables."""
    done = [deal_comparison(options, a, b) for a, b in deals if a.results and b.results]
    summed = totals(done)
    lines = [f"Total over {len(done)} deal{'s' * (len(done) != 1)}, against table B:"]
    for unit in units_of(options):
        lines.append(f"  {holding_name(players, unit)}: "
                     f"{_score_text(options, summed.get(unit, (0, 0)))}")
    return lines


def match_lines(options: Options, seed: int, deals: Sequence[tuple[Game, Game]]) -> list[str]:
    """The whole match, as ``moon42 match`` prints it."""
    first, second = measures(options)
    players = deals[0][0].players if deals else ()
    lines = [f"{GAME_TITLES[options.game]} duplicate match, seed {seed}, "
             f"{len(deals)} deal{'s' * (len(deals) != 1)}: scored by {first}, then {second}",
             "Each side's score is what it made of its tiles less what table B made of them."]
    for number, (a, b) in enumerate(deals):
        lines += deal_lines(options, number, a, b)
    return lines + total_lines(options, players, deals)
