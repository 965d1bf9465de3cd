"""An earlier commit's expert made by name in today's arena (``moon42 arena --past``)."""

from __future__ import annotations

import re
import subprocess
from contextlib import contextmanager
from pathlib import Path

import pytest

from moon42.ai import budget, registry
from moon42.ai.expert import ExpertBot
from moon42.ai.facts.forced_auction import given_auction, skip_auction
from moon42.ai.lab.past_expert import PastExpert, past_package, register_past_expert
from moon42.ai.protocol import decide
from moon42.app import cli
from moon42.rules import Game

ROOT = Path(__file__).resolve().parents[2]  # the checkout the tests run from


def _git(*args: str) -> str:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, text=True,
                          check=True).stdout.strip()


def test_a_commit_s_ai_is_unpacked_as_a_package_of_its_own(tmp_path: Path) -> None:
    name = past_package("HEAD", tmp_path, ROOT)
    assert name == f"moon42_ai_{_git('rev-parse', 'HEAD')[:12]}"
    package = tmp_path / name
    sources = list(package.rglob("*.py"))
    assert (package / "expert.py") in sources and (package / "search" / "solver.py") in sources
    assert (package / "calibration.json").is_file()  # its data comes too
    assert not [p for p in sources if re.search(r"\bmoon42\.ai\b", p.read_text())]


def test_head_s_expert_plays_a_hand_as_today_s_does(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})
    name = register_past_expert("HEAD", tmp_path, ROOT)
    assert name == "expert@HEAD"
    past = registry.make_bot(name, 5, budget=None, layouts=3)
    assert isinstance(past, PastExpert) and type(past.bot) is not ExpertBot
    today = ExpertBot(5, budget=None, layouts=3)
    unchanged = subprocess.run(["git", "-C", str(ROOT), "diff", "--quiet", "HEAD", "--", "ai"]
                               ).returncode == 0
    game = Game.new("texas42", seed=12)
    skip_auction(game)
    decisions = compared = 0
    with given_auction(), budget.without_wall_cap():
        while game.to_act is not None:
            view = game.view(game.to_act.seat)
            action = decide(past, view)  # legal, or decide raises
            decisions += 1
            if unchanged:  # the checkout's ai/ is HEAD's: the same code plays the same
                assert action == decide(today, view)
                compared += 1
            game.apply(action)
    assert game.results and decisions > 8 and compared == (decisions if unchanged else 0)


def test_its_decisions_are_made_under_today_s_measuring_switches(tmp_path: Path,
                                                                 monkeypatch) -> None:
    monkeypatch.setattr(registry, "_registered", {})
    past = registry.make_bot(register_past_expert("HEAD", tmp_path, ROOT), 1)
    past_budget, past_auction = past.measuring.budget, past.measuring.auction
    uncapped = []
    real = past_budget.without_wall_cap

    @contextmanager
    def recorded():
        uncapped.append(True)
        with real():
            yield

    monkeypatch.setattr(past_budget, "without_wall_cap", recorded)
    seen = []

    def look(view):
        seen.append((len(uncapped), past_budget.Budget(1.0).seconds,
                     past_auction.auction_given()))
        return decide(ExpertBot(1, budget=None, layouts=1), view)

    monkeypatch.setattr(past.bot, "play", look)
    game = Game.new("texas42", seed=3)
    skip_auction(game)
    while game.to_act.kind != "play":
        game.apply(decide(ExpertBot(1, budget=None, layouts=1), game.view(game.to_act.seat)))
    view = game.view(game.to_act.seat)
    past.play(view)
    with budget.without_wall_cap(), budget.scaled(0.5), given_auction():
        past.play(view)
    assert seen == [(0, 1.0, False), (1, 0.5, True)]


def test_the_arena_plays_a_past_expert_by_name_and_refuses_what_is_not_a_commit(
        monkeypatch, capsys) -> None:
    monkeypatch.setattr(registry, "_registered", {})
    monkeypatch.chdir(ROOT)
    assert cli.main(["arena", "texas42", "expert@HEAD", "basic", "--past", "HEAD", "--hands",
                     "1", "--no-bidding", "--seed", "4", "--jobs", "1"]) == 0
    assert "expert@HEAD" in capsys.readouterr().out
    for commit, said in [("no-such-commit", "no commit 'no-such-commit'"),
                         ("--x", "not a commit")]:
        with pytest.raises(SystemExit):
            cli.main(["arena", "texas42", "expert@x", "basic", f"--past={commit}"])
        assert said in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.main(["arena", "texas42", "basic", "basic", *["--past=HEAD"] * 5])
    assert "at most 4" in capsys.readouterr().err
