"""Where a bot's plays lose against the true layout (``moon42.ai.lab.decisions``)."""

from __future__ import annotations

import json

import pytest

from moon42.ai.facts.forced_auction import skip_auction
from moon42.ai.lab.arena import ArenaConfig
from moon42.ai.lab.arena import play_deal as arena_deal
from moon42.ai.lab.decisions import (
    Deal,
    Decision,
    compare,
    judge,
    judge_every_tile,
    judge_every_trump,
    judge_trump,
    load,
    main,
    play_deal,
    situation,
    summary,
    table,
)
from moon42.rules import Game, Trump
from moon42.rules.actions import NameTrump
from moon42.rules.tiles import mask_of

TINY = {"budget": None, "layouts": 2, "call_budget": None}


def _game_in_play(seed: int = 3) -> Game:
    game = Game.new("texas42", options={"play_out": True}, seed=seed)
    skip_auction(game)
    if game.to_act.kind != "play":
        game.apply(NameTrump(game.to_act.seat, Trump.FIVES))
    return game


def _hands(game: Game) -> list[int]:
    return [mask_of(game.view(s).hand) for s in range(4)]


def test_a_play_is_a_lead_a_follow_a_trump_in_or_a_discard() -> None:
    seen = set()
    for seed in range(40):
        game = _game_in_play(seed)
        while game.to_act is not None:
            view = game.view(game.to_act.seat)
            rules = view.trick_rules
            for action in view.legal:
                kind = situation(view, action.tile)
                seen.add(kind)
                trick = view.current_trick
                if trick is None or not trick.plays:
                    assert kind == "lead"
                    continue
                lead = int(trick.plays[0][1])
                follows = bool(rules.follow_lead[lead] >> action.tile & 1)
                assert (kind == "follow") == follows
                if kind == "trump":
                    assert rules.is_trump[action.tile] and not rules.is_trump[lead]
                if kind == "discard":
                    assert not rules.is_trump[action.tile]
            game.apply(view.legal[0])
    assert seen == {"lead", "follow", "trump", "discard"}


def test_the_best_tile_loses_nothing_and_a_worse_one_is_counted() -> None:
    from moon42.ai.omniscient import OmniscientBot

    losing_seen = 0
    for seed in range(8):
        game = _game_in_play(seed)
        bot = OmniscientBot(seed)
        bot.aim_for_majority()
        while game.to_act is not None:
            view = game.view(game.to_act.seat)
            hands = _hands(game)
            bot.see(game)
            best = bot.play(view)
            every = judge_every_tile(view, hands)
            assert sorted(every) == sorted(a.tile for a in view.legal)
            judged = every[best.tile]
            if len(view.tricks) == 5:  # a small solve: the one-tile judge says the same
                assert judge(view, hands, view.legal[-1].tile) == every[view.legal[-1].tile]
            assert judged.loss == 0 and not judged.losing
            verdicts = list(every.values())
            assert all(v.loss >= 0 for v in verdicts)
            # A losing tile always gives up points: it costs the hand.
            assert all(v.loss > 0 for v in verdicts if v.losing)
            losing_seen += sum(v.losing for v in verdicts)
            game.apply(best)
    assert losing_seen > 0


def test_the_trump_named_is_judged_against_every_plain_trump_offered() -> None:
    for seed in range(2):
        game = Game.new("texas42", options={"play_out": True}, seed=seed)
        skip_auction(game)
        view = game.view(game.to_act.seat)
        hands = _hands(game)
        plain = [a.trump for a in view.legal if type(a) is NameTrump
                 and a.trump not in (Trump.NELLO, Trump.SEVENS)]
        every = judge_every_trump(view, hands)
        assert list(every) == plain
        assert judge_trump(view, hands, plain[0]) == every[plain[0]]
        verdicts = list(every.values())
        assert all(v.trick == 0 and v.choices == len(plain) for v in verdicts)
        assert min(v.loss for v in verdicts) == 0 and all(v.loss >= 0 for v in verdicts)
        assert not any(v.losing for v in verdicts if v.loss == 0)


def test_the_omniscient_strategy_is_never_judged_wrong() -> None:
    deal = play_deal(("omniscient", "normal", 91, 0, {}))
    assert deal.decisions
    plays = [d for d in deal.decisions if d.trick]
    assert plays and all(d.loss == 0 and not d.losing for d in plays)
    assert {d.bidding_side for d in deal.decisions} == {True, False}


