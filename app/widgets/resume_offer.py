"""The lobby's line about the saved game: Resume (r), or why the save could not be read."""

from __future__ import annotations

from textual.widgets import Static

from ..saves import SaveOffer

__all__ = ["ResumeOffer"]


class ResumeOffer(Static):
    DEFAULT_CSS = """
    ResumeOffer { height: auto; max-height: 4; padding: 0 1; text-style: bold; }
    ResumeOffer.-damaged { text-style: none; color: $text-warning; }
    """

    def __init__(self, offer: SaveOffer) -> None:
        super().__init__(offer.text, markup=False, id="resume-offer",
                         classes="" if offer.resumable else "-damaged")
        self.offer = offer
