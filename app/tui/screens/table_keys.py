"""The table's keys: which apply now, and what each does (``screens.table.TableScreen`` binds
them and holds the state they read).

A move becomes an ``ActionChosen`` message for the flow: a tile by its number or the cursor,
a bid from the choices or typed in digits, trump by its key.  A moon bid waits for a second
Enter; a key pressed at the wrong moment is refused, with the reason on the prompt line.
"""

from __future__ import annotations

from typing import Any

from moon42.rules import Bid, Discard, NameTrump, Pass, Phase, Play, Trump
from moon42.rules.bidding import MOON
from moon42.rules.views import SeatView

from ...play.claiming import Claimed
from ...play.glyphs import Glyphs
from ..text.hints import Hints
from ..widgets.choices import ChoiceBar
from ..widgets.hand import HandView
from .hand_log import HandLogScreen
from .messages import ActionChosen, ClaimRest, ExportRecord, PaceChanged, ShowScores, UndoMove

__all__ = ["TableKeys"]


def _forced(view: SeatView) -> bool:
    """The human must bid (a forced bid): passing is not among the legal actions."""
    return (view.my_turn and view.to_act is not None and view.to_act.kind == "bid"
            and not any(isinstance(a, Pass) for a in view.legal))


class TableKeys:
    """The table screen's ``check_action`` and ``action_*`` methods.  Besides the state
    below, they use the screen's ``refuse``, ``update_meaning``, ``update_typed`` and
    ``redraw``."""

    view: SeatView | None
    interactive: bool
    glyphs: Glyphs
    typed: str  # a bid's digits, typed so far
    moon_pending: bool
    showing_last: bool
    undo_allowed: bool
    claimed: Claimed | None
    hints: Hints
    offers: list
    app: Any
    # What the key line was last drawn for (``refresh_keys``).
    _keys_state: tuple = ()

    def refresh_keys(self, view: SeatView) -> None:
        """The key line for ``view``: redrawn when the keys ``check_action`` allows change."""
        # The footer rebuilds itself on every refresh: only when the keys that apply change.
        keys_state = (view.phase, _forced(view), view.face_down)
        if keys_state != self._keys_state:
            self._keys_state = keys_state
            self.refresh_bindings()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        # By phase, not by turn: the footer rebuilds on every change, so it changes rarely.
        phase = self.view.phase if self.view is not None else None
        if not self.interactive and action in ("move", "confirm", "pass_bid", "trump_key", "erase",
                                               "undo", "hint", "digit", "claim"):
            return False
        if action == "pass_bid":
            return phase is Phase.BIDDING and not (self.view and _forced(self.view))
        if action == "erase":
            return phase is Phase.BIDDING
        if action == "trump_key":
            return phase is Phase.TRUMP and self._trump_key_offered(str(parameters[0]))
        face_down = self.view is not None and self.view.face_down
        if action in ("last_trick", "last_trick_down"):
            return phase is Phase.PLAY and face_down == (action == "last_trick_down")
        if action in ("undo", "undo_off"):
            return self.undo_allowed == (action == "undo")
        return True

    def _trump_key_offered(self, key: str) -> bool:
        """n is "no trump" in Moon and "follow me" in Texas 42; e only where Nello is played."""
        view = self.view
        if view is None:
            return key in ("d", "n")
        if key in ("n", "f"):
            return (key == "n") == view.options.is_moon
        if key == "e":
            return any(isinstance(a, NameTrump) and a.trump is Trump.NELLO for a in view.legal)
        return True

    def _my_kind(self) -> str | None:
        view = self.view
        if view is None or not self.interactive:
            return None
        if not view.my_turn:
            who = view.players[view.to_act.seat] if view.to_act else "nobody"
            self.refuse(f"wait: it is {who}'s turn." if view.to_act else "wait for the next hand.")
            return None
        return view.to_act.kind

    def _choose(self, action) -> None:
        self.post_message(ActionChosen(action))

    def action_move(self, step: int) -> None:
        kind = self.view.to_act.kind if self.view and self.view.my_turn else None
        if kind in ("bid", "trump"):
            typing, self.typed = bool(self.typed), ""
            self.query_one("#choices", ChoiceBar).move(step)
            if typing:
                self.update_typed()
            else:
                self.update_meaning()
        elif kind in ("play", "discard"):
            hand = self.query_one("#hand", HandView)
            if hand.tiles:
                hand.cursor = ((hand.cursor or 0) + step) % len(hand.tiles)

    def _typing(self) -> bool:
        """While a bid is being typed, a letter is not a command: say how to finish it."""
        if self.typed and self.view is not None and self.view.my_turn:
            typed = self.typed
            self.refuse(f"you are typing a bid ({typed}): Enter bids it, Backspace erases.")
            self.typed = typed  # the bid being typed stays: this refusal is about the key
            self.update_meaning()
            return True
        return False

    def on_key(self, event) -> None:
        if self.moon_pending and event.key not in ("enter", "space"):
            self.moon_pending = False
            self.update_meaning()

    def action_confirm(self) -> None:
        kind = self._my_kind()
        if kind in ("play", "discard"):
            hand = self.query_one("#hand", HandView)
            if hand.cursor is not None:
                self._tile_at(hand.cursor, kind)
        elif kind == "bid" and self.typed:
            value = int(self.typed)
            if self._ask_moon(value):
                return
            self.typed = ""
            self.update_meaning()
            self._choose(Bid(self.view.seat, value))
        elif kind in ("bid", "trump") and self.offers:
            chosen = self.query_one("#choices", ChoiceBar).selected
            if chosen is None:
                self.refuse(f"choose a trump first: its key, or {self.glyphs.arrows} and Enter.")
                return
            action = self.offers[chosen]
            if isinstance(action, Bid) and self._ask_moon(action.value):
                return
            self._choose(action)

    def _ask_moon(self, value: int) -> bool:
        """A moon bid needs a second Enter; True while it waits for it."""
        if not (self.view.options.is_moon and value == MOON) or self.moon_pending:
            self.moon_pending = False
            return False
        self.moon_pending = True
        self.update_meaning()
        return True

    def _tile_at(self, index: int, kind: str) -> None:
        tiles = self.query_one("#hand", HandView).tiles
        if not 0 <= index < len(tiles):
            self.refuse(f"you hold {len(tiles)} tiles: press 1 to {len(tiles)}.")
            return
        make = Play if kind == "play" else Discard
        self._choose(make(self.view.seat, tiles[index]))

    def on_hand_view_clicked(self, message: HandView.Clicked) -> None:
        """A tile clicked or tapped: played (or discarded), as its number key would."""
        kind = self._my_kind()
        if kind in ("play", "discard"):
            self.query_one("#hand", HandView).cursor = message.index
            self._tile_at(message.index, kind)

    def on_choice_bar_clicked(self, message: ChoiceBar.Clicked) -> None:
        """A bid or trump clicked or tapped: chosen, as the cursor and Enter would (a moon
        bid asks for a second click, as for a second Enter)."""
        if self._my_kind() in ("bid", "trump"):
            if self.typed:
                self.typed = ""
                self.update_typed()
            self.query_one("#choices", ChoiceBar).cursor = message.index
            self.action_confirm()

    def action_digit(self, number: int) -> None:
        kind = self._my_kind()
        if kind in ("play", "discard"):
            self._tile_at(number - 1, kind)
        elif kind == "trump":
            trump = Trump.SEVENS if number == 7 else None if number > 6 else Trump.of_number(number)
            if trump is not None and any(getattr(a, "trump", None) is trump
                                         for a in self.view.legal):
                self._choose(NameTrump(self.view.seat, trump))
            elif trump is Trump.SEVENS:
                self.refuse("Sevens is not played in this game (a house rule of the lobby).")
            else:
                sevens = any(getattr(a, "trump", None) is Trump.SEVENS for a in self.view.legal)
                more = ", and 7 for Sevens" if sevens else ""
                self.refuse(f"there is no trump {number}: numbers run 0 to 6{more}.")
        elif kind == "bid":
            self.typed = (self.typed + str(number))[-3:]
            self.update_typed()

    def action_erase(self) -> None:
        self.moon_pending = False
        self.typed = self.typed[:-1]
        self.update_typed()

    def action_pass_bid(self) -> None:
        if self._typing():
            return
        if self._my_kind() == "bid":
            self._choose(Pass(self.view.seat))

    def action_trump_key(self, key: str) -> None:
        if self._my_kind() == "trump":
            trump = {"d": Trump.DOUBLES, "e": Trump.NELLO}.get(key, Trump.NO_TRUMP)  # n, f
            self._choose(NameTrump(self.view.seat, trump))

    def action_last_trick(self) -> None:
        if self._typing():
            return
        view = self.view
        if view is None or not view.tricks:
            self.refuse("no trick has been taken yet this hand.")
        elif view.face_down and not self.showing_last:
            self.refuse("tricks are stacked face down in an 84 hand: remember them!")
        else:
            self.showing_last = not self.showing_last
            self.redraw(False)

    action_last_trick_down = action_last_trick

    def action_hand_log(self, kind: str) -> None:
        if not self._typing() and self.view is not None:
            self.app.push_screen(HandLogScreen(
                lambda: (self.view, self.claimed, self.played_for), kind,
                watching=not self.interactive))

    def action_undo_off(self) -> None:
        self.refuse("undo is off for this game (the lobby's Undo setting, or --no-undo).")

    def action_scores(self) -> None:
        if not self._typing():
            self.post_message(ShowScores())

    def action_pace(self, step: int) -> None:
        self.post_message(PaceChanged(step))

    def action_hint(self) -> None:
        if not self._typing():
            self.hints.ask()

    def action_claim(self) -> None:
        if not self._typing():
            self.post_message(ClaimRest())

    def action_undo(self) -> None:
        if not self._typing():
            self.post_message(UndoMove())

    def action_export(self) -> None:
        if not self._typing():
            self.post_message(ExportRecord())
