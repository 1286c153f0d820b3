"""`make bench`: the numbers the issues set targets for, measured in one run.

Prints, for each: the measurement, its target, and whether it holds. Wall-clock ratios
compare against floors measured in the same run (importing whoosh, importing yaml), so
a slow or busy machine moves both sides together.
"""

from __future__ import annotations

import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))
sys.path.insert(0, str(Path(__file__).parent))
DEV_QUESTIONS = REPO.parent / "shared" / "eval" / "dev-questions.jsonl"
DEV_REAL = REPO.parent / "shared" / "eval" / "dev-real.jsonl"
OWN_QUESTIONS = Path(__file__).parent / "questions.txt"
OWN_SET = Path(__file__).parent / "questions-own.jsonl"
SCENARIO_SET = Path(__file__).parent / "questions-scenarios.jsonl"
COPYCHECK = REPO.parent / "shared" / "tools" / "copycheck.py"
RUNS = 15
#: new searchers each question set is timed in: the median of their p50s and p95s
QUERY_ROUNDS = 5
#: index builds from an empty cache: the median is reported
BUILDS = 3
#: card names `card`'s lookup is timed on (`card_lookup`)
CARD_LOOKUPS = 300
#: questions naming cards as players write them, each written blind to the recognisers
#: of its day (each after the misses of the ones before it were worked on): every
#: `card-names-heldout*.jsonl` of the folder, in the order they were written
CARD_NAMES = sorted(
    Path(__file__).parent.glob("card-names-heldout*.jsonl"),
    key=lambda path: int(path.stem.rpartition("-")[2]) if path.stem[-1].isdigit() else 1,
)


def walls(commands: list[list[str]], env: dict, runs: int = RUNS) -> list[float]:
    """Median wall time of each command, in seconds. The commands take turns, one run
    of each per round: a floor and the command set against it then see the same
    moments of a busy machine, where two batches in a row would not."""
    times: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for command, taken in zip(commands, times, strict=True):
            start = time.perf_counter()
            subprocess.run(
                command,
                env=env,
                cwd=REPO,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                check=False,
            )
            taken.append(time.perf_counter() - start)
    return [statistics.median(taken) for taken in times]


