"""The lobby: the saved games to resume, and a new game's setup (the game, its house rules,
the seats and their bots, a seed); Enter starts."""

from __future__ import annotations

import asyncio
from typing import Any

from textual import on
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, VerticalScroll
from textual.events import DescendantFocus
from textual.reactive import Reactive
from textual.screen import Screen
from textual.widget import Widget
from textual.widgets import Input, Label, Static

from moon42.rules.options import GAMES, HOUSE_RULES, SEATS, options_for

from ...play.config import DEFAULT_NAMES, PACES, GameConfig, seed_problem
from ...play.difficulty import config_level
from ...play.files import shown
from ...play.lesson_progress import next_lesson_words
from ...play.locks import GameLocked
from ...play.saves import SavedGame, SavedGames, abandon, saved_games
from ...play.served import NOT_SERVED
from ...play.words import GAME_TITLES
from ..widgets.difficulty import DifficultyRow, difficulty_changed
from ..widgets.house_rules import (
    house_rule_rows,
    option_changed,
    option_row,
    preset_chosen,
)
from ..widgets.saved_games import SavedGameRow, SavedGamesBox, SaveNews, saved_games_title
from ..widgets.setting import SettingRow
from ..widgets.steady_footer import SteadyFooter
from .ask import Answer, AskScreen
from .messages import ResumeGame, StartGame, StartMatch, ViewSavedGame

__all__ = ["LobbyScreen"]

_GAME_HELP = {
    "moon3": "Moon for 3: every player for themself, 22 tiles and a widow; bid tricks.",
    "moon4": "Moon for 4: two partnerships, you and the player opposite; bid tricks.",
    "texas42": "Texas 42: two partnerships; bid points (tricks and count), win marks.",
}


class _Form(VerticalScroll, inherit_bindings=False, can_focus=False):
    """The settings, scrolled by moving between them (its arrow keys are the screen's)."""


class _Field(Input):
    """A name's or the seed's field: typing goes in, but Up, Down and Enter are the lobby's,
    and the key line says so (an Input's own bindings hid them)."""

    BINDINGS = [
        Binding("down", "screen.field(1)", "Move", key_display="↑↓", id="field-next"),
        Binding("up", "screen.field(-1)", "Move", key_display="↑↓", show=False,
                id="field-previous"),
        Binding("enter", "screen.start", "Start game", key_display="⏎", id="field-start"),
    ]


