"""The Spark half of `npm run bench -- --spark` (bench/spark.ts): bindu_protocol.spark.validate_ndjson over a log in
local[N], timed in one session. Prints one JSON line: the session's start-up seconds, then each run's wall-clock
seconds (the first with cold Python workers), and the outcomes counted, to check against the Node CLI's summary.

    python bench/spark/run.py LOG CORES RUNS
"""
import json
import sys
import time

from bindu_protocol.spark import session, validate_ndjson

log, cores, runs = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
started = time.perf_counter()
spark = session(f"local[{cores}]")
startup = time.perf_counter() - started
seconds = []
counts = [0, 0, 0]
for run in range(runs):
    started = time.perf_counter()
    counts = [0, 0, 0]
    # As the command line does: every line's text comes back to the driver, in order.
    for _line, outcome, _text in validate_ndjson(spark, log, variant="a2a").toLocalIterator():
        counts[outcome] += 1
    seconds.append(time.perf_counter() - started)
partitions = spark.read.text(log).rdd.getNumPartitions()
spark.stop()
print(json.dumps({"startup": startup, "seconds": seconds, "valid": counts[0], "invalid": counts[1], "inputErrors": counts[2],
                  "partitions": partitions}))
