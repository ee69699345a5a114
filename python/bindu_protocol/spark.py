"""``bindu-protocol validate --ndjson`` on Apache Spark: a log too big for one machine, judged line by line with the
package's generated validators inside ``mapPartitions``, with the Node CLI's output for every line.

    from bindu_protocol.spark import validate_ndjson
    results = validate_ndjson(spark, "s3a://logs/a2a/*.ndjson", variant="a2a")   # RDD of (line, outcome, text)

    python -m bindu_protocol.spark LOG [--variant V] [--json] [--strict] [--max-errors N] [--max-bytes N] [--master URL]

Two passes over the log (pyspark is imported only here, so the rest of the package never needs it):

1. per partition, its number of lines, its number of bytes, and its requests (line in the partition, id, method);
   the driver turns these into each partition's first line number and byte offset, and into the pairing (every
   request's line and method by id), which it broadcasts;
2. ``mapPartitionsWithIndex``: each partition loads the variant's validators once (``LineJudge``) and judges its
   lines, a response with the method of the latest earlier request with its id (found in the broadcast pairing),
   as ``validate --ndjson`` pairs them; the results keep the log's order.

The lines are read as bytes (Spark's text source, split at "\\n" only, each line cast to binary), so a line that is
not UTF-8 is named as the Node CLI names it. What differs from the Node CLI is said in ``bindu_protocol.ndjson``
(pairing without its window of the last 10,000 to 20,000 requests; REST record lines not judged). The pairing is
held by the driver and every executor: one entry per request of the log.
"""
from __future__ import annotations

import argparse
import os
import sys
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple

from ._text import DEFAULT_MAX_BYTES
from ._validate import DEFAULT_MAX_ERRORS
from .ndjson import LineJudge, Pairing, exit_code, request_of, summary

PROG = "python -m bindu_protocol.spark"


def _lines(spark: Any, source: Any) -> Any:
    """The log as an RDD of each line's bytes, in order: from a path (or a list of paths: one log, in their order),
    a DataFrame of one string or binary column, or an RDD of ``str`` or ``bytes``."""
    # pyspark is needed only here (and has no type information for mypy).
    from pyspark.rdd import RDD  # type: ignore[import]
    from pyspark.sql import DataFrame, functions  # type: ignore[import]

    if isinstance(source, RDD):
        return source.map(lambda line: line.encode("utf-8", "surrogatepass") if isinstance(line, str) else bytes(line))
    if not isinstance(source, DataFrame):
        source = spark.read.option("lineSep", "\n").text(source)
    column = source.columns[0]
    return source.select(functions.col(column).cast("binary")).rdd.map(lambda row: bytes(row[0]) if row[0] is not None else b"")


def _starts_with_bom(spark: Any, path: str) -> bool:
    """Whether the file at ``path`` starts with a UTF-8 byte order mark (False for a directory or a glob)."""
    try:
        jvm = spark.sparkContext._jvm
        hadoop_path = jvm.org.apache.hadoop.fs.Path(path)
        fs = hadoop_path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration())
        if not fs.isFile(hadoop_path):
            return False
        stream = fs.open(hadoop_path)
        try:
            return [stream.read() for _ in range(3)] == [0xEF, 0xBB, 0xBF]
        finally:
            stream.close()
    except Exception:  # noqa: BLE001 - not a single readable file: no offset to correct
        return False


def validate_ndjson(spark: Any, source: Any, *, name: Optional[str] = None, variant: str = "bindu", json_output: bool = False,
                    strict: bool = False, max_errors: int = DEFAULT_MAX_ERRORS, max_bytes: int = DEFAULT_MAX_BYTES) -> Any:
    """The results of ``validate --ndjson`` on a log, as an RDD of (line, outcome, text) in line order, blank lines
    left out: outcome 0 valid and 1 invalid (text: the report, for stdout), 2 an input error (text: for stderr).

    ``source`` is a path (anything ``spark.read.text`` reads), a DataFrame whose first column holds the lines, or an
    RDD of lines (``str`` or ``bytes``, without their newline), in the log's order. ``name`` is what each line is
    named after (``NAME:LINE``; default: the path)."""
    label: str = name if name is not None else (source if isinstance(source, str) else "<spark>")
    LineJudge(label, variant)  # an unknown variant fails here, on the driver, not in a task
    lines = _lines(spark, source).cache()

    def census(index: int, partition: Iterable[bytes]) -> Iterator[Tuple[int, int, int, List[Tuple[int, Any, str]]]]:
        count = size = 0
        requests: List[Tuple[int, Any, str]] = []
        for raw in partition:
            count += 1
            size += len(raw) + 1
            # Line 1 (a byte order mark) is only ever in partition 0; elsewhere the number is not yet known.
            found = request_of(count if index == 0 else 0, raw, max_bytes)
            if found is not None:
                requests.append((count, found[0], found[1]))
        yield index, count, size, requests

    parts = sorted(lines.mapPartitionsWithIndex(census).collect(), key=lambda part: int(part[0]))
    firsts: Dict[int, Tuple[int, int]] = {}
    pairing = Pairing()
    line = 0
    # Spark's text source drops a file's byte order mark: the byte offsets count it (they are the file's).
    offset = 3 if isinstance(source, str) and _starts_with_bom(spark, source) else 0
    for index, count, size, requests in parts:
        firsts[index] = (line, offset)
        for local, key, method in requests:
            pairing.add(line + local, key, method)
        line += count
        offset += size
    shared = spark.sparkContext.broadcast((firsts, pairing))

    def judge(index: int, partition: Iterable[bytes]) -> Iterator[Tuple[int, int, str]]:
        starts, requests = shared.value
        # The validators, once a partition.
        judge_line = LineJudge(label, variant, json_output=json_output, strict=strict, max_errors=max_errors, max_bytes=max_bytes)
        number, at = starts[index]
        for raw in partition:
            number += 1
            result = judge_line.judge(number, raw, at, requests)
            at += len(raw) + 1
            if result is not None:
                yield number, result[0], result[1]

    return lines.mapPartitionsWithIndex(judge, preservesPartitioning=True)


