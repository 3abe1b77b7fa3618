"""Reading JSON from users' files: every failure is an InputError naming the
file and the place (bad syntax, nesting too deep for the parser, numbers
that do not fit), never a traceback."""

from __future__ import annotations

import json

from puzzlebot.solvers.errors import InputError


def loads(text: str, where: str = "input"):
    """``json.loads`` with one-line errors."""
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise InputError(f"invalid JSON at line {e.lineno}, column {e.colno}: {e.msg}", where) from None
    except RecursionError:
        raise InputError("invalid JSON: nested too deeply (a puzzle is a few levels deep)", where) from None
    except ValueError as e:  # e.g. an integer literal of more than 4300 digits
        raise InputError(f"invalid JSON: {str(e).splitlines()[0][:100]}", where) from None
