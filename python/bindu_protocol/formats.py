"""The ``format`` checks the schemas use, with nothing beyond the standard library.

The grammars are those JSON Schema 2020-12 (section 7.3) names, as the JavaScript package checks them:

- ``date-time``: RFC 3339 section 5.6: ``T``/``t`` between date and time, a fraction of any length,
  ``Z``/``z`` or an offset ``+hh:mm``; the day must exist in its month; a leap second (``:60``) only
  at 23:59 UTC once the offset is applied;
- ``date``, ``time``: the RFC 3339 ``full-date`` and ``full-time``;
- ``uuid``: 8-4-4-4-12 hexadecimal digits, either case, nothing around them;
- ``uri`` (absolute, RFC 3986), ``uri-reference``, ``email`` (RFC 5321 ``Mailbox``), ``hostname``,
  ``ipv4``, ``ipv6``.

``format_checker()`` returns a ``jsonschema.FormatChecker`` holding exactly these.
"""
from __future__ import annotations

import ipaddress
import re
from typing import Callable, Dict

import jsonschema  # type: ignore[import]

_DATE_TIME = re.compile(
    r"(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2}):(\d{2}))", re.ASCII
)
_DATE = re.compile(r"(\d{4})-(\d{2})-(\d{2})", re.ASCII)
# As JSON Schema validators commonly read `time` (ajv-formats too): the offset's colon, and its minutes, may be left out.
_TIME = re.compile(r"(\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[Zz]|([+-])(\d{2})(?::?(\d{2}))?)", re.ASCII)
_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _real_date(year: int, month: int, day: int) -> bool:
    if not 1 <= month <= 12 or day < 1:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= (29 if month == 2 and leap else _DAYS[month - 1])


def _real_time(hour: int, minute: int, second: int, sign: str | None, off_hour: str | None, off_minute: str | None) -> bool:
    if hour > 23 or minute > 59 or second > 60:
        return False
    offset = 0
    if sign is not None and off_hour is not None and off_minute is not None:
        if int(off_hour) > 23 or int(off_minute) > 59:
            return False
        offset = (int(off_hour) * 60 + int(off_minute)) * (1 if sign == "+" else -1)
    if second == 60:
        return (hour * 60 + minute - offset) % (24 * 60) == 23 * 60 + 59
    return True


def date_time(value: str) -> bool:
    """RFC 3339 ``date-time``."""
    match = _DATE_TIME.fullmatch(value)
    if match is None:
        return False
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    return _real_date(year, month, day) and _real_time(hour, minute, second, match.group(7), match.group(8), match.group(9))


def date(value: str) -> bool:
    """RFC 3339 ``full-date``."""
    match = _DATE.fullmatch(value)
    return match is not None and _real_date(int(match.group(1)), int(match.group(2)), int(match.group(3)))


def time(value: str) -> bool:
    """RFC 3339 ``full-time`` (a time zone is required)."""
    match = _TIME.fullmatch(value)
    if match is None:
        return False
    minutes = match.group(6) if match.group(6) is not None else "00"
    return _real_time(int(match.group(1)), int(match.group(2)), int(match.group(3)), match.group(4), match.group(5), minutes)


_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}", re.ASCII)


def uuid(value: str) -> bool:
    """RFC 4122 textual UUID."""
    return _UUID.fullmatch(value) is not None


# RFC 3986 section 3: scheme ":" hier-part ["?" query] ["#" fragment]; the characters each part may hold.
_PCHAR = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})"
_QUERY = rf"(?:{_PCHAR}|[/?])*"
_AUTHORITY = r"(?:(?:[A-Za-z0-9\-._~!$&'()*+,;=:]|%[0-9A-Fa-f]{2})*@)?(?:\[[0-9A-Fa-f:.vV\-]+\]|(?:[A-Za-z0-9\-._~!$&'()*+,;=]|%[0-9A-Fa-f]{2})*)(?::\d*)?"
# hier-part: "//" authority path-abempty, or path-absolute, path-rootless (path-noscheme in a relative reference), path-empty.
_ABEMPTY = rf"(?:/{_PCHAR}*)*"
_HIER = rf"(?://{_AUTHORITY}{_ABEMPTY}|/(?:{_PCHAR}+{_ABEMPTY})?|{_PCHAR}+{_ABEMPTY})?"
_NOSCHEME = r"(?:[A-Za-z0-9\-._~!$&'()*+,;=@]|%[0-9A-Fa-f]{2})+"
_RELATIVE_PART = rf"(?://{_AUTHORITY}{_ABEMPTY}|/(?:{_PCHAR}+{_ABEMPTY})?|{_NOSCHEME}{_ABEMPTY})?"
_URI = re.compile(rf"[A-Za-z][A-Za-z0-9+\-.]*:{_HIER}(?:\?{_QUERY})?(?:#{_QUERY})?", re.ASCII)
_RELATIVE = re.compile(rf"{_RELATIVE_PART}(?:\?{_QUERY})?(?:#{_QUERY})?", re.ASCII)


