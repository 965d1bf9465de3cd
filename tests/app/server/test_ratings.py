"""The leaderboard's ratings: openskill's, one per game kind, made again from the counted games
every time; partners share a result, bots hold fixed ratings, guests and uncounted games move
nobody, and a damaged file loses nothing."""

from __future__ import annotations

import json
import logging
from dataclasses import replace
from pathlib import Path

import pytest
from openskill.models import PlackettLuce

from moon42.ai.registry import make_bot
from moon42.app.play.stats.board import choose, read_player
from moon42.app.play.stats.made_up import made_up
from moon42.app.play.stats.ranked import PlayedGame
from moon42.app.play.stats.ratings import BOT_RATINGS, MIN_GAMES, PlayerGames, rate_all
from moon42.app.play.stats.recorder import StatsRecorder
from moon42.app.play.stats.store import STATS_NAME, StatsStore
from moon42.app.server.accounts.identity import guest_identity, member_identity
from moon42.app.server.accounts.leaderboard import Leaderboard
from moon42.app.tui.screens.leaderboard import LeaderboardScreen
from moon42.rules import Game, Phase

from ..play.stats_games import play_recorded
from ..tui.helpers import screen_text
from .test_leaderboard import _BoardApp, board, player

FINISHED = "2026-12-01T10:00:00+00:00"


def game(id_: str, kind: str, bots: tuple[str | None, ...], seat: int,
         winners: tuple[int, ...], finished: str = FINISHED) -> PlayedGame:
    marks = kind == "texas42"
    return PlayedGame(id_, kind, 7 if marks else 21, marks, bots, seat, False, True,
                      seat in winners, finished, winners)


def one(label: str, *games: PlayedGame, guest: bool = False,
        totals: dict[str, tuple[int, ...]] | None = None) -> PlayerGames:
    return PlayerGames(label, guest, games, totals or {})


def fresh(model: PlackettLuce):
    return model.rating(mu=model.mu, sigma=model.sigma)


def bot(model: PlackettLuce, level: str):
    mu, sigma = BOT_RATINGS[level]
    return model.rating(mu=mu, sigma=sigma)


def test_a_rating_moves_as_the_library_says_for_a_known_result() -> None:
    """Moon for 3: Ann wins against basic (second, 15 points) and expert (third, 9)."""
    played = game("g1", "moon3", (None, "basic", "expert"), 0, (0,))
    rated = rate_all([one("member-ann", played, totals={"g1": (21, 15, 9)})])
    model = PlackettLuce()
    [[ann], _, _] = model.rate([[fresh(model)], [bot(model, "basic")],
                                [bot(model, "expert")]], ranks=[1, 2, 3])
    standing = rated.standings["moon3"]["member-ann"]
    assert (standing.mu, standing.sigma) == pytest.approx((ann.mu, ann.sigma), abs=1e-9)
    assert standing.mu > model.mu and standing.sigma < model.sigma
    assert (standing.games, standing.won, standing.partners) == (1, 1, {})
    assert rated.standings["moon4"] == {} and rated.standings["texas42"] == {}
    # The same game lost, as third: the library's loss.
    lost = rate_all([one("member-ann", replace(played, winners=(1,), won=False),
                         totals={"g1": (5, 21, 9)})])
    [_, _, [ann_lost]] = model.rate([[bot(model, "basic")], [bot(model, "expert")],
                                     [fresh(model)]], ranks=[1, 2, 3])
    assert lost.standings["moon3"]["member-ann"].mu == pytest.approx(ann_lost.mu, abs=1e-9)
    assert ann_lost.mu < model.mu


def test_partners_share_a_result_and_the_library_rates_the_partnerships() -> None:
    """Texas 42 at a shared table: Ann and Cy (seats 0 and 2) beat Bob and a basic bot."""
    bots = (None, None, None, "Bot D")
    ann, bob, cy = (one(f"member-{name}", game("t1", "texas42", bots, seat, (0, 2)))
                    for seat, name in enumerate(("ann", "bob", "cy")))
    rated = rate_all([ann, bob, cy])
    texas = rated.standings["texas42"]
    model = PlackettLuce()
    [[a, c], [b, _]] = model.rate([[fresh(model), fresh(model)],
                                   [fresh(model), bot(model, "basic")]], ranks=[1, 2])
    assert (texas["member-ann"].mu, texas["member-ann"].sigma) == pytest.approx((a.mu, a.sigma))
    assert (texas["member-cy"].mu, texas["member-cy"].sigma) == pytest.approx((c.mu, c.sigma))
    assert texas["member-bob"].mu == pytest.approx(b.mu) and b.mu < model.mu < a.mu
    assert texas["member-ann"].partners == {"member-cy": [1, 1]}
    assert texas["member-bob"].partners == {"bot:basic": [1, 0]}
    assert rated.rated == 1 and rated.unrated == 0


