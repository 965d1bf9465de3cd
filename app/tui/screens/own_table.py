"""The table of a game of one's own: the table screen whose keys go to the game's flow
(``app/tui/flow.py``), which asks the table: a move, a claim, undo, the bots' pace, the
record exported, the scores."""

from __future__ import annotations

from typing import Protocol

from textual.message import Message

from moon42.rules.actions import Action

from ...play.glyphs import UNICODE, Glyphs
from .messages import ActionChosen, ExportRecord, PaceChanged, ShowScores, UndoMove
from .scoreboard import ScoreboardScreen
from .table import TableScreen

__all__ = ["OwnFlow", "OwnTableScreen"]


class OwnFlow(Protocol):
    """What this screen asks of the flow that draws it."""

    def act(self, action: Action) -> None: ...

    def claim(self) -> None: ...

    def undo(self) -> str: ...

    def change_pace(self, step: int) -> None: ...

    def export(self) -> None: ...


class OwnTableScreen(TableScreen):
    """The table screen, its messages answered by the game's flow."""

    def __init__(self, flow: OwnFlow, glyphs: Glyphs = UNICODE,
                 interactive: bool = True) -> None:
        super().__init__(glyphs, interactive=interactive)
        self.flow = flow

    def on_action_chosen(self, message: ActionChosen) -> None:
        message.stop()
        self.flow.act(message.action)

    def on_claim_rest(self, message: Message) -> None:
        message.stop()
        self.flow.claim()

    def on_undo_move(self, message: UndoMove) -> None:
        message.stop()
        self.note(self.flow.undo())

    def on_pace_changed(self, message: PaceChanged) -> None:
        message.stop()
        self.flow.change_pace(message.step)

    def on_export_record(self, message: ExportRecord) -> None:
        message.stop()
        self.flow.export()

    def on_show_scores(self, message: ShowScores) -> None:
        message.stop()
        if self.view is not None:
            self.app.push_screen(ScoreboardScreen(self.view, self.glyphs))