class LobbyScreen(Screen):
    # Textual repaints the whole screen when the focus moves; here only the row that lost
    # the focus and the row that took it change, and they repaint themselves.
    focused: Reactive[Widget | None] = Reactive(None, repaint=False)

    BINDINGS = [
        Binding("down", "field(1)", "Move", key_display="↑↓", id="next-field"),
        Binding("up", "field(-1)", "Move", key_display="↑↓", show=False, id="previous-field"),
        Binding("enter", "start", "Start game", key_display="⏎", id="start", priority=False),
        Binding("f5", "defaults", "House rules back to their defaults", show=False,
                id="defaults"),
        Binding("r", "resume", "Resume", id="resume"),
        Binding("s", "app.stats", "Stats", id="stats"),
        Binding("t", "tables", "Tables", id="tables"),
        # Off the key line: with Resume and Tables it would cut "? Help" at 80 columns; the
        # statistics screen shows it, and the help lists it.
        Binding("b", "leaderboard", "Leaderboard", show=False, id="leaderboard"),
        Binding("m", "match", "Duplicate match", show=False, id="match"),
        # Off the key line too: the title line says it, with the next lesson.
        Binding("L", "learn", "Learn to play: lessons and puzzles", show=False, id="learn"),
    ]

    def __init__(self, config: GameConfig, bot_names: list[str], descriptions: dict[str, str],
                 saved: SavedGames | None = None):
        super().__init__()
        self.saved = saved or SavedGames((), ())  # the games to resume (app/play/saves.py)
        self.config = config
        self.bot_names = bot_names or ["basic"]
        self.descriptions = descriptions
        self.options_by_game: dict[str, dict[str, Any]] = {config.game: dict(config.options)}
        self._marked: Label | None = None  # the row label showing the focus's ``>``
        # Held while the form is rebuilt for another game, and while a key reads it: a key
        # acts on the app's side while the row's change is handled on the screen's.
        self._form = asyncio.Lock()

    # ----- composing -----------------------------------------------------

    def compose(self) -> ComposeResult:
        config = self.config
        game = config.game
        chosen = self.options_by_game.get(game, {})
        resolved = options_for(game, chosen)
        defaults = options_for(game, {k: v for k, v in chosen.items() if k != "target"})
        yield Static(f"moon42: Moon and Texas 42 · L: learn to play ({next_lesson_words()})",
                     id="lobby-title", markup=False)
        if self.saved.games:
            yield saved_games_title(self.saved)
            yield SavedGamesBox(self.saved)
        if self.saved.damaged:
            yield SaveNews(self.saved.damaged)
        with _Form(id="lobby-form"):
            yield SettingRow("Game", list(GAMES), game, None, _GAME_HELP[game], GAME_TITLES.get,
                             id="game")
            yield DifficultyRow(config_level(config))
            # The target is how long the game is, not a house rule of play: no preset sets it.
            yield option_row(HOUSE_RULES["target"], resolved.target, defaults.target)
            yield from house_rule_rows(game, chosen)
            names = config.players()
            with Horizontal(classes="seat-row"):
                yield Label("  Your name", classes="seat-label")
                yield _Field(names[0], max_length=12, id="name-0", classes="name")
            for seat in range(1, SEATS[game]):
                with Horizontal(classes="seat-row"):
                    role = "partner" if game != "moon3" and seat == 2 else "opponent"
                    yield Label(f"  Seat {seat} ({role})", classes="seat-label")
                    yield _Field(names[seat], max_length=12, id=f"name-{seat}", classes="name")
                    bot = config.bot_of(seat)
                    bot = bot if bot in self.bot_names else self.bot_names[0]
                    yield SettingRow("bot", self.bot_names, bot, None, self._bot_help(bot),
                                     id=f"bot-{seat}", classes="bot")
            with Horizontal(classes="seat-row"):
                yield Label("  Seed", classes="seat-label")
                seed = "" if config.seed is None else str(config.seed)
                yield _Field(seed, placeholder="random", restrict=r"[0-9]*", max_length=19,
                            id="seed", classes="name")
            yield SettingRow("Seed for", [False, True], config.pin_seed, None,
                             "One game: a seed typed above deals the next game only. Every "
                             "game: it is pinned, kept for every game from the lobby.",
                             lambda v: "every game (pinned)" if v else "one game",
                             id="pin-seed")
            yield SettingRow("Bot pace", list(PACES), config.pace, None,
                             "Seconds each bot move stays on screen; any key hurries them.",
                             lambda v: f"{v:g} s", id="pace")
            yield SettingRow("Undo", [True, False], config.allow_undo, None,
                             "Whether u takes back your last move (and the bots' answers).",
                             lambda v: "on" if v else "off", id="undo")
            yield SettingRow("Only tile", [False, True], config.auto_play, None,
                             "When only one of your tiles may be played, whether it is played "
                             "for you (after a short pause that shows it).",
                             lambda v: "played for you" if v else "you play it", id="auto-play")
            yield SettingRow("Bot claims", [True, False], config.bot_claims, None,
                             "Whether a bot on lead holding only winners shows its hand and "
                             "claims the rest (the hand is then played out at once).",
                             lambda v: "on" if v else "off", id="claims-by-bots")
        yield Static(id="lobby-help")
        yield SteadyFooter()

    def _bot_help(self, bot: str) -> str:
        """The chosen bot's description (all of them at once took more than two lines)."""
        told = f"{bot}: {self.descriptions.get(bot, '')}".rstrip(": ")
        return f"{told}  Bots to choose from: {', '.join(self.bot_names)}."

    def on_mount(self) -> None:
        self.query_one("#game", SettingRow).focus()

    # ----- changes -------------------------------------------------------

    @on(DescendantFocus)
    def _describe(self, event: DescendantFocus) -> None:
        # The focus as it is now: with keys held down the focus has often moved on by the
        # time this is handled, and marking the row it left would leave two rows marked.
        self._show_help(self.focused or event.widget)

    def _mark_row(self, widget: Widget) -> None:
        """The ``>`` of a focused row, on the label of a name's or the seed's row too."""
        row = widget.parent if isinstance(widget, Input) else None
        label = next((child for child in row.children if child.has_class("seat-label")),
                     None) if row is not None else None
        if label is self._marked:
            return  # a move between rows without a label: nothing to redraw
        for old, focused in ((self._marked, False), (label, True)):
            if isinstance(old, Label) and old.is_attached:
                text = str(old.content).lstrip("> ").strip()
                old.update(f"> {text}" if focused else f"  {text}")
                old.set_class(focused, "-focused")
        self._marked = label

    def _show_help(self, widget: Widget) -> None:
        self._mark_row(widget)
        if not widget.display or not widget.is_on_screen:
            widget.scroll_visible(animate=False)  # never a focus the player cannot see
        if isinstance(widget, SettingRow) and (widget.id or "").startswith("bot-"):
            text = self._bot_help(widget.value)  # the difficulty row changes bots too
        elif isinstance(widget, SettingRow | SavedGameRow):
            text = widget.help_text
        elif isinstance(widget, Input) and widget.id == "seed":
            problem = self._seed_problem()
            text = (f"{problem.capitalize()}." if problem else
                    "Same seed, same deals: leave empty for a random game.")
        else:
            text = "A player's name (Enter starts the game)."
        help_line = self.query_one("#lobby-help", Static)
        if help_line.content != text:
            help_line.update(text, layout=False)  # always two lines high

    @on(SettingRow.Changed)
    async def _changed(self, event: SettingRow.Changed) -> None:
        row = event.row
        if (row.id or "").startswith("bot-"):
            self._show_help(row)
        if difficulty_changed(self, row):
            return
        if row.id == "game":
            await self._game_taken()  # (the row's value now: a later change may be queued)
        elif row.name == "scoring":
            self._target_follows_scoring()
        if row.id == "preset" and preset_chosen(self, row):
            self._target_follows_scoring()
        elif row.has_class("option"):
            option_changed(self)

    async def _game_taken(self) -> GameConfig:
        """The setup the form shows, for the game its row shows: a game chosen whose change
        has not reached the form yet (keys typed ahead over a slow connection: Left, then t
        or Enter at once) is taken first, the form rebuilt with the options last chosen
        for it."""
        async with self._form:
            game = self.query_one("#game", SettingRow).value
            if game != self.config.game:
                self.config = self._read()
                self.config = self.config.with_(
                    game=game, options=self.options_by_game.get(game, {}))
                await self.recompose()
                self.query_one("#game", SettingRow).focus()
            return self._read()

    def _target_follows_scoring(self) -> None:
        target = next(row for row in self.query(SettingRow) if row.name == "target")
        self.config = self._read()
        options = dict(self.config.options)
        options.pop("target", None)
        target.default = options_for(self.config.game, options).target
        target.index = target.values.index(target.default)
        target.refresh()

    def _read(self) -> GameConfig:
        """The setup the form shows now."""
        game = self.config.game
        options: dict[str, Any] = {}
        for row in self.query(SettingRow):
            is_option = row.name == "target" or row.has_class("option")
            if row.name and is_option and (row.default is None or row.value != row.default):
                options[row.name] = row.value
        self.options_by_game[game] = options
        names = [self.query_one(f"#name-{s}", Input).value for s in range(SEATS[game])]
        bots = ["basic"] + [self.query_one(f"#bot-{s}", SettingRow).value
                            for s in range(1, SEATS[game])]
        seed_text = self.query_one("#seed", Input).value.strip()
        seed = int(seed_text) if seed_text.isdigit() else None
        return self.config.with_(
            options=options,
            names=tuple(names) + DEFAULT_NAMES[len(names):],
            bots=tuple(bots),
            seed=None if seed is None or seed_problem(seed) else seed,
            pin_seed=self.query_one("#pin-seed", SettingRow).value,
            pace=self.query_one("#pace", SettingRow).value,
            allow_undo=self.query_one("#undo", SettingRow).value,
            auto_play=self.query_one("#auto-play", SettingRow).value,
            bot_claims=self.query_one("#claims-by-bots", SettingRow).value,
            difficulty=self.query_one("#difficulty", SettingRow).value,
        )

    # ----- actions -------------------------------------------------------

    def action_field(self, step: int) -> None:
        if step > 0:
            self.focus_next()
        else:
            self.focus_previous()
        if self.focused is not None:  # now, in the same frame as the rows, not a frame later
            self._show_help(self.focused)

    def setup(self) -> GameConfig:
        """The new game the form shows now."""
        return self._read()

    def _seed_problem(self) -> str | None:
        text = self.query_one("#seed", Input).value
        return seed_problem(int(text)) if text.isdigit() else None

    async def action_start(self, match: bool = False) -> None:
        config = await self._game_taken()
        if self._seed_problem():  # the help line under the seed says why
            seed = self.query_one("#seed", Input)
            seed.focus()
            self._show_help(seed)
            return
        self.post_message(StartMatch(config) if match else StartGame(config))

    async def action_match(self) -> None:
        """A duplicate match against bots with this setup (``play --duplicate``)."""
        await self.action_start(match=True)

    @on(Input.Changed, "#seed")
    def _seed_typed(self, event: Input.Changed) -> None:
        # Only as the player types: the seed's first value, set as the form is built, may
        # arrive after the focus has gone to the first row (it does on Python 3.12).
        if event.input.has_focus:
            self._show_help(event.input)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "resume":
            return bool(self.saved.games)
        if action == "tables":  # only on a server (app/tui/screens/tables.py)
            return getattr(self.app, "served", NOT_SERVED).tables is not None
        if action == "leaderboard":  # only on a server (app/play/stats/board.py)
            return getattr(self.app, "served", NOT_SERVED).board is not None
        return True

    def action_learn(self) -> None:
        """The lessons, the next one (as the title line names it) picked."""
        self.app.show_lessons()  # type: ignore[attr-defined]

    def action_leaderboard(self) -> None:
        from .leaderboard import LeaderboardScreen  # for start-up time: only on a server

        self.app.push_screen(LeaderboardScreen(getattr(self.app, "served", NOT_SERVED).board))

    async def action_tables(self) -> None:
        from .tables import TablesScreen  # for start-up time: only on a server

        config = await self._game_taken()
        self.app.push_screen(TablesScreen(config.game, dict(config.options), config.bot_claims,
                                          config_level(config)))

    def action_resume(self) -> None:
        focused = self.focused
        chosen = focused.saved if isinstance(focused, SavedGameRow) else self.saved.games[0]
        self.post_message(ResumeGame(chosen.path))

    @on(SavedGameRow.Chosen)
    def _saved_game(self, event: SavedGameRow.Chosen) -> None:
        if event.what == "resume":
            self.post_message(ResumeGame(event.saved.path))
        elif event.what == "view":
            self.post_message(ViewSavedGame(event.saved.path))
        else:
            self._ask_to_delete(event.saved)

    def _ask_to_delete(self, saved: SavedGame) -> None:
        if saved.open_in is not None:
            self.notify(f"That game is open {saved.open_in.where()}: it cannot be deleted "
                        "from here.", severity="warning")
            return

        async def answered(answer: str | None) -> None:
            if answer == "delete":
                await self._delete(saved)

        question = (f"Delete {saved.title} from your saved games? Its record stays in "
                    f"records/ ({saved.name}.json), for the replay viewer.")
        self.app.push_screen(AskScreen(question, [Answer("y", "delete it", "delete"),
                                                  Answer("n", "keep it", "keep")]), answered)

    async def _delete(self, saved: SavedGame) -> None:
        try:
            kept = abandon(saved)
        except GameLocked as error:
            self.notify(f"That game was opened {error.holder.where()}: it was not deleted.",
                        severity="warning")
        except OSError as error:
            self.notify(f"That game could not be deleted: {error.strerror or error}.",
                        severity="error")
        else:
            self.notify(f"Its record is in {shown(kept)}.", title="Deleted", timeout=8)
        await self.show_saved(saved_games(self.bot_names))

    async def show_saved(self, saved: SavedGames) -> None:
        """Show ``saved`` as the saved games, the form as it was."""
        async with self._form:
            self.config = self._read()
            self.saved = saved
            await self.recompose()
            rows = list(self.query(SavedGameRow))
            (rows[0] if rows else self.query_one("#game", SettingRow)).focus()

    async def action_defaults(self) -> None:
        async with self._form:
            self.options_by_game[self.config.game] = {}
            self.config = self.config.with_(options={})
            await self.recompose()
            self.query_one("#game", SettingRow).focus()