@pytest.mark.slow  # two arena deals and the same two judged
def test_the_hands_are_the_arenas() -> None:
    config = ArenaConfig("texas42", "normal", "basic", deals=2, bidding=False, seed=91)
    for number in range(2):
        outcomes = arena_deal(config, number)
        share = sum(o.a_share for o in outcomes) / len(outcomes)
        assert play_deal(("normal", "basic", 91, number, {})).share == share


def test_a_seeded_run_judges_the_same_decisions() -> None:
    first = play_deal(("expert", "normal", 5, 1, TINY))
    again = play_deal(("expert", "normal", 5, 1, TINY))
    assert first == again
    assert first.decisions and all(0 <= d.trick <= 7 for d in first.decisions)
    assert sum(d.trick == 0 for d in first.decisions) == 1  # the trump, named in one copy


def _deal(number: int, share: float, losing: int) -> Deal:
    decisions = tuple(Decision(1, "lead", True, 3, 6.0, True) for _ in range(losing))
    return Deal(number, share, decisions)


def test_summary_counts_by_trick_and_situation() -> None:
    decisions = (
        Decision(1, "lead", True, 7, 0.0, False),
        Decision(1, "follow", False, 2, 5.0, True),
        Decision(3, "discard", False, 4, 1.0, False),
    )
    figures = summary([Deal(0, 1.0, decisions), Deal(1, 0.0, ())])
    assert figures["win_rate"] == 0.5
    assert figures["all"] == {"decisions": 3, "best": 1, "losing": 1, "points_lost": 6.0}
    assert figures["by_trick"]["1"]["decisions"] == 2
    assert figures["by_trick"]["3"]["points_lost"] == 1.0
    assert figures["by_situation"]["follow defender"]["losing"] == 1
    assert figures["first_two_by_situation"]["discard"]["decisions"] == 0
    assert figures["losing_per_deal"] == 0.5


def test_the_table_shares_the_losing_decisions_with_the_trump_named() -> None:
    decisions = (
        Decision(0, "trump named", True, 5, 8.0, True),
        Decision(1, "lead", True, 7, 6.0, True),
        Decision(2, "follow", False, 2, 0.0, False),
    )
    text = table(summary([Deal(0, 0.0, decisions)]), "title")
    rows = {line[:22].strip(): line.split()[-6:] for line in text.splitlines()}
    assert rows["all plays"] == ["2", "50%", "1", "50.0%", "50%", "6"]
    assert rows["trump named"] == ["1", "0%", "1", "100.0%", "50%", "8"]
    assert rows["1"][2] == "1" and rows["2"][2] == "0"


def test_compare_pairs_the_deals_both_runs_played() -> None:
    before = [_deal(0, 0.0, 2), _deal(1, 1.0, 0), _deal(2, 0.5, 1)]
    after = [_deal(0, 1.0, 0), _deal(1, 1.0, 0), _deal(3, 0.0, 4)]
    result = compare(before, after)
    assert result["deals"] == 2 and result["changed"] == 1
    assert result["win_rate"]["difference"] == 0.5
    assert result["losing_plays_per_deal"]["difference"] == -1.0
    with pytest.raises(ValueError, match="no deal"):
        compare(before, [_deal(9, 0.0, 0)])


def test_out_and_compare_on_the_command_line(tmp_path, capsys) -> None:
    out = tmp_path / "run.jsonl"
    assert main(["--strategy", "normal", "--opponent", "basic", "--deals", "2", "--out",
                 str(out), "--json"]) == 0
    figures = json.loads(capsys.readouterr().out)
    assert figures["deals"] == 2 and figures["all"]["decisions"] > 0
    assert len(load(str(out))) == 2
    assert main(["--compare", str(out), str(out), "--json"]) == 0
    same = json.loads(capsys.readouterr().out)
    assert same["changed"] == 0 and same["win_rate"]["difference"] == 0.0


def test_bad_input_is_refused_with_a_reason(tmp_path, capsys) -> None:
    assert main(["--opponent", "nobody", "--deals", "1"]) == 2
    assert "nobody" in capsys.readouterr().err
    damaged = tmp_path / "damaged.jsonl"
    damaged.write_text('{"deal": 0, "share": 1.0, "decisions": []}\nnot json\n')
    assert main(["--compare", str(damaged), str(damaged)]) == 2
    assert "line 2" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["--deals", "0"])
    assert "from 1 to" in capsys.readouterr().err


def test_help_describes_the_tool(capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["--help"])
    assert exit_.value.code == 0
    assert "true layout" in capsys.readouterr().out
