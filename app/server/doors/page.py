"""The web server's pages: the game's page and the sign-in page, self-contained.

The game's page is textual-serve's, less what it fetched from elsewhere: its font comes
from the server's own static files.  Everything on it is the server's; its Content
Security Policy says so to the browser too.
"""

from __future__ import annotations

from html import escape

__all__ = ["game_page", "sign_in_page", "member_sign_in_page", "member_links", "message_page",
           "secret_page", "SECURITY_HEADERS"]

# No page of the server loads anything from anywhere else, or shows inside another site.
SECURITY_HEADERS = {
    "Content-Security-Policy": "default-src 'self'; script-src 'self' 'unsafe-inline'; "
    "style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; "
    "connect-src 'self'; frame-ancestors 'none'; form-action 'self'; base-uri 'none'",
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "no-referrer",
}

_STYLE = """
@font-face { font-family: "Roboto Mono"; font-style: normal;
  src: url("/static/fonts/RobotoMono-VariableFont_wght.ttf") format("truetype"); }
@font-face { font-family: "Roboto Mono"; font-style: italic;
  src: url("/static/fonts/RobotoMono-Italic-VariableFont_wght.ttf") format("truetype"); }
body { background: #0c181f; color: rgba(255, 255, 255, 0.95); margin: 0;
  font-family: "Roboto Mono", menlo, monospace; }
.dialog-container { position: absolute; width: 100vw; height: 100vh; display: flex;
  align-items: center; justify-content: center; z-index: 10; }
.intro { width: 640px; min-height: 160px; font-size: 16px; z-index: 20; text-align: center;
  background-color: #12232d; display: flex; flex-direction: column; align-items: center;
  justify-content: center; margin: 32px; padding: 16px; }
button, input { font-family: inherit; font-size: 16px; margin: 8px; padding: 8px 16px; }
button { background-color: #5e0ba7; color: rgba(255, 255, 255, 0.95); border: none;
  cursor: pointer; }
button:hover { background: #ac5af4; }
a { color: #ac5af4; }
form.inline { display: inline; }
"""

