"""Nothing lost, nothing hangs: special files, escapes on the report path, duplicate keys
and the knowledge base's odd files (issue "Nothing lost, nothing hangs").

A command given a file that is no regular file refuses it at once with one line; names
from a file never reach the terminal as control characters; a key given twice is an
input error naming both lines; an odd file in the knowledge base is named, and the rest
is still read.
"""

from __future__ import annotations

import os
import resource
import subprocess
import sys
import time

import pytest
from helpers import REPO

from judge.base.reading import UnreadableFile, files_below, read_user_file

#: a refusal is immediate; a command that reads a named pipe or /dev/zero would wait or
#: eat memory until this (and the memory cap below) stops it
GUARD_SECONDS = 60
MEMORY_CAP = 3 * 1024**3

BOARD = """\
phase: quest
players:
  - name: {name}
    threat: 55
    heroes:
      - {{title: Aragorn, willpower: 2, committed: true}}
"""
TRIGGERS = """\
trigger: {name}
abilities:
  - {{name: {name}, type: forced, word: after}}
  - {{name: Strength of Will, type: response, word: after, player: Bob}}
"""
DECK = """\
heroes: [Aragorn, {name}, {name}]
cards:
  - {{title: Gandalf, count: 3}}
"""


def _capped() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY_CAP, MEMORY_CAP))


def guarded(*args: str, cwd=None) -> subprocess.CompletedProcess:
    """`loremaster ARGS` in a subprocess with a time and memory cap, stdin closed."""
    return subprocess.run(
        [sys.executable, "-m", "cli", *args],
        cwd=cwd or REPO,
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        timeout=GUARD_SECONDS,
        preexec_fn=_capped,
    )


@pytest.fixture
def fifo(tmp_path):
    path = tmp_path / "board.yaml"
    os.mkfifo(path)
    return path


@pytest.fixture
def zero_link(tmp_path):
    """A file name that looks like a board and links to /dev/zero (endless zeros)."""
    path = tmp_path / "linked.yaml"
    path.symlink_to("/dev/zero")
    return path


# -- special files ---------------------------------------------------------------------

YAML_COMMANDS = ["check", "timing", "deck", "campaign"]


@pytest.mark.parametrize("command", YAML_COMMANDS)
def test_a_named_pipe_is_refused_by_every_yaml_command_at_once(fifo, command):
    started = time.monotonic()
    done = guarded(command, str(fifo))
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == f"{fifo}:1:1: is a named pipe (FIFO), not a regular file; " + (
        "save the content as a file and give its path\n"
    )
    assert time.monotonic() - started < GUARD_SECONDS / 2


@pytest.mark.parametrize("command", YAML_COMMANDS)
@pytest.mark.parametrize("target", ["/dev/zero", "link"])
def test_a_device_or_a_link_to_one_is_refused_without_reading_it(zero_link, command, target):
    path = "/dev/zero" if target == "/dev/zero" else str(zero_link)
    done = guarded(command, path)
    assert done.returncode == 2 and done.stdout == "" and done.stderr.count("\n") == 1
    assert done.stderr.startswith(f"{path}:1:1: ") and "a device, not a regular file" in done.stderr
    if target == "link":
        assert "links to /dev/zero" in done.stderr


def test_a_directory_and_a_dangling_link_are_named_for_what_they_are(cli, tmp_path):
    result = cli("check", str(tmp_path))
    assert result.code == 2 and "is a directory, not a YAML file" in result.err
    dangling = tmp_path / "gone.yaml"
    dangling.symlink_to(tmp_path / "deleted.yaml")
    result = cli("check", str(dangling))
    assert result.code == 2 and "a symbolic link to" in result.err
    assert "which does not exist" in result.err


def test_ask_batch_refuses_a_named_pipe_and_a_device(fifo):
    for path in (str(fifo), "/dev/zero"):
        done = guarded("ask", "--batch", path)
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert done.stderr.startswith(f"{path}: is a ") and "not a regular file" in done.stderr