def test_a_win_against_stronger_raises_more() -> None:
    def after(level: str) -> float:
        won = game("g", "moon3", (None, level, level), 0, (0,))
        return rate_all([one("member-ann", won)]).standings["moon3"]["member-ann"].mu

    assert after("expert") > after("hard") > after("normal") > after("basic") \
        > PlackettLuce().mu
    # Between players too: beating a player rated higher raises more.
    ladder = [game(f"up{n}", "moon3", (None, "basic", "basic"), 0, (0,),
                   f"2026-12-01T09:0{n}:00+00:00") for n in range(5)]
    strong = one("member-zed", *ladder)
    duel = (None, None, "basic")
    beats_zed = [one("member-ann", game("d", "moon3", duel, 0, (0,))),
                 replace(strong, games=(*strong.games, game("d", "moon3", duel, 1, (0,))))]
    beats_new = [one("member-ann", game("d", "moon3", duel, 0, (0,))),
                 one("member-bob", game("d", "moon3", duel, 1, (0,)))]
    assert rate_all(beats_zed).standings["moon3"]["member-ann"].mu \
        > rate_all(beats_new).standings["moon3"]["member-ann"].mu


def test_guests_leave_members_ratings_alone() -> None:
    ann_alone = one("member-ann", game("p1", "moon3", (None, "basic", "expert"), 0, (0,)))
    before = rate_all([ann_alone]).standings["moon3"]["member-ann"]
    # A shared game with a guest at the table is rated for nobody.
    shared = (None, None, "basic")
    with_guest = [replace(ann_alone, games=(*ann_alone.games,
                                            game("s1", "moon3", shared, 0, (1,)))),
                  one("guest-eve", game("s1", "moon3", shared, 1, (1,)), guest=True)]
    rated = rate_all(with_guest)
    after = rated.standings["moon3"]["member-ann"]
    assert (after.mu, after.sigma, after.games) == (before.mu, before.sigma, 1)
    assert "guest-eve" not in rated.standings["moon3"] and rated.unrated == 1
    # A guest's games against bots rate the guest alone.
    eve = one("guest-eve", game("e1", "moon3", (None, "basic", "basic"), 0, (0,)), guest=True)
    rated = rate_all([ann_alone, eve])
    assert rated.standings["moon3"]["member-ann"].mu == before.mu
    assert rated.standings["moon3"]["guest-eve"].games == 1


def test_a_shared_game_is_rated_only_when_every_seat_is_claimed_alike() -> None:
    shared = (None, None, "basic")
    ann = one("member-ann", game("s", "moon3", shared, 0, (0,)))
    assert rate_all([ann]).unrated == 1  # seat 1's player's statistics are not read
    bob_says_he_won = one("member-bob", game("s", "moon3", shared, 1, (1,)))
    assert rate_all([ann, bob_says_he_won]).unrated == 1
    two_claim_seat_0 = one("member-bob", game("s", "moon3", shared, 0, (0,)))
    assert rate_all([ann, two_claim_seat_0]).unrated == 1
    bob = one("member-bob", game("s", "moon3", shared, 1, (0,)))
    claims_the_bots_seat = one("member-cy", game("s", "moon3", shared, 2, (0,)))
    assert rate_all([ann, bob, claims_the_bots_seat]).unrated == 1
    rated = rate_all([ann, bob])
    assert rated.rated == 1 and rated.standings["moon3"]["member-bob"].games == 1
    # However the players are read, the same games give the same ratings.
    again = rate_all([bob, ann]).standings["moon3"]
    assert {k: (s.mu, s.sigma) for k, s in again.items()} \
        == {k: (s.mu, s.sigma) for k, s in rated.standings["moon3"].items()}


