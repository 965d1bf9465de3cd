"""The rules of Moon and Texas 42 as an event-based state machine.

Pure Python: no user interface, no files, no bots.  Start with ``Game.new``.
"""

from .actions import Action, Bid, Discard, NameTrump, Pass, Play, Plunge, Splash, Turn
from .errors import RecordError, RuleError
from .game import Game
from .options import GAMES, Options, OptionsError, options_for
from .phase import Phase
from .record import game_from_record, game_to_record, parse_record, replay
from .results import HandResult, Trick
from .tiles import TILES, Tile, parse_tile, tile
from .trump import Trump
from .views import SeatView

__all__ = [
    "Action",
    "Bid",
    "Discard",
    "GAMES",
    "Game",
    "HandResult",
    "NameTrump",
    "Options",
    "OptionsError",
    "Pass",
    "Phase",
    "Play",
    "Plunge",
    "RecordError",
    "RuleError",
    "SeatView",
    "Splash",
    "TILES",
    "Tile",
    "Trick",
    "Trump",
    "Turn",
    "game_from_record",
    "game_to_record",
    "options_for",
    "parse_record",
    "replay",
    "tile",
    "parse_tile",
]
