#!/usr/bin/env python3
"""Validate many payloads with Python's `jsonschema` (Draft 2020-12, format assertion on).

Used by test/schemas/portability.slow.test.ts to check that an independent implementation gives the published
JSON Schema files the same verdicts as the package's own validators. Run it with Debian's
interpreter, /usr/bin/python3, which sees Debian's python3-jsonschema (scripts/install-test-tools.sh
installs it).

Input (stdin): a JSON list of cases, each
    {"id": "<case id>", "schemaFile": "<path to a schema file>", "pointer": "<JSON Pointer>", "data": <any>}
`pointer` "" validates against the whole file; otherwise against the subschema it designates,
through the wrapper {"$ref": "<the file's $id>#<pointer>"}. Every *.json file in the directory of a
named schema file is loaded into one registry keyed by `$id`, so references resolve offline.

Output (stdout): one JSON object
    {"python": ..., "jsonschema": ..., "formats": {<format>: <who checks it>, ...},
     "schemas": <files loaded>, "verdicts": [{"id": ..., "valid": bool, "errors": [{"path", "keyword"}]}]}
in the order of the input.

Formats: `uuid`, `uri` and `email` are checked by jsonschema's own checkers (`uri` needs the
rfc3987 module, Debian's python3-rfc3987). jsonschema checks `date-time` only when the
rfc3339-validator module is importable, and Debian 12 does not package it; in that case this
script registers its own check of RFC 3339 section 5.6 `date-time` (see `rfc3339_date_time`) and
says so in "formats". A format with no checker at all is reported as null.

Exit status: 0 with the verdicts; 2 with a one-line message on stderr when the input or a schema
file is unusable, or the jsonschema module is missing.
"""

import itertools
import json
import os
import re
import sys

FORMATS = ("uuid", "date-time", "uri", "email")
DIALECT = "https://json-schema.org/draft/2020-12/schema"


def fail(message):
    sys.stderr.write("check_python_jsonschema: " + message + "\n")
    sys.exit(2)


try:
    import jsonschema
    from jsonschema import Draft202012Validator, FormatChecker
except ImportError:
    fail("the Python module jsonschema is missing; run scripts/install-test-tools.sh (Debian: python3-jsonschema)")

try:  # jsonschema 4.18 and later resolve references through `referencing`
    import referencing
    import referencing.exceptions
    import referencing.jsonschema

    UNRESOLVABLE = (referencing.exceptions.Unresolvable,)
except ImportError:
    referencing = None
    UNRESOLVABLE = (jsonschema.exceptions.RefResolutionError,)


def version_of(module_name):
    try:
        from importlib.metadata import version

        return version(module_name)
    except Exception:  # noqa: BLE001 - a version is only informative
        return "unknown"


# --- date-time: RFC 3339 section 5.6, as JSON Schema 2020-12 section 7.3.1 defines the format ---

_DATE_TIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))",
    re.ASCII,
)
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def rfc3339_date_time(value):
    """True when `value` is an RFC 3339 date-time (full-date "T" full-time).

    "T" and "Z" may be lowercase (RFC 3339 section 5.6, note). The day must exist in its month
    (February 29 only in leap years). A second of 60 is a leap second, allowed only at 23:59 UTC
    once the offset is applied; whether that day had one is not checked (RFC 3339 section 5.7 and
    appendix D leave the table to the application).
    """
    if not isinstance(value, str):
        return True
    match = _DATE_TIME.fullmatch(value)
    if not match:
        return False
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    sign, offset_hour, offset_minute = match.group(7), match.group(8), match.group(9)
    if not 1 <= month <= 12:
        return False
    leap_year = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    if not 1 <= day <= (29 if month == 2 and leap_year else _DAYS[month - 1]):
        return False
    if hour > 23 or minute > 59 or second > 60:
        return False
    offset = 0
    if sign is not None:
        if int(offset_hour) > 23 or int(offset_minute) > 59:
            return False
        offset = (int(offset_hour) * 60 + int(offset_minute)) * (1 if sign == "+" else -1)
    if second == 60:
        utc_minutes = (hour * 60 + minute - offset) % (24 * 60)
        return utc_minutes == 23 * 60 + 59
    return True


def format_checker():
    """jsonschema's 2020-12 format checker, completed with the script's date-time when it lacks one."""
    base = Draft202012Validator.FORMAT_CHECKER
    checker = FormatChecker(formats=())
    checker.checkers = dict(base.checkers)
    who = {}
    for name in FORMATS:
        if name in checker.checkers:
            module = getattr(checker.checkers[name][0], "__module__", "")
            who[name] = "jsonschema" if module.startswith("jsonschema") else module
        else:
            who[name] = None
    if who["uri"] == "jsonschema":
        who["uri"] = "jsonschema (rfc3987)" if _importable("rfc3987") else "jsonschema (rfc3986-validator)"
    if who["date-time"] == "jsonschema":
        who["date-time"] = "jsonschema (rfc3339-validator)"
    else:
        checker.checkers["date-time"] = (rfc3339_date_time, ())
        who["date-time"] = "check_python_jsonschema.py (RFC 3339 section 5.6; rfc3339-validator is not installed)"
    return checker, who


