"""``python -m bindu_protocol``: the Node CLI's ``validate``, ``conformance`` and ``list``, with its exit codes.

    validate [FILE ...|-] [--variant V] [--type NAME] [--method M] [--strict] [--ndjson] [--json] [--max-errors N]
    conformance [--variant V] [--json]
    list types|methods [--variant V]

Exit codes: 0 all valid / passed, 1 something invalid / failed, 2 usage or input error (unreadable, not
JSON, unknown type or variant). Results on stdout, diagnostics on stderr.
"""
from __future__ import annotations

import argparse
import io
import json
import re
import sys
from typing import Any, Dict, List, Optional, Sequence, TextIO, Tuple

from . import _data, conformance
from ._text import DEFAULT_MAX_BYTES, InputError, decode, judge_text
from ._validate import _cap, check, check_message, load
from .result import ValidationIssue, ValidationResult

PROG = "python -m bindu_protocol"


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # type: ignore[override]
        command = self.prog[len(PROG):].strip()
        sys.stderr.write(f"{PROG}: {message}\nRun '{PROG}{' ' + command if command else ''} --help' for usage.\n")
        raise SystemExit(2)


def _parser() -> argparse.ArgumentParser:
    root = _Parser(prog=PROG, description="Validate Bindu / A2A payloads and run the conformance suite.")
    commands = root.add_subparsers(dest="command", parser_class=_Parser)
    validate = commands.add_parser("validate", help="validate JSON payloads (files, or - for stdin)")
    validate.add_argument("files", nargs="*", metavar="FILE")
    validate.add_argument("--variant", default=_data.DEFAULT_VARIANT)
    validate.add_argument("--type", dest="type_name", help="the type to check against; without it each input is a JSON-RPC message")
    validate.add_argument("--method", help="for a response: the method of the request it answers")
    validate.add_argument("--strict", action="store_true", help="reject unknown keys and non-canonical forms")
    validate.add_argument("--ndjson", action="store_true", help="one payload per line")
    validate.add_argument("--json", action="store_true", help="one JSON line per payload")
    validate.add_argument("--max-errors", type=int, default=None, help="the most errors reported per payload (0: all)")
    validate.add_argument("--max-bytes", type=int, default=DEFAULT_MAX_BYTES)
    run = commands.add_parser("conformance", help="run the bundled conformance suite")
    run.add_argument("--variant", action="append", help="a variant to run (repeatable; default all)")
    run.add_argument("--json", action="store_true", help="one JSON line per case")
    listing = commands.add_parser("list", help="list the types or methods of a variant")
    listing.add_argument("what", choices=["types", "methods"])
    listing.add_argument("--variant", default=_data.DEFAULT_VARIANT)
    return root


_SURROGATE = re.compile("[\ud800-\udfff]")


def _text(value: str) -> str:
    """Text as the terminal gets it: a lone surrogate (from a \\uD800 escape) as U+FFFD, as Node writes it."""
    return _SURROGATE.sub("\ufffd", value)


def _json_line(value: Any) -> str:
    """One JSON line; a lone surrogate stays escaped (\\ud800), as JSON.stringify writes it."""
    return _SURROGATE.sub(lambda m: f"\\u{ord(m.group(0)):04x}", json.dumps(value, ensure_ascii=False, separators=(",", ":"))) + "\n"


def _where(path: str) -> str:
    return "(root)" if path == "" else path


def _plural(count: int, word: str) -> str:
    return f"{count:,} {word}{'' if count == 1 else 's'}"


def _print_result(out: TextIO, source: str, result: ValidationResult) -> None:
    """The Node CLI's report of one payload: a status line, each issue and its hint, "and K more errors"."""
    counts = []
    total = len(result.errors) + result.omitted
    if total:
        counts.append(_plural(total, "error"))
    if result.warnings:
        counts.append(_plural(len(result.warnings), "warning"))
    out.write(_text(f"{source}: {'valid' if result.valid else 'invalid'}{', ' + ', '.join(counts) if counts else ''}\n"))

    def item(label: str, issue: ValidationIssue) -> None:
        out.write(_text(f"  {label} {_where(issue.path)}: {issue.message} [{issue.keyword}]\n"))
        if issue.hint:
            out.write(_text(f"    hint: {issue.hint}\n"))

    for issue in result.errors:
        item("error  ", issue)
    if result.omitted:
        out.write(f"  … and {_plural(result.omitted, 'more error')} (--max-errors 0 shows every one)\n")
    for issue in result.warnings:
        item("warning", issue)


