"""House-rule presets and groups (app/play/presets.py), and the words the contracts use."""

from __future__ import annotations

import textwrap

import pytest

from moon42.app.play.presets import (
    CUSTOM,
    PRESETS,
    TRADITIONAL,
    changed_options,
    describe_option,
    groups_for,
    house_rules,
    house_rules_markdown,
    preset_of,
    preset_options,
    presets_for,
)
from moon42.app.play.words import plain_refusal, trump_text
from moon42.app.tui.text.contract_words import play_prompt, sevens_tiles, trump_meaning, trump_title
from moon42.app.tui.text.offers import ordered_hand
from moon42.rules import Bid, Game, NameTrump, Pass, Play, Plunge, RuleError, Trump, options_for
from moon42.rules.options import GAMES, HOUSE_RULES, OPTIONS_OF

TEXAS_TABLE = {"forced_bid": True, "mark_raises": "one", "nello": True, "plunge": True,
               "splash": True}


@pytest.mark.parametrize("game", GAMES)
def test_every_house_rule_is_in_exactly_one_group(game: str) -> None:
    grouped = [name for _, members in groups_for(game) for name in members]
    assert sorted(grouped) == sorted(n for n in OPTIONS_OF[game] if n != "target")
    assert len(grouped) == len(set(grouped))


def test_groups_follow_the_game() -> None:
    assert [title for title, _ in groups_for("texas42")] == [
        "Bidding", "Contracts", "Trump and doubles", "Scoring"]
    assert [title for title, _ in groups_for("moon3")] == [
        "Bidding", "Trump and doubles", "Widow", "Scoring"]
    assert "Widow" not in dict(groups_for("moon4"))


@pytest.mark.parametrize("game", GAMES)
def test_every_preset_is_valid_traditional_first_and_distinct(game: str) -> None:
    names = presets_for(game)
    assert names[0] == TRADITIONAL and preset_options(game, TRADITIONAL) == {}
    seen = []
    for name in names:
        values = preset_options(game, name)
        options_for(game, values)  # raises if an option does not fit the game
        assert "target" not in values
        assert house_rules(game, values) == values  # only values off their defaults
        assert values not in seen
        seen.append(values)
        assert preset_of(game, values) == name


def test_the_texas_table_and_tournament_presets() -> None:
    assert preset_options("texas42", "Texas table") == TEXAS_TABLE
    tournament = options_for("texas42", preset_options("texas42", "Tournament"))
    assert not (tournament.nello or tournament.sevens or tournament.plunge or tournament.splash)
    assert not tournament.forced_bid
    assert presets_for("texas42") == [TRADITIONAL, "Texas table", "Tournament"]
    assert "Texas table" not in PRESETS["moon3"]


def test_a_changed_row_makes_it_custom_and_the_target_does_not_count() -> None:
    assert preset_of("texas42", {}) == TRADITIONAL
    assert preset_of("texas42", {"target": 10}) == TRADITIONAL
    assert preset_of("texas42", TEXAS_TABLE | {"target": 3}) == "Texas table"
    assert preset_of("texas42", TEXAS_TABLE | {"sevens": True}) == CUSTOM
    assert preset_of("texas42", {"nello": True}) == CUSTOM
    # A value written out at its default is still the default.
    assert preset_of("texas42", {"nello": False, "mark_raises": "none"}) == TRADITIONAL
    assert preset_of("moon4", {"forced_bid": True, "min_bid": 3, "moon_instant": True}) == \
        "Lively table"


def test_changed_options_and_their_meanings() -> None:
    options = options_for("texas42", TEXAS_TABLE | {"nello_doubles": "low", "target": 5})
    assert changed_options(options) == ["forced_bid", "mark_raises", "nello", "nello_doubles",
                                        "plunge", "splash"]
    assert "lowest tile" in describe_option(options, "nello_doubles")
    assert "294" in describe_option(options, "mark_raises")
    assert changed_options(options_for("moon3", {})) == []
    assert describe_option(options_for("moon4", {"min_bid": 5}), "min_bid") == \
        "The lowest bid is 5 tricks."


