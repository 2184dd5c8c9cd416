"""The manual's chapter "Every command and option", generated from the command line's own
parsers so that it never drifts from them.

The chapter is package data (``swissdesk/manual/chapters/NN-cli-reference.md``: the window
reads the manual below the command line's layer); ``tests/manual`` fails when the file
differs from what this module generates. After adding or changing a command or an option:

    python -m swissdesk.cli.reference          # rewrites the chapter

The text is built from the parsers' actions (names, metavars, choices, defaults, help), not
from argparse's formatted help, whose layout changes between Python versions.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterator
from pathlib import Path

CHAPTER_FILE = "17-cli-reference.md"
HEADER = """# Every command and option {#command-reference}

This chapter lists every command of `swissdesk` (and of `swissdesk-cli`, the same commands
in the installed program) with every option, as `swissdesk COMMAND --help` prints them.
It is generated from the program's own command definitions, so it always matches the
version it comes with. How the commands fit together, with examples, is in
[Working from the command line](#command-line).

Exit codes of every command: 0 done; 1 no valid pairing, or `check` found something wrong;
2 bad input (the message names the file, line and column); 3 (`check` only) nothing wrong
found but the standings could not all be checked; 4 the action needs a confirmation
(`--yes-i-know LEVEL`) and nothing was changed.
"""


def _subparsers(
    parser: argparse.ArgumentParser,
) -> argparse._SubParsersAction[argparse.ArgumentParser] | None:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return action
    return None


def commands(
    parser: argparse.ArgumentParser, prefix: tuple[str, ...] = ()
) -> Iterator[tuple[tuple[str, ...], argparse.ArgumentParser, str]]:
    """``(words, parser, one-line help)`` of every command and sub-command, in the order
    ``--help`` lists them (``("team", "new")`` for ``swissdesk team new``)."""
    sub = _subparsers(parser)
    if sub is None:
        return
    helps = {a.dest: a.help or "" for a in sub._choices_actions}
    seen: set[int] = set()
    for name, child in sub.choices.items():
        if id(child) in seen:  # an alias
            continue
        seen.add(id(child))
        words = (*prefix, name)
        yield words, child, helps.get(name, "")
        yield from commands(child, words)


def _expand(text: str, action: argparse.Action, prog: str) -> str:
    """An option's help with argparse's ``%(default)s``-style fields filled in."""
    params: dict[str, object] = {
        k: v for k, v in vars(action).items() if v is not argparse.SUPPRESS
    }
    params["prog"] = prog
    if params.get("choices") is not None:
        params["choices"] = ", ".join(str(c) for c in action.choices or ())
    for key, value in list(params.items()):
        if hasattr(value, "__name__"):
            params[key] = value.__name__
    try:
        return text % params
    except (KeyError, TypeError, ValueError):
        return text


def _metavar(action: argparse.Action) -> str:
    if action.metavar is not None:
        return action.metavar if isinstance(action.metavar, str) else " ".join(action.metavar)
    if action.choices is not None:
        return "{" + ",".join(str(c) for c in action.choices) + "}"
    return action.dest.upper() if action.option_strings else action.dest


def _argument(action: argparse.Action) -> str:
    """How an argument is written: ``FILE``, ``[FILE]``, ``FILE ...``, ``-o OUTPUT``."""
    if not action.option_strings:
        name = _metavar(action)
        if action.nargs == "?":
            return f"[{name}]"
        if action.nargs == "*":
            return f"[{name} ...]"
        if action.nargs == "+":
            return f"{name} [{name} ...]"
        return name
    takes_value = action.nargs != 0
    options = ", ".join(action.option_strings)
    if not takes_value:
        return options
    name = _metavar(action)
    if action.nargs == "?":
        name = f"[{name}]"
    elif action.nargs in ("*", "+"):
        name = f"{name} ..."
    return f"{options} {name}"


def _usage(words: tuple[str, ...], parser: argparse.ArgumentParser) -> str:
    parts = ["swissdesk", *words]
    has_options = False
    for action in parser._actions:
        if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
            continue
        if isinstance(action, argparse._SubParsersAction):
            parts.append("COMMAND ...")
        elif action.option_strings:
            if action.required:
                option = action.option_strings[-1]
                parts.append(option if action.nargs == 0 else f"{option} {_metavar(action)}")
            else:
                has_options = True
        else:
            parts.append(_argument(action))
    if has_options:
        parts.insert(len(words) + 1, "[options]")
    return " ".join(parts)


def _cell(text: str) -> str:
    """Text for a Markdown table cell (no line breaks, pipes escaped)."""
    return " ".join(text.split()).replace("|", "\\|")


def _anchor(words: tuple[str, ...]) -> str:
    return "cli-" + "-".join(w.lower() for w in words)


def command_anchor(words: tuple[str, ...]) -> str:
    """The manual's anchor of a command's section (``cli-team-new``)."""
    return _anchor(words)


def reference_markdown(parser: argparse.ArgumentParser | None = None) -> str:
    """The chapter's Markdown."""
    if parser is None:
        from swissdesk.cli import build_parser
        from swissdesk.i18n import using_language

        with using_language("en"):  # the manual's command chapter is the English reference
            parser = build_parser()
    found = list(commands(parser))
    lines = [HEADER, "## The commands {#cli-commands}", ""]
    lines += ["| Command | What it does |", "| --- | --- |"]
    for words, _child, summary in found:
        name = " ".join(words)
        lines.append(f"| [`{name}`](#{_anchor(words)}) | {_cell(summary)} |")
    lines.append("")
    for words, child, summary in found:
        name = " ".join(words)
        level = "##" if len(words) == 1 else "###"
        lines += [f"{level} swissdesk {name} {{#{_anchor(words)}}}", ""]
        description = child.description or summary
        if description:
            text = description.replace("%(prog)s", f"swissdesk {name}")
            lines += [" ".join(text.split()), ""]
        lines += ["```", _usage(words, child), "```", ""]
        rows = []
        for action in child._actions:
            if isinstance(action, argparse._HelpAction) or action.help == argparse.SUPPRESS:
                continue
            if isinstance(action, argparse._SubParsersAction):
                continue
            text = _expand(action.help or "", action, f"swissdesk {name}")
            if (
                action.choices is not None
                and action.metavar is not None
                and not isinstance(action.choices, dict)
            ):
                choices = ", ".join(f"`{c}`" for c in action.choices)
                text = f"{text} (one of {choices})" if text else f"one of {choices}"
            if (
                action.option_strings
                and action.nargs != 0
                and action.default not in (None, argparse.SUPPRESS, False, [], "")
                and "default" not in text.lower()
            ):
                text = f"{text} (default: `{action.default}`)"
            if action.required and action.option_strings:
                text = f"{text} (required)"
            rows.append(f"| `{_argument(action)}` | {_cell(text) or '—'} |")
        if rows:
            lines += ["| Argument or option | Meaning |", "| --- | --- |", *rows, ""]
        sub = _subparsers(child)
        if sub is not None:
            names = ", ".join(
                f"[`{name} {n}`](#{_anchor((*words, n))})" for n in dict.fromkeys(sub.choices)
            )
            lines += [f"Sub-commands: {names}.", ""]
    return "\n".join(lines).rstrip("\n") + "\n"


def chapter_path() -> Path:
    """Where the chapter lives in the source tree (package data)."""
    return Path(__file__).resolve().parents[1] / "manual" / "chapters" / CHAPTER_FILE


def main(argv: list[str] | None = None) -> int:
    """Rewrite the chapter (``python -m swissdesk.cli.reference``); ``--check`` only says
    whether it is up to date (exit 1 when not)."""
    argv = sys.argv[1:] if argv is None else argv
    text = reference_markdown()
    path = chapter_path()
    current = path.read_text(encoding="utf-8") if path.is_file() else ""
    if "--check" in argv:
        if current != text:
            print(f"{path} is out of date: run python -m swissdesk.cli.reference")
            return 1
        return 0
    if current != text:
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