def _read(name: str) -> bytes:
    if name == "-":
        return sys.stdin.buffer.read()
    try:
        with open(name, "rb") as handle:
            return handle.read()
    except IsADirectoryError:
        raise InputError("read", f"cannot read {name}: it is a directory") from None
    except FileNotFoundError:
        raise InputError("read", f"cannot read {name}: no such file") from None
    except OSError as error:
        raise InputError("read", f"cannot read {name}: {error.strerror or error}") from None


def _validate(args: argparse.Namespace) -> int:
    try:
        variant = load(args.variant)
    except ValueError as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    if args.type_name is not None and args.type_name not in variant.definitions:
        sys.stderr.write(f"{PROG}: {variant.type_error(args.type_name)}\n")
        return 2
    if args.method is not None and args.method not in variant.methods:
        sys.stderr.write(f'{PROG}: unknown method "{args.method}" in variant "{variant.name}"\n')
        return 2
    try:
        cap = _cap(args.max_errors)
    except TypeError as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    sources = args.files or ["-"]
    if sources == ["-"] and sys.stdin.isatty():
        sys.stderr.write(f"{PROG}: give a FILE, or pipe JSON to stdin\nRun '{PROG} validate --help' for usage.\n")
        return 2
    payloads: List[Tuple[str, bytes]] = []
    counts = {"valid": 0, "invalid": 0, "input": 0}
    requests: Dict[str, Any] = {}

    def judge(source: str, text: bytes) -> None:
        request = None
        if args.type_name is None and args.ndjson:
            try:
                parsed = decode(text, args.max_bytes)
            except InputError:
                parsed = None
            if isinstance(parsed, dict) and "method" in parsed and "id" in parsed:
                requests[json.dumps(parsed["id"])] = parsed
            elif isinstance(parsed, dict) and "id" in parsed:
                request = requests.get(json.dumps(parsed["id"]))
        if args.type_name is not None:
            name = args.type_name
            result = judge_text(text, lambda value, limit, skip: check(variant, name, value, args.strict, limit, skip_paths=skip), cap, args.max_bytes)
        else:
            result = judge_text(text, lambda value, limit, skip: check_message(variant, value, args.method, request, args.strict, limit, skip), cap, args.max_bytes)
        if result.input_error is not None:
            sys.stderr.write(_text(f"{PROG}: {source}: {result.input_error}\n"))
            counts["input"] += 1
            return
        counts["valid" if result.valid else "invalid"] += 1
        if args.json:
            sys.stdout.write(_json_line({"source": source, **result.to_dict()}))
        else:
            _print_result(sys.stdout, source, result)

    for name in sources:
        try:
            text = _read(name)
        except InputError as error:
            sys.stderr.write(_text(f"{PROG}: {error}\n"))
            counts["input"] += 1
            continue
        source = "<stdin>" if name == "-" else name
        if args.ndjson:
            for number, line in enumerate(text.split(b"\n"), start=1):
                if line.strip():
                    payloads.append((f"{source}:{number}", line))
        else:
            payloads.append((source, text))
    for source, text in payloads:
        judge(source, text)
    total = counts["valid"] + counts["invalid"]
    if not args.json and total + counts["input"] > 1:
        inputs = f"; {_plural(counts['input'], 'input error')}" if counts["input"] else ""
        sys.stdout.write(f"{_plural(total, 'payload')}: {counts['valid']:,} valid, {counts['invalid']:,} invalid{inputs}\n")
    if counts["input"]:
        return 2
    return 1 if counts["invalid"] else 0


def _conformance(args: argparse.Namespace) -> int:
    try:
        reports = conformance.run(args.variant)
    except ValueError as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    if args.json:
        for report in reports:
            for outcome in report.outcomes:
                line = {"id": outcome.id, "valid": outcome.valid, "passed": outcome.passed, "verdict": outcome.verdict,
                        "errors": [issue.to_dict() for issue in outcome.reported], "reason": outcome.reason}
                sys.stdout.write(_json_line(line))
    else:
        sys.stdout.write(conformance.format_report(reports))
    return 0 if all(r.failed == 0 for r in reports) else 1


def _list(args: argparse.Namespace) -> int:
    try:
        meta = _data.meta(args.variant)
    except ValueError as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    names = meta["types"] if args.what == "types" else [m["method"] for m in meta["methods"]]
    sys.stdout.write("".join(f"{name}\n" for name in names))
    return 0


def main(argv: Optional[Sequence[str]] = None) -> int:
    # Nothing the output holds (a file name that is not UTF-8, say) may end in a traceback.
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")
    parser = _parser()
    args = parser.parse_args(argv)
    if args.command is None:
        parser.print_help(sys.stderr)
        return 2
    try:
        if args.command == "validate":
            return _validate(args)
        if args.command == "conformance":
            return _conformance(args)
        return _list(args)
    except BrokenPipeError:
        return 1
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    raise SystemExit(main())
