"""Starting the other shell: the app in the terminal (`loremaster`) or in browsers
(`loremaster serve`).

The CLI does not import the app: the app registers its entry points under
`loremaster.shells` (pyproject.toml), and the CLI starts whichever one it is asked
for by name. So the two shells stay apart, as the layers contract says, and a
command other than these two never loads Textual.
"""

from __future__ import annotations

from collections.abc import Callable

GROUP = "loremaster.shells"


def shell(name: str) -> Callable:
    """The registered shell `name` ("app" or "serve"), loaded."""
    from importlib.metadata import entry_points

    found = tuple(entry_points(group=GROUP, name=name))
    if not found:
        from cli.output import UsageError

        raise UsageError(
            f"loremaster: the {name!r} shell is not installed; reinstall Loremaster "
            "(`make run`, or `pip install .`)"
        )
    return found[0].load()
