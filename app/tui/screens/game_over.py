"""The end: who won, the final scoreboard, and play again."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.message import Message
from textual.screen import Screen
from textual.widgets import Static

from moon42.rules.scoring import units_of
from moon42.rules.views import SeatView

from ...play.glyphs import UNICODE, Glyphs
from ...play.words import GAME_TITLES, bid_text, trump_text
from ..widgets.scoreboard import Scoreboard
from ..widgets.steady_footer import SteadyFooter
from .summary import hands_that_fit, need_line

__all__ = ["GameOverScreen", "winner_line"]


def winner_line(view: SeatView) -> str:
    if not view.winner:
        return "The game is over."
    names = [view.players[s] for s in view.winner]
    if view.seat in view.winner and len(names) == 1 and names[0] == "You":
        return "You win the game!"
    verb = "wins" if len(names) == 1 else "win"
    return f"{' & '.join(names)} {verb} the game!"


def tie_line(view: SeatView) -> str:
    """Why the winner won when more than one side reached the target (RULES.md 7.5)."""
    target = view.options.target
    over = [u for u in units_of(view.options) if view.scores[u[0]] >= target]
    if len(over) < 2 or not view.winner or not view.results:
        return ""
    last = view.results[-1]
    others = [u for u in over if u[0] not in view.winner]
    names = " & ".join(view.players[s] for u in others for s in u)
    reached = f"{names} reached {target} too"
    if last.bidder is not None and last.bidder in view.winner and last.made:
        who = "side" if view.options.partnerships else "player"
        return f"{reached}, but the {who} that bid the last hand and made it wins (rule 7.5)."
    return f"{reached}: the higher total wins (rule 7.5)."


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
        # A deliberate key starts the next game: Enter, pressed to hurry the last hand along,
        # must not start (and a watched game finish) another at once.
        Binding("n", "choose('again')", "Play again", id="again"),
        Binding("enter,space", "which_key", "Which key?", show=False, id="which-key"),
        Binding("r", "replay", "Replay", id="replay"),
        Binding("p", "deal_again", "Deal again", id="deal-again"),
        Binding("l,escape", "choose('lobby')", "Lobby", key_display="l", id="lobby"),
        Binding("q", "choose('quit')", "Quit", show=False, id="quit-game"),
    ]
    # The keys in words, under the scores, and what Enter says of them.
    PROMPT = "n: play again, r: replay this game, p: play a deal again, l: lobby"
    WHICH_KEY = "Enter starts nothing here: n plays again, l goes to the lobby, r replays."

    def __init__(self, view: SeatView, glyphs: Glyphs = UNICODE) -> None:
        super().__init__()
        self.view, self.glyphs = view, glyphs

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="game-over"):
            yield Static(f"{GAME_TITLES[self.view.game]}: game over", classes="title")
            yield Static(winner_line(self.view), id="winner", markup=False)
            tie = tie_line(self.view)
            if tie:
                yield Static(tie, id="tie", markup=False)
            if self.view.results:
                yield Static(last_hand_line(self.view, self.glyphs), markup=False)
            yield Scoreboard(id="scoreboard")
        yield Static(self.PROMPT, id="over-prompt")
        yield SteadyFooter()

    def on_mount(self) -> None:
        v = self.view
        # As many recent hands as fit, so the totals and the target stay in sight.
        used = 6 + (1 if tie_line(v) else 0)  # the title, the winner, the last hand's line
        fit = max(3, hands_that_fit(self.app.size.height - used, v))
        boards = self.query(Scoreboard)
        if not boards:
            return  # the app closed while the screen was being put up: nothing to show
        boards.first().show(v.options, v.players, v.results, v.scores, self.glyphs, last=fit)

    def action_choose(self, choice: str) -> None:
        self.dismiss(choice)

    def action_which_key(self) -> None:
        self.query_one("#over-prompt", Static).update(self.WHICH_KEY)

    def action_replay(self) -> None:
        self.post_message(self.ReplayGame())

    def action_deal_again(self) -> None:
        self.post_message(self.DealAgain())