def play_shared(stores: dict[int, StatsStore], kind: str, seed: int,
                game_id: str) -> Game:
    """A seeded game of basic bots written, as a shared table writes it, into the statistics
    of the players at ``stores``' seats (the other seats are the table's bots)."""
    played = Game.new(kind, options={"target": 7} if kind == "texas42" else None, seed=seed)
    bots = [make_bot("basic", seed * 10 + s) for s in range(played.seats)]
    names = [f"Bot {'ABCD'[s]}" for s in range(played.seats)]
    seats = [None if s in stores else names[s] for s in range(played.seats)]
    recorders = [StatsRecorder(store, played, seat, seats, game_id=game_id, names=names)
                 for seat, store in stores.items()]
    while played.phase is not Phase.GAME_OVER:
        if played.phase is Phase.HAND_OVER:
            events = played.next_hand()
        else:
            turn = played.to_act
            events = played.apply(getattr(bots[turn.seat], turn.kind)(
                played.view(turn.seat)))
        for recorder in recorders:
            recorder.follow(played, events)
    return played


def ratings_of(root: Path, kind: str) -> dict[str, tuple]:
    return {row["name"]: (row["rank"], row["rating"], row["mu"], row["sigma"], row["games"])
            for row in board(root)["ratings"][kind]["rows"]}


def test_the_board_ranks_each_kind_by_the_conservative_estimate(tmp_path: Path) -> None:
    ann = player(tmp_path, member_identity("Ann"), [("moon3", s) for s in range(MIN_GAMES)])
    bob = player(tmp_path, member_identity("Bob"), [("moon3", 50)])
    stores = {0: StatsStore(ann / "data" / STATS_NAME), 2: StatsStore(bob / "data" / STATS_NAME)}
    played = play_shared(stores, "texas42", 7, "texas42-shared-1")
    Leaderboard(tmp_path).refresh()
    shown = board(tmp_path)
    moon3 = shown["ratings"]["moon3"]["rows"]
    assert [row["name"] for row in moon3] == ["Ann", "Bob"]
    assert moon3[0]["rank"] == 1 and moon3[1]["rank"] is None  # Bob: one game, no rank
    assert moon3[0]["games"] == MIN_GAMES
    assert moon3[0]["rating"] == pytest.approx(moon3[0]["mu"] - 3 * moon3[0]["sigma"],
                                               abs=0.02)
    texas = {row["name"]: row for row in shown["ratings"]["texas42"]["rows"]}
    won = 0 in played.winner
    assert texas["Ann"]["partners"] == [{"name": "Bob", "games": 1, "won": int(won)}]
    assert texas["Bob"]["partners"] == [{"name": "Ann", "games": 1, "won": int(won)}]
    assert (texas["Ann"]["mu"], texas["Ann"]["sigma"]) == (texas["Bob"]["mu"],
                                                           texas["Bob"]["sigma"])
    assert shown["ratings"]["moon4"]["rows"] == [] and shown["rated_games"] == MIN_GAMES + 2
    # Bob stays off the board: not shown, not named, but his game still rates Ann.
    choose(bob / "data", False)
    Leaderboard(tmp_path).refresh()
    texas_off = board(tmp_path)["ratings"]["texas42"]["rows"]
    assert [row["name"] for row in texas_off] == ["Ann"]
    assert texas_off[0]["partners"][0]["name"] == "someone off the board"
    assert texas_off[0]["mu"] == texas["Ann"]["mu"]


def test_uncounted_games_leave_ratings_alone(tmp_path: Path) -> None:
    ann = player(tmp_path, member_identity("Ann"), [("moon3", 1)])
    Leaderboard(tmp_path).refresh()
    before = ratings_of(tmp_path, "moon3")
    with StatsStore(ann / "data" / STATS_NAME) as store:
        play_recorded(store, "moon3", 2, bot="random",
                      options={"target": 1, "forced_bid": True})
        play_recorded(store, "moon3", 3, options={"target": 1})
        play_recorded(store, "moon3", 4, undo_used=True)
        play_recorded(store, "moon3", 5, stop_after=1)  # unfinished
    assert len(read_player(ann / "data" / STATS_NAME).games) == 1
    Leaderboard(tmp_path).refresh()
    assert ratings_of(tmp_path, "moon3") == before and before["Ann"][-1] == 1