def _batch_took_ms(loremaster: str, questions: list[str], env: dict) -> list[float]:
    """Each question's `took_ms` from one `loremaster ask --batch --json` process."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False) as batch:
        batch.writelines(json.dumps({"q": q}) + "\n" for q in questions)
    try:
        out = subprocess.run(
            [loremaster, "ask", "--batch", batch.name, "--json"],
            env=env,
            cwd=REPO,
            capture_output=True,
            text=True,
            check=False,
        )
    finally:
        os.unlink(batch.name)
    took = [json.loads(line)["took_ms"] for line in out.stdout.splitlines() if line.strip()]
    if out.returncode != 0 or len(took) != len(questions):
        raise RuntimeError(f"ask --batch failed ({out.returncode}): {out.stderr.strip()[-500:]}")
    return took


def _middle_and_p95(took: list[float]) -> tuple[float, float]:
    ordered = sorted(took)
    return ordered[len(ordered) // 2], ordered[int(len(ordered) * 0.95)]


def report(name: str, value: str, target: str | None = None, holds: bool = True) -> None:
    """One measurement, with its target when it has one."""
    checked = f"   target {target:<12s} {'ok' if holds else 'MISSED'}" if target else ""
    print(f"{name:48s} {value:>16s}{checked}")


def question_sets() -> list[tuple[str, list[str]]]:
    """The question sets timed: the tidy dev set (the in-repo list without ../shared)
    and, when ../shared is there, the real forum questions, long ones included."""

    def read(path: Path) -> list[str]:
        return [json.loads(line)["q"] for line in path.read_text().splitlines() if line.strip()]

    tidy = DEV_QUESTIONS.is_file()
    found = [("tidy", read(DEV_QUESTIONS) if tidy else OWN_QUESTIONS.read_text().splitlines())]
    if DEV_REAL.is_file():
        found.append(("real", read(DEV_REAL)))
    return [(name, [q for q in asked if q.strip()]) for name, asked in found]


def main() -> None:
    cache = Path(tempfile.mkdtemp(prefix="loremaster-bench-"))
    # an installed package runs from cached bytecode: measure that, whatever the shell says
    env = {**os.environ, "LOREMASTER_CACHE_DIR": str(cache)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    os.environ["LOREMASTER_CACHE_DIR"] = str(cache)
    py = sys.executable
    # the cold starts are timed as a player runs them, through the installed `loremaster`
    # script: `python -m cli` also imports runpy and searches for the module, about
    # 10 ms that no player pays
    loremaster = str(Path(py).with_name("loremaster"))
    try:
        # (c) index build from an empty cache (includes compiling the knowledge base):
        # the median of BUILDS, since one build on a busy machine varies by a second
        builds = []
        for _ in range(BUILDS):
            shutil.rmtree(cache, ignore_errors=True)
            start = time.perf_counter()
            subprocess.run(
                [py, "-m", "cli", "index"],
                env=env,
                cwd=REPO,
                check=True,
                stdout=subprocess.DEVNULL,
            )
            builds.append(time.perf_counter() - start)
        build = statistics.median(builds)
        spread = f"{min(builds):.2f}-{max(builds):.2f}"
        report(f"index build from empty cache ({spread} s)", f"{build:.2f} s", "< 3 s", build < 3)

        # (a) query latency
        from judge.search.engine import Searcher

        for name, asked in question_sets():
            # each question asked for the first time by `ask --batch` in a new process,
            # as a player's batch and the scoring script ask it (`took_ms`), so nothing
            # an earlier round computed is warm; then, in this process, asked again in
            # a searcher prepared the same way, and for reference the first time in an
            # unprepared one, whose postings are read as questions need them, as in the
            # app (where the typing debounce dwarfs it) and a one-question `ask`. Each
            # QUERY_ROUNDS times: one round's p95 is its two or three slowest
            # questions, which a busy moment moves
            rounds: dict[str, list[tuple[float, float]]] = {}
            for _ in range(QUERY_ROUNDS):
                rounds.setdefault("first asking", []).append(
                    _middle_and_p95(_batch_took_ms(loremaster, asked, env))
                )
                prepared, unprepared = Searcher(learned=True), Searcher(learned=True)
                prepared.open_all()
                for question in asked:
                    prepared.ask(question)
                for when, searcher in (("asked again", prepared), ("unprepared", unprepared)):
                    took = [searcher.ask(q)[2] for q in asked]
                    rounds.setdefault(when, []).append(_middle_and_p95(took))
                prepared.close()
                unprepared.close()
            for when, measured in rounds.items():
                p50 = statistics.median(p50 for p50, _ in measured)
                p95 = statistics.median(p95 for _, p95 in measured)
                report(
                    f"query p50 / p95, {name}, {when} ({len(asked)})",
                    f"{p50:.2f} / {p95:.2f} ms",
                    "p95 < 10 ms" if when != "unprepared" else None,
                    p95 < 10,
                )

        # (b) cold `ask` against the whoosh import floor
        floor, ask = walls(
            [
                [py, "-c", "import whoosh.index, whoosh.searching, whoosh.query"],
                [loremaster, "ask", "can my guy defend for my buddy?", "--json"],
            ],
            env,
        )
        report(
            "cold ask / whoosh import",
            f"{ask * 1000:.0f} / {floor * 1000:.0f} ms = {ask / floor:.2f}x",
            "<= 1.5x",
            ask / floor <= 1.5,
        )

        # (b') cold `card` (a title with a word that picks its version) against the same floor
        floor, card = walls(
            [
                [py, "-c", "import whoosh.index, whoosh.searching, whoosh.query"],
                [loremaster, "card", "hill", "troll", "core", "--json"],
            ],
            env,
        )
        report(
            "cold card / whoosh import",
            f"{card * 1000:.0f} / {floor * 1000:.0f} ms = {card / floor:.2f}x",
            "<= 1.5x",
            card / floor <= 1.5,
        )

        # (b'') `card NAME` in process, as the app's Cards screen and `ask`'s named cards
        # look a card up: real titles, each with a typo
        card_lookup()
        card_names()

        # (d) check of a 4-player, 40-card board against the yaml import floor
        from big_board import big_board

        board = cache / "big-board.yaml"
        board.write_text(big_board())
        subprocess.run(
            [loremaster, "check", str(board), "--json"],
            env=env,
            cwd=REPO,
            stdout=subprocess.DEVNULL,
        )
        yaml_floor, check = walls(
            [[py, "-c", "import yaml"], [loremaster, "check", str(board), "--json"]], env
        )
        report(
            "check 4 players, 40 cards / yaml import",
            f"{check * 1000:.0f} / {yaml_floor * 1000:.0f} ms = {check / yaml_floor:.2f}x",
            "<= 3x",
            check / yaml_floor <= 3,
        )

        own_words(py)
        quality(py)
        crossval(py)
        # the app's start-up and table mode, in the same throwaway cache
        for extra in ("tui_startup.py", "serve_load.py"):
            subprocess.run([py, str(Path(__file__).parent / extra)], cwd=REPO, check=False)
    finally:
        shutil.rmtree(cache, ignore_errors=True)


def _with_typo(title: str, rng) -> str:
    """A title as a player might type it: one letter dropped, doubled or swapped with
    the next, never the first (a typo keeps a word's first letter far more often)."""
    places = [i for i, c in enumerate(title) if c.isalpha() and i > 0]
    if not places:
        return title
    i = rng.choice(places)
    kind = rng.randrange(3)
    if kind == 0:
        return title[:i] + title[i + 1 :]
    if kind == 1 and i + 1 < len(title):
        return title[:i] + title[i + 1] + title[i] + title[i + 2 :]
    return title[:i] + title[i] + title[i:]


def card_lookup() -> None:
    """`card NAME`'s lookup in process (`card_report.look_up`, what `card --json`
    does once the facts are read): p50/p95 over CARD_LOOKUPS titles of the card
    database, player and encounter cards, each with a typo (`_with_typo`), the same
    ones every run."""
    import random

    from judge.app import card_report
    from judge.kb import card_facts

    titles = sorted(
        {d.title for d in card_facts.designs() if d.category in ("player", "encounter")}
    )
    rng = random.Random(53)
    names = [_with_typo(title, rng) for title in rng.sample(titles, CARD_LOOKUPS)]
    card_report.look_up("hill troll core")  # the facts read, the matcher imported
    took = []
    for name in names:
        start = time.perf_counter()
        card_report.look_up(name)
        took.append((time.perf_counter() - start) * 1000)
    p50, p95 = _middle_and_p95(took)
    report(
        f"card lookup, titles with a typo ({len(names)})",
        f"{p50:.2f} / {p95:.2f} ms",
        "p95 < 10 ms",
        p95 < 10,
    )


def card_names() -> None:
    """How many of the cards players name in questions the reading names
    (`naming.named_cards`): over each of `CARD_NAMES`, written blind to the
    recognisers (lower case, typos, first names, nicknames, possessives, deep in a
    backstory), each labelled with the database's titles of the cards it names."""
    import unicodedata

    from judge.search.engine import Searcher
    from judge.search.naming import named_cards

    def folded(title: str) -> str:
        decomposed = unicodedata.normalize("NFKD", title)
        # the database prints some titles in quotation marks ("Don't Leave the Path!")
        kept = (c for c in decomposed if not unicodedata.combining(c) and c not in '"“”')
        return "".join(kept).casefold()

    searcher = Searcher(learned=False)
    for path in CARD_NAMES:
        rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
        mentions = right = besides = 0
        for row in rows:
            named = {folded(card.title) for card in named_cards(searcher.read(row["q"]))}
            meant = {folded(card) for card in row["cards"]}
            mentions += len(meant)
            right += len(meant & named)
            besides += len(named - meant)
        report(
            f"card names, {path.stem.removeprefix('card-names-')} ({len(rows)} questions)",
            f"{right} of {mentions} named = {right / mentions:.1%}; {besides} besides",
            "all",
            right == mentions,
        )
    searcher.close()


def own_words(py: str) -> None:
    """The files that repeat a source sentence with at most one word changed
    (`copycheck.py --near`): the strict form of the own-words test, too slow for
    `make test`, which runs the exact check."""
    if not COPYCHECK.is_file():
        return
    done = subprocess.run(
        [py, str(COPYCHECK), "--near", str(REPO)], capture_output=True, text=True, check=False
    )
    *files, total = done.stdout.strip().splitlines() or ["copycheck printed nothing"]
    flagged = total.split()[0]
    report("files near a source sentence (copycheck --near)", flagged, "0", flagged == "0")
    for line in files:
        print(f"  {line}")


def quality(py: str) -> None:
    """hit@k per category and query times for every question set (bench/quality.py):
    this repository's own sets on any machine, ../shared's dev sets where present.

    `questions-own.jsonl` was written from the source documents by someone who never
    saw the ranking code: a second opinion that tuning to the dev set cannot fool.
    """
    print(
        "quality (targets: tidy hit@1 >= 0.95, hit@3 >= 0.98; real hit@1 >= 0.75, hit@3 >= 0.90):"
    )
    subprocess.run([py, str(Path(__file__).parent / "quality.py")], cwd=REPO, check=False)


def crossval(py: str) -> None:
    """The learned stage's out-of-fold figures per set, before (lexical only) and after
    (fused), with the answer line's precision and the confidence gate
    (bench/crossval.py: cross-validation grouped by set). These decide whether a
    change to the ranking stays: the figures quality.py prints are in sample for the
    sets that trained the model."""
    subprocess.run([py, str(Path(__file__).parent / "crossval.py")], cwd=REPO, check=False)


if __name__ == "__main__":
    main()