# -- the command line -----------------------------------------------------------------------------------------------

def session(master: Optional[str] = None, app: str = "bindu-protocol validate --ndjson") -> Any:
    """A SparkSession for the command line: its workers on this interpreter, no progress bar, and Spark's own log at
    errors only once it runs (the lines Java and Spark write while starting still go to stderr)."""
    from pyspark.sql import SparkSession

    os.environ.setdefault("PYSPARK_PYTHON", sys.executable)
    builder = SparkSession.builder.appName(app).config("spark.ui.showConsoleProgress", "false").config("spark.ui.enabled", "false")
    if master is not None:
        builder = builder.master(master)
    spark = builder.getOrCreate()
    spark.sparkContext.setLogLevel("ERROR")
    return spark


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(prog=PROG, description="bindu-protocol validate --ndjson on Spark: the same output, line for line.")
    parser.add_argument("log", metavar="LOG", help="the NDJSON log (a path Spark reads: a file, a directory, a glob, hdfs://, s3a://)")
    parser.add_argument("--variant", default="bindu")
    parser.add_argument("--json", action="store_true", help="one JSON line per payload, as validate --json")
    parser.add_argument("--strict", action="store_true")
    parser.add_argument("--max-errors", type=int, default=DEFAULT_MAX_ERRORS, help="errors per payload (0: all)")
    parser.add_argument("--max-bytes", type=int, default=DEFAULT_MAX_BYTES, help="the longest line, in bytes")
    parser.add_argument("--master", help="the Spark master (default: spark-submit's, else local[*]; a session already running is used as it is)")
    parser.add_argument("--name", help="what lines are named after (NAME:LINE; default: LOG)")
    args = parser.parse_args(argv)
    if args.max_errors < 0 or args.max_bytes < 1:
        parser.error("--max-errors takes 0 or more, --max-bytes 1 or more")
    try:
        LineJudge(args.log, args.variant)
    except ValueError as error:
        sys.stderr.write(f"{PROG}: {error}\n")
        return 2
    try:
        import pyspark  # type: ignore[import]  # noqa: F401
    except ImportError:
        sys.stderr.write(f"{PROG}: pyspark is not installed (pip install pyspark; scripts/python-venv.sh spark makes a venv with it)\n")
        return 2
    from pyspark.sql import SparkSession

    # A session already running in this process (a notebook's, a test's) is used, and left running.
    active = SparkSession.getActiveSession()
    spark = active if active is not None else session(args.master)
    try:
        results = validate_ndjson(spark, args.log, name=args.name or args.log, variant=args.variant, json_output=args.json,
                                  strict=args.strict, max_errors=args.max_errors, max_bytes=args.max_bytes)
        counts = [0, 0, 0]
        out, err = sys.stdout, sys.stderr
        for _line, outcome, text in results.toLocalIterator():
            counts[outcome] += 1
            (err if outcome == 2 else out).write(text)
        out.write(summary(counts[0], counts[1], counts[2], args.json))
        out.flush()
    except Exception as error:  # noqa: BLE001 - Spark's failures (an unreadable path) end in one line, not a trace
        message = str(error).strip().splitlines()
        sys.stderr.write(f"{PROG}: {message[0] if message else type(error).__name__}\n")
        return 2
    finally:
        if active is None:
            spark.stop()
    return exit_code(counts[1], counts[2])


if __name__ == "__main__":
    raise SystemExit(main())
