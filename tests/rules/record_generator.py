"""Random game records for the differential test of ``moon42 check``.

``generate(seed)`` picks a game and random valid options (section 9 included), deals from the
seed, plays random legal actions as ``reference_check`` understands legality, stops at a random
point (in a hand, between hands, or at the end of the game), and then, with some probability,
breaks the record: an illegal action injected where it is hard to spot, a wrong hand, or a
malformed file. It returns the record and a short ``kind`` naming what was done to it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from tests.rules.reference_check import (
    FORMAT,
    FULL_SET,
    SEATS,
    Action,
    Hand,
    Match,
    Tile,
    distance,
    is_double,
    options_of,
    tile_name,
    tile_set,
)

GAMES = ("moon3", "moon4", "texas42")


@dataclass
class Generated:
    kind: str
    doc: Any


# ----------------------------------------------------------------------------------------------
# Options


def random_options(rng: random.Random, game: str) -> dict[str, Any]:
    """A random, valid ``options`` object (options left out take their defaults)."""
    choices: dict[str, list[Any]] = {
        "forced_bid": [True, False],
        "doubles_trump": [True, False],
        "no_trump": [True, False],
        "no_trump_doubles": ["high", "low", "own"],
    }
    if game == "texas42":
        choices["target"] = [1, 2, 3, 4, 7]
        choices.update(
            play_out=[True, False],
            mark_raises=["none", "one"],
            nello=[True, False],
            nello_doubles=["high", "low", "own"],
            sevens=[True, False],
            plunge=[True, False],
            splash=[True, False],
        )
    else:
        choices.update(min_bid=[3, 4, 5], scoring=["points", "marks"], moon_instant=[True, False])
        choices["target"] = [1, 2, 3, 5, 8, 12, 21]
        if game == "moon3":
            choices.update(remove_double_blank=[True, False], trump_before_widow=[True, False])
    options: dict[str, Any] = {}
    keep = rng.random()
    for name, values in choices.items():
        if rng.random() < keep:
            options[name] = rng.choice(values)
    if game == "texas42" and rng.random() < 0.6:
        for name in ("nello", "sevens", "plunge", "splash"):
            options[name] = rng.random() < 0.7
        options["mark_raises"] = rng.choice(["none", "one"])
    return options


# ----------------------------------------------------------------------------------------------
# Deals and actions as JSON


def tile_json(rng: random.Random, tile: Tile) -> str:
    if tile[0] != tile[1] and rng.random() < 0.15:
        return f"{tile[1]}-{tile[0]}"
    return tile_name(tile)


def action_json(rng: random.Random, action: Action) -> dict[str, Any]:
    value = action.value
    if action.kind in ("discard", "play"):
        value = tile_json(rng, value)
    return {"seat": action.seat, action.kind: value}


def stacked(rng: random.Random, tiles: list[Tile], seats: int) -> tuple[int, str]:
    """Reorder shuffled ``tiles`` so that one seat is dealt a strong hand; (seat, trump)."""
    seat = rng.randrange(seats)
    number = rng.randrange(7)
    if rng.random() < 0.5:
        trump, strong = "doubles", [t for t in tiles if is_double(t)]
    else:
        trump, strong = str(number), [t for t in tiles if number in t]
    strong = strong[:7]
    if rng.random() < 0.3 and len(strong) > 4:  # not quite all of them
        strong = strong[: rng.randint(3, len(strong) - 1)]
    rest = [t for t in tiles if t not in strong]
    hand = strong + rest[: 7 - len(strong)]
    rest = rest[7 - len(strong) :]
    tiles[:] = rest[: 7 * seat] + hand + rest[7 * seat :]
    return seat, trump


def new_deal(
    rng: random.Random, match: Match, strong: dict[int, tuple[int, str]] | None = None
) -> tuple[int, list[list[Tile]], list[Tile]]:
    tiles = list(tile_set(match.game, match.options))
    rng.shuffle(tiles)
    seats = match.seats
    if strong is not None and rng.random() < 0.3:
        strong[len(match.hands)] = stacked(rng, tiles, seats)
    deal = [sorted(tiles[7 * s : 7 * s + 7], reverse=True) for s in range(seats)]
    widow = tiles[7 * seats :]
    if match.hands:
        dealer = (match.hands[-1].dealer + 1) % seats
    elif match.game == "texas42":
        holder = next(s for s, h in enumerate(deal) if (1, 0) in h)
        dealer = (holder - 1) % seats
    else:
        dealer = rng.randrange(seats)
    return dealer, deal, widow


def hand_json(rng: random.Random, dealer: int, deal: list[list[Tile]], widow: list[Tile]):
    entry: dict[str, Any] = {
        "dealer": dealer,
        "deal": [[tile_json(rng, t) for t in rng.sample(h, len(h))] for h in deal],
    }
    if widow or rng.random() < 0.5:
        entry["widow"] = [tile_json(rng, t) for t in widow]
    entry["actions"] = []
    return entry


def choose_action(rng: random.Random, hand: Hand, strong: tuple[int, str] | None = None) -> Action:
    """A random legal action, biased towards interesting hands (and a strong seat's plan)."""
    legal = hand.legal_actions()
    assert legal, "a hand in progress always has a legal action"
    kind = legal[0].kind
    if strong is not None and legal[0].seat == strong[0] and rng.random() < 0.85:
        if kind == "bid":
            specials = [a for a in legal if a.value in ("plunge", "splash")]
            if specials:
                return rng.choice(specials)
            numbers = [a for a in legal if isinstance(a.value, int)]
            if numbers:
                top = [a for a in numbers if a.value in (21, 84, 42)] or numbers
                return rng.choice(top)
        if kind == "trump":
            wanted = [a for a in legal if a.value == strong[1]]
            if wanted:
                return wanted[0]
    if kind == "bid":
        passes = [a for a in legal if a.value == "pass"]
        specials = [a for a in legal if a.value in ("plunge", "splash")]
        numbers = [a for a in legal if isinstance(a.value, int)]
        roll = rng.random()
        if specials and roll < 0.35:
            return rng.choice(specials)
        if passes and (roll < 0.55 or not numbers):
            return passes[0]
        if not numbers:
            return rng.choice(legal)
        if rng.random() < 0.12:
            return max(numbers, key=lambda a: a.value)
        high = [a for a in numbers if a.value >= 42]
        if high and rng.random() < 0.2:
            return rng.choice(high)
        if rng.random() < 0.25:
            return rng.choice(numbers)
        return rng.choice(numbers[: rng.randint(1, 3)])  # mostly low bids
    if kind == "trump":
        special = [a for a in legal if a.value in ("nello", "sevens")]
        if special and rng.random() < 0.5:
            return rng.choice(special)
    return rng.choice(legal)


# ----------------------------------------------------------------------------------------------
# Illegal actions built from the state of the hand


def other_seat(rng: random.Random, seats: int, not_this: int) -> int:
    return rng.choice([s for s in range(seats) if s != not_this])


def illegal_action(rng: random.Random, hand: Hand) -> tuple[str, dict[str, Any]] | None:
    """An action that breaks the rules at this point (as far as the reference knows)."""
    turn = hand.to_act()
    if turn is None:
        return None
    seat, kind = turn
    n = hand.seats
    options = hand.options
    legal = hand.legal_actions()
    generic: list[tuple[str, dict[str, Any]]] = []
    ideas: list[tuple[str, dict[str, Any]]] = []

    def add(name: str, entry: dict[str, Any]) -> None:
        ideas.append((name, entry))

    sample = action_json(rng, rng.choice(legal))
    held = hand.holdings[seat]
    generic.append(("wrong_seat", {**sample, "seat": other_seat(rng, n, seat)}))
    generic.append(("seat_out_of_range", {**sample, "seat": rng.choice([n, n + 1, -1, 7, 100])}))
    if kind != "bid":
        generic.append(("bid_wrong_time", {"seat": seat, "bid": rng.choice(["pass", 5, 30, 84])}))
    if kind != "discard" and held:
        discard = tile_name(rng.choice(held))
        generic.append(("discard_wrong_time", {"seat": seat, "discard": discard}))
    if kind != "trump":
        trump = rng.choice(["6", "doubles", "none"])
        generic.append(("trump_wrong_time", {"seat": seat, "trump": trump}))
    if kind != "play" and held:
        generic.append(("play_wrong_time", {"seat": seat, "play": tile_name(rng.choice(held))}))

    if kind == "bid":
        out_of_turn = other_seat(rng, n, seat)
        add("out_of_turn_bid", {"seat": out_of_turn, "bid": sample["bid"]})
        if hand.game == "texas42":
            bad_values = [0, 29, 43, 50, 83, 85, 100, 126, 168, 336, -30]
        else:
            bad_values = [0, 1, 2, 8, 9, 20, 22, 42, -4]
            if options["min_bid"] > 3:
                bad_values.append(options["min_bid"] - 1)
        add("bid_out_of_range", {"seat": seat, "bid": rng.choice(bad_values)})
        if hand.high is not None:
            low = hand.high - rng.choice([0, 0, 1, 2])
            add("bid_too_low", {"seat": seat, "bid": low})
        if hand.forced():
            add("forced_pass", {"seat": seat, "bid": "pass"})
        if hand.game == "texas42":
            if hand.high is not None and hand.high >= 84:
                add("bid_mark_jump", {"seat": seat, "bid": hand.high + 84})
            elif hand.high is not None and hand.high >= 42:
                add("bid_mark_jump", {"seat": seat, "bid": 126})
            if options["mark_raises"] == "none" and hand.high is not None and hand.high >= 84:
                add("mark_raise_without_option", {"seat": seat, "bid": hand.high + 42})
            for special, need in (("plunge", 4), ("splash", 3)):
                if not options[special] or hand.deal_doubles[seat] < need:
                    add(f"illegal_{special}", {"seat": seat, "bid": special})
    elif kind == "trump":
        offered = hand.offered_trumps()
        unoffered = [
            t
            for t in [
                "0",
                "doubles",
                "none",
                "nello",
                "sevens",
                "7",
                "-1",
                "spades",
                "Doubles",
                "NONE",
                "",
                " 6",
                "6.0",
                "06",
            ]
            if t not in offered
        ]
        add("trump_not_offered", {"seat": seat, "trump": rng.choice(unoffered)})
        add("trump_wrong_seat", {"seat": other_seat(rng, n, seat), "trump": rng.choice(offered)})
    elif kind == "discard":
        others = [t for s in range(n) if s != seat for t in hand.holdings[s]]
        add("discard_not_held", {"seat": seat, "discard": tile_name(rng.choice(others))})
        add("discard_wrong_seat", {"seat": other_seat(rng, n, seat), "discard": sample["discard"]})
    else:
        playable = hand.playable(seat)
        unplayable = [t for t in held if t not in playable]
        if unplayable:
            add("not_following", {"seat": seat, "play": tile_json(rng, rng.choice(unplayable))})
        others = [t for s in range(n) if s != seat for t in hand.holdings[s]]
        gone = [t for t in tile_set(hand.game, options) if all(t not in h for h in hand.holdings)]
        missing_from_set = [t for t in FULL_SET if t not in tile_set(hand.game, options)]
        pool = others + gone + missing_from_set
        add("tile_not_held", {"seat": seat, "play": tile_json(rng, rng.choice(pool))})
        mover = other_seat(rng, n, seat)
        if hand.holdings[mover]:
            tile = tile_name(rng.choice(hand.holdings[mover]))
            add("out_of_turn_play", {"seat": mover, "play": tile})
        if hand.sitting_out is not None and hand.holdings[hand.sitting_out]:
            add(
                "nello_partner_plays",
                {"seat": hand.sitting_out, "play": tile_name(hand.holdings[hand.sitting_out][0])},
            )
        if hand.rules is not None and hand.rules.sevens:
            closest = min(distance(t) for t in held)
            far = [t for t in held if distance(t) != closest]
            if far:
                add("sevens_not_closest", {"seat": seat, "play": tile_name(rng.choice(far))})
    # the specific ideas are the interesting ones: prefer them to the generic ones
    if ideas and rng.random() < 0.75:
        return rng.choice(ideas)
    return rng.choice(generic + ideas)


# ----------------------------------------------------------------------------------------------
# Mutations of a finished record


def _hands(doc: dict[str, Any]) -> list[dict[str, Any]]:
    return doc["hands"]


def _any_action(rng: random.Random, doc: dict[str, Any]) -> dict[str, Any] | None:
    actions = [a for h in _hands(doc) for a in h["actions"]]
    return rng.choice(actions) if actions else None


BAD_TILES: list[Any] = [
    "7-1",
    "6",
    "6-4-1",
    "a-b",
    "",
    64,
    None,
    ["6", "4"],
    "6--4",
    "-1-2",
    "6_4",
    "10-1",
    "6-",
    True,
    6.4,
    "6-4\n",
    "3-3\n",
    "6-4 ",
    " 6-4",
    "\uff16-4",
    "6\u20134",
]


def form_mutation(rng: random.Random, doc: dict[str, Any], game: str) -> str | None:
    """Make the file no record (exit 2). Returns the kind, or None when it does not apply."""
    n = SEATS[game]
    hands = _hands(doc)
    choice = rng.choice(
        [
            "malformed_tile_deal",
            "malformed_tile_widow",
            "malformed_tile_action",
            "unknown_option",
            "option_wrong_game",
            "option_bad_value",
            "two_kinds",
            "no_kind",
            "seat_not_whole",
            "bid_not_whole",
            "trump_not_string",
            "deal_duplicate",
            "deal_short",
            "deal_long",
            "deal_widow_wrong",
            "deal_tile_outside_set",
            "deal_seat_count",
            "format_wrong",
            "game_wrong",
            "not_object",
            "hands_not_list",
            "dealer_not_whole",
            "action_not_object",
            "options_not_object",
            "moon_special_bid",
            "discard_not_string",
            "widow_not_list",
            "tile_trailing_newline",
        ]
    )
    if choice == "malformed_tile_deal" and hands:
        hand = rng.choice(hands)
        row = rng.choice(hand["deal"])
        row[rng.randrange(len(row))] = rng.choice(BAD_TILES)
    elif choice == "malformed_tile_widow" and hands and game == "moon3" and hands[0].get("widow"):
        hand = rng.choice([h for h in hands if h.get("widow")] or hands)
        hand["widow"] = [rng.choice(BAD_TILES)]
    elif choice in ("malformed_tile_action", "discard_not_string"):
        plays = [a for h in hands for a in h["actions"] if "play" in a or "discard" in a]
        if not plays:
            return None
        action = rng.choice(plays)
        key = "play" if "play" in action else "discard"
        action[key] = rng.choice(BAD_TILES)
        choice = "malformed_tile_action"
    elif choice == "widow_not_list" and hands:
        hand = rng.choice(hands)
        hand["widow"] = rng.choice([False, 0, "", {}, "x", 5, True, {"tile": "6-6"}])
    elif choice == "tile_trailing_newline" and hands:
        places: list[tuple[list[Any], int]] = []
        for hand in hands:
            for row in hand["deal"] + [hand.get("widow") or []]:
                places += [(row, i) for i in range(len(row))]
            for action in hand["actions"]:
                for key in ("play", "discard"):
                    if key in action:
                        places.append((action, key))  # type: ignore[arg-type]
        holder, index = rng.choice(places)
        holder[index] = holder[index] + rng.choice(["\n", " ", "\t", "x", "-"])
    elif choice == "unknown_option":
        doc["options"][rng.choice(["trump_first", "Target", "speed", "min-bid", ""])] = True
    elif choice == "option_wrong_game":
        if game == "texas42":
            name, value = rng.choice(
                [
                    ("min_bid", 4),
                    ("scoring", "points"),
                    ("moon_instant", False),
                    ("remove_double_blank", False),
                    ("trump_before_widow", False),
                ]
            )
        elif game == "moon4":
            name, value = rng.choice(
                [
                    ("remove_double_blank", False),
                    ("trump_before_widow", False),
                    ("play_out", False),
                    ("nello", False),
                    ("mark_raises", "none"),
                ]
            )
        else:
            name, value = rng.choice(
                [
                    ("play_out", False),
                    ("nello", False),
                    ("sevens", False),
                    ("plunge", False),
                    ("splash", False),
                    ("nello_doubles", "high"),
                    ("mark_raises", "none"),
                ]
            )
        doc["options"][name] = value
    elif choice == "option_bad_value":
        bad = [
            ("forced_bid", 1),
            ("forced_bid", "yes"),
            ("doubles_trump", 0),
            ("no_trump", "true"),
            ("no_trump_doubles", "middle"),
            ("no_trump_doubles", True),
            ("target", 0),
            ("target", -5),
            ("target", 2.5),
            ("target", "21"),
            ("target", True),
            ("target", [21]),
        ]
        if game == "texas42":
            bad += [
                ("play_out", 1),
                ("mark_raises", "two"),
                ("mark_raises", True),
                ("nello", "false"),
                ("nello_doubles", "HIGH"),
                ("sevens", 0),
                ("plunge", None),
                ("splash", 1),
            ]
        else:
            bad += [
                ("min_bid", 2),
                ("min_bid", 6),
                ("min_bid", "4"),
                ("min_bid", 4.5),
                ("min_bid", True),
                ("scoring", "tricks"),
                ("moon_instant", 1),
            ]
            if game == "moon3":
                bad += [("remove_double_blank", "no"), ("trump_before_widow", 1)]
        name, value = rng.choice(bad)
        doc["options"][name] = value
        if name == "remove_double_blank" or name == "scoring":
            pass
    elif choice == "two_kinds":
        action = _any_action(rng, doc)
        if action is None:
            return None
        extra = rng.choice(
            [("bid", "pass"), ("play", "6-6"), ("trump", "none"), ("discard", "0-0"), ("bid", 5)]
        )
        if extra[0] in action:
            extra = ("trump", "6") if "trump" not in action else ("play", "6-6")
        action[extra[0]] = extra[1]
    elif choice == "no_kind":
        action = _any_action(rng, doc)
        if action is None:
            return None
        for key in ("bid", "discard", "trump", "play"):
            action.pop(key, None)
        if rng.random() < 0.5:
            action["pass"] = True
    elif choice == "seat_not_whole":
        action = _any_action(rng, doc)
        if action is None:
            return None
        bad_seat = rng.choice([1.5, "1", True, False, None, "missing", [1], 0.999])
        if bad_seat == "missing":
            del action["seat"]
        else:
            action["seat"] = bad_seat
    elif choice in ("bid_not_whole", "moon_special_bid"):
        bids = [a for h in hands for a in h["actions"] if "bid" in a]
        if not bids:
            return None
        action = rng.choice(bids)
        if choice == "moon_special_bid":
            if game == "texas42":
                return None
            action["bid"] = rng.choice(["plunge", "splash"])
        else:
            action["bid"] = rng.choice(
                [4.5, "4", "30", True, False, None, "PASS", "Pass", "no", [5], {"value": 5}, 30.5]
            )
    elif choice == "trump_not_string":
        trumps = [a for h in hands for a in h["actions"] if "trump" in a]
        if not trumps:
            return None
        rng.choice(trumps)["trump"] = rng.choice([6, 0, None, True, ["6"], 6.0])
    elif choice == "deal_duplicate" and hands:
        hand = rng.choice(hands)
        a, b = rng.sample(range(n), 2)
        hand["deal"][a][0] = hand["deal"][b][0]
    elif choice == "deal_short" and hands:
        hand = rng.choice(hands)
        hand["deal"][rng.randrange(n)].pop()
    elif choice == "deal_long" and hands:
        hand = rng.choice(hands)
        row = rng.randrange(n)
        if hand.get("widow"):
            hand["deal"][row].append(hand["widow"].pop())
        else:
            hand["deal"][row].append(hand["deal"][(row + 1) % n].pop())
    elif choice == "deal_widow_wrong" and hands:
        hand = rng.choice(hands)
        if hand.get("widow"):
            if rng.random() < 0.5:
                del hand["widow"]
            else:
                hand["widow"] = []
        else:
            hand["widow"] = [rng.choice(["1-0", "6-6", "0-0"])]
    elif choice == "deal_tile_outside_set" and hands:
        hand = rng.choice(hands)
        row = hand["deal"][rng.randrange(n)]
        if game == "moon3":
            row[0] = rng.choice(["1-0", "6-0", "0-3"] + (["0-0"] if "0-0" not in str(hand) else []))
        else:
            row[0] = row[1]
    elif choice == "deal_seat_count" and hands:
        hand = rng.choice(hands)
        if rng.random() < 0.5:
            hand["deal"].pop()
        else:
            hand["deal"].append([])
    elif choice == "format_wrong":
        value = rng.choice(["moon42/2", "moon42", 1, None, "missing", "MOON42/1"])
        if value == "missing":
            del doc["format"]
        else:
            doc["format"] = value
    elif choice == "game_wrong":
        value = rng.choice(["moon5", "Moon3", "texas", None, 3, "missing", "texas-42"])
        if value == "missing":
            del doc["game"]
        else:
            doc["game"] = value
    elif choice == "not_object":
        return "form:not_object"
    elif choice == "hands_not_list":
        value = rng.choice([{}, None, "hands", "missing", 3])
        if value == "missing":
            del doc["hands"]
            return "ambiguous:hands_missing"
        doc["hands"] = value
    elif choice == "dealer_not_whole" and hands:
        hand = rng.choice(hands)
        value = rng.choice([1.5, "1", True, None, "missing", [0]])
        if value == "missing":
            del hand["dealer"]
        else:
            hand["dealer"] = value
    elif choice == "action_not_object":
        hand = rng.choice(hands) if hands else None
        if hand is None:
            return None
        position = rng.randint(0, len(hand["actions"]))
        hand["actions"].insert(position, rng.choice([[0, "bid", 5], "pass", None, 3]))
    elif choice == "options_not_object":
        value = rng.choice([[], "none", 3, True, 0, False, "", None])
        doc["options"] = value
        if value is None:
            return "ambiguous:options_null"
    else:
        return None
    return "form:" + choice


def legal_variant(rng: random.Random, doc: dict[str, Any]) -> str:
    """A change that keeps the record's meaning (numbers as floats, extra members, ...)."""
    choice = rng.choice(
        [
            "float_numbers",
            "extra_members",
            "players_odd",
            "explicit_defaults",
            "swapped_tiles",
            "seed_member",
        ]
    )
    hands = _hands(doc)
    if choice == "float_numbers":
        for hand in hands:
            if rng.random() < 0.5:
                hand["dealer"] = float(hand["dealer"])
            for action in hand["actions"]:
                if rng.random() < 0.3:
                    action["seat"] = float(action["seat"])
                if isinstance(action.get("bid"), int) and rng.random() < 0.5:
                    action["bid"] = float(action["bid"])
    elif choice == "extra_members":
        doc["comment"] = "extra"
        doc["version"] = 7
        for hand in hands:
            hand["note"] = {"x": 1}
            for action in hand["actions"]:
                if rng.random() < 0.2:
                    action["time"] = 1.5
                    action["comment"] = "hmm"
    elif choice == "seed_member":
        doc["seed"] = rng.choice([-1, 0, 10**40, "x", 1.5, None, True, 12345])
    elif choice == "players_odd":
        doc["players"] = rng.choice([None, 3, ["only one"], [], "names", {"a": 1}, "missing"])
        if doc["players"] == "missing":
            del doc["players"]
    elif choice == "explicit_defaults":
        game = doc["game"]
        defaults = {
            "forced_bid": False,
            "doubles_trump": True,
            "no_trump": True,
            "no_trump_doubles": "high",
        }
        if game == "texas42":
            defaults.update(
                play_out=False,
                mark_raises="none",
                nello=False,
                nello_doubles="high",
                sevens=False,
                plunge=False,
                splash=False,
                target=7,
            )
        else:
            defaults.update(min_bid=4, scoring="points", moon_instant=False)
            if game == "moon3":
                defaults.update(remove_double_blank=False, trump_before_widow=False)
        for name, value in defaults.items():
            doc["options"].setdefault(name, value)
        if game != "texas42" and "target" not in doc["options"]:
            marks = doc["options"]["scoring"] == "marks"
            doc["options"]["target"] = 7 if marks else 21
    else:
        for hand in hands:
            for row in hand["deal"]:
                row[:] = ["-".join(reversed(t.split("-"))) for t in row]
            for action in hand["actions"]:
                for key in ("play", "discard"):
                    if key in action:
                        action[key] = "-".join(reversed(action[key].split("-")))
    return "legal_variant:" + choice


# ----------------------------------------------------------------------------------------------
# The generator


class _Builder:
    def __init__(self, rng: random.Random, game: str, given: dict[str, Any]):
        self.rng = rng
        self.strong: dict[int, tuple[int, str]] = {}
        self.game = game
        self.match = Match(game, options_of(game, given))
        self.doc: dict[str, Any] = {
            "format": FORMAT,
            "game": game,
            "options": given,
            "players": [f"P{s}" for s in range(SEATS[game])],
            "hands": [],
        }

    def deal(self) -> dict[str, Any]:
        dealer, deal, widow = new_deal(self.rng, self.match, self.strong)
        fault = self.match.start_hand(dealer, deal, widow)
        assert fault is None, fault
        entry = hand_json(self.rng, dealer, deal, widow)
        self.doc["hands"].append(entry)
        return entry

    def step(self, entry: dict[str, Any]) -> None:
        hand = self.match.current
        assert hand is not None
        action = choose_action(self.rng, hand, self.strong.get(len(self.match.hands) - 1))
        fault = self.match.apply(action)
        assert fault is None, fault
        entry["actions"].append(action_json(self.rng, action))

    def play_hand(self, entry: dict[str, Any], limit: int | None = None) -> None:
        hand = self.match.current
        assert hand is not None
        while not hand.complete and (limit is None or len(entry["actions"]) < limit):
            self.step(entry)

    def inject(self, entry: dict[str, Any]) -> str | None:
        """Append an illegal action to the hand in progress, then a few legal ones."""
        hand = self.match.current
        assert hand is not None
        made = illegal_action(self.rng, hand)
        if made is None:
            return None
        name, action = made
        entry["actions"].append(action)
        for _ in range(self.rng.randint(0, 4)):
            if hand.complete:
                break
            self.step(entry)
        return "rule:" + name


def generate(seed: int) -> Generated:
    rng = random.Random(seed)
    game = rng.choice(GAMES)
    builder = _Builder(rng, game, random_options(rng, game))
    match = builder.match
    plan = rng.choices(["mid", "between", "over"], weights=[4, 2, 3])[0]
    hands_wanted = rng.randint(1, 4) if plan != "over" else 40
    mutate = rng.random()
    # 0.00-0.35: an illegal action in play; 0.35-0.50: a wrong hand; 0.50-0.70: a malformed file;
    # 0.70-0.78: a legal variant; the rest stays as generated.
    inject_now = mutate < 0.35
    kind = f"legal:{plan}"

    for number in range(hands_wanted):
        if match.game_over:
            break
        entry = builder.deal()
        last = number == hands_wanted - 1
        if inject_now and (last or rng.random() < 0.25):
            builder.play_hand(entry, limit=rng.randint(0, 35))
            hand = match.current
            assert hand is not None
            if not hand.complete:
                injected = builder.inject(entry)
                if injected:
                    kind = injected
                    inject_now = False
                    break
            builder.play_hand(entry)
            continue
        if plan == "mid" and last:
            builder.play_hand(entry, limit=rng.randint(0, 36))
        else:
            builder.play_hand(entry)

    doc = builder.doc
    hand = match.current
    if inject_now:
        kind = after_end_mutation(rng, builder) or kind
    elif 0.35 <= mutate < 0.5:
        kind = hand_mutation(rng, builder) or kind
    elif 0.5 <= mutate < 0.7:
        prefix = ""
        # sometimes a rule fault first and the form error later: still exit 2
        if (
            rng.random() < 0.2
            and hand is not None
            and not hand.complete
            and builder.inject(doc["hands"][-1])
        ):
            prefix = "rule_then_"
            kind = "rule:before_form_check"
        form = form_mutation(rng, doc, game)
        if form == "form:not_object":
            return Generated(form, rng.choice([[doc], "record", 42, None]))
        if form:
            kind = form.replace("form:", "form:" + prefix)
    elif 0.7 <= mutate < 0.78:
        kind = legal_variant(rng, doc)
    elif 0.78 <= mutate < 0.8:
        kind = ambiguous_variant(rng, doc) or kind
    return Generated(kind, doc)


def after_end_mutation(rng: random.Random, builder: _Builder) -> str | None:
    """Actions after a hand or the game is over."""
    match = builder.match
    hand = match.current
    if hand is None:
        return None
    entry = builder.doc["hands"][-1]
    if not hand.complete:
        return builder.inject(entry)
    seat = rng.randrange(match.seats)
    held = hand.holdings[seat]
    options: list[dict[str, Any]] = [{"seat": seat, "bid": "pass"}, {"seat": seat, "trump": "none"}]
    if held:
        options.append({"seat": seat, "play": tile_name(rng.choice(held))})
    # the seat that would lead or follow next if the hand had gone on
    if hand.tricks and hand.tricks[-1].winner is not None:
        leader = hand.tricks[-1].winner
        if hand.holdings[leader]:
            options.append({"seat": leader, "play": tile_name(hand.holdings[leader][0])})
    entry["actions"].append(rng.choice(options))
    where = "game_over" if match.game_over else ("thrown_in" if hand.thrown_in else "hand_over")
    return f"rule:action_after_{where}"


def hand_mutation(rng: random.Random, builder: _Builder) -> str | None:
    """A wrong hand: dealer, a hand after the game, a hand before the last one finished."""
    match = builder.match
    doc = builder.doc
    hands = doc["hands"]
    if not hands:
        return None
    n = match.seats
    choice = rng.choice(["wrong_dealer", "dealer_out_of_range", "extra_hand", "extra_hand"])
    if choice == "wrong_dealer":
        entry = rng.choice(hands)
        entry["dealer"] = (entry["dealer"] + rng.randint(1, n - 1)) % n
        return "hand:wrong_dealer" + ("_first" if entry is hands[0] else "")
    if choice == "dealer_out_of_range":
        entry = rng.choice(hands)
        entry["dealer"] = rng.choice([n, n + 2, -1, 9])
        return "hand:dealer_out_of_range"
    hand = match.current
    assert hand is not None
    tiles = list(tile_set(match.game, match.options))
    rng.shuffle(tiles)
    deal = [sorted(tiles[7 * s : 7 * s + 7], reverse=True) for s in range(n)]
    widow = tiles[7 * n :]
    dealer = (hand.dealer + 1) % n
    entry = hand_json(rng, dealer, deal, widow)
    first_bidder = (dealer + 1) % n
    entry["actions"] = [{"seat": first_bidder, "bid": "pass"}] if rng.random() < 0.5 else []
    hands.append(entry)
    if match.game_over:
        return "hand:extra_hand_after_game_over"
    if not hand.complete:
        return "hand:new_hand_before_finished"
    return "legal:next_hand_dealt"


def ambiguous_variant(rng: random.Random, doc: dict[str, Any]) -> str | None:
    """Records whose reading the documents leave open; reported apart from the rest."""
    choice = rng.choice(
        [
            "target_float",
            "min_bid_float",
            "hands_empty",
            "actions_missing",
            "widow_null",
            "option_null",
            "actions_null",
        ]
    )
    if choice == "target_float":
        doc["options"]["target"] = float(doc["options"].get("target", 7))
    elif choice == "min_bid_float":
        if doc["game"] == "texas42":
            return None
        doc["options"]["min_bid"] = float(doc["options"].get("min_bid", 4))
    elif choice == "hands_empty":
        doc["hands"] = []
    elif choice == "actions_missing":
        if not doc["hands"]:
            return None
        hand = doc["hands"][-1]
        if hand["actions"]:
            return None
        del hand["actions"]
    elif choice == "actions_null":
        if not doc["hands"]:
            return None
        hand = doc["hands"][-1]
        if hand["actions"]:
            return None
        hand["actions"] = None
    elif choice == "widow_null":
        if doc["game"] == "moon3" or not doc["hands"]:
            return None
        doc["hands"][-1]["widow"] = None
    else:
        doc["options"][rng.choice(["forced_bid", "target", "no_trump"])] = None
    return "ambiguous:" + choice