def test_import_refuses_a_named_pipe_and_a_device(fifo, tmp_path):
    env_data = tmp_path / "data"
    for path in (str(fifo), "/dev/zero"):
        done = subprocess.run(
            [sys.executable, "-m", "cli", "import", path],
            cwd=REPO,
            stdin=subprocess.DEVNULL,
            capture_output=True,
            text=True,
            timeout=GUARD_SECONDS,
            preexec_fn=_capped,
            env=os.environ | {"LOREMASTER_DATA_DIR": str(env_data)},
        )
        assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
        assert "not a regular file" in done.stderr
    assert not env_data.exists() or not any(env_data.rglob("*.json"))


def test_validate_skips_a_named_pipe_in_the_knowledge_base_and_checks_the_rest(kb_copy):
    pipe = kb_copy / "rules" / "glossary" / "aaa-pipe.md"
    os.mkfifo(pipe)
    done = guarded("validate", "--root", str(kb_copy))
    assert done.returncode == 1
    problems = done.stdout.splitlines()
    assert problems[0] == (
        "rules/glossary/aaa-pipe.md:1: skipped: is a named pipe (FIFO), not a regular file; "
        "save the content as a file and give its path"
    )
    assert problems[1:] == [f"1 problem(s) in {kb_copy}"]


def test_at_most_the_limit_and_one_byte_is_read(tmp_path):
    path = tmp_path / "sized.txt"
    path.write_bytes(b"x" * 100)
    assert read_user_file(path, 100) == b"x" * 100
    with pytest.raises(UnreadableFile, match="over the 99 bytes limit for a file"):
        read_user_file(path, 99)


def test_a_file_that_grows_past_the_limit_while_read_is_refused(tmp_path, monkeypatch):
    """The size the file system reports is not trusted: what is read is counted (a
    device or a file that grows between stat and read reports less than it holds)."""
    import judge.base.reading as reading

    path = tmp_path / "grows.txt"
    path.write_bytes(b"x" * 10)
    real_fstat = os.fstat

    class Small:
        def __init__(self, info):
            self.st_mode, self.st_size = info.st_mode, 0

    monkeypatch.setattr(reading.os, "fstat", lambda fd: Small(real_fstat(fd)))
    reads = []
    real_read = os.read
    monkeypatch.setattr(reading.os, "read", lambda fd, n: reads.append(n) or real_read(fd, n))
    with pytest.raises(UnreadableFile, match="more than 5 bytes"):
        read_user_file(path, 5)
    assert sum(reads) <= 6


# -- control characters on the report path --------------------------------------------

HOSTILE = '"Ann\\r\\x1b[2KAll clear\\x1b]0;owned\\x07"'


@pytest.mark.parametrize(
    ("command", "template"),
    [("check", BOARD), ("timing", TRIGGERS), ("deck", DECK)],
)
def test_names_from_a_file_reach_the_terminal_escaped(cli, tmp_path, command, template):
    """A board whose player is named "Ann\\r\\x1b[2K..." would return the cursor and
    erase the violation's line on a terminal; the report shows the name escaped, as
    the error path already does."""
    path = tmp_path / f"{command}.yaml"
    path.write_text(template.format(name=HOSTILE), encoding="utf-8")
    result = cli(command, str(path))
    assert result.code in (0, 1), result.err
    assert "\x1b" not in result.out and "\r" not in result.out and "\x07" not in result.out
    assert "Ann\\r\\x1b[2KAll clear" in result.out


def test_a_violation_is_still_shown_beside_an_escaped_name(cli, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(name=HOSTILE), encoding="utf-8")
    result = cli("check", str(path))
    (line,) = [line for line in result.out.splitlines() if "[threat-elimination]" in line]
    assert "threat is 55" in line and line.count("\n") == 0


def test_json_output_escapes_control_characters_too(cli, tmp_path):
    path = tmp_path / "board.yaml"
    path.write_text(BOARD.format(name=HOSTILE), encoding="utf-8")
    out = cli("check", str(path), "--json").out
    assert "\x1b" not in out and "\r" not in out and "\\u001b" in out


