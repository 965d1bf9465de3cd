"""Table chat and spectators over the tables' real socket: lines reach everyone at the
table with the sender's name, cleaned of anything a terminal would obey; a sender is held
to a rate; a player mutes a sender for their own connection; spectators come and go."""

from __future__ import annotations

import asyncio
import json

import pytest

from moon42.app.play.chat import MESSAGE_LIMIT, ChatError, RateLimit, TableChat, clean
from moon42.app.play.connection import TableClient
from moon42.app.play.view_codec import decode
from moon42.app.server.accounts.identity import Identity
from moon42.app.server.tables.hub import Tables
from moon42.app.server.tables.protocol import TableServer

from .test_table_protocol import PATIENCE, Clock, until

# ----- what a line becomes ------------------------------------------------


@pytest.mark.parametrize("said,shown", [
    ("good luck", "good luck"),
    ("\x1b]0;owned\x07hi\x1b[2J\x1b[31mred", "]0;ownedhi[2J[31mred"),  # no ESC, no BEL
    ("a\tb\nc\r\nd\x0b\x0ce", "a b c d e"),
    ("  spaced   out  ", "spaced out"),
    ("e\u0301t\u00e9", "\u00e9t\u00e9"),  # NFC: the same letters, one code point each
    ("\u202egnirts\u202c ok", "gnirts ok"),  # a bidi override would turn the line around
    ("zero\u200bwidth\u2028line", "zerowidth line"),
    ("\x9b31mC1 CSI", "31mC1 CSI"),  # the one-byte CSI of 8-bit terminals
    ("lone \ud800 surrogate", "lone surrogate"),
    ("[bold]not markup[/]", "[bold]not markup[/]"),  # shown as typed (the screen agrees)
    ("6-6 \u2665 \u4f60\u597d", "6-6 \u2665 \u4f60\u597d"),
])
def test_a_line_keeps_only_what_prints(said, shown):
    assert clean(said) == shown


@pytest.mark.parametrize("said,why", [
    ("", "empty"), ("\x1b\x07\x00", "empty"), (" \t ", "empty"), (None, "is text"),
    (["a"], "is text"), ("x" * (MESSAGE_LIMIT + 1), "at most"), ("x" * 10**6, "at most"),
])
def test_a_line_that_cannot_be_sent_is_refused_with_the_reason(said, why):
    with pytest.raises(ChatError, match=why):
        clean(said)


def test_a_sender_is_held_to_the_rate():
    clock = Clock()
    rate = RateLimit(3, window=10, clock=clock)
    assert [rate.wait("ann") for _ in range(3)] == [0, 0, 0]
    assert rate.wait("ann") == pytest.approx(10)
    assert rate.wait("bob") == 0  # each sender is counted alone
    clock.now += 4
    assert rate.wait("ann") == pytest.approx(6)  # refused lines do not count
    clock.now += 6
    assert rate.wait("ann") == 0


def test_a_senders_token_says_nothing_of_who_they_are():
    chat = TableChat(b"k" * 16)
    token = chat.token("key-SHA256:abcdef")
    assert token == TableChat(b"k" * 16).token("key-SHA256:abcdef")
    assert "abcdef" not in token and token != chat.token("key-SHA256:abcdeg")
    assert TableChat(b"j" * 16).token("key-SHA256:abcdef") != token


# ----- over the socket ------------------------------------------------------


class Room:
    """A tables server on a socket in ``folder``, and clients signed in to it."""

    def __init__(self, folder, **limits) -> None:
        self.path = folder / "tables.sock"
        self.clock = Clock()
        self.tables = Tables(grace=30, pace=1000, codes=lambda: "123456", clock=self.clock,
                             **limits)
        self.server = TableServer(self.path, self.tables)

    async def client(self, name: str) -> TableClient:
        self.server.admit(f"{name}-token", Identity(f"key-{name}", name, by_key=True))
        client = await TableClient.connect(self.path, f"{name}-token")
        await until(client, "hello")
        return client


