"""Reading YAML text safely and fast: libyaml when PyYAML has it, with a guard against deep nesting.

Map files and position files are YAML. libyaml (``yaml.CSafeLoader``) reads
them about eight times faster than PyYAML's pure-Python loader, which is
the fallback where PyYAML was built without it. libyaml builds nested
collections by recursion in C, where a deep enough document (``[[[[...``)
crashes the process instead of raising; so the nesting is measured first,
on libyaml's event stream (a loop, no recursion), and a document nested
deeper than any map or position needs is refused with a plain message.
"""

from __future__ import annotations

from typing import Any

import yaml

__all__ = ["MAX_NESTING", "YamlError", "read_yaml"]

MAX_NESTING = 64  # a map file nests four deep, a position file three

_Loader: Any = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
_COLLECTION_START = (yaml.SequenceStartEvent, yaml.MappingStartEvent)
_COLLECTION_END = (yaml.SequenceEndEvent, yaml.MappingEndEvent)


class YamlError(ValueError):
    """Text that is not valid YAML; the message says where and why (``not valid YAML at line 3, ...``)."""


def read_yaml(text: str) -> object:
    """The document in ``text`` (plain dicts, lists and scalars); :class:`YamlError` if it is not valid YAML.

    A document libyaml refuses is read again by the pure-Python loader, whose
    messages say more (``expected ',' or ']', but got '<stream end>'``): a
    mistake costs nothing to report well.
    """
    try:
        _check_nesting(text)
        return yaml.load(text, Loader=_Loader)
    except yaml.YAMLError as error:
        if "nesting depth" in str(getattr(error, "problem", "")):
            raise _too_deep() from None  # libyaml's own cap; the pure-Python loader would recurse
        raise YamlError(_problem(_python_loader_error(text) or error)) from None


def _too_deep() -> YamlError:
    return YamlError(f"not valid YAML: nested too deeply (over {MAX_NESTING} levels)")


def _python_loader_error(text: str) -> yaml.YAMLError | None:
    try:
        yaml.load(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError as error:
        return error
    except RecursionError:
        return None  # nested deeper than Python's stack: libyaml's message stands
    return None


def _problem(error: yaml.YAMLError) -> str:
    mark = getattr(error, "problem_mark", None)
    where = f" at line {mark.line + 1}, column {mark.column + 1}" if mark else ""
    problem = getattr(error, "problem", None) or str(error)
    return f"not valid YAML{where}: {problem}"


def _check_nesting(text: str) -> None:
    """Refuse a document nested deeper than :data:`MAX_NESTING` (read as events: no recursion, no crash)."""
    depth = 0
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, _COLLECTION_START):
            depth += 1
            if depth > MAX_NESTING:
                raise _too_deep()
        elif isinstance(event, _COLLECTION_END):
            depth -= 1
