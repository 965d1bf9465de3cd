"""Illegal keys are refused, with the reason on screen, and change nothing."""

from __future__ import annotations

from moon42.rules import Phase

from .helpers import new_app, screen_text, settle, tile_key


async def test_a_bid_too_low_is_refused_with_its_reason() -> None:
    app = new_app("moon3", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.flow.game
        assert game.to_act.seat == 0 and game.phase is Phase.BIDDING
        bids_before = game.view(0).bids
        await pilot.press("3", "enter")
        await settle(pilot)
        text = screen_text(app)
        assert "Refused: Bid 3 is not a Moon bid" in text
        assert game.view(0).bids == bids_before
        assert game.to_act.seat == 0


async def test_a_bid_not_over_the_high_bid_is_refused() -> None:
    app = new_app("texas42", seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        high = app.flow.game.view(0).high_bid
        if not high:
            await pilot.press("2", "9", "enter")
            await settle(pilot)
            assert "Refused: Bid 29 is not a Texas 42 bid" in screen_text(app)
        else:
            await pilot.press(*str(high), "enter")
            await settle(pilot)
            assert f"is not higher than {high}" in screen_text(app)


async def test_an_unplayable_tile_is_refused_with_its_reason() -> None:
    app = new_app("moon4", seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        # Pass the bidding, then follow the tricks until a tile cannot be played.
        for _ in range(60):
            await settle(pilot)
            view = app.flow.game.view(0)
            if view.phase is Phase.BIDDING:
                await pilot.press("p")
                continue
            if view.phase is not Phase.PLAY:
                await pilot.press("enter")
                continue
            if len(view.legal) < len(view.hand):
                key = tile_key(app, legal=False)
                hand_before = view.hand
                await pilot.press(key)
                await settle(pilot)
                text = screen_text(app)
                assert "Refused: You must follow" in text
                assert app.flow.game.view(0).hand == hand_before
                return
            await pilot.press(tile_key(app))
        raise AssertionError("no unplayable tile came up")


async def test_keys_out_of_turn_say_whose_turn_it_is() -> None:
    app = new_app("moon3", seed=5, pace=5.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("p")
        await pilot.pause()
        game = app.flow.game
        if game.to_act is not None and game.to_act.seat != 0:
            await pilot.press("1")
            await pilot.pause()
            assert "Refused: Wait: it is" in screen_text(app)


async def test_the_last_trick_stays_face_down_in_an_84_hand() -> None:
    for seed in range(1, 12):
        app = new_app("texas42", seed=seed)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            game = app.flow.game
            await pilot.press("8", "4", "enter")  # 84 ends the bidding at once
            await settle(pilot)
            if game.view(0).bidder != 0:
                continue
            await pilot.press("d")  # doubles (nothing is named for us by Enter alone)
            await settle(pilot)
            await pilot.press(tile_key(app))
            await settle(pilot)
            if game.phase is not Phase.PLAY or not game.view(0).face_down:
                continue
            await pilot.press("t")
            await pilot.pause()
            assert "Refused: Tricks are stacked face down in an 84 hand" in screen_text(app)
            return
    raise AssertionError("no seed gave an 84 hand that lasted past its first trick")
