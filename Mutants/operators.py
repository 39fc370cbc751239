"""Operator mutants: every relational, arithmetic and logical operator, `min`/`max` call and Bool
literal in a Swift file, each site as one text edit that the runner writes as a schema.

Python 3 standard library only. A small Swift lexer finds the sites in code (never in comments,
string literals or `#if` lines); a precedence-aware scan delimits each binary operator's operands,
so that the edited span is a whole sub-expression and `(guard ? (mutated) : (original))` keeps the
original's meaning. A site is usable only where its snippet (the lines holding the span) occurs
exactly once in the file and the span once in that snippet, as the catalogue's edits require.
What is skipped is counted by reason, never silently dropped.

Ids are stable across unrelated edits: `O-<file>-<hash of the snippet>-<mutation>[-k]`, where k
numbers the same mutation's sites within one snippet. Editing the mutated lines changes the id
(a hand triage of the old id is then reported as unknown and must be redone).
"""

from __future__ import annotations

import dataclasses
import hashlib
import re

# Binary operators: precedence (higher binds tighter) and associativity, as in the Swift standard
# library's precedence groups.
PRECEDENCE = {
    "<<": 10, ">>": 10,
    "*": 9, "/": 9, "%": 9, "&*": 9, "&": 9,
    "+": 8, "-": 8, "&+": 8, "&-": 8, "|": 8, "^": 8,
    "..<": 7, "...": 7,
    "??": 5,
    "<": 4, "<=": 4, ">": 4, ">=": 4, "==": 4, "!=": 4, "===": 4, "!==": 4, "~=": 4,
    "&&": 3, "||": 2,
    "?": 1,
}
ASSIGNMENT = 0  # = += -= *= /= and every other operator ending in `=` that is not a comparison
RIGHT_ASSOCIATIVE = {"??", "?"}

# The mutations of each binary operator: (mutation name, replacement).
BINARY = {
    "<": [("lt-le", "<=")],
    "<=": [("le-lt", "<")],
    ">": [("gt-ge", ">=")],
    ">=": [("ge-gt", ">")],
    "==": [("eq-ne", "!=")],
    "!=": [("ne-eq", "==")],
    "+": [("add-sub", "-")],
    "-": [("sub-add", "+")],
    "*": [("mul-div", "/")],
    "/": [("div-mul", "*")],
    "+=": [("addeq-subeq", "-=")],
    "-=": [("subeq-addeq", "+=")],
    "*=": [("muleq-diveq", "/=")],
    "/=": [("diveq-muleq", "*=")],
    "&&": [("and-or", "||")],
    "||": [("or-and", "&&")],
}
CALLS = {"min": ("min-max", "max"), "max": ("max-min", "min")}
LITERALS = {"true": ("true-false", "false"), "false": ("false-true", "true")}

OPERATOR_CHARS = set("/=-+!*%<>&|^~?")
# Keywords before or after an operand that end it cleanly (statement or clause boundaries).
BOUNDARY_WORDS = {"return", "if", "guard", "while", "let", "var", "case", "in", "else", "switch", "throw",
                  "try", "await", "where", "for", "repeat", "defer"}
EXPRESSION_WORDS = {"self", "Self", "super", "nil", "true", "false"}
KEYWORDS = BOUNDARY_WORDS | {"func", "init", "struct", "enum", "class", "protocol", "extension", "import",
                             "public", "private", "fileprivate", "internal", "static", "mutating", "inout",
                             "throws", "rethrows", "is", "as", "some", "any", "typealias", "subscript",
                             "default", "break", "continue", "fallthrough", "do", "catch", "nonisolated"}


@dataclasses.dataclass(frozen=True)
class Token:
    kind: str  # ident number string op punct newline
    text: str
    start: int
    end: int
    space_before: bool  # whitespace, a comment, or the start of the file
    space_after: bool


@dataclasses.dataclass(frozen=True)
class Site:
    id: str
    file: str
    line: int  # 1-based, of the operator; for people only (ids never use it)
    mutation: str
    original: str  # the span: a whole sub-expression
    replacement: str
    within: str  # the lines holding the span, without the first line's indentation


class LexError(Exception):
    pass


def _skip_string(text: str, i: int) -> int:
    """`i` at the opening quote(s) (after any `#`s); returns the offset just past the literal."""
    hashes = 0
    while i - hashes - 1 >= 0 and text[i - hashes - 1] == "#":
        hashes += 1
    multi = text.startswith('"""', i)
    close = ('"""' if multi else '"') + "#" * hashes
    i += 3 if multi else 1
    while i < len(text):
        c = text[i]
        if c == "\\" and text.startswith("#" * hashes, i + 1):
            j = i + 1 + hashes
            if j < len(text) and text[j] == "(":
                i = _skip_interpolation(text, j + 1)
                continue
            i = j + 1
            continue
        if text.startswith(close, i):
            return i + len(close)
        if c == "\n" and not multi:
            raise LexError("unterminated string literal")
        i += 1
    raise LexError("unterminated string literal")


