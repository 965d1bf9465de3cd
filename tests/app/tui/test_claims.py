"""Claims: accepted only when no lay of the unseen tiles can take a trick from the claimer,
refused with the tile that could lose; an accepted claim is played out by the fixed rule, so
the record is an ordinary one."""

from __future__ import annotations

import random

import pytest

from moon42.ai.claims import check_claim, claim_play
from moon42.app.tui.screens.summary import HandSummaryScreen
from moon42.rules import Game, Pass, Phase, Trump, game_from_record, game_to_record
from tests.ai.hidden_tiles import hidden_tiles, reshuffled

from .helpers import (
    DEADLINE,
    PLAIN_BOT,
    most_trumps_key,
    new_app,
    new_bot_or_plain,
    screen_text,
    settle,
    tile_key,
    wait_for,
)

GAMES = ["moon3", "moon4", "texas42"]


def _leads(game_name: str, seed: int):
    """(game, seat) at every lead of a randomly played game's first hands."""
    # Texas 42 with every trick played: hands decided early still reach their last leads.
    options = {"play_out": True} if game_name == "texas42" else {}
    game = Game.new(game_name, options=options, seed=seed)
    rng = random.Random(seed)
    for _ in range(300):
        if game.phase is Phase.GAME_OVER or len(game.results) >= 3:
            return
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        turn = game.to_act
        view = game.view(turn.seat)
        if turn.kind == "play" and view.current_trick is None:
            yield game, turn.seat
        legal = game.legal_actions()
        bids = [a for a in legal if not isinstance(a, Pass)]
        game.apply(rng.choice(bids if bids and rng.random() < 0.5 else legal))


def _play_out(game: Game, claimer: int, order) -> list[int]:
    """The winners of the tricks played out by the claim's fixed rule."""
    hand = game.hand_number
    start = len(game.view(claimer).tricks)
    while game.phase is Phase.PLAY and game.hand_number == hand:
        game.apply(claim_play(game.view(game.to_act.seat), claimer, order))
    view = game.view(claimer)
    tricks = view.tricks if view.hand_number == hand else game.results[-1].tricks
    return [t.winner for t in tricks[start:]]


@pytest.mark.parametrize("game_name", GAMES)
def test_an_accepted_claim_wins_every_trick_however_the_unseen_tiles_lie(game_name) -> None:
    accepted = 0
    for seed in range(30):
        for game, seat in _leads(game_name, seed):
            claim = check_claim(game.view(seat))
            if not claim.accepted or len(claim.order) < 2:
                continue
            accepted += 1
            doc = game_to_record(game)
            rng = random.Random(seed)
            # The deal as it is, and others with the tiles this seat cannot see moved round.
            games = [game_from_record(doc)]
            games += [reshuffled(doc, hidden_tiles(game, seat), rng) for _ in range(4)]
            for again in games:
                if again is not None:
                    assert set(_play_out(again, seat, claim.order)) == {seat}
    assert accepted >= 3


@pytest.mark.parametrize("game_name", GAMES)
def test_a_refused_claim_names_a_tile_that_could_lose(game_name) -> None:
    for seed in range(10):
        for game, seat in _leads(game_name, seed):
            view = game.view(seat)
            claim = check_claim(view)
            if claim.accepted or claim.why_not:
                continue
            tile, beater = claim.loses
            assert tile in view.hand and beater not in view.hand
            assert beater not in view.played
            rules = view.trick_rules
            assert rules.power_lead[tile][beater] > rules.power_lead[tile][tile]
            return
    raise AssertionError("no claim was refused")


def test_no_claim_off_lead_nor_in_nello_or_sevens() -> None:
    for game, seat in _leads("texas42", 2):
        view = game.view(seat)
        other = (seat + 1) % 4
        assert "your turn" in check_claim(game.view(other)).why_not
        if view.trump in (Trump.NELLO, Trump.SEVENS):
            assert "not in a Nello or Sevens hand" in check_claim(view).why_not
        return


@pytest.fixture
def plain_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("moon42.app.play.local.make_bot", new_bot_or_plain)


async def _to_my_lead(pilot, want_accepted: bool):
    """Play with keys until seat 0 leads with a claim that would be accepted (or not)."""
    app = pilot.app
    for _ in range(400):
        await settle(pilot)
        if isinstance(app.screen, HandSummaryScreen):
            await pilot.press("enter")
            continue
        view = app.flow.game.view(0)
        if not view.my_turn:
            await pilot.pause()
            continue
        kind = view.to_act.kind
        if kind == "play" and view.current_trick is None and len(view.hand) >= 2:
            claim = check_claim(view)
            if claim.accepted == want_accepted and not claim.why_not:
                return claim
        if kind == "bid":
            lowest = [a for a in view.legal if hasattr(a, "value")]
            await pilot.press(*str(min(a.value for a in lowest)), "enter") if lowest else (
                await pilot.press("p"))
        elif kind == "trump":
            await pilot.press(most_trumps_key(app))
        elif kind == "discard":
            await pilot.press("1")
        else:
            await pilot.press(tile_key(app))
    raise AssertionError("no such lead came up")


@pytest.mark.usefixtures("plain_bots")
async def test_w_claims_the_rest_and_the_record_reads_as_any_other() -> None:
    app = new_app("moon3", seed=3, bots=(PLAIN_BOT,) * 3, bot_claims=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await _to_my_lead(pilot, want_accepted=True)
        hand = app.flow.game.hand_number
        await pilot.press("w")
        await settle(pilot)
        game = app.flow.game
        assert game.hand_number > hand or game.phase is not Phase.PLAY
        result = game.results[hand]
        assert all(t.winner == 0 for t in result.tricks[-2:])
        again = game_from_record(game_to_record(game))
        assert again.scores == game.scores
        await pilot.press("o")
        await pilot.pause(0.3)


@pytest.mark.usefixtures("plain_bots")
async def test_w_refuses_a_claim_with_the_tile_that_could_lose() -> None:
    app = new_app("texas42", seed=3, bots=(PLAIN_BOT,) * 4, bot_claims=False)
    async with app.run_test(size=(80, 24)) as pilot:
        claim = await _to_my_lead(pilot, want_accepted=False)
        before = game_to_record(app.flow.game)
        await pilot.press("w")
        await pilot.pause()
        tile, beater = claim.loses
        assert f"No claim: {tile} could lose to {beater}" in screen_text(app)
        assert game_to_record(app.flow.game) == before


async def test_bots_claim_when_the_lobby_allows_and_not_otherwise() -> None:
    for allowed in (True, False):
        app = new_app("moon4", seed=2, watch=True, bot_claims=allowed, options={"target": 7})
        notes: list[str] = []
        async with app.run_test(size=(80, 24)) as pilot:
            note = app.flow.table.note
            app.flow.table.note = lambda text, notes=notes, note=note: (notes.append(text),
                                                                       note(text))
            await wait_for(pilot, lambda app=app: app.flow.game.phase is Phase.GAME_OVER,
                           "the watched game's end", 3 * DEADLINE, step=0.02)
            claimed = any("claims the rest" in n for n in notes)
            assert claimed == allowed
            assert game_from_record(game_to_record(app.flow.game)).scores == (
                app.flow.game.scores)

