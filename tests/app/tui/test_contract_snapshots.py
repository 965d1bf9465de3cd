"""Pictures of the house rules: the lobby's Texas-table preset, mark bids, Plunge, Nello, Sevens.

Fixed seeds and scripted bots (tests/app/tui/contract_bots.py) reach each table; ``run_before``
drives the human with keys.
"""

from __future__ import annotations

import pytest
from textual.app import App
from textual.pilot import Pilot

from moon42.app.play.config import GameConfig, save_last
from moon42.app.tui.app import Moon42App
from moon42.app.tui.screens.table import TableScreen
from moon42.app.tui.widgets.choices import ChoiceBar
from moon42.rules import Bid, Game, NameTrump, Pass, Phase, Trump
from moon42.rules.views import SeatView

from .contract_bots import BID_84, PLUNGER, TEXAS_TABLE, contract_bot
from .helpers import PLAIN_BOT, settle
from .helpers import new_app as _new_app

pytestmark = pytest.mark.slow  # pictures of the app, each a game played to a moment

SIZES = [(80, 24), (120, 40)]


@pytest.fixture(autouse=True)
def scripted_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", contract_bot)


def new_app(seed: int, bots=(PLAIN_BOT,) * 4, **options) -> Moon42App:
    return _new_app("texas42", seed=seed, bots=bots, options=TEXAS_TABLE | options)


async def choose_trump(pilot: Pilot, trump: Trump) -> None:
    """Move the trump cursor to ``trump`` with the arrow keys and press Enter."""
    await settle(pilot)
    offers = [a.trump for a in pilot.app.flow.game.legal_actions()]
    bar = pilot.app.screen.query_one("#choices", ChoiceBar)
    assert bar.selected is None  # nothing is chosen for the player
    steps = offers.index(trump) + 1
    await pilot.press(*["right"] * steps, "enter")
    await settle(pilot)


async def win_at_42(pilot: Pilot) -> None:
    await settle(pilot)
    await pilot.press("4", "2", "enter")
    await settle(pilot)
    assert pilot.app.flow.game.phase is Phase.TRUMP


def test_lobby_texas_table(snap_compare) -> None:
    async def run_before(pilot: Pilot) -> None:
        await pilot.pause()
        pilot.app.screen.query_one("#preset").focus()
        await pilot.press("right")  # the preset row: Traditional -> Texas table
        await pilot.pause()

    save_last(GameConfig(game="texas42", seed=7))
    assert snap_compare(Moon42App(), terminal_size=(80, 24), run_before=run_before)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_mark_bids(snap_compare, size) -> None:
    """Seed 36: you hold four doubles; East has bid 84, so 126, Plunge and Splash are offered."""
    app = new_app(36, bots=(PLAIN_BOT, PLAIN_BOT, PLAIN_BOT, BID_84))
    assert snap_compare(app, terminal_size=size, run_before=settle)


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_plunge_partner_names_trump(snap_compare, size) -> None:
    """Seed 2: your partner holds four doubles and plunges; you name trump."""

    async def run_before(pilot: Pilot) -> None:
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)

    app = new_app(2, bots=(PLAIN_BOT, PLAIN_BOT, PLUNGER, PLAIN_BOT))
    assert snap_compare(app, terminal_size=size, run_before=run_before)


async def _nello_second_trick(pilot: Pilot) -> None:
    """Seed 5: you bid 42, call Nello and lead your lowest tile; Cat wins and leads again."""
    await win_at_42(pilot)
    await choose_trump(pilot, Trump.NELLO)
    await pilot.press(str(len(pilot.app.flow.game.view(0).hand)))
    await settle(pilot)
    view = pilot.app.flow.game.view(0)
    assert len(view.tricks) == 1 and view.tricks[0].winner == 3 and view.my_turn


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_nello_table(snap_compare, size) -> None:
    """Your partner sits out; Cat has led trick 2, you play next (three tiles a trick)."""
    assert snap_compare(new_app(5), terminal_size=size, run_before=_nello_second_trick)


def test_nello_last_trick(snap_compare) -> None:
    """The first Nello trick, three tiles, shown with the last-trick key."""

    async def run_before(pilot: Pilot) -> None:
        await _nello_second_trick(pilot)
        await pilot.press("t")
        await pilot.pause()

    assert snap_compare(new_app(5), terminal_size=(80, 24), run_before=run_before)


class _TableOnly(App[None]):
    """The table screen alone, drawn from one view (a hand the human never acts in)."""

    CSS = Moon42App.CSS

    def __init__(self, view: SeatView) -> None:
        super().__init__()
        self.view = view

    def on_mount(self) -> None:
        table = TableScreen()
        self.push_screen(table)
        table.show(self.view)


def test_nello_sitting_out(snap_compare) -> None:
    """Bob bids 42 and calls Nello: your tiles are greyed, you sit out, tricks have 3 tiles."""
    game = Game.new("texas42", options=TEXAS_TABLE, seed=3, players=["You", "Ann", "Bob", "Cat"])
    while game.phase is Phase.BIDDING:
        seat = game.to_act.seat
        game.apply(Bid(seat, 42) if seat == 2 and game.view(2).high_bid is None
                   else next(a for a in game.legal_actions() if isinstance(a, Pass | Bid)))
    game.apply(NameTrump(2, Trump.NELLO))
    for _ in range(4):  # a trick and one more tile
        game.apply(game.legal_actions()[-1])
    view = game.view(0)
    assert view.sitting_out == 0 and view.bidder == 2
    assert snap_compare(_TableOnly(view), terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES, ids=["80x24", "120x40"])
def test_sevens_forced_tile(snap_compare, size) -> None:
    """You call Sevens: only the tiles closest to 7 pips may be played, and the prompt says so."""

    async def run_before(pilot: Pilot) -> None:
        await win_at_42(pilot)
        await choose_trump(pilot, Trump.SEVENS)

    assert snap_compare(new_app(4, sevens=True), terminal_size=size, run_before=run_before)