def _skip_interpolation(text: str, i: int) -> int:
    depth = 1
    while i < len(text):
        c = text[i]
        if c == '"':
            i = _skip_string(text, i)
            continue
        if c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise LexError("unterminated string interpolation")


def tokenize(text: str) -> list[Token]:
    """Tokens of code only: comments vanish (as whitespace), string literals are one token, and a
    line starting with `#` (a compiler directive) yields nothing."""
    raw: list[tuple[str, int, int]] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == "\n":
            raw.append(("newline", i, i + 1))
            i += 1
        elif c in " \t\r":
            i += 1
        elif text.startswith("//", i):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while depth and i < n:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
            if depth:
                raise LexError("unterminated block comment")
        elif c == "#" and text[text.rfind("\n", 0, i) + 1:i].strip() == "" and re.match(r"#(if|elseif|else|endif)\b", text[i:]):
            i = text.find("\n", i)
            i = n if i < 0 else i
        elif c == "#" and re.match(r'#+"', text[i:]):
            j = i
            while text[j] == "#":
                j += 1
            end = _skip_string(text, j)
            raw.append(("string", i, end))
            i = end
        elif c == '"':
            end = _skip_string(text, i)
            raw.append(("string", i, end))
            i = end
        elif c.isalpha() or c == "_" or c == "$":
            m = re.compile(r"[A-Za-z_$][A-Za-z0-9_$]*").match(text, i)
            raw.append(("ident", i, m.end()))
            i = m.end()
        elif c == "`":
            j = text.find("`", i + 1)
            if j < 0:
                raise LexError("unterminated backtick identifier")
            raw.append(("ident", i, j + 1))
            i = j + 1
        elif c.isdigit():
            m = re.compile(r"0[xob][0-9A-Fa-f_]+|[0-9][0-9_]*(\.[0-9][0-9_]*)?([eE][-+]?[0-9_]+)?").match(text, i)
            raw.append(("number", i, m.end()))
            i = m.end()
        elif c == "." and text.startswith("..", i):
            j = i
            while j < n and (text[j] == "." or text[j] in OPERATOR_CHARS):
                j += 1
            raw.append(("op", i, j))
            i = j
        elif c in OPERATOR_CHARS:
            j = i
            while j < n and text[j] in OPERATOR_CHARS:
                j += 1
            raw.append(("op", i, j))
            i = j
        else:
            raw.append(("punct", i, i + 1))
            i += 1
    tokens = []
    for k, (kind, s, e) in enumerate(raw):
        before = s == 0 or text[s - 1] in " \t\r\n/" or text[s - 1:s] in "([{,;:" or (text[s - 2:s] == "*/")
        after = e >= n or text[e] in " \t\r\n" or text[e] in ")]},;:" or text.startswith("//", e) or text.startswith("/*", e)
        tokens.append(Token(kind, text[s:e], s, e, before, after))
    return tokens


def is_binary(t: Token) -> bool:
    return t.kind == "op" and t.space_before and t.space_after or (t.kind == "ident" and t.text in ("is", "as"))


def precedence(t: Token) -> int | None:
    if t.kind != "op" or not is_binary(t):
        return None
    if t.text in PRECEDENCE:
        return PRECEDENCE[t.text]
    if t.text.endswith("=") and t.text not in ("==", "!=", "<=", ">=", "===", "!=="):
        return ASSIGNMENT
    return None


def _matching(tokens: list[Token], i: int, step: int) -> int | None:
    """The index of the bracket matching tokens[i], scanning by `step` (+1 forward, -1 back)."""
    pairs = {"(": ")", "[": "]", "{": "}"} if step > 0 else {")": "(", "]": "[", "}": "{"}
    want, depth = pairs[tokens[i].text], 0
    j = i
    while 0 <= j < len(tokens):
        t = tokens[j]
        if t.kind == "punct" and t.text == tokens[i].text:
            depth += 1
        elif t.kind == "punct" and t.text == want:
            depth -= 1
            if depth == 0:
                return j
        j += step
    return None


def _glued_callee(tokens: list[Token], open_: int) -> bool:
    """Whether the bracket at `open_` is a call or subscript of what comes right before it."""
    if open_ == 0 or tokens[open_].space_before:
        return False
    t = tokens[open_ - 1]
    return (t.kind in ("ident", "string") and (t.text not in KEYWORDS or t.text in EXPRESSION_WORDS)) \
        or (t.kind == "punct" and t.text in ")]") or (t.kind == "op" and t.text in ("!", "?"))


