"""Shared set-up for the app tests: no animations, no cursor blink, a private config folder."""

from __future__ import annotations

import os
import tempfile

# Both are read when Textual and the app are imported, so they come first.
os.environ["TEXTUAL_ANIMATIONS"] = "none"
os.environ["MOON42_CONFIG_DIR"] = tempfile.mkdtemp(prefix="moon42-test-config-")
os.environ.pop("NO_COLOR", None)
os.environ.setdefault("LANG", "C.UTF-8")
