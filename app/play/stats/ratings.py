"""The leaderboard's ratings: one per game kind, made again from the counted games every time.

A rating is openskill's Weng-Lin Plackett-Luce model (a Bayesian estimate of skill: a mean
``mu`` and a deviation ``sigma``); the board ranks by its conservative estimate, the
ordinal ``mu - 3 sigma``, and only players with ``MIN_GAMES`` rated games or more.

- **What is rated**: the games a ranking counts (``ranked.counts``), each player's from
  their own statistics.  Moon for 3 is a free-for-all: the winner first, the others by their
  final totals.  Moon for 4 and Texas 42 are partnerships: partners share the result, and
  a partnership's rating is its two players' together.
- **Bots** have fixed ratings by level (``BOT_RATINGS``), never updated, so a game against
  them moves a player's rating as a game against a player of that strength would.
- **Games with other people** (a shared table's) are rated once, from every seated
  player's statistics together: only when each person's seat is claimed by exactly one
  member's or key's player whose statistics tell the same game.  A guest at the table (a
  name anyone may use), a seat nobody's statistics claim (a player who left, a file that
  cannot be read) or accounts that disagree leave the game unrated for everyone.  A guest's
  games against bots rate the guest alone.
- **Order**: games are rated in the order they ended (then by id), so the same games give
  the same ratings however they were read.

Nothing is kept but the games: a change of model, or a board file lost, loses no rating.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

from .ranked import GAME_KINDS, PlayedGame, bot_level

__all__ = ["BOT_RATINGS", "KINDS", "MIN_GAMES", "MODEL_NAME", "PlayerGames", "Rated", "bot_partner",
           "Standing", "rate_all"]

KINDS = GAME_KINDS
MIN_GAMES = 5  # rated games before a player is given a rank
MODEL_NAME = "openskill Plackett-Luce"
# (mu, sigma) of each bot level: basic is the yardstick, a new player's starting mean.
# ``hard`` (the expert thinking about a third as long, on fewer layouts) is put between
# ``normal`` and ``expert``, not at the expert's rating: a win against it is worth less.
BOT_RATINGS = {"basic": (25.0, 1.0), "normal": (27.0, 1.0), "hard": (28.5, 1.0),
               "expert": (30.0, 1.0)}
_PARTNERSHIPS = frozenset({"moon4", "texas42"})
_SEATS = {"moon3": 3, "moon4": 4, "texas42": 4}


@dataclass(frozen=True)
class PlayerGames:
    """One player's counted games, as their statistics tell them."""

    label: str  # their folder's name on the server
    guest: bool
    games: tuple[PlayedGame, ...]
    totals: Mapping[str, tuple[int, ...]]  # each game's final totals by seat, by game id


@dataclass
class Standing:
    """A player's rating in one game kind, and what it was made from."""

    mu: float
    sigma: float
    games: int = 0
    won: int = 0
    partners: dict[str, list[int]] = field(default_factory=dict)  # partner: [games, won]

    @property
    def ordinal(self) -> float:
        return self.mu - 3 * self.sigma

    @property
    def ranked(self) -> bool:
        return self.games >= MIN_GAMES


@dataclass
class Rated:
    """Every kind's standings by player label, and how many games were rated or left out."""

    standings: dict[str, dict[str, Standing]]  # kind: label: standing
    rated: int = 0
    unrated: int = 0  # shared games left out (a guest, a seat unclaimed, accounts differing)


@dataclass(frozen=True)
class _Event:
    """One game to rate: who held each seat (a player's label, or None for a bot)."""

    game: PlayedGame
    seats: tuple[str | None, ...]
    totals: tuple[int, ...]

    def order(self) -> tuple[str, str, str]:
        return (self.game.finished, self.game.id, next(s for s in self.seats if s))


def bot_partner(level: str) -> str:
    """How a bot partner is named in a player's partnerships."""
    return f"bot:{level}"


