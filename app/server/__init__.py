"""Serving the game to other people's terminals: over SSH, and to web browsers."""

import warnings

# As asyncssh is imported, the cryptography library under it warns, five times, that DSA
# keys are deprecated: it concerns asyncssh's own support for them, nothing the server
# does, and printed to whoever starts a server it only buries the line that matters.
# Every other warning is shown as before.
warnings.filterwarnings("ignore", message="DSA is deprecated", module=r"asyncssh(\.|$)")