def _operand_start(tokens: list[Token], i: int) -> int | None:
    """Backwards from the token before index `i`: where the unary expression ending there starts."""
    j = _prev_code(tokens, i - 1)
    start = None
    while j >= 0:
        t = tokens[j]
        if t.kind == "op" and t.text in ("!", "?") and not t.space_before:  # postfix unwrap
            j -= 1
            continue
        if t.kind == "punct" and t.text in ")]":
            open_ = _matching(tokens, j, -1)
            if open_ is None:
                return None
            start = open_
            if _glued_callee(tokens, open_):
                j = open_ - 1
                continue
            break
        if t.kind in ("number", "string") or (t.kind == "ident" and (t.text not in KEYWORDS or t.text in EXPRESSION_WORDS)):
            start = j
            if j > 0 and not t.space_before and tokens[j - 1].kind == "punct" and tokens[j - 1].text == ".":
                start = j - 1
                if j > 1 and not tokens[j - 1].space_before:  # a member of what comes before
                    j -= 2
                    continue
            break
        return None
    if start is None:
        return None
    while start > 0 and tokens[start - 1].kind == "op" and not tokens[start - 1].space_after and tokens[start - 1].space_before:
        start -= 1  # prefix operators
    return start


def _operand_end(tokens: list[Token], i: int) -> int | None:
    """Forwards from index `i`: the last index of the unary expression starting there."""
    while i < len(tokens) and tokens[i].kind == "newline":
        i += 1
    while i < len(tokens) and tokens[i].kind == "op" and not tokens[i].space_after and tokens[i].text in ("!", "-", "+", "~"):
        i += 1
    if i >= len(tokens):
        return None
    t = tokens[i]
    if t.kind == "punct" and t.text in "([":
        end = _matching(tokens, i, +1)
    elif t.kind == "punct" and t.text == "." and i + 1 < len(tokens) and tokens[i + 1].kind == "ident":
        end = i + 1
    elif t.kind in ("number", "string") or (t.kind == "ident" and (t.text not in KEYWORDS or t.text in EXPRESSION_WORDS)):
        end = i
    else:
        return None
    if end is None:
        return None
    while end + 1 < len(tokens):
        nxt = tokens[end + 1]
        if nxt.kind == "punct" and nxt.text in "([" and not nxt.space_before:
            end = _matching(tokens, end + 1, +1)
            if end is None:
                return None
        elif nxt.kind == "punct" and nxt.text == "." and end + 2 < len(tokens) and tokens[end + 2].kind in ("ident", "number"):
            end += 2
        elif nxt.kind == "op" and nxt.text in ("!", "?") and not nxt.space_before:
            end += 1
        else:
            break
    return end


def _next_code(tokens: list[Token], i: int) -> int:
    while i < len(tokens) and tokens[i].kind == "newline":
        i += 1
    return i


def _prev_code(tokens: list[Token], i: int) -> int:
    while i >= 0 and tokens[i].kind == "newline":
        i -= 1
    return i


CLEAN_LEFT = {"(", "[", "{", ",", ":", ";"}
CLEAN_RIGHT = {")", "]", "{", "}", ",", ":", ";"}


def _continues(tokens: list[Token], j: int, step: int) -> int | None:
    """From tokens[j] (next to an operand, scanning by `step`): the index of a binary operator that
    continues the expression, or None when the expression ends cleanly there. Raises ValueError
    when what follows cannot be classified."""
    if not 0 <= j < len(tokens):
        return None
    t = tokens[j]
    if t.kind == "newline":  # an operator across the line break continues the expression
        while 0 <= j < len(tokens) and tokens[j].kind == "newline":
            j += step
        return j if 0 <= j < len(tokens) and precedence(tokens[j]) is not None else None
    if precedence(t) is not None:
        return j
    clean = CLEAN_LEFT if step < 0 else CLEAN_RIGHT
    if (t.kind == "punct" and t.text in clean) or (t.kind == "ident" and t.text in BOUNDARY_WORDS):
        return None
    raise ValueError(t.text)


