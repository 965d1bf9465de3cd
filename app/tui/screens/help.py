"""Help: the keys of the screen you came from (read from its live bindings) and the rules."""

from __future__ import annotations

from importlib.resources import files

from rich.markdown import Markdown as RichMarkdown
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from moon42.rules.options import Options

from ...play.presets import house_rules_markdown
from ...play.served import NOT_SERVED, Served
from ..widgets.steady_footer import SteadyFooter

__all__ = ["HelpScreen", "rules_text"]


def rules_text(game: str | None, options: Options | None = None,
               served: Served = NOT_SERVED) -> str:
    """The rules in a player's words, from the assets package; with ``options``, the house
    rules of the game being played come right after the game's own rules."""
    assets = files("moon42.assets")
    parts = [assets.joinpath("help_common.md").read_text(encoding="utf-8")]
    if served.tables is not None:  # a game on a server that has shared tables
        parts.append(assets.joinpath("help_server.md").read_text(encoding="utf-8"))
    if options is not None:
        parts.insert(0, house_rules_markdown(options))
    if game is not None:
        parts.insert(0, assets.joinpath(f"help_{game}.md").read_text(encoding="utf-8"))
    return "\n\n".join(parts)


def key_lines(keys: list[tuple[str, str]], column: int = 34) -> list[str]:
    """The keys two to a line where they fit (80x24 has room for the rules below them), the
    long ones each on its own line after them."""
    width = max((len(k) for k, _ in keys), default=4)
    cells = [f"  {key:<{width}}  {what}" for key, what in keys]
    short = [c for c in cells if len(c) <= column]
    pairs = zip(short[::2], [*short[1::2], ""][: len(short[::2])], strict=True)
    lines = [f"{a:<{column}}  {b}".rstrip() for a, b in pairs]
    return lines + [c for c in cells if len(c) > column]


class HelpScreen(ModalScreen[None]):
    BINDINGS = [
        Binding("escape,q,f1,question_mark", "close", "Close help", key_display="Esc", id="close"),
        Binding("down,j", "scroll(1)", "Scroll", key_display="↑↓", id="scroll-down"),
        Binding("up,k", "scroll(-1)", "Scroll", show=False, id="scroll-up"),
    ]

    def __init__(self, keys: list[tuple[str, str]], game: str | None,
                 options: Options | None = None) -> None:
        super().__init__()
        self.keys, self.game, self.options = keys, game, options

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help-box"):
            yield Static("Keys on this screen", classes="title")
            yield Static("\n".join(key_lines(self.keys)), id="help-keys", markup=False)
            served = getattr(self.app, "served", NOT_SERVED)
            yield Static(RichMarkdown(rules_text(self.game, self.options, served)),
                         id="help-rules")
        yield SteadyFooter()

    def action_scroll(self, step: int) -> None:
        box = self.query_one("#help-box", VerticalScroll)
        box.scroll_relative(y=step * 3, animate=False)

    def action_close(self) -> None:
        self.dismiss(None)
