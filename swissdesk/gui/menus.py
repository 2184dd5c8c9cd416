"""The menus, toolbars, context menus and shortcuts of the main window, in one table.

:data:`MENUS` declares every command once: its menu, text, shortcut and the slot it calls
(a dotted path from the window, e.g. ``"players.add_player"``: the players page's
controller). The window builds its ``QAction``\\ s and menus from it
(:func:`build_actions`, :func:`build_menus`); the keyboard help (Help > Keyboard) is generated from the
same table (:func:`keyboard_help_text`), so a new command appears in both at once. F1 opens
the user manual (:mod:`swissdesk.gui.help`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import attrgetter
from typing import Any

from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import QMenu, QMenuBar, QToolBar, QWidget

Shortcut = QKeySequence.StandardKey | str | None
_SK = QKeySequence.StandardKey


@dataclass(frozen=True, slots=True)
class Command:
    """One menu command: ``key`` names it in ``window.actions``; ``slot`` is the dotted
    path of the method it calls on the window (with ``args``); ``needs_file``: disabled
    while no tournament is open."""

    key: str
    text: str
    slot: str
    shortcut: Shortcut = None
    args: tuple[Any, ...] = ()
    needs_file: bool = True
    tip: str = ""


SEPARATOR = None
RECENT = "recent"
"""Placeholder: the "Open recent" submenu (filled with the recent files)."""
REPORTS = "reports"
"""Placeholder: the "Export PDF" submenu (one command per report kind)."""
RESULTS = "results"
"""Placeholder: the "Set result" submenu (one command per board result, for the mouse)."""

RESULT_CHOICES: tuple[tuple[str, str, str], ...] = (
    ("1-0", "1 – 0", "1"),
    ("0-1", "0 – 1", "0"),
    ("1/2", "½ – ½", "= or 5"),
    ("+-", "1 – 0 by forfeit (+ −)", "+"),
    ("-+", "0 – 1 by forfeit (− +)", "-"),
    ("--", "Double forfeit, 0 – 0 (− −)", "*"),
    ("0-0", "0 – 0, both lose", "z"),
    ("1/2-0", "½ – 0", "h"),
    ("0-1/2", "0 – ½", "Shift+H"),
    ("1-0u", "1 – 0 unrated (fewer than one move)", "w"),
    ("0-1u", "0 – 1 unrated (fewer than one move)", "l"),
    ("1/2u", "½ – ½ unrated (fewer than one move)", "d"),
    ("", "Clear the result", "Del"),
)
"""The results the board list accepts: (stored value, menu text, key typed on the list)."""

MenuItem = Command | str | None

PAGE_NAMES = (
    *("&Players", "&Rounds", "&Standings", "&Cross table", "&Audit log"),
    *("&Teams", "&Matches", "Team stan&dings", "A&ll sections / check-in"),
)
"""The View menu's pages in the window's tab order (Ctrl+1 ... Ctrl+9); an individual
event hides the team pages, a team event the individual standings and cross table."""

MENUS: tuple[tuple[str, tuple[MenuItem, ...]], ...] = (
    (
        "&File",
        (
            Command("new", "&New tournament…", "files.new_tournament", _SK.New, needs_file=False),
            Command("open", "&Open…", "files.open_dialog", _SK.Open, needs_file=False),
            RECENT,
            Command("sample", "Open &sample tournament", "files.open_sample", needs_file=False),
            SEPARATOR,
            Command("import", "&Import TRF…", "files.import_trf", "Ctrl+I", needs_file=False),
            Command(
                "import_rating_list",
                "Import rating &list…",
                "rating_list.import_list",
                needs_file=False,
            ),
            Command(
                "download_rating_lists",
                "Do&wnload rating lists…",
                "rating_list.download_lists",
                needs_file=False,
                tip="Download the FIDE list (and national lists) and import them: at home, "
                "the venue needs no network",
            ),
            Command(
                "rating_list_formats",
                "Rating list forma&ts…",
                "rating_list.edit_formats",
                needs_file=False,
                tip="How to read a national list in its own layout (CSV or fixed width)",
            ),
            Command("export", "&Export TRF…", "files.export_trf", "Ctrl+E"),
            Command("copy", "Save a cop&y as…", "files.save_copy", "Ctrl+Shift+S"),
            SEPARATOR,
            Command("print", "&Print…", "printing.print_document", _SK.Print),
            Command("preview", "Print pre&view…", "printing.print_preview", "Ctrl+Alt+P"),
            REPORTS,
            SEPARATOR,
            Command("close", "&Close tournament", "files.close_tournament", _SK.Close),
            Command("quit", "&Quit", "close", "Ctrl+Q", needs_file=False),
        ),
    ),
    (
        "&Edit",
        (
            Command("undo", "&Undo last action", "audit.undo", _SK.Undo),
            Command("redo", "&Redo", "audit.redo", "Ctrl+Shift+Z"),
            Command("settings", "Tournament &settings…", "files.edit_settings", "Ctrl+,"),
            Command(
                "prohibited",
                "&Prohibited pairs…",
                "players.prohibited_pairs",
                tip="Players who must not be paired together (before round 1 in FIDE mode)",
            ),
            Command(
                "chess960",
                "Chess&960…",
                "files.chess960",
                tip="Play Chess960: a starting position drawn for each round",
            ),
            SEPARATOR,
            Command(
                "leave_fide_mode",
                "Leave &FIDE mode…",
                "files.leave_fide_mode",
                tip="Take the tournament out of FIDE mode, for good (a double confirmation)",
            ),
        ),
    ),
    (
        "&Players",
        (
            Command("add_player", "&Add player…", "players.add_player", "Ctrl+Shift+A"),
            Command("edit_player", "&Edit player…", "players.edit_player", "F2"),
            Command("remove_player", "&Remove player", "players.remove_player"),
            Command(
                "sort",
                "&Sort pairing numbers (C.04.2 art. 2.2)",
                "players.assign_pairing_numbers",
            ),
            Command("draw_lots", "&Draw pairing numbers by lot…", "players.draw_lots"),
            Command(
                "order_numbers", "Set pairing numbers by &hand…", "players.order_pairing_numbers"
            ),
            SEPARATOR,
            Command("late", "&Late entry…", "players.late_entry", "Ctrl+Shift+L"),
            Command("withdraw", "&Withdraw player…", "players.withdraw", "Ctrl+Shift+W"),
            Command("expel", "E&xpel player…", "players.expel"),
            Command("half_byes", "Hal&f-point byes allowed…", "players.half_byes"),
            Command("bye", "Requested &bye / absence…", "players.request_bye", "Ctrl+Shift+B"),
            Command("cancel_bye", "&Cancel requested bye…", "players.cancel_bye"),
            Command(
                "move_to_section", "&Move to another section…", "event_sections.move_player",
                tip="A player who entered the wrong section, before that section's round 1",
            ),
            SEPARATOR,
            Command(
                "player_card",
                "Pla&yer card (rating change, norms)…",
                "standings.player_card",
                "Ctrl+K",
                tip="The selected player's rating change game by game and title norms",
            ),
            Command(
                "prizes",
                "Pri&ze list and categories…",
                "prizes.open_prizes",
                "Ctrl+Shift+R",
                tip="Who wins what: places and category prizes, ties shared, the PDF and CSV",
            ),
            SEPARATOR,
            Command(
                "update_ratings",
                "&Update ratings from the rating list…",
                "rating_list.update_ratings",
            ),
            Command(
                "later_ratings",
                "La&ter ratings (event over 30 days)…",
                "players.later_ratings",
                tip="The ratings of a later rating period, held from a round on",
            ),
        ),
    ),
    (
        "&Round",
        (
            Command("pair", "&Pair next round", "pairing.pair_next_round", "Ctrl+Shift+P"),
            Command(
                "cancel_pairing", "Ca&ncel pairing", "pairing.cancel_pairing", needs_file=False
            ),
            Command("explain", "E&xplain pairing…", "pairing.explain_round", "Ctrl+Shift+X"),
            SEPARATOR,
            Command(
                "pair_by_hand",
                "Pair &by hand…",
                "rounds.pair_by_hand",
                tip="Create the next round by hand, or change the last one (compared with "
                "the engine's pairing when you finish)",
            ),
            Command("manual", "&Change pairing…", "rounds.manual_pairing", "Ctrl+Shift+M"),
            Command(
                "finish_manual", "Finis&h pairing by hand", "rounds.finish_manual_pairing"
            ),
            Command(
                "cancel_manual", "Cance&l pairing by hand", "rounds.cancel_manual_pairing"
            ),
            Command("unpair", "&Unpair round", "rounds.unpair_round"),
            Command(
                "rating_correction",
                "Correct for the ratin&g report…",
                "rounds.rating_correction",
                tip="Count the selected board's game with another result in the rating "
                "changes only; the pairings and standings keep the result entered",
            ),
            SEPARATOR,
            Command(
                "next_missing", "Go to next board &without result", "rounds.next_missing", "Ctrl+J"
            ),
            Command("find_board", "&Find board or player…", "rounds.find_board", "Ctrl+G"),
            RESULTS,
            Command(
                "accept_reports", "Accept confirmed rep&orts", "phones.accept_confirmed",
                "Ctrl+Shift+Y",
                tip="Enter every result both players confirmed from their phones",
            ),
            Command(
                "accept_board_report", "Accept this board's r&eport",
                "phones.accept_board", "Ctrl+Shift+E",
                tip="Enter the result reported from the phones for the selected board",
            ),
            SEPARATOR,
            Command("prev_round", "Pre&vious round", "rounds.previous_round", "Ctrl+PgUp"),
            Command("next_round", "Nex&t round", "rounds.next_round", "Ctrl+PgDown"),
        ),
    ),
    (
        "&Teams",
        (
            Command("add_team", "&Add team…", "teams.add_team"),
            Command("sort_teams", "&Sort teams by strength", "teams.sort_teams"),
            SEPARATOR,
            Command("lineup_first", "Line-up of the &first team…", "teams.edit_lineup_first"),
            Command("lineup_second", "Line-up of the s&econd team…", "teams.edit_lineup_second"),
            Command("forfeit_match", "F&orfeited match…", "teams.forfeit_match"),
            SEPARATOR,
            Command(
                "team_pairings_pdf", "Team &pairings (PDF)…", "printing.export_pdf",
                args=("team-pairings",),
            ),
            Command("match_sheets", "&Match sheets (PDF)…", "teams.print_match_sheets"),
            Command("team_standings_pdf", "Team s&tandings (PDF)…", "teams.print_standings"),
            Command(
                "team_crosstable_pdf", "Team &cross table (PDF)…", "printing.export_pdf",
                args=("team-crosstable",),
            ),
            Command(
                "board_results_pdf", "&Board results (PDF)…", "printing.export_pdf",
                args=("team-boards",),
            ),
        ),
    ),
    (
        "&Sections",
        (
            Command(
                "next_section", "&Next section", "event_sections.next_section", "F6",
                tip="Show the event's next section (Shift+F6: the previous one)",
            ),
            Command(
                "previous_section",
                "&Previous section",
                "event_sections.previous_section",
                "Shift+F6",
            ),
            SEPARATOR,
            Command("add_section", "&Add section…", "event_sections.add_section"),
            Command("remove_section", "&Remove this section", "event_sections.remove_section"),
            Command("event_name", "&Event name…", "event_sections.rename_event"),
            SEPARATOR,
            Command(
                "hall_boards", "Board list for the &hall (all sections)…",
                "printing.export_pdf", args=("hall-boards",),
            ),
        ),
    ),
    (
        "Ve&nue",
        (
            Command(
                "venue_serve", "&Serve on the venue network…", "venue.start_serving",
                tip="Pairings, standings and live results on the players' phones and the "
                "hall's screens (a web server that only reads the tournament file)",
            ),
            Command("venue_address", "&Address, QR code and hall screens…",
                    "venue.show_address"),
            Command("venue_notice", "A&nnouncement for the hall…", "venue.edit_notice"),
            Command("venue_stop", "S&top serving", "venue.stop_serving"),
            SEPARATOR,
            Command(
                "phones", "Players' p&hones: check-in and results…", "phones.show_dialog",
                tip="Let the players check in and report their results from their phones "
                "with their personal codes (through the venue server)",
            ),
            Command("renew_code", "New personal &code for the selected player",
                    "phones.renew_code"),
            Command("revoke_code", "Take the selected player's code a&way",
                    "phones.revoke_code"),
            SEPARATOR,
            Command("venue_publish", "&Publish as a web site…", "venue.publish",
                    tip="The same pages as a .zip of plain HTML files for the club's web space"),
        ),
    ),
    (
        "&View",
        tuple(
            Command(f"page_{i}", name, "show_page", f"Ctrl+{i + 1}", args=(i,))
            for i, name in enumerate(PAGE_NAMES)
        ),
    ),
    (
        "&Help",
        (
            Command(
                "user_manual", "&Manual", "show_manual", _SK.HelpContents, needs_file=False,
                tip="The user manual (F1 in a dialog opens its section)",
            ),
            Command("keys", "&Keyboard", "keyboard_help", needs_file=False),
            Command("rules", "Pairing &rules…", "pairing_rules", needs_file=False),
            Command("about", "&About swissdesk", "about", needs_file=False),
        ),
    ),
)
"""Every menu, top to bottom: commands, separators (``None``) and submenu placeholders."""

PLAYERS_TOOLBAR = (
    *("add_player", "edit_player", "sort", SEPARATOR),
    *("late", "withdraw", "bye", "cancel_bye"),
)
"""The players page's toolbar (``None``: separator)."""
PLAYERS_CONTEXT = ("edit_player", "withdraw", "bye", "cancel_bye", "remove_player")
ROUNDS_CONTEXT = ("manual", "explain", "next_missing", "rating_correction")
"""(The board list's context menu starts with the "Set result" submenu.)"""
"""The context menus of the players table and the board list."""