def binary_span(tokens: list[Token], k: int) -> tuple[int, int] | None:
    """The token range [first, last] of the binary expression whose operator is tokens[k], or None
    when its operands cannot be delimited with confidence."""
    q = precedence(tokens[k])
    if q is None:
        return None
    right_assoc = tokens[k].text in RIGHT_ASSOCIATIVE
    first, last = _operand_start(tokens, k), _operand_end(tokens, k + 1)
    try:
        while first is not None:  # extend left over tighter (or equal, left-associative) operators
            j = _continues(tokens, first - 1, -1)
            p = None if j is None else precedence(tokens[j])
            if p is None or not (p > q or (p == q and not right_assoc and q != PRECEDENCE["<"])):
                break
            first = _operand_start(tokens, j)
        while last is not None:  # extend right over tighter (or equal, right-associative) operators
            j = _continues(tokens, last + 1, +1)
            p = None if j is None else precedence(tokens[j])
            if p is None or not (p > q or (p == q and right_assoc)):
                break
            last = _operand_end(tokens, j + 1)
    except ValueError:
        return None
    return None if first is None or last is None else (first, last)


@dataclasses.dataclass
class Generated:
    sites: list[Site]
    skipped: dict[str, int]  # reason → how many mutants


def _candidates(tokens: list[Token]) -> list[tuple[int, int, int, str, str]]:
    """(operator token index, first, last, mutation, replacement of the span) for every site, with
    `None` first/last where the operands could not be delimited."""
    out = []
    for k, t in enumerate(tokens):
        if t.kind == "op" and t.text in BINARY and is_binary(t):
            span = binary_span(tokens, k)
            for name, rep in BINARY[t.text]:
                out.append((k, *(span or (None, None)), name, rep))
        elif t.kind == "op" and t.text == "!" and not t.space_after and (t.space_before or tokens[k - 1].text in "([{,;:"):
            last = _operand_end(tokens, k + 1)
            out.append((k, k, last, "not-drop", ""))
        elif t.kind == "ident" and t.text in CALLS:
            prev = tokens[k - 1] if k > 0 else None
            if prev and (prev.text == "." or prev.text == "func"):
                continue
            if k + 1 < len(tokens) and tokens[k + 1].text == "(" and not tokens[k + 1].space_before:
                close = _matching(tokens, k + 1, +1)
                out.append((k, k, close, *CALLS[t.text]))
        elif t.kind == "ident" and t.text in LITERALS:
            prev = tokens[k - 1] if k > 0 else None
            if prev and prev.text == ".":
                continue
            out.append((k, k, k, *LITERALS[t.text]))
    return out


def _replace(text: str, tokens: list[Token], k: int, first: int, last: int, name: str, rep: str) -> str:
    s, e = tokens[first].start, tokens[last].end
    op = tokens[k]
    if name == "not-drop":
        return text[op.end:e]
    return text[s:op.start] + rep + text[op.end:e]


CONTEXT_LINES = 3


def _unique_context(text: str, lo: int, hi: int) -> str | None:
    """The lines text[lo:hi], widened by up to CONTEXT_LINES whole lines before and after until
    they occur exactly once in the file; None if they never do."""
    for _ in range(2 * CONTEXT_LINES + 1):
        within = text[lo:hi]
        if text.count(within) == 1:
            return within
        start = text.rfind("\n", 0, lo) + 1
        if _ % 2 == 0 and start > 0:  # the line before, from its indentation
            lo = text.rfind("\n", 0, start - 1) + 1
            lo += len(text[lo:]) - len(text[lo:].lstrip(" \t"))
        elif hi < len(text):
            nxt = text.find("\n", hi + 1)
            hi = len(text) if nxt < 0 else nxt
    return None


def generate(file: str, text: str, stem: str) -> Generated:
    """Every operator site of one file."""
    try:
        tokens = tokenize(text)
    except LexError as e:
        return Generated([], {f"file not lexed ({e})": 1})
    sites: list[Site] = []
    skipped: dict[str, int] = {}
    counts: dict[tuple[str, str], int] = {}

    def skip(reason: str) -> None:
        skipped[reason] = skipped.get(reason, 0) + 1

    for k, first, last, name, rep in _candidates(tokens):
        if first is None or last is None:
            skip("operands not delimited")
            continue
        s, e = tokens[first].start, tokens[last].end
        lo = text.rfind("\n", 0, s) + 1
        lo += len(text[lo:]) - len(text[lo:].lstrip(" \t"))
        hi = text.find("\n", e)
        hi = len(text) if hi < 0 else hi
        original = text[s:e]
        within = _unique_context(text, lo, hi)
        if within is None or within.count(original) != 1:
            skip("snippet not unique")
            continue
        digest = hashlib.sha1(" ".join(within.split()).encode("utf-8")).hexdigest()[:6]
        nth = counts[(digest, name)] = counts.get((digest, name), 0) + 1
        sid = f"O-{stem}-{digest}-{name}" + (f"-{nth}" if nth > 1 else "")
        line = text.count("\n", 0, tokens[k].start) + 1
        sites.append(Site(sid, file, line, name, original, _replace(text, tokens, k, first, last, name, rep), within))
    return Generated(sites, skipped)
