"""A server starts without its libraries' warnings in the way of the line that says where it
listens (the cryptography library under asyncssh warns of DSA keys as it is imported)."""

from __future__ import annotations

import subprocess
import sys


def test_the_server_s_modules_import_without_a_warning() -> None:
    done = subprocess.run(
        [sys.executable, "-c",
         "import moon42.app.server.doors.ssh, moon42.app.server.sessions.zygote"],
        capture_output=True, text=True, timeout=120, check=False,
    )
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