def test_the_help_lists_the_house_rules_in_force() -> None:
    text = house_rules_markdown(options_for("texas42", TEXAS_TABLE))
    assert "the Texas table preset" in text
    for label in ("Forced bid", "Mark raises", "Nello", "Plunge", "Splash"):
        assert f"**{label}**" in text
    assert "Sevens" not in text and "7 marks" in text
    plain = house_rules_markdown(options_for("moon3", {"target": 11}))
    assert "traditional default" in plain and "11 points" in plain
    custom = house_rules_markdown(options_for("moon4", {"moon_instant": True}))
    assert "preset" not in custom and "**Moon ends the game**" in custom


def test_option_help_is_one_readable_line() -> None:
    for name, rule in HOUSE_RULES.items():
        text = rule.help
        assert text.endswith(".") and "\n" not in text and len(text) <= 156, name


# ----- the contracts' words -------------------------------------------------


def _to_trump(seed: int, bids: dict[int, object], options: dict | None = None) -> Game:
    """Bid with ``bids[seat]`` (an action maker) or pass, until trump is to be named."""
    game = Game.new("texas42", options=TEXAS_TABLE | (options or {}), seed=seed,
                    players=["You", "Ann", "Bob", "Cat"])
    while game.phase.value == "bidding":
        seat = game.to_act.seat
        make = bids.get(seat)
        legal = game.legal_actions()
        game.apply(make(seat) if make else next(a for a in legal if isinstance(a, Pass | Bid)))
    return game


def test_the_partner_names_trump_after_a_plunge() -> None:
    game = _to_trump(2, {2: Plunge})  # seed 2: Bob holds four doubles
    view = game.view(0)
    assert view.to_act.seat == 0 and view.bidder == 2
    title = trump_title(view, mine=True)
    assert title.startswith("Bob bid Plunge (4 marks): you name trump and lead")
    assert Trump.NELLO not in [a.trump for a in view.legal]
    assert trump_meaning(view, Trump.DOUBLES).startswith("Doubles: you would hold")


def test_a_bot_partner_names_trump_for_your_plunge() -> None:
    game = _to_trump(36, {0: Plunge})  # seed 36: you hold four doubles
    assert trump_title(game.view(0), mine=False) == "Bob names trump for your Plunge..."


def test_nello_and_sevens_words() -> None:
    game = _to_trump(4, {0: lambda seat: Bid(seat, 42)}, {"sevens": True, "nello_doubles": "own"})
    view = game.view(0)
    offered = [a.trump for a in view.legal]
    assert offered[-2:] == [Trump.NELLO, Trump.SEVENS]
    assert trump_text(Trump.NELLO, view.options) == "Nello (doubles own suit)"
    assert trump_meaning(view, Trump.NELLO) == "Nello: lose every trick; Bob sits out."
    assert "7 pips" in trump_meaning(view, Trump.SEVENS)
    # Broken at the 40 columns of the box at 80x24, no word stands alone on a line.
    assert all(" " in line for line in textwrap.wrap(trump_meaning(view, Trump.SEVENS), 40))
    game.apply(NameTrump(0, Trump.SEVENS))
    view = game.view(0)
    legal = [a.tile for a in view.legal]
    assert all(abs(t.pips - 7) == min(abs(h.pips - 7) for h in view.hand) for t in legal)
    assert sevens_tiles(view).endswith("pips)")
    shown = ordered_hand(view)  # closest to 7 pips first
    assert set(shown[:len(legal)]) == set(legal)
    assert [abs(t.pips - 7) for t in shown] == sorted(abs(t.pips - 7) for t in shown)
    assert play_prompt(view, "keys").startswith("Sevens, play closest to 7 pips: ")
    wrong = next(t for t in view.hand if t not in legal)
    with pytest.raises(RuleError) as refused:
        game.apply(Play(0, wrong))
    said = plain_refusal(refused.value.message, view)
    assert said.startswith("You must play the tile closest to 7 pips (Sevens): you hold")


def test_refusals_of_the_new_rules_read_well() -> None:
    game = Game.new("texas42", options=TEXAS_TABLE, seed=4)
    seat = game.to_act.seat
    view = game.view(seat)
    with pytest.raises(RuleError) as refused:
        game.apply(Plunge(seat))
    said = plain_refusal(refused.value.message, view)
    assert said.startswith("You cannot bid Plunge: you need 4 doubles and hold ")
    assert trump_text(Trump.NO_TRUMP, options_for("texas42", {"no_trump_doubles": "low"})) == \
        "follow me (doubles low)"
    assert trump_text(Trump.NO_TRUMP, options_for("moon3", {})) == "no trump"
