"""The end: who won, the final scoreboard, and play again."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Footer, Static

from moon42.rules.views import SeatView

from ..glyphs import UNICODE, Glyphs
from ..widgets.scoreboard import Scoreboard
from ..words import GAME_TITLES, bid_text, trump_text
from .summary import need_line

__all__ = ["GameOverScreen", "winner_line"]


def winner_line(view: SeatView) -> str:
    if not view.winner:
        return "The game is over."
    names = [view.players[s] for s in view.winner]
    if view.seat in view.winner and len(names) == 1 and names[0] == "You":
        return "You win the game!"
    verb = "wins" if len(names) == 1 else "win"
    return f"{' & '.join(names)} {verb} the game!"


def last_hand_line(view: SeatView, glyphs: Glyphs) -> str:
    result = view.results[-1]
    if result.thrown_in:
        return "The last hand was thrown in."
    bid = bid_text(result.bid, result.contract or "bid", view.options)
    verdict = f"{glyphs.made} made" if result.made else f"{glyphs.set} set"
    return (f"Last hand: {view.players[result.bidder]} bid {bid}, trump "
            f"{trump_text(result.trump, view.options)}: {verdict} ({need_line(result, view)}).")


class GameOverScreen(Screen[str]):
    class ReplayGame(Message):
        """Open the replay viewer on the game just ended, at its last hand."""

    class DealAgain(Message):
        """Ask which hand of the game to play again, then play it."""

    BINDINGS = [
        Binding("enter,n", "choose('again')", "Play again", key_display="⏎", id="again"),
        Binding("r", "replay", "Replay", id="replay"),
        Binding("p", "deal_again", "Deal again", id="deal-again"),
        Binding("l,escape", "choose('lobby')", "Lobby", key_display="l", id="lobby"),
        Binding("q", "choose('quit')", "Quit", show=False, id="quit-game"),
    ]

    def __init__(self, view: SeatView, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.view, self.glyphs = view, glyphs

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="game-over"):
            yield Static(f"{GAME_TITLES[self.view.game]}: game over", classes="title")
            yield Static(winner_line(self.view), id="winner", markup=False)
            if self.view.results:
                yield Static(last_hand_line(self.view, self.glyphs), markup=False)
            yield Scoreboard(id="scoreboard")
        yield Static("Enter: play again, r: replay this game, p: play a deal again, l: lobby",
                     id="over-prompt")
        yield Footer()

    def on_mount(self) -> None:
        v = self.view
        # As many recent hands as fit, so the totals and the target stay in sight.
        fit = max(3, self.app.size.height - 18 - (3 if v.options.uses_marks else 0))
        self.query_one(Scoreboard).show(v.options, v.players, v.results, v.scores, self.glyphs,
                                        last=fit)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_replay(self) -> None:
        self.post_message(self.ReplayGame())

    def action_deal_again(self) -> None:
        self.post_message(self.DealAgain())
