"""Schemathesis hooks for the uptime API, loaded through SCHEMATHESIS_HOOKS.

1. Form bodies go out as the service reads them, and as docs/openapi.json describes them
   with the `deepObject` encoding of list fields: bracket notation, as PHP and `qs` write
   it (`alerts[0][key]=email&alerts[0][value]=ops%40example.com`). Schemathesis applies
   `deepObject` to objects only and hands a list of objects to `requests`, which writes
   `alerts=key&alerts=value`.
2. Bodies that put a list or an object in a field the description accepts and ignores (no
   type, e.g. an incident's `started_at` on update) are not generated. The bracket notation
   above sends such a value as `started_at[0]=…`, a name Schemathesis cannot match to the
   field when it asks whether a negative body became valid as sent (a `comment` sent as
   the text "null" is a valid comment), so it would report the server for accepting it.
3. A check of ours on writes the description calls valid (below).
4. A list entry that a form cannot tell from a blank one (null, a text, a list, or an object
   holding only blanks and one of those) goes out as the text "null". Sent blank, the server
   would drop it as the blank entry it looks like, and the run would report a negative case
   accepted; as a text it is still not an object, which is what the case tests.
"""
import re
from urllib.parse import quote

import schemathesis


# What JavaScript's trim() removes, as the server trims a value before calling it blank.
_JS_SPACE = "\t\n\v\f\r \u00a0\u1680" + "".join(map(chr, range(0x2000, 0x200B))) + "\u2028\u2029\u202f\u205f\u3000\ufeff"


def _blank(value):
    """Whether `value` reaches the server as nothing but empty values."""
    if value is None:
        return True
    if isinstance(value, str):
        return value.strip(_JS_SPACE) == ""
    if isinstance(value, dict):
        return all(_blank(v) for v in value.values())
    if isinstance(value, list):
        return all(_blank(v) for v in value)
    return False


def _lost_on_the_wire(entry):
    """A list entry sent blank though it is not a blank entry (an object of blank texts)."""
    return _blank(entry) and not (isinstance(entry, dict) and all(isinstance(v, str) for v in entry.values()))


def _pairs(prefix, value):
    if isinstance(value, dict):
        if not value:
            yield prefix, ""
        for key, inner in value.items():
            yield from _pairs(f"{prefix}[{key}]", inner)
    elif isinstance(value, list):
        if not value:
            # An empty list has no bracket form: an empty value means "no entries".
            yield prefix, ""
        for index, inner in enumerate(value):
            if _lost_on_the_wire(inner):
                yield f"{prefix}[{index}]", "null"
            else:
                yield from _pairs(f"{prefix}[{index}]", inner)
    elif value is None:
        yield prefix, ""
    else:
        # Schemathesis has already spelt booleans as true/false, as the description's forms do.
        yield prefix, str(value)


def encode_form(body):
    """`body` (a dict) as an application/x-www-form-urlencoded string in bracket notation."""
    pairs = [pair for key, value in body.items() for pair in _pairs(str(key), value)]
    return "&".join(f"{quote(k, safe='[]')}={quote(v, safe='')}" for k, v in pairs)


@schemathesis.serializer("application/x-www-form-urlencoded")
def bracket_form(ctx, value):
    """The body's bytes; None sends no body."""
    if isinstance(value, dict):
        return encode_form(value).encode("utf-8")
    if value is None or isinstance(value, bytes):
        return value
    # Not an object (negative tests send lists, numbers): sent as text, which the service refuses.
    return str(value).encode("utf-8")


FORM = "application/x-www-form-urlencoded"
_TYPING_KEYWORDS = ("type", "anyOf", "oneOf", "allOf", "enum", "const", "$ref", "properties", "items")


_ignored_by_operation = {}


def _ignored_fields(operation):
    """Names of the form body's fields that take any value (described without a type)."""
    if operation is None:
        return frozenset()
    # Asked for every generated body: read the description once per operation.
    key = (operation.method, operation.path)
    if key not in _ignored_by_operation:
        body = operation.get_body_for_media_type(FORM)
        schema = getattr(body, "optimized_schema", None) if body is not None else None
        properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
        _ignored_by_operation[key] = frozenset(
            name
            for name, field in properties.items()
            if isinstance(field, dict) and not any(k in field for k in _TYPING_KEYWORDS)
        )
    return _ignored_by_operation[key]


@schemathesis.hook
def filter_body(ctx, body):
    """False for a form body holding a list or an object in a field that takes any value."""
    if not isinstance(body, dict):
        return True
    ignored = _ignored_fields(ctx.operation)
    return not any(isinstance(body.get(name), (list, dict)) for name in ignored)


# Writes whose validity depends on what is stored or on the clock: a request the
# description calls valid may still be refused with 422, but only for these reasons.
# Everything else a 422 says about a valid request is a disagreement between the
# description and the server, and fails the run.
_STATE_RULES = {
    "storeMonitor": [r"has already been taken\.$", r"must be a date before maintenance end at\.$"],
    "updateMonitor": [
        r"has already been taken\.$",
        r"must be a date before maintenance end at\.$",
        r"^The alert text lookup field is required when alert condition is url_(no_)?text\.$",
    ],
    "storeIncident": [
        r"^The selected monitor id is invalid\.$",
        r"^The monitor already has an ongoing incident\.$",
        r"must be a date before or equal to now\.$",
        r"must be a date after ",
    ],
    "updateIncident": [r"must be a date before or equal to now\.$", r"must be a date after started at\.$"],
}
_STATE_RULES["patchMonitor"] = _STATE_RULES["updateMonitor"]
_STATE_RULES["patchIncident"] = _STATE_RULES["updateIncident"]


@schemathesis.check
def valid_writes_fail_only_on_stored_state(ctx, response, case):
    """A 422 to a schema-valid write names only rules that depend on stored data or the clock."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 422:
        return None
    operation_id = case.operation.definition.raw.get("operationId")
    allowed = _STATE_RULES.get(operation_id)
    if allowed is None:
        return None
    messages = response.json().get("message", {})
    unexpected = [
        f"{field}: {text}"
        for field, texts in messages.items()
        for text in texts
        if not any(re.search(rule, text) for rule in allowed)
    ]
    if unexpected:
        raise AssertionError(
            "A request the description calls valid was refused for a rule the description does not state:\n  "
            + "\n  ".join(unexpected)
        )
    return None
