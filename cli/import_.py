"""`loremaster import FILE [--as DOC]`: the printed wording of your own copy of a document.

The wording is kept in your user data directory, never in the project, and shown under
our entries (`show`, the app) and searched as an extra field.
"""

from __future__ import annotations

from cli.output import Result, UsageError, add_json_flag, render


def add_arguments(parser) -> None:
    from judge.kb.importer.importing import DOCUMENTS

    parser.add_argument("file", nargs="?", help="the document: plain text or PDF")
    parser.add_argument(
        "--as", dest="document", choices=DOCUMENTS, help="which document it is (default: detect)"
    )
    parser.add_argument("--list", action="store_true", help="list the imported documents")
    parser.add_argument(
        "--remove", metavar="DOC", choices=DOCUMENTS, help="forget one imported document"
    )
    parser.add_argument(
        "--replace",
        action="store_true",
        help="replace the stored import even when this file places fewer entries",
    )
    add_json_flag(parser)


def run(args) -> int:
    from judge.kb.importer import store

    if args.list:
        documents = store.imported()
        return render(
            Result(
                {"imported": documents},
                lambda style: (
                    [f"{d['document']}: {d['placed']} entries from {d['file']}" for d in documents]
                    or ["Nothing imported yet: loremaster import FILE"]
                ),
            ),
            args.json,
        )
    if args.remove:
        removed = store.remove(args.remove)
        return render(
            Result(
                {"removed": args.remove if removed else None},
                lambda style: [
                    f"Removed the imported {args.remove}."
                    if removed
                    else f"No imported document '{args.remove}'."
                ],
                status=0 if removed else 1,
            ),
            args.json,
        )
    if not args.file:
        raise UsageError("loremaster import: give a FILE, or --list, or --remove DOC")
    return _import(args)


def _import(args) -> int:
    from pathlib import Path

    from judge.kb.importer.importing import SmallerImport, import_file
    from judge.kb.importer.text import ImportProblem
    from judge.kb.knowledge import load

    try:
        alignment = import_file(Path(args.file), load(), args.document, args.replace)
    except SmallerImport as exc:
        message = f"loremaster import: {exc}"
        kept = {"kept": exc.alignment.document, "stored": exc.stored}
        kept["placed"] = len(exc.alignment.placed)
        return render(Result(kept, lambda style: [message], status=1), args.json)
    except ImportProblem as exc:
        raise UsageError(f"loremaster import: {exc}") from None
    document = {
        "document": alignment.document,
        "placed": len(alignment.placed),
        "total": alignment.total,
        "unplaced": list(alignment.unplaced),
        "unexpected": list(alignment.unexpected),
    }

    def text(style) -> list[str]:
        lines = [
            f"Imported {alignment.document}: the printed wording of {len(alignment.placed)} of "
            f"{alignment.total} entries."
        ]
        if alignment.unplaced:
            lines.append(
                f"Not found in the file ({len(alignment.unplaced)}): "
                + ", ".join(alignment.unplaced)
            )
        if alignment.unexpected:
            shown = ", ".join(alignment.unexpected[:20])
            more = (
                f" and {len(alignment.unexpected) - 20} more"
                if len(alignment.unexpected) > 20
                else ""
            )
            lines.append(f"Headings with no entry ({len(alignment.unexpected)}): {shown}{more}")
        return lines

    return render(Result(document, text), args.json)
