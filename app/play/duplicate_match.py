"""A duplicate match of one's own: the player plays each deal at table A, then the bots play
it at table B with the seats turned, the player's tiles in the hands of the bot of the
player's level (rules/duplicate.py says how a deal is turned and scored).

Table A is the player's usual table: seat 0 theirs, the setup's bots in the others.  At
table B each seat holds the tiles of one seat of table A and is played by that seat's bot,
but for the player's tiles: the bot of the player's level plays them, named after the player
("You (bot)").  Every other seat's tiles are played by the same bot at both tables, so the
match compares the player with their level's bot.  The match's record is written to records/
after every deal (app/play/match_record.py).
"""

from __future__ import annotations

import random
from pathlib import Path

from moon42.rules import Game
from moon42.rules.duplicate import TURN, deal_game, match_deal, seats_at_b, turned
from moon42.rules.limits import MAX_SEED

from .config import GameConfig, clean_name
from .difficulty import LEVELS, config_level
from .match_record import match_document, save_match

__all__ = ["LocalMatch", "DEFAULT_DEALS"]

DEFAULT_DEALS = 4


class LocalMatch:
    """The deals of a match, the games played of them so far, and its record."""

    def __init__(self, config: GameConfig, deals: int = DEFAULT_DEALS) -> None:
        seed = config.seed if config.seed is not None else random.randrange(MAX_SEED + 1)
        # Undo would let the player look at a deal twice: a match is played without it.
        self.config = config.with_(seed=seed, allow_undo=False)
        self.seed, self.deals = seed, deals
        self.options = config.rules_options()
        self.n = self.options.seats
        self.played: list[tuple[Game, Game]] = []
        self.path: Path | None = None

    @property
    def number(self) -> int:
        """The deal to play next (from 0)."""
        return len(self.played)

    @property
    def over(self) -> bool:
        return self.number >= self.deals

    @property
    def watch_seat(self) -> int:
        """Table B's seat that holds the player's tiles."""
        return seats_at_b((0,), self.n, TURN)[0]

    def your_bot(self) -> str:
        """The bot of the player's level (a custom table's: the bot on the player's left)."""
        level = LEVELS.get(config_level(self.config))
        return level.bot if level is not None else self.config.bot_of(1)

    def table_a(self) -> Game:
        deal = match_deal(self.options, self.seed, self.number)
        return deal_game(self.options, deal, self.seed, self.config.players())

    def config_b(self) -> GameConfig:
        """Table B's setup: every seat a bot, each the bot of the tiles it holds."""
        names, bots = self.names_b(), []
        for seat in range(self.n):
            held = (seat + TURN) % self.n
            bots.append(self.your_bot() if held == 0 else self.config.bot_of(held))
        return self.config.with_(names=names, bots=tuple(bots), watch=True)

    def names_b(self) -> tuple[str, ...]:
        """Table B's players, named after the table A player whose tiles each holds."""
        players = self.config.players()
        names = []
        for seat in range(self.n):
            held = (seat + TURN) % self.n
            names.append(clean_name(f"{players[0]} (bot)") if held == 0 else players[held])
        return tuple(names)

    def table_b(self) -> Game:
        deal = turned(match_deal(self.options, self.seed, self.number), TURN)
        return deal_game(self.options, deal, self.seed, list(self.names_b()))

    def finish(self, at_a: Game, at_b: Game) -> Path:
        """The deal played at both tables: kept, and the match's record written again."""
        self.played.append((at_a, at_b))
        return self.save()

    def save(self) -> Path:
        self.path = save_match(match_document(self.options, self.seed, self.played), self.path)
        return self.path
