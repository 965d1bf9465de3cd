"""The leaderboard's ratings, as its file shows them: one ranking a game kind.

``stats.ratings`` rates every player's counted games; this turns the standings into the
board's rows.  In each kind the players with ``MIN_GAMES`` rated games or more are ranked
by their conservative estimate (the ordinal, ``mu - 3 sigma``), and the others follow
unranked, most games first.  A player who chose to stay off the board is rated (their
games rate the others) but not shown, nor named as anyone's partner.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ...play.stats.ratings import (
    BOT_RATINGS,
    KINDS,
    MIN_GAMES,
    MODEL_NAME,
    PlayerGames,
    Standing,
    bot_partner,
    rate_all,
)

__all__ = ["MOST_PARTNERS", "OFF_BOARD", "rated_board"]

MOST_PARTNERS = 5  # partnerships shown a player, most games first
OFF_BOARD = "someone off the board"
_BOTS = {bot_partner(level): f"{level} bot" for level in BOT_RATINGS}

Rows = list[dict[str, Any]]


def _partners(standing: Standing, names: dict[str, str]) -> Rows:
    partners = sorted(standing.partners.items(),
                      key=lambda item: (-item[1][0], -item[1][1], item[0]))
    return [{"name": _BOTS.get(who) or names.get(who, OFF_BOARD), "games": games,
             "won": won} for who, (games, won) in partners[:MOST_PARTNERS]]


def _row(shown: dict[str, Any], standing: Standing, names: dict[str, str]) -> dict[str, Any]:
    return {"name": shown["name"], "sign_in": shown["sign_in"],
            "rating": round(standing.ordinal, 2), "mu": round(standing.mu, 2),
            "sigma": round(standing.sigma, 2), "games": standing.games, "won": standing.won,
            "partners": _partners(standing, names)}


def rated_board(players: list[tuple[PlayerGames, dict[str, Any] | None]],
                top: Callable[[Rows], Rows]) -> dict[str, Any]:
    """The board's ratings part: ``players`` are every player's counted games with the row
    the board shows them by (its name and sign-in; None for a player off the board), ``top``
    the rows the board keeps of a ranking, in order."""
    rated = rate_all(games for games, _ in players)
    shown = {games.label: row for games, row in players if row is not None}
    names = {label: str(row["name"]) for label, row in shown.items()}
    kinds: dict[str, Any] = {}
    for kind, title in KINDS.items():
        standings = rated.standings[kind]
        listed = [(label, standing) for label, standing in standings.items()
                  if label in shown]
        listed.sort(key=lambda item: (not item[1].ranked,
                                      -item[1].ordinal if item[1].ranked else -item[1].games,
                                      -item[1].games, names[item[0]], item[0]))
        rows = top([_row(shown[label], standing, names) for label, standing in listed])
        place = 0
        for row in rows:
            if row["games"] >= MIN_GAMES:
                place += 1
                row["rank"] = place
            else:
                row["rank"] = None
        kinds[kind] = {"title": title, "rows": rows, "rated": len(standings),
                       "ranked": sum(s.ranked for s in standings.values())}
    return {"ratings": kinds, "model": MODEL_NAME, "min_games": MIN_GAMES,
            "rated_games": rated.rated, "unrated_games": rated.unrated}
