"""The replay model: every position is the game the record's prefix gives, forward and back.

Over every worked record (``tests/rules/examples``) and over bot games in every game with
house rules that change the table (Nello, Sevens, Plunge, the widow's rules).
"""

from __future__ import annotations

import json
import random
from dataclasses import replace
from pathlib import Path

import pytest

from moon42.ai.registry import make_bot
from moon42.app.tui.replay.positions import (
    Replay,
    ReplayError,
    describe,
    load_replay,
    record_to_deal,
)
from moon42.rules import Game, Phase
from moon42.rules.record import game_from_record, game_to_record
from moon42.rules.views import SeatView

EXAMPLES = Path(__file__).parents[2] / "rules" / "examples"
RECORDS = sorted(p for p in EXAMPLES.glob("*.json") if not p.name.endswith(".expected.json"))
# The worked records that are records at all (16 has a malformed tile: exit 2).
REPLAYABLE = [p for p in RECORDS if json.loads(p.with_name(p.stem + ".expected.json").read_text())
              ["exit"] != 2]

BOT_GAMES = [
    ("moon3", {}, "basic"),
    ("moon3", {"trump_before_widow": True, "target": 11}, "random"),
    ("moon3", {"remove_double_blank": True, "scoring": "marks", "target": 3}, "random"),
    ("moon4", {"target": 11}, "basic"),
    ("texas42", {}, "basic"),
    ("texas42", {"nello": True, "sevens": True, "plunge": True, "splash": True,
                 "target": 7}, "random"),
]


def bot_game(game: str, options: dict, bot: str, seed: int) -> Game:
    """A whole game played by bots, from the seed."""
    played = Game.new(game, options=options, seed=seed)
    bots = [make_bot(bot, seed + s) for s in range(played.seats)]
    while played.phase is not Phase.GAME_OVER:
        if played.phase is Phase.HAND_OVER:
            played.next_hand()
            continue
        turn = played.to_act
        played.apply(getattr(bots[turn.seat], turn.kind)(played.view(turn.seat)))
    return played


def as_the_replay_shows(replay: Replay, view: SeatView) -> SeatView:
    """A seat's view as a replay shows it: whole when the game is over or the seat is its
    player's, else without its tiles, widow, discard and choices."""
    if replay.face_up or view.seat == replay.seen_by:
        return view
    return replace(view, hand=(), widow=(), discard=None, legal=())


