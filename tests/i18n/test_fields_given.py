"""Every marked message that is formatted gets the fields it names (issue 38): a
``_("round {next}").format(value=...)`` would raise KeyError only when the refusal is raised,
which tests may never reach; reading the source finds it at once."""

from __future__ import annotations

import ast

from swissdesk.translations.catalogs import PACKAGE_DIR, fields

MARKERS = {"_": (0,), "gettext": (0,), "ngettext": (0, 1), "pgettext": (1,), "npgettext": (1, 2)}


def formatted_messages(tree: ast.AST) -> list[tuple[int, set[str], set[str] | None]]:
    """(line, fields the message names, keywords given or None when ``**`` hides them)."""
    found = []
    for node in ast.walk(tree):
        if not (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr == "format"
        ):
            continue
        inner = node.func.value
        # (_("a {x}") if c else _("b {x}")).format(x=...) names two messages
        calls = [inner.body, inner.orelse] if isinstance(inner, ast.IfExp) else [inner]
        for call in calls:
            if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
                continue
            positions = MARKERS.get(call.func.id)
            if positions is None:
                continue
            names: set[str] = set()
            for position in positions:
                if position < len(call.args):
                    arg = call.args[position]
                    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                        names |= fields(arg.value)
            given: set[str] | None = {k.arg for k in node.keywords if k.arg is not None}
            if any(k.arg is None for k in node.keywords) or node.args:
                given = None
            found.append((node.lineno, names, given))
    return found


def test_every_formatted_message_gets_the_fields_it_names() -> None:
    problems = []
    for path in sorted(PACKAGE_DIR.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for line, names, given in formatted_messages(tree):
            if given is not None and not names <= given:  # a field given in vain is harmless
                where = path.relative_to(PACKAGE_DIR.parent)
                problems.append(f"{where}:{line}: names {sorted(names)}, given {sorted(given)}")
    assert not problems, "\n".join(problems)


def test_the_reading_finds_a_wrong_field() -> None:
    tree = ast.parse('x = _("round {next} of {total}").format(value=1, total=2)')
    assert formatted_messages(tree) == [(1, {"next", "total"}, {"value", "total"})]
