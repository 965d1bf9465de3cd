"""Claims at a shared table: the server checks a player's claim by the claims' rule and plays
the hand out by its fixed rule; every seat is told where it was claimed; bots claim when the
table was opened with bot claims on."""

from __future__ import annotations

import asyncio
import random

from moon42.ai.claims import check_claim
from moon42.app.play.connection import TableClient
from moon42.app.play.glyphs import UNICODE
from moon42.app.play.seats import Sitter
from moon42.app.play.table import Table
from moon42.app.server.accounts.identity import Identity
from moon42.app.server.tables.hub import Tables
from moon42.app.server.tables.protocol import TableServer
from moon42.app.tui.flow import claimed_from
from moon42.app.tui.remote_flow import RemoteFlow
from moon42.app.tui.widgets.hand_log import Claimed, log_text
from moon42.rules import Game, Pass, Phase, game_from_record, game_to_record

from ..play.test_tables import Inbox
from .test_table_protocol import PATIENCE, until

ANN = Sitter(player="key-ann", name="Ann", session="s-ann", by_key=True)
BOB = Sitter(player="key-bob", name="Bob", session="s-bob", by_key=True)


def _lead(game_name: str, accepted: bool) -> tuple[Game, int]:
    """A game at a lead whose claim stands (``accepted``) or is refused, with 2+ tiles
    left, from randomly played games."""
    for seed in range(200):
        game = Game.new(game_name, seed=seed)
        rng = random.Random(seed)
        while game.phase not in (Phase.HAND_OVER, Phase.GAME_OVER):
            turn = game.to_act
            view = game.view(turn.seat)
            if (turn.kind == "play" and view.current_trick is None and len(view.hand) >= 2
                    and view.trick_rules is not None):
                claim = check_claim(view)
                if claim.accepted == accepted and not claim.why_not:
                    return game, turn.seat
            legal = game.legal_actions()
            bids = [a for a in legal if not isinstance(a, Pass)]
            game.apply(rng.choice(bids if bids and rng.random() < 0.5 else legal))
    raise AssertionError("no such lead in 200 games")


def _table_at(game: Game, bot_claims: bool = True) -> Table:
    table = Table(1, game.options.game, seed=1, pace=0, codes=lambda: "123456",
                  bot_claims=bot_claims)
    table.game = game
    return table


def test_a_players_claim_that_stands_is_played_out_and_every_seat_is_told_where() -> None:
    game, seat = _lead("moon4", accepted=True)
    hand, tricks = game.hand_number, len(game.view(seat).tricks)
    table = _table_at(game)
    ann, bob = Inbox(), Inbox()
    table.take(ANN, ann, seat=seat)
    table.take(BOB, bob, seat=(seat + 1) % 4)
    assert table.claim(ANN) == ""
    # Played out to the hand's end, every trick from the claim on the claimer's.
    result = table.game.results[-1]
    assert table.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
    assert {t.winner for t in result.tricks[tricks:]} == {seat}
    for inbox, me in ((ann, seat), (bob, (seat + 1) % 4)):
        last = inbox.messages[-1]
        assert last["claimed"] == [hand, tricks + 1, seat]
        claimed = claimed_from(last["claimed"])
        view = inbox.last_view()
        assert view.seat == me
        assert claimed == Claimed(hand, tricks + 1, seat)
    # The record of a claimed hand is an ordinary one: it plays back to the same state.
    again = game_from_record(game_to_record(table.game))
    assert again.results == table.game.results
    # The next hand forgets the claim.
    table.deal()
    assert ann.messages[-1]["claimed"] is None


def test_a_claim_that_may_lose_is_refused_with_the_tile_and_changes_nothing() -> None:
    game, seat = _lead("texas42", accepted=False)
    table = _table_at(game)
    table.take(ANN, Inbox(), seat=seat)
    before = table.moves
    refusal = table.claim(ANN)
    assert refusal.startswith("no claim: ") and "could lose to" in refusal
    assert table.moves == before and table.claimed is None
    # Not at one's lead: refused with why, whoever asks.
    table.take(BOB, Inbox(), seat=(seat + 1) % 4)
    assert "your turn" in table.claim(BOB)


def test_a_bot_claims_only_when_the_table_allows_it() -> None:
    for bot_claims in (True, False):
        game, seat = _lead("moon3", accepted=True)
        table = _table_at(game, bot_claims=bot_claims)
        human = (seat + 1) % 3
        inbox = Inbox()
        table.take(ANN, inbox, seat=human)
        tricks = len(game.view(seat).tricks)
        table.bot_step()
        if bot_claims:
            assert inbox.messages[-1]["claimed"] == [game.hand_number, tricks + 1, seat]
            assert table.game.phase in (Phase.HAND_OVER, Phase.GAME_OVER)
        else:
            assert inbox.messages[-1]["claimed"] is None
            assert table.game.phase is Phase.PLAY