async def opened_and_watched(room: Room) -> tuple[TableClient, TableClient]:
    """Ann opens a table of Moon for 3, Bob watches it."""
    ann, bob = await room.client("Ann"), await room.client("Bob")
    await ann.send({"op": "open", "game": "moon3", "options": {}})
    table = (await until(ann, "seated"))["table"]
    await bob.send({"op": "watch", "table": table})
    await until(bob, "view")
    return ann, bob


async def chat_line(client: TableClient) -> dict:
    return await until(client, "chat")


def test_lines_reach_players_and_spectators_and_a_muted_sender_is_not_heard(tmp_path):
    async def main():
        room = Room(tmp_path)
        await room.server.start()
        try:
            ann, bob, sam = (await room.client("Ann"), await room.client("Bob"),
                             await room.client("Sam"))
            await ann.send({"op": "open", "game": "moon3", "options": {}, "seed": 1})
            table = (await until(ann, "seated"))["table"]
            await bob.send({"op": "join", "table": table})
            await until(bob, "seated")
            await sam.send({"op": "watch", "table": table, "seat": 1})
            view = decode((await until(sam, "view"))["view"])  # sent as the watch begins
            watching = await until(sam, "watching")
            assert watching["seat"] == 1 and watching["reveal"] is False
            assert view.hand == () and view.players[:2] == ("Ann", "Bob")

            await ann.send({"op": "say", "text": "hello \x1b[2Jall"})
            for client in (ann, bob, sam):
                line = await chat_line(client)
                assert (line["name"], line["text"], line["watching"]) == \
                    ("Ann", "hello [2Jall", False)
            await sam.send({"op": "say", "text": "nice lead"})
            line = await chat_line(bob)
            assert (line["name"], line["watching"]) == ("Sam", True)
            assert (await chat_line(ann))["text"] == "nice lead"
            assert "key-" not in json.dumps(line)  # the sender's token, not their key

            # Bob mutes Sam: Ann still hears Sam, Bob does not; then he unmutes.
            await bob.send({"op": "mute", "name": "sam"})
            assert "will not see sam's lines" in (await until(bob, "chat-note"))["text"]
            await sam.send({"op": "say", "text": "psst"})
            await ann.send({"op": "say", "text": "after"})
            assert (await chat_line(ann))["text"] == "psst"
            assert (await chat_line(bob))["text"] == "after"  # psst never came
            await bob.send({"op": "mute", "name": "Nobody"})
            assert "nobody called Nobody" in (await until(bob, "chat-note"))["text"]
            await bob.send({"op": "unmute", "name": "Sam"})
            await until(bob, "chat-note")
            await sam.send({"op": "say", "text": "back"})
            assert (await chat_line(bob))["text"] == "back"

            # A newcomer is told the recent lines.
            cat = await room.client("Cat")
            await cat.send({"op": "watch", "table": table})
            await until(cat, "view")
            said = [(await chat_line(cat))["text"] for _ in range(5)]
            assert said == ["hello [2Jall", "nice lead", "psst", "after", "back"]
            for client in (ann, bob, sam, cat):
                await client.close()
        finally:
            await room.server.close()

    asyncio.run(main())


def test_a_flood_of_lines_is_refused_past_the_rate(tmp_path):
    async def main():
        room = Room(tmp_path, chat_rate=3)
        await room.server.start()
        try:
            ann, bob = await opened_and_watched(room)
            for n in range(5):
                await ann.send({"op": "say", "text": f"line {n}"})
            note = await until(ann, "chat-note")
            assert "slow down: 3 lines in 10 s" in note["text"]
            assert [(await chat_line(bob))["text"] for _ in range(3)] == \
                ["line 0", "line 1", "line 2"]
            room.clock.now += 10
            await ann.send({"op": "say", "text": "later"})
            assert (await chat_line(bob))["text"] == "later"  # line 3 and 4 never came
            await ann.close()
            await bob.close()
        finally:
            await room.server.close()

    asyncio.run(main())