_ROUND_VIEW = "Round view (select a board, then type)"
PAGE_KEYS: tuple[tuple[str, str, str], ...] = (
    *((_ROUND_VIEW, key, text.replace("\t", " ")) for _v, text, key in RESULT_CHOICES),
    (_ROUND_VIEW, "Ctrl+F", "Find a board (type its number) or a player (name)"),
    (_ROUND_VIEW, "right-click", "Set result with the mouse"),
    ("Players page", "Ctrl+F", "Search players"),
    ("Players page", "Enter", "Edit the selected cell (or double-click it)"),
    ("Matches page (select a board, then type)", "1 = 0 + -", "Board result, first team's side"),
    ("Matches page (select a board, then type)", "Del", "Clear the board's result"),
)
"""Keys that work inside one page (no menu command): shown in the keyboard help."""


def report_commands() -> tuple[Command, ...]:
    """One "Export PDF" command per document, an individual event's and a team event's
    (the window shows those of the open event; File > Print… prints any of them)."""
    from swissdesk.gui.printing import document_kinds

    return tuple(
        Command(f"report_{kind}", f"{title}…", "printing.export_pdf", None, args=(kind,))
        for team in (False, True)
        for kind, title in document_kinds(team)
    )


def result_commands() -> tuple[Command, ...]:
    """One "Set result" command per board result (the key is shown, the board list
    handles it: a window-wide shortcut "1" would swallow digits typed in fields)."""
    return tuple(
        Command(f"result_{i}", f"{text}\t{key}", "rounds.set_result", args=(value,))
        for i, (value, text, key) in enumerate(RESULT_CHOICES)
    )