def _importable(name):
    try:
        __import__(name)
        return True
    except ImportError:
        return False


# --- schemas ---


def load_directory(directory, store, files):
    for name in sorted(os.listdir(directory)):
        if not name.endswith(".json"):
            continue
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as handle:
                schema = json.load(handle)
        except (OSError, ValueError) as error:
            fail("cannot read schema file %s: %s" % (path, error))
        if not isinstance(schema, dict) or not isinstance(schema.get("$id"), str):
            fail("schema file %s has no $id" % path)
        identifier = schema["$id"]
        if identifier in store and files.get(identifier) != path:
            fail("two schema files share the $id %s: %s and %s" % (identifier, files[identifier], path))
        try:
            Draft202012Validator.check_schema(schema)
        except jsonschema.exceptions.SchemaError as error:
            fail("schema file %s is not a valid 2020-12 schema: %s" % (path, error.message))
        store[identifier] = schema
        files[identifier] = path
        files[path] = identifier


def encode_pointer(pointer):
    """A JSON Pointer as a URI fragment (percent-encoding what a fragment cannot hold)."""
    from urllib.parse import quote

    return quote(pointer, safe="/~!$&'()*+,;=:@-._")


class Validators:
    def __init__(self, store, files, checker):
        self.store = store
        self.files = files
        self.checker = checker
        self.cache = {}
        if referencing is not None:
            resources = [(uri, referencing.jsonschema.DRAFT202012.create_resource(schema)) for uri, schema in store.items()]
            self.registry = referencing.Registry().with_resources(resources)

    def get(self, schema_file, pointer):
        key = (schema_file, pointer)
        if key not in self.cache:
            identifier = self.files[os.path.abspath(schema_file)]
            schema = self.store[identifier] if pointer == "" else {"$schema": DIALECT, "$ref": identifier + "#" + encode_pointer(pointer)}
            if referencing is not None:
                validator = Draft202012Validator(schema, registry=self.registry, format_checker=self.checker)
            else:
                # RefResolver files the referrer under base_uri: a wrapper gets a base of its own
                # so that it does not shadow the file it points into.
                base = identifier if pointer == "" else identifier + "#wrapper"
                resolver = jsonschema.RefResolver(base_uri=base, referrer=schema, store=self.store)
                validator = Draft202012Validator(schema, resolver=resolver, format_checker=self.checker)
            self.cache[key] = validator
        return self.cache[key]


def pointer_of(path):
    return "".join("/" + str(token).replace("~", "~0").replace("/", "~1") for token in path)


def main():
    try:
        cases = json.load(sys.stdin)
    except ValueError as error:
        fail("the input is not JSON: %s" % error)
    if not isinstance(cases, list):
        fail("the input must be a JSON list of {id, schemaFile, pointer, data}")
    for index, case in enumerate(cases):
        if not isinstance(case, dict) or not isinstance(case.get("id"), str) or not isinstance(case.get("schemaFile"), str) or not isinstance(case.get("pointer", ""), str) or "data" not in case:
            fail("case %d must be an object with a string id, a string schemaFile, a string pointer and data" % index)
        if case.get("pointer", "") != "" and not case["pointer"].startswith("/"):
            fail("case %s: pointer %r is not a JSON Pointer" % (case["id"], case["pointer"]))

    store, files = {}, {}
    for directory in sorted({os.path.dirname(os.path.abspath(case["schemaFile"])) for case in cases}):
        if not os.path.isdir(directory):
            fail("no such schema directory: %s" % directory)
        load_directory(directory, store, files)
    checker, who = format_checker()
    validators = Validators(store, files, checker)

    verdicts = []
    for case in cases:
        if os.path.abspath(case["schemaFile"]) not in files:
            fail("case %s: no schema file %s" % (case["id"], case["schemaFile"]))
        validator = validators.get(case["schemaFile"], case.get("pointer", ""))
        try:
            errors = list(itertools.islice(validator.iter_errors(case["data"]), 5))
        except UNRESOLVABLE as error:
            fail("case %s: a reference does not resolve: %s" % (case["id"], error))
        verdicts.append({
            "id": case["id"],
            "valid": not errors,
            "errors": [{"path": pointer_of(error.absolute_path), "keyword": error.validator} for error in errors],
        })

    json.dump({
        "python": sys.version.split()[0],
        "executable": sys.executable,
        "jsonschema": version_of("jsonschema"),
        "formats": who,
        "schemas": len(store),
        "verdicts": verdicts,
    }, sys.stdout)
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
