"""A shared table's messages as they may come, however close together, with keys pressed
between them: the app keeps running.

Each case (from its seed) plays a Texas 42 game (or a two-deal duplicate match) to its end
at random, and the player's app is told it the way the server tells it: the gathering, every
view, chat lines and notes, the match's comparisons and result, the record and the offer of
another game.  Between messages it is given no time, a moment or two, and now and then a key
(Enter, Esc, n, space, s, v, o, /, a).  A screen opened and closed in the same moment was
once drawn as it was taken down, and the app stopped."""

from __future__ import annotations

import random
from typing import Any

import pytest

from moon42.app.play.view_codec import encode
from moon42.app.tui.app import Moon42App
from moon42.rules import Game, Phase

from .helpers import at_a_shared_table

pytestmark = pytest.mark.slow  # the whole app, many screens

KEYS = ["enter", "enter", "escape", "n", "space", "s", "v", "o", "slash", "a"]


def _views(seed: int, target: int) -> list[dict[str, Any]]:
    """Seat 0's view after every move of a game played at random, as the table sends it."""
    game = Game.new("texas42", options={"target": target}, seed=seed)
    rng = random.Random(seed)
    out = []
    events = [] if game.log else game.next_hand()  # (a new game may be dealt already)
    while True:
        out.append({"type": "view", "table": 12, "seat": 0, "view": encode(game.view(0)),
                    "events": encode(events), "pace": 0.0,
                    "clock": rng.choice([None, 5.0, 0.5])})
        if game.phase is Phase.GAME_OVER:
            return out
        if game.phase is Phase.HAND_OVER:
            events = game.next_hand()
            continue
        turn = game.to_act
        assert turn is not None
        events = game.apply(rng.choice(game.view(turn.seat).legal))


def _gathering(again: bool, match: bool) -> dict[str, Any]:
    message: dict[str, Any] = {
        "type": "gathering", "table": 12, "seat": 0, "game": "texas42", "options": {},
        "seats": [{"name": name, "human": i < 2, "connected": True, "ready": False}
                  for i, name in enumerate(["ann", "bob", "Bot C", "Bot D"])],
        "opener": 0, "level": "novice", "private": False, "code": "", "invited": [],
        "again": again, "games": int(again), "hush": False}
    if match:
        message["match"] = {"table": "A", "tables": [12, 13], "starts": True, "deals": 2,
                            "deal": 1, "started": False, "over": False}
    return message


def _messages(seed: int) -> list[dict[str, Any]]:
    rng = random.Random(seed)
    match = rng.random() < 0.6
    messages = [_gathering(False, match)]
    deals = 2 if match else 1
    for deal in range(deals):
        for view in _views(seed * 10 + deal, 1 if match else 2):
            if match:
                view["match"] = "A"
            messages.append(view)
            r = rng.random()
            if r < 0.05:
                messages.append({"type": "chat", "name": "bob", "text": "hi",
                                 "watching": False})
            elif r < 0.08:
                messages.append({"type": "chat-note", "text": "bob is away"})
            elif r < 0.1:
                messages.append({"type": "timed-out", "text": "ann ran out of time"})
        if match:
            last = deal == deals - 1
            messages.append({"type": "match-deal", "last": last, "deal": deal + 1,
                             "deals": deals, "lines": ["Deal 1", "Total"],
                             "title": "the result" if last else f"deal {deal + 1} of 2"})
    if not match:
        messages.append({"type": "recorded",
                         "file": "texas42-20261207-000000-table12-ann-bob.json"})
        messages.append(_gathering(True, False))
        if rng.random() < 0.5:
            messages.append(_views(seed + 999, 2)[0])
    return messages


@pytest.mark.parametrize("seed", range(8))
async def test_the_app_keeps_running_whatever_the_timing(seed: int) -> None:
    rng = random.Random(f"keys{seed}")
    app = Moon42App()
    async with app.run_test(size=(80, 24)) as pilot:
        flow = await at_a_shared_table(app, pilot, lambda message: None)
        for message in _messages(seed):
            flow.receive(message)
            if rng.random() < 0.3:
                await pilot.press(rng.choice(KEYS))
            for _ in range(rng.choice([0, 0, 0, 1, 2])):
                await pilot.pause(0)
            assert app.is_running
        await pilot.pause(0.3)
        assert app.is_running
