"""A duplicate match at a club: two tables gather together, each deal is played at both
with the seats turned, everyone is shown the comparison, and the record replays."""

from __future__ import annotations

from pathlib import Path

import pytest

from moon42.app.play.club_match import ClubMatch, MatchTable, check_deals, side_lines
from moon42.app.play.match_record import load_match
from moon42.app.play.match_words import amount
from moon42.app.play.seats import Sitter, TableError
from moon42.rules.duplicate import compare, seats_at_b, totals
from moon42.rules.options import options_for

from .test_tables import ANN, BOB, CAT, Clock, Inbox


def club_match(tmp_path: Path, game: str = "texas42", deals: int = 2,
               seed: int = 11) -> ClubMatch:
    def folder_of(player: str) -> Path:
        folder = tmp_path / "players" / player / "data" / "records"
        folder.parent.mkdir(parents=True, exist_ok=True)
        return folder

    options = options_for(game, {})
    match = ClubMatch(options, seed, deals, folder_of=folder_of)
    a, b = (MatchTable(match, letter, number, game, options, seed=seed, pace=0,
                       clock=Clock(), codes=lambda: "424242")
            for number, letter in ((1, "A"), (2, "B")))
    match.seat(a, b)
    return match


def play_deal(match: ClubMatch, players: dict[str, Sitter], limit: int = 2000) -> None:
    """Both tables' bots, and the players' first legal moves, until the deal is compared."""
    for _ in range(limit):
        if match.compared or match.over:
            return
        for table in match.tables:
            turn = table.game.to_act
            if turn is None:
                continue
            seated = table.seats[turn.seat].player
            who = players.get(seated) if seated is not None else None
            if who is not None and not table.bot_plays(turn.seat):
                table.act(who, table.game.legal_actions()[0])
            else:
                table.bot_step()
    raise AssertionError("the deal was not played at both tables")


@pytest.mark.parametrize("game", ["texas42", "moon3"])
def test_a_club_match_plays_through_and_each_player_sees_every_comparison(tmp_path, game):
    match = club_match(tmp_path, game)
    a, b = match.tables
    ann, bob, cat = Inbox(), Inbox(), Inbox()
    a.take(ANN, ann)
    b.take(BOB, bob, seat=0)  # Ann's side, at the other table: the other tiles
    b.take(CAT, cat, seat=1)
    with pytest.raises(TableError, match="opener"):
        b.start(BOB)
    assert a.gathering_message(0)["match"]["tables"] == [1, 2]
    a.start(ANN)
    with pytest.raises(TableError, match="table B"):
        a.take(BOB, bob, seat=1)  # a player of table B sees no deal at table A
    players = {p.player: p for p in (ANN, BOB, CAT)}
    # Table A plays the deal first (table B's bots are not asked meanwhile).
    while a.game.to_act is not None:
        turn = a.game.to_act
        if turn.seat == 0:
            a.act(ANN, a.game.legal_actions()[0])
        else:
            a.bot_step()
    assert ann.messages[-1]["type"] == "view" and ann.messages[-1]["match_wait"] is True
    assert not bob.messages[-1].get("match_wait")
    for number in range(match.deals):
        play_deal(match, players)
        for inbox in (ann, bob, cat):
            said = [m for m in inbox.messages if m["type"] == "match-deal"]
            assert len(said) == number + 1 and said[-1]["deal"] == number + 1
            assert f"Deal {number + 1}" in said[-1]["lines"]
            assert any(line.startswith("Total over") for line in said[-1]["lines"])
        match.seen_by(ANN)
        match.seen_by(BOB)
        assert match.compared  # Cat has not read it yet: the next deal waits
        match.seen_by(CAT)
    assert match.over and [m for m in ann.messages if m["type"] == "match-deal"][-1]["last"]
    assert len(match.played) == match.deals
    # Nobody saw a deal twice: Ann's tiles at A are held at B by a bot, not by Bob or Cat.
    n = a.game.seats
    for (game_a, game_b) in match.played:
        assert game_a.log[0].deal[0] == game_b.log[0].deal[seats_at_b((0,), n)[0]]
        assert "Ann" not in game_b.players and "Bob" not in game_a.players
    # The record is in every player's records/, and replays as the match was played.
    for player in ("key-ann", "key-bob", "key-cat"):
        files = list((tmp_path / "players" / player / "data" / "records").glob("match-*"))
        assert len(files) == 1
        replayed = load_match(files[0])
        assert replayed.seed == match.seed and len(replayed.deals) == match.deals
        for (ra, rb), (pa, pb) in zip(replayed.deals, match.played, strict=True):
            assert ra.log[0].actions == pa.log[0].actions
            assert rb.log[0].actions == pb.log[0].actions


