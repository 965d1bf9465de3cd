"""The hand log and the tile tracker: what they show is what the seat may know, and o and k
open them at the table."""

from __future__ import annotations

import random
import re
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from moon42.app.tui.flow import MAX_PLAYED_FOR, played_for_from
from moon42.app.tui.screens.hand_log import HandLogScreen
from moon42.app.tui.widgets.hand_log import log_text
from moon42.app.tui.widgets.tracker import seen_tricks, tracker_text, voids
from moon42.rules import TILES, Game, Phase, Tile, parse_tile
from moon42.rules.actions import Bid, NameTrump, Pass
from moon42.rules.views import SeatView

from .helpers import TILE_NAME, new_app, screen_text, settle, tile_key

_MARKED = re.compile(r"([x*~])([0-6]-[0-6])")

_CONTRACTS = {"nello": True, "sevens": True, "plunge": True, "splash": True}


def _known(view: SeatView) -> set[Tile]:
    """The tiles a seat may name: its own, the ones face up on the table, and the widow and
    the discard once the seat, as bidder, has taken them (RULES.md 4)."""
    known = set(view.hand) | set(view.widow)
    for trick in seen_tricks(view):
        known |= set(trick.tiles)
    if view.discard is not None:
        known.add(view.discard)
    return known


def _in_play(view: SeatView) -> set[Tile]:
    if view.game != "moon3":
        return set(TILES)
    moon = {t for t in TILES if t.low != 0 or t.high == 0}
    return moon - {parse_tile("0-0")} if view.options.remove_double_blank else moon


def _assert_shows_only_what_it_may(view: SeatView) -> None:
    known = _known(view)
    log = log_text(view).plain
    named = {parse_tile(t) for t in TILE_NAME.findall(log)}
    assert named <= known, (named - known, log)
    tracker = tracker_text(view).plain
    # Only the tiles in play: Moon for 3 has no 6-0 (RULES.md 2).
    assert {parse_tile(t) for t in TILE_NAME.findall(tracker)} <= _in_play(view)
    played = {t for trick in seen_tricks(view) for t in trick.tiles}
    aside = set() if view.discard is None else {view.discard}
    for mark, text in _MARKED.findall(tracker):
        tile = parse_tile(text)
        marks = {"x": played, "*": set(view.hand), "~": aside}
        assert tile in marks[mark], (mark, text, tracker)
    # Every tile the seat can place is marked: its own, those seen played, its discard.
    marked = {parse_tile(t) for _, t in _MARKED.findall(tracker)}
    assert marked == played | set(view.hand) | aside
    assert ("~ laid aside" in tracker) == bool(aside)
    if "Count out:" in tracker:
        listed = tracker.split("Count out:")[1].split("\n")[0]
        for text in TILE_NAME.findall(listed):
            assert parse_tile(text) not in known


