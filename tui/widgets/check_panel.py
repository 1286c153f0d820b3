"""Open a YAML file, judge it in a worker, show the report or where the file is wrong."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from textual import work
from textual.app import ComposeResult
from textual.containers import Horizontal, Vertical
from textual.content import Content
from textual.message import Message
from textual.widgets import Button, Input, Static

from tui.checks import InputProblem, Outcome, cited_ids, source_line
from tui.widgets.labels import MUTED
from tui.widgets.report_view import ReportView


class CheckPanel(Vertical):
    """A path box, a summary line, an input-error box and the report."""

    class Checked(Message):
        """A worker finished checking a file."""

        def __init__(self, outcome: Outcome) -> None:
            super().__init__()
            self.outcome = outcome

    def __init__(
        self,
        checker: Callable[[str], Outcome],
        *,
        what: str,
        checklists: bool = False,
        id: str | None = None,
    ) -> None:
        super().__init__(id=id, classes="check-panel")
        self._checker = checker
        self._what = what
        self._checklists = checklists
        self.path: str | None = None
        self.outcome: Outcome | None = None

    def compose(self) -> ComposeResult:
        with Horizontal(classes="path-row"):
            yield Input(
                placeholder=f"Path to a {self._what} YAML file; Enter checks it", classes="path"
            )
            yield Button("Browse…", classes="browse", compact=True)
        yield Static(
            Content.styled(
                f"Open a {self._what} file to check it. r re-checks it after you edit it.", MUTED
            ),
            classes="summary",
        )
        yield Static(classes="input-problem")
        yield ReportView(classes="report")

    def on_input_submitted(self, event: Input.Submitted) -> None:
        event.stop()
        if event.value.strip():
            self.check(event.value.strip())

    def on_button_pressed(self, event: Button.Pressed) -> None:
        event.stop()
        self.browse()

    def browse(self) -> None:
        """Pick the file to check in a dialog."""
        from tui.dialogs.file_picker import FilePicker

        start = Path(self.path).expanduser().parent if self.path else None

        def chosen(path: str | None) -> None:
            if path:
                self.check(path)

        self.app.push_screen(FilePicker(f"Open a {self._what} file", start), chosen)

    def check(self, path: str) -> None:
        """Check a file (again): the path box shows it, a worker judges it."""
        self.path = path
        box = self.query_one("Input.path", Input)
        if box.value != path:
            box.value = path
        self._summary(Content.styled(f"Checking {path}…", MUTED))
        self.query_one(ReportView).focus()  # so that `r` re-checks rather than types
        self._run(path)

    def recheck(self) -> bool:
        """Check the same file again (after editing it); False when no file is open."""
        if not self.path:
            return False
        self.check(self.path)
        return True

    @work(exclusive=True, thread=True, group="check", exit_on_error=False)
    def _run(self, path: str) -> None:
        try:
            outcome = replace(self._checker(str(Path(path).expanduser())), path=path)
            if outcome.report is not None:
                kb = self.app.library.kb
                citations = {
                    i: str(kb.get(i).citation) for i in cited_ids(outcome.report) if kb.get(i)
                }
                outcome = replace(outcome, citations=citations)
        except Exception as exc:  # a bug in the judge must not take the app down
            outcome = Outcome(path, failure=f"The judge failed on this file: {exc!r}")
        self.post_message(self.Checked(outcome))

    def on_check_panel_checked(self, message: Checked) -> None:
        message.stop()
        outcome = message.outcome
        if outcome.path != self.path:
            return  # an older check finished after a newer one was asked for
        self.outcome = outcome
        problem_box = self.query_one(".input-problem", Static)
        report_view = self.query_one(ReportView)
        problem_box.display = outcome.problem is not None
        if outcome.problem is not None:
            name = Path(outcome.path).name
            self._summary(
                Content.styled(
                    f"✗ {name} cannot be judged: fix the file, then re-check (r)",
                    "bold $text-error",
                )
            )
            problem_box.update(_problem(outcome.problem))
            report_view.set_links([])
        elif outcome.failure is not None:
            self._summary(Content.styled(outcome.failure, "bold $text-error"))
            report_view.set_links([])
        else:
            self._summary(_verdict(outcome))
            report_view.show_report(outcome.report, outcome.citations, checklists=self._checklists)

    def _summary(self, content: Content) -> None:
        self.query_one(".summary", Static).update(content)


def _verdict(outcome: Outcome) -> Content:
    report = outcome.report
    findings = list(getattr(report, "findings", ()))
    counts = {
        s: sum(1 for f in findings if f.severity == s) for s in ("violation", "warning", "info")
    }
    game = str(getattr(report, "game", "") or "").upper()
    head = (
        ("✓ Legal", "bold $text-success")
        if getattr(report, "ok", not counts["violation"])
        else ("✗ Not legal", "bold $text-error")
    )
    parts: list[str | tuple[str, str]] = [head, "  ·  ", (Path(outcome.path).name, "bold")]
    if game:
        parts += ["  ·  ", game]
    parts += [
        "  ·  ",
        f"{counts['violation']} violations, {counts['warning']} warnings, {counts['info']} notes",
        ("  ·  r re-checks", MUTED),
    ]
    return Content.assemble(*parts)


def _problem(problem: InputProblem) -> Content:
    """The judge's own one-line error, then where it points and the line it points at."""
    where: list[tuple[str, str]] = [("file ", MUTED), (problem.file, "bold")]
    if problem.line:
        where += [(" · line ", MUTED), (str(problem.line), "bold")]
    if problem.column:
        where += [(" · column ", MUTED), (str(problem.column), "bold")]
    lines = [Content.styled(problem.text, "bold $text-error"), Content.assemble(*where)]
    text = source_line(problem)
    if text is not None:
        lines.append(Content.assemble((f"{problem.line:>4} │ ", MUTED), text))
        if problem.column:
            caret = " " * (problem.column - 1) + "^"
            lines.append(Content.assemble(("     │ ", MUTED), (caret, "bold $text-error")))
    return Content("\n").join(lines)