def _events(players: Iterable[PlayerGames]) -> tuple[list[_Event], int]:
    """The games to rate, in order, and how many shared games are left out."""
    events: list[_Event] = []
    shared: dict[str, list[tuple[PlayerGames, PlayedGame]]] = defaultdict(list)
    for player in players:
        for game in player.games:
            if game.game not in KINDS or len(game.bots) != _SEATS[game.game] \
                    or not game.winners:
                continue
            totals = player.totals.get(game.id, ())
            people = [s for s, bot in enumerate(game.bots) if bot is None and s != game.seat]
            if people:
                shared[game.id].append((player, game))
                continue
            seats = tuple(player.label if s == game.seat else None
                          for s in range(len(game.bots)))
            events.append(_Event(game, seats, totals))
    unrated = 0
    for claims in shared.values():
        event = _shared_event(claims)
        if event is None:
            unrated += 1
        else:
            events.append(event)
    events.sort(key=_Event.order)
    return events, unrated


def _shared_event(claims: list[tuple[PlayerGames, PlayedGame]]) -> _Event | None:
    """A shared game, if its seated players' statistics agree on it and none is a guest."""
    first_player, first = claims[0]
    seats: list[str | None] = [None] * len(first.bots)
    for player, game in claims:
        if player.guest or seats[game.seat] is not None or game.bots[game.seat] is not None \
                or (game.game, game.bots, game.winners) != (first.game, first.bots,
                                                            first.winners):
            return None
        seats[game.seat] = player.label
    if any(bot is None and seats[s] is None for s, bot in enumerate(first.bots)):
        return None
    # The latest end any of them wrote: every one of them is after the game's last move.
    latest = max(claims, key=lambda claim: claim[1].finished)[1]
    return _Event(latest, tuple(seats), first_player.totals.get(first.id, ()))


def _ranks(event: _Event) -> tuple[list[list[int]], list[int]]:
    """The teams (seats) and their places: 1 for the winners."""
    game = event.game
    if game.game in _PARTNERSHIPS:
        teams = [[0, 2], [1, 3]]
        return teams, [1 if team[0] in game.winners else 2 for team in teams]
    seats = range(len(game.bots))
    totals = event.totals if len(event.totals) == len(game.bots) else (0,) * len(game.bots)
    losers = [s for s in seats if s not in game.winners]
    ranks = [1 if s in game.winners else
             2 + sum(totals[o] > totals[s] for o in losers) for s in seats]
    return [[s] for s in seats], ranks


def rate_all(players: Iterable[PlayerGames]) -> Rated:
    """Every player's standing in every kind they played a rated game of."""
    model = PlackettLuce()
    standings: dict[str, dict[str, Standing]] = {kind: {} for kind in KINDS}
    events, unrated = _events(players)
    for event in events:
        kind = standings[event.game.game]
        teams, ranks = _ranks(event)
        ratings = []
        for team in teams:
            members = []
            for seat in team:
                label = event.seats[seat]
                if label is None:
                    mu, sigma = BOT_RATINGS[bot_level(event.game.bots[seat] or "") or "basic"]
                else:
                    known = kind.get(label)
                    mu, sigma = (known.mu, known.sigma) if known else (model.mu, model.sigma)
                members.append(model.rating(mu=mu, sigma=sigma))
            ratings.append(members)
        after = model.rate(ratings, ranks=[float(r) for r in ranks])
        for team, place, new in zip(teams, ranks, after, strict=True):
            for seat, rating in zip(team, new, strict=True):
                label = event.seats[seat]
                if label is None:
                    continue  # bots keep their fixed ratings
                standing = kind.setdefault(label, Standing(rating.mu, rating.sigma))
                standing.mu, standing.sigma = rating.mu, rating.sigma
                standing.games += 1
                standing.won += place == 1
                if len(team) == 2:
                    partner = team[1] if team[0] == seat else team[0]
                    name = event.seats[partner] or bot_partner(
                        bot_level(event.game.bots[partner] or "") or "basic")
                    tally = standing.partners.setdefault(name, [0, 0])
                    tally[0] += 1
                    tally[1] += place == 1
    return Rated(standings, len(events), unrated)
