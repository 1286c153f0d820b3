"""Ask (home): a question box that answers as you type."""

from __future__ import annotations

import time
from collections.abc import Sequence

from textual import work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.content import Content
from textual.message import Message
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Footer, Input, Static
from textual.worker import get_current_worker

from judge.games import DEFAULT_GAME, GAMES, ruleset
from tui.messages import OpenLink
from tui.widgets.answer_line import AnswerLine
from tui.widgets.labels import MUTED
from tui.widgets.nav_bar import NavBar
from tui.widgets.search_results import SearchResults

#: keystrokes closer together than this are answered once, after the last one
DEBOUNCE = 0.15
RESULTS = 10

HINT = "Type a rules question. ↓ moves to the answers; Enter opens one."


class AskScreen(Screen):
    """Search the knowledge base in the player's own words."""

    SUB_TITLE = "Ask"
    AUTO_FOCUS = "#question"
    BINDINGS = [
        Binding(
            "down",
            "browse",
            "Answers",
            show=False,
            id="ask.browse",
            tooltip="Move from the question to the list of answers.",
        ),
    ]

    class IndexOpened(Message):
        """The search index is open (or could not be opened: `error`)."""

        def __init__(self, error: str | None = None) -> None:
            super().__init__()
            self.error = error

    class Answered(Message):
        """A worker's answer to one question."""

        def __init__(
            self, question: str, hits: Sequence, meaning, took_ms: float, answer=None, candidates=()
        ):
            """`meaning`: how the engine read the question (its cards, game,
            corrections, unknown cards); None when the search failed."""
            super().__init__()
            self.question = question
            self.hits = hits
            self.meaning = meaning
            self.took_ms = took_ms
            self.answer = answer
            self.candidates = candidates

    def __init__(self) -> None:
        super().__init__()
        self._timer: Timer | None = None
        self._last_key = 0.0
        self._asked = ""  # the question whose answers are (or will be) shown
        self._shown = ""  # the question whose answers are shown
        self._open_when_answered = False

    def compose(self) -> ComposeResult:
        yield NavBar("ask")
        yield Input(placeholder="e.g. can I play an action during staging?", id="question")
        yield Static(Content.styled("Opening the search index…", MUTED), id="ask-status")
        yield AnswerLine(id="ask-answer")
        yield SearchResults(id="results")
        yield Footer()

    @property
    def question(self) -> str:
        return self.query_one("#question", Input).value.strip()

    def focus_question(self) -> None:
        self.query_one("#question", Input).focus()

    def ask(self, question: str) -> None:
        """Put a question in the box (the answer follows as if typed)."""
        box = self.query_one("#question", Input)
        box.value = question
        box.cursor_position = len(question)

    def on_mount(self) -> None:
        self.watch(self.app, "game", self._ask_again, init=False)

    def _ask_again(self, _game: str) -> None:
        """Answer the question in the box again: the game switch has moved."""
        if self.question:
            self._start(self.question)

    @work(thread=True, group="index", exit_on_error=False)
    def open_index(self) -> None:
        """Open the index in a thread (the app calls this once its first frame is up)."""
        try:
            self.app.library.open_index()
        except Exception as exc:  # a broken cache or KB must not take the app down
            self.post_message(self.IndexOpened(f"The search index could not be opened: {exc}"))
        else:
            self.post_message(self.IndexOpened())

    def on_ask_screen_index_opened(self, message: IndexOpened) -> None:
        if message.error:
            self._status(Content.styled(message.error, "$text-error"))
        elif not self._asked:
            self._status(Content.styled(HINT, MUTED))

    def on_input_changed(self, event: Input.Changed) -> None:
        event.stop()
        question = event.value.strip()
        if self._timer is not None:
            self._timer.stop()
            self._timer = None
        now = time.monotonic()
        paused, self._last_key = now - self._last_key >= DEBOUNCE, now
        if paused:
            self._start(question)  # the first key after a pause is answered at once
        else:  # a burst of keys is answered once, DEBOUNCE after its last key
            self._timer = self.set_timer(DEBOUNCE, lambda: self._start(question))

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        question = self.question
        if question and question == self._shown:
            self._open_current()
        elif question:
            self._open_when_answered = True
            if self._timer is not None:
                self._timer.stop()
                self._timer = None
            if question != self._asked:
                self._start(question)

    def _start(self, question: str) -> None:
        self._timer = None
        self._asked = question
        if not question:
            self._shown = ""
            self.query_one(SearchResults).show_hits([])
            self._show_answer(None)
            self._status(Content.styled(HINT, MUTED))
            return
        self._search(question)

    @work(exclusive=True, thread=True, group="search", exit_on_error=False)
    def _search(self, question: str) -> None:
        worker = get_current_worker()
        try:
            meaning, hits, took_ms = self.app.library.ask(question, k=RESULTS, game=self.app.game)
        except Exception as exc:
            self.post_message(self.Answered(question, [], None, -1.0))
            self.log.error(f"search failed for {question!r}: {exc!r}")
            return
        answer = self.app.library.answer(meaning, hits)
        candidates = () if answer else self.app.library.candidates(meaning, hits)
        if not worker.is_cancelled:
            self.post_message(self.Answered(question, hits, meaning, took_ms, answer, candidates))

    def on_ask_screen_answered(self, message: Answered) -> None:
        if message.question != self._asked:
            return  # typing has moved on
        self._shown = message.question
        results = self.query_one(SearchResults)
        results.show_hits(message.hits)
        self._show_answer(message.answer, message.candidates)
        self.log.info(f"answered {message.question!r} in {message.took_ms:.1f} ms")
        self._status(_summary(message))
        if self._open_when_answered:
            self._open_when_answered = False
            self._open_current()

    def _show_answer(self, answer, candidates=()) -> None:
        """The answer line on top: the best entry's sentence that states the rule, or,
        with no confident answer, the rules that may decide it."""
        self.query_one(AnswerLine).show(answer, candidates)

    def _open_current(self) -> None:
        href = self.query_one(SearchResults).current
        if href:
            self.post_message(OpenLink(href))

    def _status(self, content: Content) -> None:
        self.query_one("#ask-status", Static).update(content)

    def action_browse(self) -> None:
        results = self.query_one(SearchResults)
        if results.option_count:
            results.focus()