def test_hostile_lines_reach_no_terminal_and_the_table_goes_on(tmp_path):
    async def main():
        room = Room(tmp_path)
        await room.server.start()
        try:
            ann, bob = await opened_and_watched(room)
            # Bytes that are not UTF-8, a line over the limit, a line that is not text.
            ann.writer.write(b'{"op": "say", "text": "\xff\xfe\x1b[31m"}\n')
            assert "damaged" in (await until(ann, "error"))["message"]
            await ann.send({"op": "say", "text": "y" * (MESSAGE_LIMIT + 1)})
            assert "at most 200" in (await until(ann, "chat-note"))["text"]
            await ann.send({"op": "say", "text": {"$": "Tile", "v": 3}})
            assert "is text" in (await until(ann, "chat-note"))["text"]
            # Escapes written as JSON escapes are text like any other: cleaned.
            ann.writer.write(b'{"op":"say","text":"\\u001b]52;c;cHduZWQ=\\u0007ok\\u009b"}\n')
            line = await chat_line(bob)
            assert line["text"] == "]52;c;cHduZWQ=ok"
            assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in line["text"])
            # A line longer than the socket takes ends that connection, and only it.
            ann.writer.write(b'{"op":"say","text":"' + b"z" * (2 << 20) + b'"}\n')
            while (message := await asyncio.wait_for(ann.receive(), PATIENCE)) is not None:
                assert message["type"] in ("chat", "view")  # what was on its way before
            await bob.send({"op": "say", "text": "still here"})
            assert (await chat_line(bob))["text"] == "still here"
            await bob.close()
        finally:
            await room.server.close()

    asyncio.run(main())


def test_a_spectator_who_drops_or_leaves_is_gone_and_may_sit_down(tmp_path):
    async def main():
        room = Room(tmp_path, max_spectators=1)
        await room.server.start()
        try:
            ann, sam, tom = (await room.client("Ann"), await room.client("Sam"),
                             await room.client("Tom"))
            await ann.send({"op": "open", "game": "moon3", "options": {}, "reveal": True})
            table_number = (await until(ann, "seated"))["table"]
            table = room.tables.get(table_number)
            assert table.reveal
            await sam.send({"op": "watch", "table": table_number})
            await until(sam, "watching")
            await tom.send({"op": "watch", "table": table_number})
            assert "as many spectators" in (await until(tom, "error"))["message"]
            await sam.close()  # Sam's connection drops
            loop = asyncio.get_running_loop()
            deadline = loop.time() + PATIENCE
            while table.spectators:
                assert loop.time() < deadline, "the dropped spectator is still counted"
                await asyncio.sleep(0.05)
            await tom.send({"op": "watch", "table": table_number})
            assert (await until(tom, "watching"))["reveal"] is True
            await tom.send({"op": "turn", "seat": 2})
            assert (await until(tom, "view"))["seat"] == 2
            await tom.send({"op": "leave"})
            assert (await until(tom, "left"))["reason"] == "You stopped watching."
            assert not table.spectators
            await tom.send({"op": "watch", "table": table_number})
            await until(tom, "watching")
            await tom.send({"op": "join", "table": table_number})  # takes an empty seat
            assert (await until(tom, "seated"))["seat"] == 1
            assert not table.spectators and table.seats[1].name == "Tom"
            listing = table.summary()
            assert listing["spectators"] == 0 and listing["reveal"] is True
            for client in (ann, tom):
                await client.close()
        finally:
            await room.server.close()

    asyncio.run(main())


def test_the_rate_forgets_quiet_senders_once_it_holds_many():
    clock = Clock()
    rate = RateLimit(1, window=10, clock=clock)
    for n in range(1001):
        rate.wait(f"guest-{n}")
    clock.now += 11
    assert rate.wait("guest-new") == 0
    assert len(rate._said) == 1  # the quiet ones were swept out
    assert rate.wait("guest-new") > 0  # and the new one is still counted