def all_commands() -> list[Command]:
    """Every command of the table, in menu order (the report kinds in their submenu)."""
    return [c for _title, items in MENUS for c in _commands(items)]


def _commands(items: Sequence[MenuItem]) -> list[Command]:
    """The commands of one menu in order, the report kinds in place of their submenu."""
    out: list[Command] = []
    for item in items:
        if isinstance(item, Command):
            out.append(item)
        elif item == REPORTS:
            out += report_commands()
        elif item == RESULTS:
            out += result_commands()
    return out


def _make_action(parent: QWidget, command: Command, slot: Callable[..., Any]) -> QAction:
    action = QAction(command.text, parent)
    if command.shortcut is not None:
        action.setShortcut(QKeySequence(command.shortcut))
        action.setShortcutVisibleInContextMenu(True)
    if command.tip:
        action.setStatusTip(command.tip)
        action.setToolTip(command.tip)
    args = command.args
    action.triggered.connect(lambda _checked=False: slot(*args))
    return action


def build_actions(window: QWidget) -> dict[str, QAction]:
    """A ``QAction`` for every command, connected to its slot on ``window``."""
    return {c.key: _make_action(window, c, attrgetter(c.slot)(window)) for c in all_commands()}


def build_menus(bar: QMenuBar, actions: dict[str, QAction]) -> dict[str, QMenu]:
    """Fill the menu bar from :data:`MENUS`; returns the submenus by placeholder name."""
    submenus: dict[str, QMenu] = {}
    for title, items in MENUS:
        menu = bar.addMenu(title)
        for item in items:
            if item is SEPARATOR:
                menu.addSeparator()
            elif isinstance(item, Command):
                menu.addAction(actions[item.key])
            elif item == RECENT:
                submenus[RECENT] = menu.addMenu("Open &recent")
            elif item == REPORTS:
                reports = menu.addMenu("Export P&DF")
                reports.addActions([actions[c.key] for c in report_commands()])
                submenus[REPORTS] = reports
            elif item == RESULTS:
                results = menu.addMenu("Set &result")
                results.addActions([actions[c.key] for c in result_commands()])
                submenus[RESULTS] = results
    return submenus


def add_actions(widget: QWidget, keys: Sequence[str | None], actions: dict[str, QAction]) -> None:
    """Put the named actions on a toolbar or a table's context menu (``None``: separator)."""
    for key in keys:
        if key is None and isinstance(widget, QToolBar):
            widget.addSeparator()
        elif key is not None:
            widget.addAction(actions[key])


def _plain(text: str) -> str:
    return text.replace("&", "").rstrip("…")


def keyboard_help_text() -> str:
    """The keyboard help (Help > Keyboard), generated from :data:`MENUS` and :data:`PAGE_KEYS`."""
    lines: list[str] = []
    where = ""
    for place, keys, meaning in PAGE_KEYS:
        if place != where:
            lines += ["", f"{place}:"] if lines else [f"{place}:"]
            where = place
        lines.append(f"  {keys:<12} {meaning}")
    for title, items in MENUS:
        shown = [
            (QKeySequence(c.shortcut).toString(QKeySequence.SequenceFormat.NativeText), c)
            for c in _commands(items)
            if c.shortcut is not None
        ]
        if not shown:
            continue
        lines += ["", f"{_plain(title)} menu:"]
        lines += [f"  {keys:<14} {_plain(c.text)}" for keys, c in shown]
    return "\n".join(lines)
