"""The whole scoreboard, over the table, whenever a player asks for it."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widgets import Static

from moon42.rules.views import SeatView

from ...play.glyphs import UNICODE, Glyphs
from ...play.words import GAME_TITLES
from ..widgets.scoreboard import Scoreboard
from ..widgets.steady_footer import SteadyFooter

__all__ = ["ScoreboardScreen"]


class ScoreboardScreen(ModalScreen[None]):
    class DealAgain(Message):
        """Ask which hand of the game being played to play again, then play it."""

    BINDINGS = [
        Binding("escape,s,enter,q", "close", "Close", key_display="Esc", id="close"),
        Binding("p", "deal_again", "Play a deal again", id="deal-again"),
    ]

    def __init__(self, view: SeatView, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.view, self.glyphs = view, glyphs

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="scores-box"):
            yield Static(f"{GAME_TITLES[self.view.game]}: the score so far", classes="title")
            yield Scoreboard(id="scoreboard")
        yield SteadyFooter()

    def on_mount(self) -> None:
        v = self.view
        self.query_one(Scoreboard).show(v.options, v.players, v.results, v.scores, self.glyphs)
        if not v.results:
            self.query_one(Scoreboard).update("No hand has been scored yet.")

    def action_close(self) -> None:
        self.dismiss(None)

    def action_deal_again(self) -> None:
        self.post_message(self.DealAgain())