def assert_positions_are_the_prefixes(replay: Replay) -> None:
    """Each position's views equal the views of the game its record prefix replays to, as
    the replay may show them (in a long game every few positions: each prefix is replayed
    from the start)."""
    stride = max(1, len(replay) // 150)
    checked = set(range(0, len(replay), stride)) | set(replay.hand_starts) | {len(replay) - 1}
    checked |= {start - 1 for start in replay.hand_starts if start}  # each hand's end
    for index in sorted(checked):
        position = replay.positions[index]
        game = game_from_record(replay.record_at(index))
        assert tuple(as_the_replay_shows(replay, game.view(s))
                     for s in range(game.seats)) == position.views, index
        assert game_to_record(game) == replay.record_at(index)


def assert_back_and_forth_agree(replay: Replay) -> None:
    """Stepping forward to the end and back to the start passes the same states."""
    forward = [replay.first()]
    while replay.index < len(replay) - 1:
        forward.append(replay.step(1))
    assert len(forward) == len(replay)
    backward = [replay.position]
    while replay.index > 0:
        backward.append(replay.step(-1))
    assert backward[::-1] == forward
    assert replay.step(-1) == forward[0]  # stepping before the start stays there
    replay.last()
    assert replay.step(1) == forward[-1]


@pytest.mark.parametrize("record", REPLAYABLE, ids=[p.stem for p in REPLAYABLE])
def test_every_worked_record_replays_to_its_prefixes(record: Path) -> None:
    replay = Replay.from_doc(json.loads(record.read_text()))
    assert_positions_are_the_prefixes(replay)
    assert_back_and_forth_agree(replay)
    expected = json.loads(record.with_name(record.stem + ".expected.json").read_text())
    output = expected["output"]
    assert replay.positions[-1].table.scores == tuple(output["scores"])
    assert replay.hands == len(output["hands"])
    # A record that breaks the rules is shown up to the fault, and says where it is.
    if expected["exit"] == 1:
        assert replay.fault is not None
        assert replay.fault.hand == output["error"]["hand"]
    else:
        assert replay.fault is None


@pytest.mark.parametrize(("game", "options", "bot"), BOT_GAMES,
                         ids=[f"{g}-{i}" for i, (g, _, _) in enumerate(BOT_GAMES)])
def test_bot_games_replay_to_their_prefixes(game: str, options: dict, bot: str) -> None:
    played = bot_game(game, options, bot, seed=11)
    replay = Replay.from_doc(game_to_record(played))
    assert len(replay) == sum(1 + len(log.actions) for log in played.log)
    assert replay.positions[-1].views == tuple(played.view(s) for s in range(played.seats))
    assert_positions_are_the_prefixes(replay)
    assert_back_and_forth_agree(replay)


def test_all_hands_are_face_up() -> None:
    """Every seat's tiles, the widow and the discard: the whole deal is in each position."""
    played = bot_game("moon3", {}, "basic", seed=5)
    replay = Replay.from_doc(game_to_record(played))
    for h, log in enumerate(played.log):
        deal = replay.positions[replay.hand_starts[h]]
        assert deal.action is None and deal.step == 0
        for seat in range(3):
            assert sorted(deal.views[seat].hand) == sorted(log.deal[seat])
        assert deal.widow == log.widow
        assert describe(deal, replay.players, replay.options).startswith(f"Hand {h + 1}:")


@pytest.mark.parametrize(("game", "options"), [
    ("moon3", {}), ("moon3", {"trump_before_widow": True}), ("texas42", {})])
def test_a_game_not_over_shows_only_its_players_tiles(game: str, options: dict) -> None:
    whole = bot_game(game, options, "basic", seed=5)
    record = game_to_record(whole)
    finished = Replay.from_doc(record)
    assert finished.face_up and finished.seen_by is None
    # The same game cut in its second hand, at every step of it: as a save of a game being
    # played, or a record cut short.
    second = record["hands"][1]
    for step in range(len(second["actions"]) + 1):
        cut = dict(record, hands=[record["hands"][0], dict(second, actions=second[
            "actions"][:step])])
        replay = Replay.from_doc(cut)
        assert not replay.face_up and replay.seen_by == 0
        for position in replay.positions:
            assert position.widow == () and position.seen_by == 0
            for view in position.views[1:]:
                assert (view.hand, view.widow, view.discard, view.legal) == ((), (), None, ())
    assert_positions_are_the_prefixes(replay)  # the player's seat whole, the public facts


def test_jumping_to_hands() -> None:
    played = bot_game("texas42", {}, "basic", seed=3)
    replay = Replay.from_doc(game_to_record(played))
    hands = len(played.log)
    assert replay.hands == hands
    for h in range(hands):
        position = replay.to_hand(h)
        assert (position.hand, position.step, position.action) == (h, 0, None)
        assert position.table.hand_number == h
    assert replay.to_hand(hands + 5).hand == hands - 1
    assert replay.to_hand(-3).hand == 0
    # ] goes to the next deal, and from the last hand to the very end.
    replay.first()
    assert replay.next_hand().hand == 1
    replay.to_hand(hands - 1)
    assert replay.next_hand() == replay.positions[-1]
    # [ goes back to this hand's deal first, then to the hand before.
    replay.to_hand(2)
    replay.step(5)
    assert (replay.previous_hand().hand, replay.position.step) == (2, 0)
    assert (replay.previous_hand().hand, replay.position.step) == (1, 0)
    assert replay.first().hand == 0 and replay.previous_hand().hand == 0


def test_a_hand_summary_is_its_result() -> None:
    played = bot_game("moon4", {"target": 11}, "basic", seed=8)
    replay = Replay.from_doc(game_to_record(played))
    for h, result in enumerate(played.results):
        assert replay.result(h) == result
        assert replay.hand_end(h).table.results[-1] == result
    unfinished = Replay.from_doc(replay.record_at(replay.hand_starts[-1] + 3))
    assert unfinished.result(unfinished.hands - 1) is None


def test_a_record_cut_at_a_deal_plays_that_deal_again() -> None:
    played = bot_game("texas42", {}, "basic", seed=9)
    record = game_to_record(played)
    for h, log in enumerate(played.log):
        again = game_from_record(record_to_deal(record, h))
        assert again.hand_number == h
        assert again.log[-1].deal == log.deal and again.log[-1].dealer == log.dealer
        assert again.phase is Phase.BIDDING and not again.log[-1].actions
        before = played.results[h - 1].totals if h else (0,) * 4
        assert tuple(again.scores) == tuple(before)
        # The hands after come from the same seed: the same tiles as in the game.
        assert again.shuffled_deal(h + 1) == played.shuffled_deal(h + 1)


def test_a_long_game_opens_and_every_position_can_be_reached_in_any_order() -> None:
    """A long game opens; hands visited last-first and random jumps land where they say."""
    played = bot_game("moon3", {"target": 61}, "basic", seed=2)
    replay = Replay.from_doc(game_to_record(played))
    assert len(replay) > 500 and replay.hands > 20
    for hand in reversed(range(replay.hands)):  # the last hand replays the most
        replay.to_hand(hand)
    rng = random.Random(1)
    for _ in range(200):
        index = rng.randrange(len(replay))
        replay.go(index)
        assert replay.index == index


@pytest.mark.parametrize(
    ("content", "reason"),
    [
        ("{not json", "is not JSON"),
        ('["a list"]', "is not a game record"),
        ('{"format": "moon42/1", "game": "moon5", "hands": []}', "is not a game record"),
        ('{"format": "moon42/1", "game": "moon3", "hands": []}', "holds no deal to replay"),
    ],
)
def test_a_bad_file_says_why(tmp_path: Path, content: str, reason: str) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    with pytest.raises(ReplayError) as raised:
        load_replay(str(path))
    assert reason in str(raised.value)
    assert str(path) in str(raised.value)


def test_a_missing_file_says_so(tmp_path: Path) -> None:
    with pytest.raises(ReplayError, match="cannot read"):
        load_replay(str(tmp_path / "nowhere.json"))