def _random_hand_views(game_name: str, options: dict, seed: int, rng: random.Random):
    """Every seat's view after every action of a game's first hands, played at random with a
    bias to bidding (so that 84s, Plunges, Nello and Sevens come up)."""
    game = Game.new(game_name, options=options, seed=seed)
    for _ in range(160):
        if game.phase is Phase.GAME_OVER:
            return
        if game.phase is Phase.HAND_OVER:
            game.next_hand()
            continue
        for seat in range(game.seats):
            yield game.view(seat)
        legal = game.legal_actions()
        bids = [a for a in legal if not isinstance(a, Pass)]
        if bids and isinstance(bids[0], Bid) and rng.random() < 0.5:
            game.apply(rng.choice(bids))
        else:
            game.apply(rng.choice(legal))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(game=st.sampled_from(["moon3", "moon4", "texas42", "texas42+"]),
       seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
@pytest.mark.slow
def test_the_log_and_the_tracker_show_no_tile_the_seat_may_not_know(game, seed, choices):
    options = _CONTRACTS if game.endswith("+") else {}
    rng = random.Random(choices)
    for view in _random_hand_views(game.rstrip("+"), options, seed, rng):
        _assert_shows_only_what_it_may(view)


def _texas_84(seed: int) -> Game:
    """A Texas 42 hand bid at 84, after its first trick."""
    game = Game.new("texas42", seed=seed)
    game.apply(Bid(game.to_act.seat, 84))
    while game.phase is Phase.BIDDING:
        game.apply(next(a for a in game.legal_actions() if isinstance(a, Pass)))
    game.apply(NameTrump(game.to_act.seat, game.legal_actions()[0].trump))
    for _ in range(game.seats):
        game.apply(game.legal_actions()[0])
    return game


def test_an_84_hands_earlier_tricks_stay_face_down_in_the_log_and_the_tracker() -> None:
    game = _texas_84(3)
    view = game.view(1)
    assert view.face_down and view.tricks
    first = set(view.tricks[0].tiles) - set(view.hand)
    log = log_text(view).plain
    assert "1. face down:" in log
    assert not {parse_tile(t) for t in TILE_NAME.findall(log)} & first
    tracker = tracker_text(view).plain
    assert "earlier tricks lie face down" in tracker
    assert not {parse_tile(t) for _, t in _MARKED.findall(tracker)} & first


def _after_the_discard(options: dict) -> list[SeatView]:
    """Every seat's view of a Moon for 3 hand at its first lead, the widow taken and a tile
    laid aside by the bidder."""
    for seed in range(40):
        game = Game.new("moon3", options=options, seed=seed)
        rng = random.Random(seed)
        while game.phase not in (Phase.PLAY, Phase.HAND_OVER):
            legal = game.legal_actions()
            bids = [a for a in legal if isinstance(a, Bid)]
            game.apply(rng.choice(bids if bids and rng.random() < 0.5 else legal))
        if game.phase is Phase.PLAY:
            return [game.view(seat) for seat in range(game.seats)]
    raise AssertionError("every hand was thrown in")


@pytest.mark.parametrize("options", [{}, {"trump_before_widow": True}])
def test_the_widow_is_named_to_its_bidder_and_the_discard_marked_apart(options: dict) -> None:
    views = _after_the_discard(options)
    bidder = views[views[0].bidder]
    (widow,) = bidder.widow
    assert f"took the widow ({widow}) and laid {bidder.discard} aside" in log_text(bidder).plain
    tracker = tracker_text(bidder).plain
    assert "Tiles (x played, * yours, ~ laid aside)" in tracker
    assert f"~{bidder.discard}" in tracker and f"x{bidder.discard}" not in tracker
    # The others know only that the widow was taken (RULES.md 4): no tile of it, no mark.
    for view in views:
        if view.seat != bidder.seat:
            log, tracker = log_text(view).plain, tracker_text(view).plain
            assert "took the widow" in log and "laid" not in log
            assert "~" not in tracker and "laid aside" not in tracker


def test_the_tracker_names_a_void_shown_by_not_following() -> None:
    for seed in range(40):
        rng = random.Random(seed)
        for view in _random_hand_views("moon3", {}, seed, rng):
            found = voids(view)
            if found:
                seat, suits = next(iter(found.items()))
                assert f"{view.players[seat]} lacks {', '.join(suits)}" in tracker_text(view).plain
                return
    raise AssertionError("no void came up")


async def test_o_and_k_open_the_log_and_the_tracker_at_80x24() -> None:
    app = new_app("moon3", seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("o")
        await pilot.pause()
        assert isinstance(app.screen, HandLogScreen)
        assert "Auction (" in screen_text(app)
        await pilot.press("k")
        await pilot.pause(0.3)
        assert "Tiles (x played, * yours)" in screen_text(app)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, HandLogScreen)
        # Not shown beside the table at 80x24: there is no room.
        assert not app.screen.query_one("#side").display
        while app.flow.game.phase is not Phase.PLAY:
            phase = app.flow.game.phase
            keys = ("p",) if phase is Phase.BIDDING else ("right", "enter")
            await pilot.press(*keys)
            await settle(pilot)
        while not app.flow.game.view(0).tricks:
            await pilot.press(tile_key(app))
            await settle(pilot)
        await pilot.press("o")
        await pilot.pause(0.3)
        assert "1. " in screen_text(app) and "Tricks (" in screen_text(app)


async def test_the_log_and_the_tracker_stand_beside_the_table_at_120x40() -> None:
    app = new_app("texas42", seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.screen.query_one("#side").display
        text = screen_text(app)
        assert "Auction (" in text and "Tiles (x played, * yours)" in text


def test_beside_the_table_a_long_log_line_goes_on_under_itself_never_cut() -> None:
    """At 120x40 the log has about 44 columns: a Texas 42 trick with long names and its
    count ran past the edge ("... Bob 6-0: Cat" without its "(+5 count)")."""
    game = Game.new("texas42", seed=3)
    rng = random.Random(3)
    while game.phase is not Phase.HAND_OVER:
        # No bid of 84: its tricks lie face down, without their tiles in the log.
        game.apply(rng.choice([a for a in game.legal_actions()
                               if not (isinstance(a, Bid) and a.value >= 84)]))
        view = game.view(0)
        if view.tricks and any(t.count for trick in view.tricks for t in trick.tiles):
            break
    view = replace(view, players=("Annabelle", "Bartholomew", "Catherine", "Dominique"))
    whole = log_text(view).plain
    assert "count)" in whole
    wrapped = log_text(view, width=44).plain
    assert all(len(row) <= 44 for row in wrapped.splitlines())
    assert " ".join(wrapped.split()) == " ".join(whole.split())


def test_beside_the_table_a_long_void_line_goes_on_under_itself_never_cut() -> None:
    """A long name that has shown many voids ran past the tracker's edge and was cut with
    "…" at 120x40; the line now breaks under itself, and says every suit."""
    for seed in range(60):
        rng = random.Random(seed)
        for view in _random_hand_views("moon3", {}, seed, rng):
            found = voids(view)
            seat = next((s for s, suits in found.items() if len(suits) >= 2), None)
            if seat is None:
                continue
            names = list(view.players)
            names[seat] = "Bartholomew-Fitzgerald"
            view = replace(view, players=tuple(names))
            whole = f"{names[seat]} lacks {', '.join(found[seat])}"
            rows = tracker_text(view, width=24).plain.splitlines()
            start = next(i for i, row in enumerate(rows) if row.startswith(names[seat]))
            said = [rows[start]]
            for row in rows[start + 1:]:
                if not row.startswith("  "):
                    break
                said.append(row)
            assert len(said) > 1 and all(len(row) <= 24 for row in said)
            assert " ".join(" ".join(said).split()) == whole
            return
    raise AssertionError("no seat showed two voids")


def test_a_turn_played_for_a_player_out_of_time_is_said_last_in_the_log() -> None:
    game = Game.new("texas42", seed=3)
    view = game.view(0)
    bob = view.players[1]
    log = log_text(view, played_for=((1, "passed"), (0, "bid 30"))).plain.splitlines()
    assert log[-2].strip() == f"{bob} took too long: their bot passed for them"
    assert log[-1].strip() == "You took too long: your bot bid 30 for you"
    assert "took too long" not in log_text(view).plain
    # What a table sends is checked: a seat and words, cut short, a bounded number.
    assert played_for_from([[1, "passed"], [9, "passed"], ["1", "x"], 3, None]) == \
        ((1, "passed"),)
    assert played_for_from([[0, "x" * 500]])[0][1] == "x" * 60
    assert played_for_from([[1, "passed"]] * (MAX_PLAYED_FOR + 1)) == ()
    assert played_for_from("not a list") == ()