def test_the_score_is_the_same_mirrored_when_the_tables_are_swapped(tmp_path):
    match = club_match(tmp_path, "texas42", deals=3, seed=5)
    a, _ = match.tables
    a.take(ANN, Inbox())
    a.start(ANN)
    for _ in range(match.deals):
        play_deal(match, {ANN.player: ANN})  # Ann plays otherwise than the bot at B
        match.go_on()
    assert match.over
    options = match.options
    forward = [compare(options, ga.results[0], gb.results[0]) for ga, gb in match.played]
    # Table B read as table A: its seats hold table A's tiles turned the other way.
    swapped = [compare(options, gb.results[0], ga.results[0], turn=-1)
               for ga, gb in match.played]
    ahead, behind = totals(forward), totals(swapped)
    for deal_a, deal_b in zip(forward, swapped, strict=True):
        for c in deal_a:
            mirror = next(m for m in deal_b if set(m.seats_b) == set(c.seats))
            assert mirror.score == (-c.score[0], -c.score[1])
    for seats, score in ahead.items():
        other = next(k for k in behind if set(seats_at_b(k, 4, -1)) == set(seats))
        assert behind[other] == (-score[0], -score[1])
    assert len(forward) == 3 and any(c.score != (0, 0) for deal in forward for c in deal)


def test_once_its_result_is_out_a_match_is_listed_over_and_nobody_sits(tmp_path):
    match = club_match(tmp_path, "texas42", deals=1, seed=3)
    a, b = match.tables
    a.take(ANN, Inbox())
    b.take(BOB, Inbox(), seat=0)
    a.start(ANN)
    assert a.summary()["match"]["over"] is False
    play_deal(match, {ANN.player: ANN, BOB.player: BOB})
    # The result is out and Ann and Bob still read it: the match is over all the same.
    assert match.compared and {ANN.player, BOB.player} <= match.readers()
    assert all(table.summary()["match"]["over"] is True for table in (a, b))
    for table, seat in ((a, 1), (b, 2)):
        with pytest.raises(TableError, match="the match at tables 1 and 2 is over"):
            table.take(CAT, Inbox(), seat=seat)
    assert all(s.player != CAT.player for t in match.tables for s in t.seats)


def test_a_matchs_deals_are_checked():
    assert check_deals(4) == 4
    for bad in (0, 17, True, "4", 2.0):
        with pytest.raises(TableError):
            check_deals(bad)


def test_each_side_scores_its_pair_at_a_against_table_b_and_its_pair_at_b_against_a(tmp_path):
    match = club_match(tmp_path, "texas42", deals=2, seed=2)
    a, _ = match.tables
    ann = Inbox()
    a.take(ANN, ann)
    a.start(ANN)
    for _ in range(match.deals):
        play_deal(match, {ANN.player: ANN})
        match.go_on()
    options, score = match.options, [0, 0]
    for game_a, game_b in match.played:
        by_seats = {c.seats: c.score for c in compare(options, game_a.results[0],
                                                      game_b.results[0])}
        score = [score[i] + by_seats[(0, 2)][i] - by_seats[(1, 3)][i] for i in (0, 1)]
    lines = side_lines(options, match.played)
    assert lines[-2].endswith(f"{amount(score[0], 'marks', True)}, "
                              f"{amount(score[1], 'points', True)}")
    assert lines[-1].endswith(f"{amount(-score[0], 'marks', True)}, "
                              f"{amount(-score[1], 'points', True)}")
    assert "(Ann & Bot C at A, Bot A & Bot C at B)" in lines[-2] and score != [0, 0]
    result = [m for m in ann.messages if m["type"] == "match-deal"][-1]
    assert result["last"] and result["lines"][-2:] == lines[-2:]
    assert sum(line.startswith("Deal ") for line in result["lines"]) == 2  # the whole match


def test_the_same_bots_at_both_tables_play_each_deal_alike_so_no_side_gains(tmp_path):
    match = club_match(tmp_path, "moon4", deals=2, seed=4)
    a, _ = match.tables
    a.take(ANN, Inbox())
    a.autoplayed = {0}  # a bot plays Ann's seat too: the whole match plays itself
    a.start(ANN)
    for _ in range(match.deals):
        play_deal(match, {})
        match.go_on()
    assert match.over
    for game_a, game_b in match.played:
        assert all(c.score == (0, 0) for c in compare(match.options, game_a.results[0],
                                                      game_b.results[0]))