# -- duplicate keys ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("command", "text", "where", "key", "first"),
    [
        ("check", BOARD.format(name="Ann") + "    threat: 20\n", ":7:5:", "threat", 4),
        ("check", "phase: quest\nphase: combat\nplayers: []\n", ":2:1:", "phase", 1),
        ("timing", TRIGGERS.format(name="X") + "trigger: Y\n", ":5:1:", "trigger", 1),
        ("deck", DECK.format(name="Gimli") + "heroes: [Legolas]\n", ":4:1:", "heroes", 1),
        (
            "campaign",
            "campaign: The Lord of the Rings\ncampaign: Other\nplayers: []\n",
            ":2:1:",
            "campaign",
            1,
        ),
        ("check", "phase: quest\nplayers: [{name: Ann, name: Bob}]\n", ":2:23:", "name", 2),
    ],
)
def test_a_key_given_twice_is_an_input_error_naming_both_lines(
    cli, tmp_path, command, text, where, key, first
):
    path = tmp_path / "input.yaml"
    path.write_text(text, encoding="utf-8")
    result = cli(command, str(path))
    assert result.code == 2 and result.out == "" and result.err.count("\n") == 1, result.err
    assert result.err.startswith(f"{path}{where}"), result.err
    if key:
        assert f"duplicate key '{key}' (first at line {first})" in result.err


def test_keys_that_read_as_one_value_are_duplicates_and_merges_still_override(tmp_path):
    from judge.base.yamlio import InputError, load_text

    with pytest.raises(InputError, match=r"in.yaml:2:1: duplicate key '0x1' \(first at line 1\)"):
        load_text("1: a\n0x1: b\n", "in.yaml")
    # `true` and `1` build keys Python holds equal: one would be lost
    with pytest.raises(InputError, match="duplicate key '1'"):
        load_text("true: a\n1: b\n", "in.yaml")
    merged = load_text("base: &b {threat: 1, name: Ann}\nme:\n  <<: *b\n  threat: 45\n", "x")
    assert merged.data["me"] == {"threat": 45, "name": "Ann"}


def test_a_duplicate_key_in_front_matter_is_a_validation_problem_with_both_lines(kb_copy):
    from judge.kb.validate import validate

    entry = kb_copy / "rules" / "keywords" / "sentinel.md"
    lines = entry.read_text(encoding="utf-8").split("\n")
    title = next(i for i, line in enumerate(lines) if line.startswith("title:"))
    lines.insert(title + 1, "title: Sentinel again")
    entry.write_text("\n".join(lines), encoding="utf-8")
    problems = [p for p in validate(kb_copy) if "sentinel.md" in p]
    assert problems == [
        f"rules/keywords/sentinel.md:{title + 2}: front matter: duplicate key 'title' "
        f"(first at line {title + 1}); keep one of the two"
    ]


# -- the knowledge base's odd files -----------------------------------------------------


def test_a_knowledge_base_file_not_in_utf8_is_named_and_the_rest_validated(kb_copy):
    from judge.kb.validate import validate

    entry = kb_copy / "rules" / "keywords" / "sentinel.md"
    raw = entry.read_bytes()
    second_line = raw.index(b"\n") + 1
    entry.write_bytes(raw[:second_line] + b"id: \xff\xfe\n" + raw[second_line:])
    broken = kb_copy / "rules" / "keywords" / "ranged.md"
    broken.write_text(broken.read_text(encoding="utf-8").replace("kind:", "knd:", 1))
    problems = validate(kb_copy)
    assert (
        "rules/keywords/sentinel.md:2: not UTF-8 text (byte 0xff at column 5); "
        "save the file as UTF-8"
    ) in problems
    assert any(p.startswith("rules/keywords/ranged.md:") for p in problems)
    assert not any("\\xff" in p or "b'" in p for p in problems)


def test_a_knowledge_base_file_not_in_utf8_stops_a_command_cleanly(kb_copy, monkeypatch):
    """The whole knowledge base is compiled at once: the command says which file, and
    how to find every problem, in plain lines (exit 2), never an internal error."""
    from judge.kb.files import KnowledgeBaseError
    from judge.kb.knowledge import compile_entries

    entry = kb_copy / "faq" / "rulings" / "1.24.md"
    entry.write_bytes(entry.read_bytes().replace(b"---\n", b"---\n\x80\n", 1))
    with pytest.raises(KnowledgeBaseError) as raised:
        compile_entries(kb_copy)
    assert raised.value.problems == [
        "faq/rulings/1.24.md:2: not UTF-8 text (byte 0x80 at column 1); save the file as UTF-8"
    ]


