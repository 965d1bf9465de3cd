"""``python -m moon42.app.cli.zygote FD [--no-immortal]``: the warm process a server forks its
games from (``app/server/sessions/zygote.py``), started with this command line as the games'
entry, so the server's sessions need not import the command line above them."""

import moon42.app.cli as cli

from ..server.sessions import zygote

if __name__ == "__main__":
    zygote.main(cli)
