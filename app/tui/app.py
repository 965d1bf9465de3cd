"""The Textual app: screens on a stack, keys to the flow, and the too-small guard."""

from __future__ import annotations

import sys
from collections.abc import Callable
from importlib.resources import files
from typing import TYPE_CHECKING, Any

from rich.text import Text
from textual import events
from textual.app import App
from textual.binding import Binding

from moon42.ai.registry import bot_description
from moon42.rules import RecordError
from moon42.rules.limits import MAX_SEED

from ..play.config import GameConfig, load_last, save_last
from ..play.difficulty import bot_choices
from ..play.exports import Exports
from ..play.glyphs import Glyphs, glyphs_for
from ..play.locks import GameLocked
from ..play.records import DamagedSave, read_doc
from ..play.saves import TooManySaves, abandon, new_slot, open_saved, saved_games, start_autosave
from ..play.served import Served
from .crash import lines_start_at_the_left, report
from .frames import draw_only_what_shows
from .learning import Learning, Lesson
from .quiet_input import driver_for
from .replay.positions import Replay, ReplayError
from .screens.ask import Answer, AskScreen
from .screens.lobby import LobbyScreen
from .screens.messages import (
    GameOverChoice,
    ResumeGame,
    StartGame,
    StartMatch,
    ViewSavedGame,
)
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen
from .styles import SharedStylesheet
from .styles_cache_mend import let_closed_widgets_go

if TYPE_CHECKING:
    from textual.driver import Driver

    from moon42.rules import Game

    from ..play.locks import Slot
    from ..play.records import Saved
    from ..play.saves import Autosave
    from .flow import Flow
    from .remote_flow import RemoteFlow
    from .screens.game_over import GameOverScreen
    from .screens.replay import ReplayScreen
    from .screens.scoreboard import ScoreboardScreen

__all__ = ["Moon42App"]

# Keys every Textual screen has that a player need not read about.
_NOT_HELP = ("focus_", "app.focus", "screen.copy", "copy", "scroll_", "page_", "command_palette")

_ASCII_KEYS = {"←→": "<-/->", "↑↓": "up/dn", "⏎": "Enter", "←": "<-", "→": "->", "⌫": "Bksp"}


