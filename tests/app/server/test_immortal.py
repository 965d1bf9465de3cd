"""The warm parent's objects made immortal: a forked game reading them copies no pages.

The module works only on Pythons with immortal objects (3.12 and 3.13).  The tests run it by
its path in a Python of their own: this one if it has them, else a 3.12 or 3.13 found on the
machine; where there is none, they check that on this Python it changes nothing."""

from __future__ import annotations

import glob
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from moon42.app.server.sessions import immortal

MODULE = Path(immortal.__file__)

# A parent holds many small objects, makes them immortal (or not), freezes, and forks; the
# child reads every one of them and says how much private memory that made.
SCRIPT = r"""
import gc, importlib.util, json, marshal, os, sys
spec = importlib.util.spec_from_file_location("immortal", sys.argv[1])
immortal = importlib.util.module_from_spec(spec)
spec.loader.exec_module(immortal)

def private_kib():
    for line in open("/proc/self/smaps_rollup"):
        if line.startswith(("Private_Dirty:", "Private_Clean:")):
            yield int(line.split()[1])

held = [("tile %d" % n, [n]) for n in range(150_000)]

# A function as one loaded from a .pyc: its constant is held by its code alone.
said = {}
exec(marshal.loads(marshal.dumps(compile(
    "def said():\n    return 'a constant, not a name'\n",
    "said", "exec"))), said)
said = said["said"]
gc.collect()
changed = immortal.immortalize() if sys.argv[2] == "immortal" else 0
gc.freeze()
probe = held[7][0]
count_before = sys.getrefcount(probe)
extra = [probe] * 10
moved = sys.getrefcount(probe) - count_before
constant = said()
constant_before = sys.getrefcount(constant)
extra += [constant] * 10
constant_moved = sys.getrefcount(constant) - constant_before
del extra
reading, writing = os.pipe()
pid = os.fork()
if pid == 0:
    before = sum(private_kib())
    total = 0
    for name, box in held:
        total += len(name) + box[0]
    grown = sum(private_kib()) - before
    os.write(writing, json.dumps({"grown_kib": grown, "total": total}).encode())
    os._exit(0)
os.close(writing)
child = json.loads(os.read(reading, 4096))
os.waitpid(pid, 0)
print(json.dumps({"available": immortal.available(), "changed": changed,
                  "count_moved": moved, "constant_moved": constant_moved,
                  **child}))
"""


def python_with_immortal_objects() -> str | None:
    """This Python if it has immortal objects, else a 3.12 or 3.13 on the machine."""
    if sys.version_info[:2] in ((3, 12), (3, 13)):
        return sys.executable
    pyenv = os.environ.get("PYENV_ROOT", os.path.expanduser("~/.pyenv"))
    found = sorted(glob.glob(f"{pyenv}/versions/3.1[23].*/bin/python"))
    found += [shutil.which(f"python3.{minor}") for minor in (12, 13)]
    for path in filter(None, found):  # a pyenv shim on the PATH may not run
        if subprocess.run([path, "-c", ""], capture_output=True, timeout=60).returncode == 0:
            return path
    return None


def run(python: str, mode: str) -> dict:
    done = subprocess.run([python, "-c", SCRIPT, str(MODULE), mode], capture_output=True,
                          text=True, timeout=300, check=True)
    return json.loads(done.stdout)


def test_a_forked_child_reading_immortal_objects_copies_almost_none_of_their_pages() -> None:
    python = python_with_immortal_objects() or sys.executable
    mortal = run(python, "mortal")
    made_immortal = run(python, "immortal")
    assert mortal["total"] == made_immortal["total"]  # the same objects, read alike
    # Reading 300,000 mortal objects writes each one's count: most of their pages copied.
    assert mortal["grown_kib"] > 8_000, mortal
    assert mortal["count_moved"] == 10
    assert mortal["constant_moved"] == 10
    if not made_immortal["available"]:  # no Python with immortal objects here
        assert made_immortal["changed"] == 0
        assert made_immortal["count_moved"] == 10
        assert made_immortal["constant_moved"] == 10
        return
    assert made_immortal["changed"] >= 300_000
    assert made_immortal["count_moved"] == 0
    assert made_immortal["constant_moved"] == 0  # reached through the function's code
    assert made_immortal["grown_kib"] < mortal["grown_kib"] / 10, (mortal, made_immortal)


def test_this_python_is_left_alone_unless_it_has_immortal_objects() -> None:
    expected = sys.version_info[:2] in ((3, 12), (3, 13))
    assert immortal.available() is expected
    if not expected:
        assert immortal.immortalize() == 0


def test_a_resource_open_when_objects_would_be_made_immortal_is_found(tmp_path: Path) -> None:
    import concurrent.futures
    import socket
    import sqlite3

    before = set(immortal.open_resources())  # the test runner's own
    file = (tmp_path / "kept").open("w")
    pair = socket.socketpair()
    database = sqlite3.connect(tmp_path / "kept.db")
    workers = concurrent.futures.ThreadPoolExecutor(1)
    try:
        found = "\n".join(set(immortal.open_resources(allowed=[pair[1]])) - before)
        assert "TextIOWrapper" in found and "kept" in found
        assert found.count("socket:") == 1  # the one allowed is not said
        assert "Connection" in found and "ThreadPoolExecutor" in found
    finally:
        file.close()
        pair[0].close()
        pair[1].close()
        database.close()
        workers.shutdown()
    assert set(immortal.open_resources()) <= before  # closed, each is free to go
    if immortal.available():  # refused while one is open; here, on 3.12 and 3.13
        with (tmp_path / "kept").open():
            try:
                immortal.immortalize()
            except immortal.ResourceOpen:
                pass
            else:
                raise AssertionError("immortalize ran with a file open")