def _ip_literal_ok(value: str) -> bool:
    start = value.find("[")
    if start < 0:
        return True
    end = value.find("]", start)
    literal = value[start + 1 : end]
    if literal[:1] in ("v", "V"):
        return True
    return ipv6(literal)


def uri(value: str) -> bool:
    """An absolute URI (RFC 3986 ``URI``)."""
    return _URI.fullmatch(value) is not None and _ip_literal_ok(value)


def uri_reference(value: str) -> bool:
    """A URI or a relative reference (RFC 3986 ``URI-reference``)."""
    return (_URI.fullmatch(value) is not None or _RELATIVE.fullmatch(value) is not None) and _ip_literal_ok(value)


_DOT_STRING = re.compile(r"[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+(?:\.[A-Za-z0-9!#$%&'*+\-/=?^_`{|}~]+)*", re.ASCII)
_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9\-]*[A-Za-z0-9])?", re.ASCII)
_QUOTED = re.compile(r'"(?:[\x20\x21\x23-\x5b\x5d-\x7e]|\\[\x20-\x7e])*"', re.ASCII)


def _domain(domain: str) -> bool:
    return domain != "" and all(_LABEL.fullmatch(label) for label in domain.split("."))


def email(value: str) -> bool:
    """RFC 5321 section 4.1.2 ``Mailbox``: a dot-string or quoted local part, then a domain or an address literal."""
    if value.startswith('"'):
        match = _QUOTED.match(value)
        if match is None or value[match.end() : match.end() + 1] != "@":
            return False
        domain = value[match.end() + 1 :]
    else:
        at = value.find("@")
        if at <= 0 or _DOT_STRING.fullmatch(value[:at]) is None:
            return False
        domain = value[at + 1 :]
    if domain.startswith("["):
        if not domain.endswith("]"):
            return False
        literal = domain[1:-1]
        return ipv6(literal[5:]) if literal[:5].lower() == "ipv6:" else _address_literal(literal)
    return _domain(domain)


def _address_literal(text: str) -> bool:
    """RFC 5321 ``IPv4-address-literal``: four decimal numbers up to 255 (leading zeros allowed)."""
    parts = text.split(".")
    return len(parts) == 4 and all(part.isascii() and part.isdigit() and 1 <= len(part) <= 3 and int(part) <= 255 for part in parts)


def hostname(value: str) -> bool:
    """RFC 1123 host name: dot-separated labels of at most 63 characters, 253 in all."""
    name = value[:-1] if value.endswith(".") else value
    return 0 < len(name) <= 253 and all(len(label) <= 63 for label in name.split(".")) and _domain(name)


def ipv4(value: str) -> bool:
    """Dotted-quad IPv4 address (no leading zeros)."""
    parts = value.split(".")
    return len(parts) == 4 and all(part.isascii() and part.isdigit() and len(part) <= 3 and int(part) <= 255 and (part == "0" or not part.startswith("0")) for part in parts)


def ipv6(value: str) -> bool:
    """RFC 4291 textual IPv6 address (no zone)."""
    if "%" in value or not value.isascii():
        return False
    try:
        ipaddress.IPv6Address(value)
    except ValueError:
        return False
    return True


#: Every format checked, by name.
FORMATS: Dict[str, Callable[[str], bool]] = {
    "date-time": date_time,
    "date": date,
    "time": time,
    "uuid": uuid,
    "uri": uri,
    "uri-reference": uri_reference,
    "email": email,
    "hostname": hostname,
    "ipv4": ipv4,
    "ipv6": ipv6,
}


def check(name: str, value: object) -> bool:
    """True when ``value`` passes the format ``name`` (formats apply to strings; an unknown format passes)."""
    checker = FORMATS.get(name)
    return checker is None or not isinstance(value, str) or checker(value)


def format_checker() -> jsonschema.FormatChecker:
    """A ``jsonschema.FormatChecker`` with exactly the checks of this module."""
    checker = jsonschema.FormatChecker(formats=())
    for name, function in FORMATS.items():
        checker.checks(name)(_for_strings(function))
    return checker


def _for_strings(function: Callable[[str], bool]) -> Callable[[object], bool]:
    return lambda value: not isinstance(value, str) or function(value)