class Moon42App(Learning, App[None]):
    CSS = files("moon42.assets").joinpath("moon42.tcss").read_text(encoding="utf-8")
    TITLE = "moon42"
    # Textual's command palette offers nothing a player needs, and its key hint takes room.
    ENABLE_COMMAND_PALETTE = False
    BINDINGS = [
        Binding("f1,question_mark", "help", "Help", key_display="?", id="help"),
        Binding("ctrl+q", "quit", "Quit", key_display="^q", priority=True, id="quit"),
    ]

    def __init__(self, config: GameConfig | None = None, ascii_only: bool = False,
                 lobby: bool = True, pace: float | None = None,
                 saved: Saved | None = None, served: Served | None = None,
                 duplicate: int | None = None, learn: Lesson | str | None = None) -> None:
        """``learn``: a lesson to play, or a game whose lessons to list (``moon42 learn``),
        or ``puzzle:GAME`` (``moon42 puzzle``)."""
        super().__init__()
        self.duplicate = duplicate  # the deals of a duplicate match to play (play --duplicate)
        self.learn = learn
        # The server that started this game, if one did: its tables and leaderboard.
        self.served = served if served is not None else Served.from_environment()
        draw_only_what_shows()  # partial frames draw only what they change (app/tui/frames.py)
        let_closed_widgets_go()  # closed widgets' line caches are let go (styles_cache_mend)
        # Before anything is read into it: the CSS parsed once a process (app/tui/styles.py).
        self.stylesheet = SharedStylesheet(variables=self.get_css_variables())
        self.saved = saved  # a saved game or record to go on with (play --resume / --from)
        self.pace = pace
        self.glyphs: Glyphs = glyphs_for(ascii_only)
        self.start_config = config
        self.open_lobby = lobby or config is None
        self.flow: Flow | None = None
        self.autosave: Autosave | None = None  # the game being played, saved (app/play/saves.py)
        self.exports = Exports()  # x: within a server's cap, each unchanged game once
        self.too_small = False
        if self.glyphs.ascii:
            self.add_class("-ascii")

    def on_mount(self) -> None:
        if isinstance(self.learn, Lesson):
            self.start_lesson(self.learn)
        elif isinstance(self.learn, str) and self.learn.startswith("puzzle:"):
            self.show_puzzle(self.learn.partition(":")[2])
        elif isinstance(self.learn, str):
            self.show_lessons(self.learn or None)
        elif self.open_lobby:
            config = self.start_config or load_last()
            if self.pace is not None:
                config = config.with_(pace=self.pace)
            self.push_screen(self._lobby(config))
        elif self.saved is not None:
            saved = self.saved
            self.start_game(saved.config, push=True, game=saved.game, undo_used=saved.undo_used,
                            slot=saved.slot)
        elif self.duplicate is not None:
            assert self.start_config is not None
            self._start_match(self.start_config, self.duplicate, push=True)
        else:
            assert self.start_config is not None
            self.start_game(self.start_config, push=True)
        # After the first screen is really on the stack, so the notice goes on top of it.
        self.call_after_refresh(self._check_size)

    # ----- screens -------------------------------------------------------

    def _lobby(self, config: GameConfig):
        names = bot_choices()
        try:
            descriptions = {n: bot_description(n) for n in names}
        except Exception:  # a third-party bot's broken description must not stop the lobby
            descriptions = {}
        if not config.pin_seed:  # a seed typed for one game is not offered again
            config = config.with_(seed=None)
        return LobbyScreen(config, names, descriptions, saved=saved_games(names))

    def _match_over(self, config: GameConfig, choice: str) -> None:
        """A duplicate match's end: the lobby, or quit."""
        if choice == "quit":
            self.exit()
        else:
            self._to_lobby(config)

    def _to_lobby(self, config: GameConfig) -> None:
        self._leave_game()
        self.flow = None
        self.switch_screen(self._lobby(config))

    def start_game(self, config: GameConfig, push: bool = False, game: Game | None = None,
                   undo_used: bool = False, slot: Slot | None = None) -> None:
        """Play ``config`` (or ``game``, a game to go on with), saved in ``slot`` or in a new
        saved game; at the limit of saved games, ask first."""
        # Imported when first needed, for start-up time: the game and its statistics are
        # what the lobby does not show.
        from ..play.stats.recorder import record_stats
        from .flow import Flow

        self._leave_game()
        if slot is None and not config.watch:
            try:
                slot = new_slot(config.game)
            except TooManySaves as full:
                self._make_room(full, lambda: self.start_game(config, push, game, undo_used))
                return
            except OSError as error:
                self.notify(f"This game will not be saved: {error.strerror or error}.",
                            severity="warning", timeout=8)
        self.flow = Flow(self, config, self.glyphs, self._game_over, game=game)
        if slot is not None:
            self.autosave = start_autosave(self.flow, slot, undo_used)
        record_stats(self.flow)
        if push:
            self.push_screen(self.flow.table)
        else:
            self.switch_screen(self.flow.table)
        self.flow.start()

    def _make_room(self, full, then) -> None:
        """Ask whether the oldest saved game may go to records/ to make room for a new one."""
        oldest = full.oldest

        def answered(answer: str | None) -> None:
            if answer != "yes":
                if not self.screen_stack[1:]:  # started from the command line: nothing to go
                    self.exit(return_code=2, message=f"moon42: {full}; nothing was started.")
                return
            try:
                abandon(oldest)
            except (OSError, GameLocked) as error:
                self.notify(f"The oldest saved game could not be moved: {error}.",
                            severity="error")
                return
            then()

        self.push_screen(AskScreen(
            f"{full}. To start another, the oldest, {oldest.title}, leaves the saved games "
            "(its record stays in records/). Or keep it, and resume or delete one in the lobby.",
            [Answer("y", "move the oldest", "yes"), Answer("n", "keep it", "no")]), answered)

    def _leave_game(self) -> None:
        """Let go of the game being played: it stays saved, and free for another window."""
        if self.flow is not None:
            self.flow.close()
        if self.autosave is not None:
            self.autosave.close()
            self.autosave = None

    def on_unmount(self) -> None:
        self._leave_game()

    def _game_over(self, choice: str | None) -> None:
        self.post_message(GameOverChoice(choice or "lobby"))

    def on_game_over_choice(self, message: GameOverChoice) -> None:
        flow = self.flow
        assert flow is not None
        if message.choice == "quit":
            self.exit()
        elif message.choice == "again":
            seed = None if flow.config.seed is None else (flow.config.seed + 1) % (MAX_SEED + 1)
            self.start_game(flow.config.with_(seed=seed, pace=flow.pace))
        else:
            self._to_lobby(flow.config)

    def on_start_game(self, message: StartGame) -> None:
        save_last(message.config)
        self.start_game(message.config)

    def on_start_match(self, message: StartMatch) -> None:
        from ..play.duplicate_match import DEFAULT_DEALS  # for start-up time, as below

        save_last(message.config)
        self._leave_game()
        self._start_match(message.config, DEFAULT_DEALS, push=False)

    def _start_match(self, config: GameConfig, deals: int, push: bool) -> None:
        """A duplicate match against bots (play --duplicate, or the lobby's m)."""
        from .duplicate_flow import MatchRunner  # for start-up time, as in start_game

        MatchRunner(self, config, deals, lambda choice: self._match_over(config, choice),
                    push=push).start()

    def on_resume_game(self, message: ResumeGame) -> None:
        try:
            saved = open_saved(message.path, bot_choices())
        except GameLocked as error:
            self._open_elsewhere(message.path, error)
            return
        except (DamagedSave, OSError) as error:
            self.notify(f"That saved game could not be opened. {error}", severity="error",
                        timeout=10)
            self._to_lobby(self._lobby_setup())
            return
        self.start_game(saved.config, game=saved.game, undo_used=saved.undo_used,
                        slot=saved.slot)

    def _lobby_setup(self) -> GameConfig:
        setup = getattr(self.screen, "setup", None)
        return setup() if callable(setup) else load_last()

    def _open_elsewhere(self, path, error) -> None:
        """A second window: the game is open in the first; view it, or start another."""
        def answered(answer: str | None) -> None:
            if answer == "view":
                self.post_message(ViewSavedGame(path))
            elif answer == "new":
                self.post_message(StartGame(self._lobby_setup()))

        self.push_screen(AskScreen(
            f"This game is open {error.holder.where()}. One window plays a game at a time: "
            "view it here read-only, or start another game.",
            [Answer("v", "view it read-only", "view"), Answer("n", "start a new game", "new")]),
            answered)

    def on_view_saved_game(self, message: ViewSavedGame) -> None:
        # Imported when first needed, for start-up time, as every screen the lobby does
        # not show.
        from .screens.replay import ReplayScreen

        try:
            replay = Replay.from_doc(read_doc(message.path))
        except (DamagedSave, RecordError, ReplayError) as error:
            self.notify(f"That saved game cannot be shown. {error}", severity="error")
            return
        self.push_screen(ReplayScreen(replay, self.glyphs, start="last"))

    def on_game_over_screen_replay_game(self, message: GameOverScreen.ReplayGame) -> None:
        from .deal_again import open_replay  # for start-up time, as above

        open_replay(self, self.glyphs)

    def on_game_over_screen_deal_again(self, message: GameOverScreen.DealAgain) -> None:
        self._pick_deal_again()

    def on_scoreboard_screen_deal_again(self, message: ScoreboardScreen.DealAgain) -> None:
        self._pick_deal_again()

    def _pick_deal_again(self) -> None:
        from .deal_again import pick_deal_again  # for start-up time, as above

        pick_deal_again(self, self.glyphs)

    def on_replay_screen_play_again(self, message: ReplayScreen.PlayAgain) -> None:
        from .deal_again import play_deal_again  # for start-up time, as above

        play_deal_again(self, message.record, message.hand)

    def remote_flow(self, send: Callable[[dict[str, Any]], None], left: Callable[[], None],
                    watching: bool, table_number: int) -> RemoteFlow:
        """The flow that draws a shared table's seat (or a spectator's) from the server's
        messages: the tables screen asks the app, which composes the screens and flows."""
        from .remote_flow import RemoteFlow  # for start-up time, as above

        return RemoteFlow(self, self.glyphs, send, left, watching=watching,
                          table_number=table_number)

    def _fatal_error(self) -> None:
        """An error of the app's own: a few lines for the player, the traceback in a file
        (``crash``), not Textual's screenful of code; Textual's own with ``TEXTUAL=debug``."""
        error = sys.exc_info()[1] or self._exception
        if "debug" in self.features or error is None:
            super()._fatal_error()
            return
        self.bell()
        words = report(error, served=self.served.tables is not None)
        self._exit_renderables.append(Text(words, overflow="fold"))
        self._close_messages_no_wait()

    def _print_error_renderables(self) -> None:
        if self._exit_renderables:
            lines_start_at_the_left(sys.__stderr__)
        super()._print_error_renderables()

    def action_stats(self) -> None:
        from .screens.stats import StatsScreen  # for start-up time, as above

        if not isinstance(self.screen, StatsScreen | TooSmallScreen):
            self.push_screen(StatsScreen(self.glyphs))

    def action_help(self) -> None:
        from .screens.help import HelpScreen  # for start-up time, as above

        if isinstance(self.screen, HelpScreen | TooSmallScreen):
            return
        game = self.flow.config.game if self.flow is not None else None
        options = self.flow.game.options if self.flow is not None else None
        lobby_config = getattr(self.screen, "config", None)
        if isinstance(lobby_config, GameConfig):
            game, options = lobby_config.game, None
        self.push_screen(HelpScreen(self._live_keys(), game, options))

    def _live_keys(self) -> list[tuple[str, str]]:
        """The keys the current screen answers now, grouped by what they do."""
        grouped: dict[str, list[str]] = {}
        for active in self.screen.active_bindings.values():
            binding = active.binding
            if not active.enabled or binding.system or not binding.description:
                continue
            if binding.action.startswith(_NOT_HELP):
                continue
            keys = grouped.setdefault(binding.description, [])
            shown = self.get_key_display(binding)
            if shown not in keys:
                keys.append(shown)
        out = []
        for description, keys in grouped.items():
            text = f"{keys[0]}-{keys[-1]}" if len(keys) > 3 else " ".join(keys)
            out.append((text, description))
        return out

    def get_driver_class(self) -> type[Driver]:
        # In a terminal: a key reader that sleeps while no key comes (app/tui/quiet_input.py).
        return driver_for(super().get_driver_class())

    def get_key_display(self, binding: Binding) -> str:
        shown = super().get_key_display(binding)
        if self.glyphs.ascii:
            for fancy, plain in _ASCII_KEYS.items():
                shown = shown.replace(fancy, plain)
        return shown

    # ----- keys and size -------------------------------------------------

    async def on_event(self, event: events.Event) -> None:
        if isinstance(event, events.Key) and self.flow is not None:
            self.flow.hurry()
        await super().on_event(event)
        if isinstance(event, events.Resize):
            self._check_size()

    def _check_size(self) -> None:
        width, height = self.size
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        self.too_small = small
        on_top = isinstance(self.screen, TooSmallScreen)
        if small and not on_top:
            self.push_screen(TooSmallScreen())
        elif on_top and not small:
            self.pop_screen()