_GAME = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<link rel="stylesheet" href="/static/css/xterm.css">
<script src="/static/js/textual.js"></script>
<style>{style}
body.-first-byte .intro-dialog {{ display: none; }}
body .textual-terminal {{ opacity: 0; transition: opacity 0.3s ease-out; }}
body.-first-byte .textual-terminal {{ opacity: 1; }}
.closed-dialog {{ display: none; }}
body.-closed .closed-dialog {{ display: flex; }}
#start {{ display: none; }}
#start.-delay {{ display: flex; }}
.intro {{ max-width: 90vw; }}
.turn-dialog {{ display: none; }}
@media (orientation: portrait) and (max-width: 700px) {{
  .turn-dialog {{ display: flex; z-index: 40; background: #0c181f; }}
}}
</style>
<script>
function refresh() {{ window.location.href = window.location.pathname; }}
</script>
</head>
<body>
<div class="dialog-container intro-dialog"><div class="intro">
  <div>{title}</div>
  <button type="button" onclick="refresh()" id="start">Start</button>
</div></div>
<div class="dialog-container closed-dialog"><div class="intro">
  <div class="message">The game has ended.</div>
  <button type="button" onclick="refresh()">Play again</button>
  {after}
</div></div>
<div class="dialog-container turn-dialog"><div class="intro">
  <div class="message">Turn your phone on its side: the table needs a wide screen.</div>
</div></div>
<div id="terminal" class="textual-terminal" data-session-websocket-url="{websocket}"
  data-font-size="{font_size}"></div>
<script>
// On a small screen (a phone on its side) the font shrinks until 80 columns by 24 rows
// fit, so that the whole table shows; never larger than the size asked for.  A phone
// held upright is measured on its side: the page asks for it to be turned.
(function () {{
  var terminal = document.getElementById("terminal");
  var wide = Math.max(window.innerWidth, window.innerHeight);
  var high = Math.min(window.innerWidth, window.innerHeight);
  if (window.innerWidth >= window.innerHeight || window.innerWidth > 700) {{
    wide = window.innerWidth;
    high = window.innerHeight;
  }}
  var fits = Math.floor(Math.min(wide / (80 * 0.62), high / (24 * 1.5)));
  terminal.dataset.fontSize = String(Math.max(6, Math.min({font_size}, fits)));
}})();
</script>
</body>
</html>
"""

_SIGN_IN = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title}: sign in</title><style>{style}</style></head>
<body>
<div class="dialog-container"><div class="intro">
  <div>{title}</div>
  <p>{said}</p>
  <form method="post" action="/sign-in">
    <input type="password" name="password" autofocus aria-label="password">
    <button type="submit">Play</button>
  </form>
</div></div>
</body>
</html>
"""

_MEMBER_SIGN_IN = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title}: sign in</title><style>{style}
label {{ display: block; text-align: left; }}
.rules {{ font-size: 13px; color: rgba(255, 255, 255, 0.7); text-align: left; }}
</style></head>
<body>
<div class="dialog-container"><div class="intro">
  <div>{title}</div>
  <p>{said}</p>
  <form method="post" action="/sign-in">
    <label>Name <input type="text" name="name" value="{name}" maxlength="{most_name}"
      required autocomplete="username" autofocus></label>
    <label>Secret <input type="password" name="secret" minlength="{least}"
      maxlength="{most}" required autocomplete="current-password"></label>
    <button type="submit">Play</button>
  </form>
  <div class="rules">
    <p>{first}Your saves, statistics and seats at the shared tables
    are your name's, whichever browser you sign in from. At the tables a member's name
    ends in +, a guest's (signed in over SSH with no key) in ?.
    <a href="/secret">Change your secret</a>.</p>
    <p>A name has 1 to {most_name} letters, digits, marks or spaces (not at either end).
    Names that differ only in capitals are one name. A name in play now cannot sign in
    again until its game ends. Several wrong secrets in a row make the name, and the
    address they came from, wait a few minutes.</p>
  </div>
</div></div>
</body>
</html>
"""

_MEMBER_LINKS = """<form class="inline" method="post" action="/sign-out">
    <button type="submit">Sign out</button></form>
  <a href="/secret">Change your secret</a>"""

_SECRET = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title}: change your secret</title><style>{style}
label {{ display: block; text-align: right; }}
</style></head>
<body>
<div class="dialog-container"><div class="intro">
  <div>{title}: change your secret</div>
  <p>{said}</p>
  <form method="post" action="/secret">
    <label>Name <input type="text" name="name" value="{name}" maxlength="{most_name}"
      required autocomplete="username"></label>
    <label>Secret now <input type="password" name="old" minlength="{least}"
      maxlength="{most}" required autocomplete="current-password"></label>
    <label>New secret <input type="password" name="new" minlength="{least}"
      maxlength="{most}" required autocomplete="new-password"></label>
    <label>New secret again <input type="password" name="again" minlength="{least}"
      maxlength="{most}" required autocomplete="new-password"></label>
    <button type="submit">Change it</button>
  </form>
  <p>A secret has {least} to {most} characters. Once it is changed, every browser signed
  in with the old one is signed out. <a href="/">Back</a></p>
</div></div>
</body>
</html>
"""

_MESSAGE = """<!DOCTYPE html>
<html lang="en">
<head><meta charset="utf-8"><title>{title}</title><style>{style}</style></head>
<body><div class="dialog-container"><div class="intro"><div>{title}</div><p>{said}</p>
{more}</div></div></body>
</html>
"""


def game_page(title: str, websocket: str, font_size: int, after: str = "") -> str:
    """The game's page; ``after``: what the page offers besides another game once the
    game has ended (the server's own HTML)."""
    return _GAME.format(title=escape(title), style=_STYLE, websocket=escape(websocket),
                        font_size=font_size, after=after)


def sign_in_page(title: str, said: str) -> str:
    return _SIGN_IN.format(title=escape(title), style=_STYLE, said=escape(said))


def member_sign_in_page(title: str, said: str, name: str, least: int, most: int,
                        most_name: int, register: bool = True) -> str:
    first = ("The first sign-in with a name nobody has taken makes it yours: choose a "
             f"secret of {least} to {most} characters, and keep it, since it cannot be "
             "found again. After that the name needs the same secret. ") if register else ""
    return _MEMBER_SIGN_IN.format(title=escape(title), style=_STYLE, said=escape(said),
                                  name=escape(name), least=least, most=most,
                                  most_name=most_name, first=first)


def member_links() -> str:
    """A signed-in member's buttons beside "Play again": change the secret, sign out."""
    return _MEMBER_LINKS


def secret_page(title: str, said: str, name: str, least: int, most: int,
                most_name: int) -> str:
    return _SECRET.format(title=escape(title), style=_STYLE, said=escape(said),
                          name=escape(name), least=least, most=most, most_name=most_name)


def message_page(title: str, said: str, link: tuple[str, str] | None = None,
                 after: str = "") -> str:
    """A page that says ``said``, with a link (address, words) to go on if given, and
    ``after`` (the server's own HTML)."""
    more = "" if link is None else f'<p><a href="{escape(link[0])}">{escape(link[1])}</a></p>'
    more += after
    return _MESSAGE.format(title=escape(title), style=_STYLE, said=escape(said), more=more)
