"""``python -m swissdesk.translations extract|update|compile|check`` (issue 38)."""

from __future__ import annotations

import argparse
import sys

from swissdesk.translations import catalogs


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m swissdesk.translations",
        description="Keep swissdesk's message catalogs (Babel): extract the template from the "
        "source, update every language's catalog to it, compile them, check them as CI does.",
    )
    parser.add_argument("action", choices=("extract", "update", "compile", "check"))
    parser.add_argument("--language", action="append", metavar="LL",
                        help="only this language (repeatable); default: all")  # fmt: skip
    args = parser.parse_args(argv)
    languages = args.language or catalogs.TRANSLATED_LANGUAGES
    if args.action == "extract":
        catalogs.write_templates()
    elif args.action == "update":
        catalogs.update(languages)
    elif args.action == "compile":
        catalogs.compile_all(languages)
    else:
        problems = catalogs.check()
        for problem in problems:
            print(problem)
        return 1 if problems else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