def test_a_damaged_file_loses_nothing(tmp_path: Path,
                                      caplog: pytest.LogCaptureFixture) -> None:
    ann = player(tmp_path, member_identity("Ann"), [("moon3", 1), ("moon4", 2)])
    bob = player(tmp_path, member_identity("Bob"), [("moon3", 3)])
    player(tmp_path, guest_identity("cy"), [("texas42", 4)])
    with StatsStore(ann / "data" / STATS_NAME) as a, StatsStore(bob / "data" / STATS_NAME) as b:
        play_shared({0: a, 1: b}, "moon3", 9, "moon3-shared-1")
    keeper = Leaderboard(tmp_path)
    keeper.refresh()
    before = {kind: ratings_of(tmp_path, kind) for kind in ("moon3", "moon4", "texas42")}
    assert before["moon3"]["Ann"][-1] == 2 and before["moon3"]["Bob"][-1] == 2

    stats = bob / "data" / STATS_NAME
    good = stats.read_bytes()
    stats.write_bytes(b"SQLite format 3\x00" + b"\xff" * 4000)
    with caplog.at_level(logging.WARNING, logger="moon42.serve"):
        keeper.refresh()
    assert "member-%42ob is left off" in caplog.text
    damaged = board(tmp_path)
    assert "Bob" not in ratings_of(tmp_path, "moon3")
    assert damaged["unrated_games"] == 1  # the shared game waits for Bob's file
    assert ratings_of(tmp_path, "texas42") == before["texas42"]

    stats.write_bytes(good)  # the file mended: every rating is back as it was
    keeper.refresh()
    assert {kind: ratings_of(tmp_path, kind) for kind in before} == before
    # The board file lost: a new board makes the same ratings from the games.
    (tmp_path / "leaderboard.json").unlink()
    Leaderboard(tmp_path).refresh()
    assert {kind: ratings_of(tmp_path, kind) for kind in before} == before
    assert json.loads((tmp_path / "leaderboard.json").read_text())["version"] == 2


async def test_the_board_screen_shows_each_games_ranking_and_partnerships_at_80x24(
        tmp_path: Path) -> None:
    ann = player(tmp_path, member_identity("Ann"), [("moon3", s) for s in range(MIN_GAMES)])
    bob = player(tmp_path, member_identity("Bob"), [])
    with StatsStore(ann / "data" / STATS_NAME) as a, StatsStore(bob / "data" / STATS_NAME) as b:
        play_shared({0: a, 2: b}, "texas42", 7, "texas42-shared-1")
    Leaderboard(tmp_path).refresh()
    screen = LeaderboardScreen(tmp_path / "leaderboard.json", ann / "data")
    app = _BoardApp(screen)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        text = screen_text(app)
        lines = text.splitlines()
        assert "Moon for 3 (g: Moon for 4, Texas 42)" in text, text
        ann_line = next(line for line in lines if "Ann" in line)
        rating = board(tmp_path)["ratings"]["moon3"]["rows"][0]
        assert ann_line.split()[0] == "1" and f"{rating['rating']:.1f}" in ann_line
        assert f"{MIN_GAMES}" in ann_line.split()[-2:]
        assert "no partnerships" in text and "Bob" not in text
        await pilot.press("g", "g")
        await pilot.pause()
        text = screen_text(app)
        assert "Texas 42 (g: Moon for 3, Moon for 4)" in text, text
        # Ann and Bob: one game each, unranked; each the other's partner.
        assert "Bob 1," in text and "Ann 1," in text, text
        assert all(len(line) <= 80 for line in text.splitlines())
        await pilot.press("g")
        await pilot.pause()
        assert "Nobody is rated at Moon for 3" not in screen_text(app)
        assert "Moon for 3 (g:" in screen_text(app)


def test_many_players_shared_games_are_all_rated_and_the_same_from_one_seed() -> None:
    players = made_up(12, 8, 0.6, seed=3)
    rated = rate_all(players)
    games = {game.id for p in players for game in p.games}
    assert rated.unrated == 0 and rated.rated == len(games)
    again = rate_all(reversed(made_up(12, 8, 0.6, seed=3)))
    assert {k: {p: (s.mu, s.sigma) for p, s in v.items()} for k, v in again.standings.items()} \
        == {k: {p: (s.mu, s.sigma) for p, s in v.items()} for k, v in rated.standings.items()}


def test_a_guest_at_a_shared_table_leaves_the_members_ratings_alone(tmp_path: Path) -> None:
    ann = player(tmp_path, member_identity("Ann"), [("moon3", 1)])
    cy = player(tmp_path, guest_identity("cy"), [])
    keeper = Leaderboard(tmp_path)
    keeper.refresh()
    before = ratings_of(tmp_path, "moon3")
    with StatsStore(ann / "data" / STATS_NAME) as a, StatsStore(cy / "data" / STATS_NAME) as c:
        play_shared({0: a, 1: c}, "moon3", 11, "moon3-with-a-guest")
    assert len(read_player(ann / "data" / STATS_NAME).games) == 2  # counted: it is a game
    keeper.refresh()
    shown = board(tmp_path)
    assert ratings_of(tmp_path, "moon3") == before and shown["unrated_games"] == 1
    assert {row["name"] for row in shown["players"]} == {"Ann", "cy"}