def _summary(message: AskScreen.Answered) -> Content:
    meaning = message.meaning
    if meaning is None:
        return Content.styled("The search failed; see the log.", "$text-error")
    read: list[str | tuple[str, str]] = []
    if meaning.corrected:
        fixes = ", ".join(f"{fixed} (for {typed})" for typed, fixed in meaning.corrected)
        read += ["Showing results for ", (fixes, "italic"), "  ·  "]
    from judge.search.naming import named_cards

    listed = [card.title for card in named_cards(meaning) if not card.ours]
    if listed:
        read += [
            "nothing on ",
            (", ".join(listed), "italic"),
            f" beyond {'its' if len(listed) == 1 else 'their'} facts in Cards (F4)  ·  ",
        ]
    if meaning.unknown_cards:
        read += ["nothing on ", (", ".join(meaning.unknown_cards), "italic"), "  ·  "]
    if not message.hits:
        return Content.assemble(
            *read,
            (
                "Nothing found. Try other words, or look a card up in Cards (F4).",
                "$text-warning",
            ),
        )
    parts: list[str | tuple[str, str]] = [*read, (f"{len(message.hits)} answers", "bold")]
    if meaning.cards:
        parts += ["  ·  cards: ", (", ".join(meaning.cards), "italic")]
    if meaning.game != DEFAULT_GAME:
        name = ruleset(meaning.game).title if meaning.game in GAMES else meaning.game.upper()
        parts += ["  ·  ", (f"{name} rules", "bold $text-error")]
    parts += ["  ·  ", ("Enter opens the highlighted answer", MUTED)]
    return Content.assemble(*parts)
