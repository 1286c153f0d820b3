"""The CLI on awkward terminals: piped, closed, non-UTF-8, NO_COLOR: readable, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from helpers import REPO

COMMANDS = [
    ("show", "faq/1.56"),  # curly quotes in the title
    ("errata", "Nazgul of Dol Guldur"),  # an accented card title
    ("ask", "Éowyn sentinel"),
]


def run(args, env=None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        cwd=REPO,
        env={**os.environ, **(env or {})},
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize(
    "env",
    [{"PYTHONIOENCODING": "ascii"}, {"LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"}],
    ids=["ascii", "C-locale"],
)
def test_a_non_utf8_terminal_gets_readable_text_not_a_traceback(env):
    for args in COMMANDS:
        done = run(args, env)
        assert done.returncode == 0, (args, done.stderr)
        assert "Traceback" not in done.stderr and "internal error" not in done.stderr
        assert done.stdout.strip()


def test_a_closed_stdout_is_not_an_error():
    for args in COMMANDS:
        done = subprocess.run(
            ["sh", "-c", 'exec "$0" -m cli "$@" >&-', sys.executable, *args],
            cwd=REPO,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, (args, done.stderr)
        assert done.stderr == ""


def test_a_pipe_closed_early_is_not_an_error():
    shell = f'"{sys.executable}" -m cli show rr/engagement-check | head -c 1 >/dev/null'
    done = subprocess.run(["sh", "-c", shell], cwd=REPO, capture_output=True, text=True)
    assert done.stderr == ""


def test_piped_output_and_no_color_have_no_escape_codes():
    for args in COMMANDS:
        for env in ({}, {"NO_COLOR": "1"}, {"TERM": "dumb"}):
            done = run(args, env)
            assert "\x1b[" not in done.stdout, (args, env)


@pytest.mark.parametrize("redirect", ["| cat", ">&-"], ids=["piped", "closed"])
def test_the_app_without_a_terminal_says_so_in_one_line(redirect):
    env = {k: v for k, v in os.environ.items() if k != "TEXTUAL_DRIVER"}
    done = subprocess.run(
        ["sh", "-c", f'"$0" -m cli </dev/null {redirect}', sys.executable],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert "\x1b[" not in done.stdout
    assert done.stderr.count("\n") == 1 and "needs a terminal" in done.stderr


@pytest.mark.skipif(not os.path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize(
    "args",
    [("show", "rr/engagement-check"), ("ask", "sentinel", "--json"), ("--help",)],
    ids=["show", "ask-json", "help"],
)
def test_a_full_device_as_stdout_is_one_plain_line_and_exit_2(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "cli", *args],
            cwd=REPO,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr == (
        "loremaster: cannot write the output: No space left on device "
        "(is the disk full? write somewhere else)\n"
    )


@pytest.mark.parametrize("args", [("ask", "Éowyn", "--json"), ("errata", "Éowyn", "--json")])
def test_a_closed_stdout_under_a_non_utf8_locale_is_not_an_error(args):
    """Under LANG=C an argument's bytes that are not ASCII arrive as lone surrogates;
    the stand-in for a closed stdout takes them like any other text."""
    done = subprocess.run(
        ["sh", "-c", 'exec "$0" -m cli "$@" >&-', sys.executable, *args],
        cwd=REPO,
        env={**os.environ, "LANG": "C", "LC_ALL": "C", "PYTHONUTF8": "0"},
        stderr=subprocess.PIPE,
        text=True,
        timeout=120,
    )
    assert done.returncode in (0, 1), done.stderr
    assert done.stderr == ""
