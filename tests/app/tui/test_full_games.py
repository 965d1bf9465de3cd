"""Whole games with keys only: the final scoreboard is the engine's, replayed from the record."""

from __future__ import annotations

import pytest

from moon42.rules import game_from_record, game_to_record

from .helpers import new_app, play_to_the_end, screen_text

pytestmark = pytest.mark.slow  # whole games through the app


@pytest.mark.parametrize(
    ("game", "seed"), [("moon3", 11), ("moon4", 12), ("texas42", 13)]
)
async def test_a_whole_game_with_keys_only(game: str, seed: int) -> None:
    app = new_app(game, seed=seed)
    async with app.run_test(size=(80, 24)) as pilot:
        await play_to_the_end(pilot)
        played = app.flow.game
        text = screen_text(app)
        # The engine, given only the record of what was played, agrees with the screen.
        replayed = game_from_record(game_to_record(played))
        assert replayed.scores == played.scores
        assert replayed.winner == played.winner is not None
        assert "game over" in text
        total_row = next(line for line in text.splitlines() if line.strip().startswith("Total"))
        units = [0, 1] if game != "moon3" else [0, 1, 2]
        assert [int(n) for n in total_row.split()[1:]] == [played.scores[u] for u in units]
        winners = " & ".join(played.players[s] for s in played.winner)
        assert winners in text
