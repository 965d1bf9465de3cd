"""The Textual app: screens on a stack, keys to the flow, and the too-small guard."""

from __future__ import annotations

from importlib.resources import files
from typing import TYPE_CHECKING

from textual import events
from textual.app import App
from textual.binding import Binding

from .config import GameConfig, load_last, save_last
from .glyphs import Glyphs, glyphs_for
from .messages import (
    ActionChosen,
    ExportRecord,
    GameOverChoice,
    PaceChanged,
    ResumeGame,
    ShowScores,
    StartGame,
    UndoMove,
)
from .screens.too_small import MIN_HEIGHT, MIN_WIDTH, TooSmallScreen

if TYPE_CHECKING:
    from moon42.rules import Game

    from .flow import Flow
    from .saves import Saved

__all__ = ["Moon42App"]

# Keys every Textual screen has that a player need not read about.
_NOT_HELP = ("focus_", "app.focus", "screen.copy", "copy", "scroll_", "page_", "command_palette")

_ASCII_KEYS = {"←→": "<-/->", "↑↓": "up/dn", "⏎": "Enter", "←": "<-", "→": "->", "⌫": "Bksp"}


class Moon42App(App[None]):
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
                 saved: Saved | None = None) -> None:
        super().__init__()
        self.saved = saved  # a saved game or record to go on with (play --resume / --from)
        self.pace = pace
        self.glyphs: Glyphs = glyphs_for(ascii_only)
        self.start_config = config
        self.open_lobby = lobby or config is None
        self.flow: Flow | None = None
        self.too_small = False
        if self.glyphs.ascii:
            self.add_class("-ascii")

    def on_mount(self) -> None:
        if self.open_lobby:
            config = self.start_config or load_last()
            if self.pace is not None:
                config = config.with_(pace=self.pace)
            self.push_screen(self._lobby(config))
        elif self.saved is not None:
            saved = self.saved
            self.start_game(saved.config, push=True, game=saved.game, undo_used=saved.undo_used)
        else:
            assert self.start_config is not None
            self.start_game(self.start_config, push=True)
        # After the first screen is really on the stack, so the notice goes on top of it.
        self.call_after_refresh(self._check_size)

    # ----- screens -------------------------------------------------------

    def _lobby(self, config: GameConfig):
        from .bots import bot_choices
        from .screens.lobby import LobbyScreen

        names = bot_choices()
        try:
            from moon42.ai.registry import bot_description

            descriptions = {n: bot_description(n) for n in names}
        except Exception:  # a third-party bot's broken description must not stop the lobby
            descriptions = {}
        from .saves import lobby_offer

        return LobbyScreen(config, names, descriptions, offer=lobby_offer(names))

    def start_game(self, config: GameConfig, push: bool = False, game: Game | None = None,
                   undo_used: bool = False) -> None:
        from .flow import Flow  # imported when first needed: the lobby starts faster
        from .saves import start_autosave
        from .stats.recorder import record_stats

        self.flow = Flow(self, config, self.glyphs, self._game_over, game=game)
        start_autosave(self.flow, undo_used)
        record_stats(self.flow)
        if push:
            self.push_screen(self.flow.table)
        else:
            self.switch_screen(self.flow.table)
        self.flow.start()

    def _game_over(self, choice: str | None) -> None:
        self.post_message(GameOverChoice(choice or "lobby"))

    def on_game_over_choice(self, message: GameOverChoice) -> None:
        flow = self.flow
        assert flow is not None
        if message.choice == "quit":
            self.exit()
        elif message.choice == "again":
            seed = None if flow.config.seed is None else flow.config.seed + 1
            self.start_game(flow.config.with_(seed=seed, pace=flow.pace))
        else:
            self.flow = None
            self.switch_screen(self._lobby(flow.config))

    def on_start_game(self, message: StartGame) -> None:
        save_last(message.config)
        self.start_game(message.config)

    def on_resume_game(self, message: ResumeGame) -> None:
        from .bots import bot_choices
        from .saves import DamagedSave, load_save

        try:
            saved = load_save(bot_choices())
        except DamagedSave as error:
            self.notify(f"The saved game could not be read. {error}", severity="error")
            saved = None
        if saved is None:
            self.switch_screen(self._lobby(getattr(self.screen, "config", load_last())))
            return
        self.start_game(saved.config, game=saved.game, undo_used=saved.undo_used)

    def on_undo_move(self, message: UndoMove) -> None:
        from .undo import take_back

        if self.flow is not None:
            self.flow.table.note(take_back(self.flow))

    def on_export_record(self, message: ExportRecord) -> None:
        from .saves import export_game, shown

        flow = self.flow
        if flow is None:
            return
        try:
            path = export_game(flow.game, flow.config, undo_used=flow.undo_used)
        except OSError as error:
            self.notify(f"The record could not be written: {error}", severity="error")
            return
        self.notify(f"The game's record is in {shown(path)}", title="Exported", timeout=10)

    def on_action_chosen(self, message: ActionChosen) -> None:
        if self.flow is not None:
            self.flow.act(message.action)

    def on_pace_changed(self, message: PaceChanged) -> None:
        if self.flow is not None:
            self.flow.change_pace(message.step)

    def on_show_scores(self, message: ShowScores) -> None:
        from .screens.scoreboard import ScoreboardScreen

        if self.flow is not None:
            self.push_screen(ScoreboardScreen(self.flow.game.view(self.flow.me), self.glyphs))

    def action_stats(self) -> None:
        from .screens.stats import StatsScreen

        if not isinstance(self.screen, StatsScreen | TooSmallScreen):
            self.push_screen(StatsScreen(self.glyphs))

    def action_help(self) -> None:
        from .screens.help import HelpScreen

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