def test_a_dangling_link_in_a_knowledge_base_folder_is_reported_and_the_rest_validated(
    kb_copy,
):
    from judge.kb.validate import validate

    folder = kb_copy / "rules" / "keywords"
    (folder / "aaa-gone.md").symlink_to(folder / "never-written.md")
    (folder / "sentinel.md").write_text("no front matter\n", encoding="utf-8")
    problems = validate(kb_copy)
    assert problems[0].startswith(
        "rules/keywords/aaa-gone.md:1: skipped: a symbolic link to "
    ) and problems[0].endswith("which does not exist; fix or remove the link")
    # the files after the link in the same folder are still read
    assert "rules/keywords/sentinel.md:1: no front matter: the file must start with '---'" in (
        problems
    )


def test_a_dangling_link_in_a_knowledge_base_folder_does_not_drop_the_rest_for_commands(
    kb_copy,
):
    from judge.kb.hashing import kb_files

    folder = kb_copy / "rules" / "keywords"
    before = len(kb_files(kb_copy))
    (folder / "aaa-gone.md").symlink_to(folder / "never-written.md")
    assert len(kb_files(kb_copy)) == before


def test_files_below_keeps_a_folder_around_its_odd_entries(tmp_path):
    (tmp_path / "a.md").symlink_to(tmp_path / "missing.md")
    (tmp_path / "b.md").write_text("kept")
    os.mkfifo(tmp_path / "c.md")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "d.md").write_text("kept")
    (tmp_path / "sub" / "up").symlink_to(tmp_path)  # a loop back up the tree
    found, skipped = files_below(tmp_path, ".md")
    assert [os.path.relpath(p, tmp_path) for p, _ in found] == ["b.md", "sub/d.md"]
    assert [os.path.basename(p) for p, _ in skipped] == ["a.md", "c.md"]


def test_validate_refuses_a_root_that_holds_no_knowledge_base(cli, tmp_path, fifo):
    for root in (tmp_path / "nowhere", fifo):
        result = cli("validate", "--root", str(root))
        assert result.code == 2 and "holds no knowledge base" in result.err


# -- YAML limits named for what they are -------------------------------------------------


@pytest.mark.parametrize(
    ("text", "where", "words"),
    [
        ("round: " + "9" * 5_000 + "\n", ":1:8:", "number too long (5,000 digits)"),
        ("x: [" + ",".join(["1"] * 50_001) + "]\n", ":1:", "too many values (over 50,000)"),
        ("round: 2001-13-45\n", ":1:8:", "cannot read this value (month must be in 1..12)"),
    ],
    ids=["long-number", "many-values", "bad-date"],
)
def test_a_yaml_limit_names_its_real_cause_not_aliases(cli, tmp_path, text, where, words):
    path = tmp_path / "board.yaml"
    path.write_text(text, encoding="utf-8")
    result = cli("check", str(path))
    assert result.code == 2 and result.err.count("\n") == 1
    assert result.err.startswith(f"{path}{where}") and words in result.err, result.err
    assert "alias" not in result.err


def test_loading_carries_on_past_a_knowledge_base_file_not_in_utf8(kb_copy, capsys):
    """One broken file costs its own entries: the knowledge base every command loads
    keeps the rest, and each load names the file until it is fixed."""
    from judge.kb import knowledge

    entry = kb_copy / "faq" / "rulings" / "1.24.md"
    entry.write_bytes(entry.read_bytes().replace(b"---\n", b"---\n\x80\n", 1))
    for _ in range(2):
        knowledge._loaded.clear()
        kb = knowledge.load(kb_copy)
        assert kb.get("rr/engagement-check") and kb.get("faq/1.24") is None
        warned = capsys.readouterr().err
        assert "faq/rulings/1.24.md:2: not UTF-8 text" in warned and "validate" in warned