def test_claims_cross_the_socket(tmp_path) -> None:
    """``open`` carries whether the table's bots claim; ``claim`` is answered by a
    refusal with why, or by the played-out hand's view."""

    async def main() -> None:
        tables = Tables(pace=1000, grace=1000)
        server = TableServer(tmp_path / "tables.sock", tables)
        server.admit("ann-token", Identity("key-ann", "Ann", by_key=True))
        await server.start()
        try:
            ann = await TableClient.connect(tmp_path / "tables.sock", "ann-token")
            await until(ann, "hello")
            await ann.send({"op": "open", "game": "moon3", "options": {}, "seed": 5,
                            "bot_claims": "yes"})
            assert "true or false" in (await until(ann, "error"))["message"]
            await ann.send({"op": "open", "game": "moon3", "options": {}, "seed": 5,
                            "bot_claims": False})
            seated = await until(ann, "seated")
            table = tables.get(seated["table"])
            assert table.bot_claims is False
            await ann.send({"op": "claim"})
            refused = await until(ann, "refused")
            assert refused["message"].startswith("no claim: a claim is made at your turn")
            # A lead whose claim stands: the table plays it out and tells Ann.
            game, seat = _lead("moon3", accepted=True)
            table.game = game
            table.seats[seat], table.seats[0] = table.seats[0], table.seats[seat]
            await ann.send({"op": "claim"})
            view = await until(ann, "view", lambda m: m["claimed"] is not None)
            assert view["claimed"][2] == seat
            await ann.close()
        finally:
            await server.close()

    asyncio.run(asyncio.wait_for(main(), PATIENCE))


class _App:
    def __init__(self) -> None:
        self.pushed: list = []

    def push_screen(self, screen, callback=None) -> None:
        self.pushed.append(screen)


def test_the_players_app_sends_w_as_a_claim_and_marks_the_log_where_it_was_made() -> None:
    sent: list[dict] = []
    flow = RemoteFlow(_App(), UNICODE, sent.append, lambda: None)
    flow.claim()
    assert sent == [{"op": "claim"}]
    game, seat = _lead("moon4", accepted=True)
    table = _table_at(game)
    inbox = Inbox()
    table.take(ANN, inbox, seat=(seat + 2) % 4)
    tricks = len(game.view(seat).tricks)
    table.bot_step()
    flow.receive(inbox.messages[-1])
    assert flow.table.claimed == Claimed(game.hand_number, tricks + 1, seat)
    assert "claimed the rest" in log_text(flow.view, flow.table.claimed).plain
    # Damaged or absurd markers are no marker.
    assert claimed_from([1, 2]) is None and claimed_from(["a", 1, 2]) is None
    assert claimed_from([1, 2, 10**9]) is None


def test_u_at_a_shared_table_is_off_the_key_line_and_only_says_why() -> None:
    """Moves are not taken back at a shared table: no u on the key line (at 80 columns it cut
    "? Help"), and u says why."""
    flow = RemoteFlow(_App(), UNICODE, [].append, lambda: None)
    assert flow.table.check_action("undo", ()) is False
    assert flow.table.check_action("undo_off", ()) is True
    refused: list[str] = []
    flow.table.refuse = refused.append
    flow.table.action_undo_off()
    assert refused == ["moves are not taken back at a shared table."]


async def test_the_shared_tables_key_line_fits_80_columns_in_play() -> None:
    from textual.app import App
    from textual.widgets._footer import FooterKey

    from moon42.app.tui.app import Moon42App

    class Host(App):
        """The app's own keys (Help, Quit) around the shared table's screen."""

        ENABLE_COMMAND_PALETTE = False
        BINDINGS = Moon42App.BINDINGS

        def on_mount(self) -> None:
            self.push_screen(flow.table)

    host = Host()
    flow = RemoteFlow(host, UNICODE, [].append, lambda: None)
    game, seat = _lead("moon4", accepted=False)
    table = _table_at(game)
    inbox = Inbox()
    table.take(ANN, inbox, seat=seat)
    async with host.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        flow.receive(inbox.messages[-1])
        for _ in range(100):
            await pilot.pause()
            keys = list(flow.table.query(FooterKey))
            if any(key.description == "Last trick" for key in keys):
                break
        descriptions = [key.description for key in keys]
        assert {"Last trick", "Leave", "Help"} <= set(descriptions)
        assert "Undo" not in descriptions
        assert max(key.region.right for key in keys) <= 80
