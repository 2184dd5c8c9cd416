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

from swissdesk.i18n import N_, _

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
    key_hint: str = ""
    """A key shown after the text (typed on the board list, not a window shortcut)."""

    def label(self) -> str:
        """The menu text in the window's language (the table holds the English)."""
        text = _(self.text)
        return f"{text}\t{_(self.key_hint)}" if self.key_hint else text


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
    ("1/2", "½ – ½", N_("= or 5")),
    ("+-", N_("1 – 0 by forfeit (+ −)"), "+"),
    ("-+", N_("0 – 1 by forfeit (− +)"), "-"),
    ("--", N_("Double forfeit, 0 – 0 (− −)"), "*"),
    ("0-0", N_("0 – 0, both lose"), "z"),
    ("1/2-0", "½ – 0", "h"),
    ("0-1/2", "0 – ½", "Shift+H"),
    ("1-0u", N_("1 – 0 unrated (fewer than one move)"), "w"),
    ("0-1u", N_("0 – 1 unrated (fewer than one move)"), "l"),
    ("1/2u", N_("½ – ½ unrated (fewer than one move)"), "d"),
    ("", N_("Clear the result"), "Del"),
)
"""The results the board list accepts: (stored value, menu text, key typed on the list)."""

MenuItem = Command | str | None

PAGE_NAMES = (
    *(N_("&Players"), N_("&Rounds"), N_("&Standings"), N_("&Cross table"), N_("&Audit log")),
    *(N_("&Teams"), N_("&Matches"), N_("Team stan&dings"), N_("A&ll sections / check-in")),
)
"""The View menu's pages in the window's tab order (Ctrl+1 ... Ctrl+9); an individual
event hides the team pages, a team event the individual standings and cross table."""

MENUS: tuple[tuple[str, tuple[MenuItem, ...]], ...] = (
    (
        N_("&File"),
        (
            Command(
                "new", N_("&New tournament…"), "files.new_tournament", _SK.New, needs_file=False
            ),
            Command("open", N_("&Open…"), "files.open_dialog", _SK.Open, needs_file=False),
            RECENT,
            Command("sample", N_("Open &sample tournament"), "files.open_sample", needs_file=False),
            SEPARATOR,
            Command("import", N_("&Import TRF…"), "files.import_trf", "Ctrl+I", needs_file=False),
            Command(
                "import_rating_list",
                N_("Import rating &list…"),
                "rating_list.import_list",
                needs_file=False,
            ),
            Command(
                "download_rating_lists",
                N_("Do&wnload rating lists…"),
                "rating_list.download_lists",
                needs_file=False,
                tip=N_(
                    "Download the FIDE list (and national lists) and import them: at home, "
                    "the venue needs no network"
                ),
            ),
            Command(
                "rating_list_formats",
                N_("Rating list forma&ts…"),
                "rating_list.edit_formats",
                needs_file=False,
                tip=N_("How to read a national list in its own layout (CSV or fixed width)"),
            ),
            Command("export", N_("&Export TRF…"), "files.export_trf", "Ctrl+E"),
            Command("copy", N_("Save a cop&y as…"), "files.save_copy", "Ctrl+Shift+S"),
            SEPARATOR,
            Command("print", N_("&Print…"), "printing.print_document", _SK.Print),
            Command("preview", N_("Print pre&view…"), "printing.print_preview", "Ctrl+Alt+P"),
            REPORTS,
            SEPARATOR,
            Command("close", N_("&Close tournament"), "files.close_tournament", _SK.Close),
            Command("quit", N_("&Quit"), "close", "Ctrl+Q", needs_file=False),
        ),
    ),
    (
        N_("&Edit"),
        (
            Command("undo", N_("&Undo last action"), "audit.undo", _SK.Undo),
            Command("redo", N_("&Redo"), "audit.redo", "Ctrl+Shift+Z"),
            Command("settings", N_("Tournament &settings…"), "files.edit_settings", "Ctrl+,"),
            Command(
                "window_language",
                N_("&Window language…"),
                "choose_window_language",
                needs_file=False,
                tip=N_("The language of the window (from the next start)"),
            ),
            Command(
                "prohibited",
                N_("&Prohibited pairs…"),
                "players.prohibited_pairs",
                tip=N_("Players who must not be paired together (before round 1 in FIDE mode)"),
            ),
            Command(
                "chess960",
                N_("Chess&960…"),
                "files.chess960",
                tip=N_("Play Chess960: a starting position drawn for each round"),
            ),
            SEPARATOR,
            Command(
                "leave_fide_mode",
                N_("Leave &FIDE mode…"),
                "files.leave_fide_mode",
                tip=N_("Take the tournament out of FIDE mode, for good (a double confirmation)"),
            ),
        ),
    ),
    (
        N_("&Players"),
        (
            Command("add_player", N_("&Add player…"), "players.add_player", "Ctrl+Shift+A"),
            Command("edit_player", N_("&Edit player…"), "players.edit_player", "F2"),
            Command("remove_player", N_("&Remove player"), "players.remove_player"),
            Command(
                "sort",
                N_("&Sort pairing numbers (C.04.2 art. 2.2)"),
                "players.assign_pairing_numbers",
            ),
            Command("draw_lots", N_("&Draw pairing numbers by lot…"), "players.draw_lots"),
            Command(
                "order_numbers",
                N_("Set pairing numbers by &hand…"),
                "players.order_pairing_numbers",
            ),
            SEPARATOR,
            Command("late", N_("&Late entry…"), "players.late_entry", "Ctrl+Shift+L"),
            Command("withdraw", N_("&Withdraw player…"), "players.withdraw", "Ctrl+Shift+W"),
            Command("expel", N_("E&xpel player…"), "players.expel"),
            Command("half_byes", N_("Hal&f-point byes allowed…"), "players.half_byes"),
            Command("bye", N_("Requested &bye / absence…"), "players.request_bye", "Ctrl+Shift+B"),
            Command("cancel_bye", N_("&Cancel requested bye…"), "players.cancel_bye"),
            Command(
                "move_to_section",
                N_("&Move to another section…"),
                "event_sections.move_player",
                tip=N_("A player who entered the wrong section, before that section's round 1"),
            ),
            Command(
                "entry_fee",
                N_("E&ntry fee (due, paid)…"),
                "phones.entry_fee",
                tip=N_(
                    "The selected player's entry fee: the amount due and the amount paid (the "
                    "check-in list prints them with their totals)"
                ),
            ),
            SEPARATOR,
            Command(
                "player_card",
                N_("Pla&yer card (rating change, norms)…"),
                "standings.player_card",
                "Ctrl+K",
                tip=N_("The selected player's rating change game by game and title norms"),
            ),
            Command(
                "external_tiebreak",
                N_("External tie-brea&k values…"),
                "standings.external_tiebreak",
                tip=N_(
                    "Values decided outside the program (a play-off) as a tie-break, or lots "
                    "drawn for the ties"
                ),
            ),
            Command(
                "prizes",
                N_("Pri&ze list and categories…"),
                "prizes.open_prizes",
                "Ctrl+Shift+R",
                tip=N_("Who wins what: places and category prizes, ties shared, the PDF and CSV"),
            ),
            SEPARATOR,
            Command(
                "update_ratings",
                N_("&Update ratings from the rating list…"),
                "rating_list.update_ratings",
            ),
            Command(
                "later_ratings",
                N_("La&ter ratings (event over 30 days)…"),
                "players.later_ratings",
                tip=N_("The ratings of a later rating period, held from a round on"),
            ),
        ),
    ),
    (
        N_("&Round"),
        (
            Command("pair", N_("&Pair next round"), "pairing.pair_next_round", "Ctrl+Shift+P"),
            Command(
                "cancel_pairing", N_("Ca&ncel pairing"), "pairing.cancel_pairing", needs_file=False
            ),
            Command("explain", N_("E&xplain pairing…"), "pairing.explain_round", "Ctrl+Shift+X"),
            SEPARATOR,
            Command(
                "pair_by_hand",
                N_("Pair &by hand…"),
                "rounds.pair_by_hand",
                tip=N_(
                    "Create the next round by hand, or change the last one (compared with "
                    "the engine's pairing when you finish)"
                ),
            ),
            Command("manual", N_("&Change pairing…"), "rounds.manual_pairing", "Ctrl+Shift+M"),
            Command("finish_manual", N_("Finis&h pairing by hand"), "rounds.finish_manual_pairing"),
            Command("cancel_manual", N_("Cance&l pairing by hand"), "rounds.cancel_manual_pairing"),
            Command("unpair", N_("&Unpair round"), "rounds.unpair_round"),
            Command(
                "rating_correction",
                N_("Correct for the ratin&g report…"),
                "rounds.rating_correction",
                tip=N_(
                    "Count the selected board's game with another result in the rating "
                    "changes only; the pairings and standings keep the result entered"
                ),
            ),
            SEPARATOR,
            Command(
                "next_missing",
                N_("Go to next board &without result"),
                "rounds.next_missing",
                "Ctrl+J",
            ),
            Command("find_board", N_("&Find board or player…"), "rounds.find_board", "Ctrl+G"),
            RESULTS,
            Command(
                "accept_reports",
                N_("Accept confirmed rep&orts"),
                "phones.accept_confirmed",
                "Ctrl+Shift+Y",
                tip=N_("Enter every result both players confirmed from their phones"),
            ),
            Command(
                "accept_board_report",
                N_("Accept this board's r&eport"),
                "phones.accept_board",
                "Ctrl+Shift+E",
                tip=N_("Enter the result reported from the phones for the selected board"),
            ),
            SEPARATOR,
            Command("prev_round", N_("Pre&vious round"), "rounds.previous_round", "Ctrl+PgUp"),
            Command("next_round", N_("Nex&t round"), "rounds.next_round", "Ctrl+PgDown"),
        ),
    ),
    (
        N_("&Teams"),
        (
            Command("add_team", N_("&Add team…"), "teams.add_team"),
            Command("sort_teams", N_("&Sort teams by strength"), "teams.sort_teams"),
            SEPARATOR,
            Command("lineup_first", N_("Line-up of the &first team…"), "teams.edit_lineup_first"),
            Command(
                "lineup_second", N_("Line-up of the s&econd team…"), "teams.edit_lineup_second"
            ),
            Command("forfeit_match", N_("F&orfeited match…"), "teams.forfeit_match"),
            SEPARATOR,
            Command(
                "team_pairings_pdf",
                N_("Team &pairings (PDF)…"),
                "printing.export_pdf",
                args=("team-pairings",),
            ),
            Command("match_sheets", N_("&Match sheets (PDF)…"), "teams.print_match_sheets"),
            Command("team_standings_pdf", N_("Team s&tandings (PDF)…"), "teams.print_standings"),
            Command(
                "team_crosstable_pdf",
                N_("Team &cross table (PDF)…"),
                "printing.export_pdf",
                args=("team-crosstable",),
            ),
            Command(
                "board_results_pdf",
                N_("&Board results (PDF)…"),
                "printing.export_pdf",
                args=("team-boards",),
            ),
        ),
    ),
    (
        N_("&Sections"),
        (
            Command(
                "next_section",
                N_("&Next section"),
                "event_sections.next_section",
                "F6",
                tip=N_("Show the event's next section (Shift+F6: the previous one)"),
            ),
            Command(
                "previous_section",
                N_("&Previous section"),
                "event_sections.previous_section",
                "Shift+F6",
            ),
            SEPARATOR,
            Command("add_section", N_("&Add section…"), "event_sections.add_section"),
            Command("remove_section", N_("&Remove this section"), "event_sections.remove_section"),
            Command("event_name", N_("&Event name…"), "event_sections.rename_event"),
            SEPARATOR,
            Command(
                "hall_boards",
                N_("Board list for the &hall (all sections)…"),
                "printing.export_pdf",
                args=("hall-boards",),
            ),
        ),
    ),
    (
        N_("Ve&nue"),
        (
            Command(
                "venue_serve",
                N_("&Serve on the venue network…"),
                "venue.start_serving",
                tip=N_(
                    "Pairings, standings and live results on the players' phones and the "
                    "hall's screens (a web server that only reads the tournament file)"
                ),
            ),
            Command(
                "venue_address", N_("&Address, QR code and hall screens…"), "venue.show_address"
            ),
            Command("venue_notice", N_("A&nnouncement for the hall…"), "venue.edit_notice"),
            Command("venue_stop", N_("S&top serving"), "venue.stop_serving"),
            SEPARATOR,
            Command(
                "phones",
                N_("Players' p&hones: check-in and results…"),
                "phones.show_dialog",
                tip=N_(
                    "Let the players check in and report their results from their phones "
                    "with their personal codes (through the venue server)"
                ),
            ),
            Command(
                "renew_code", N_("New personal &code for the selected player"), "phones.renew_code"
            ),
            Command(
                "revoke_code", N_("Take the selected player's code a&way"), "phones.revoke_code"
            ),
            SEPARATOR,
            Command(
                "venue_publish",
                N_("&Publish as a web site…"),
                "venue.publish",
                tip=N_("The same pages as a .zip of plain HTML files for the club's web space"),
            ),
        ),
    ),
    (
        N_("&View"),
        tuple(
            Command(f"page_{i}", name, "show_page", f"Ctrl+{i + 1}", args=(i,))
            for i, name in enumerate(PAGE_NAMES)
        ),
    ),
    (
        N_("&Help"),
        (
            Command(
                "user_manual",
                N_("&Manual"),
                "show_manual",
                _SK.HelpContents,
                needs_file=False,
                tip=N_("The user manual (F1 in a dialog opens its section)"),
            ),
            Command("keys", N_("&Keyboard"), "keyboard_help", needs_file=False),
            Command("rules", N_("Pairing &rules…"), "pairing_rules", needs_file=False),
            Command("about", N_("&About swissdesk"), "about", needs_file=False),
        ),
    ),
)
"""Every menu, top to bottom: commands, separators (``None``) and submenu placeholders."""

PLAYERS_TOOLBAR = (
    *("add_player", "edit_player", "sort", SEPARATOR),
    *("late", "withdraw", "bye", "cancel_bye"),
)
"""The players page's toolbar (``None``: separator)."""
PLAYERS_CONTEXT = (
    "edit_player", "withdraw", "bye", "cancel_bye", "entry_fee", "remove_player"
)
ROUNDS_CONTEXT = ("manual", "explain", "next_missing", "rating_correction")
"""(The board list's context menu starts with the "Set result" submenu.)"""
"""The context menus of the players table and the board list."""

_MATCHES_VIEW = N_("Matches page (select a board, then type)")
_ROUND_VIEW = N_("Round view (select a board, then type)")
PAGE_KEYS: tuple[tuple[str, str, str], ...] = (
    *((_ROUND_VIEW, key, text.replace("\t", " ")) for _v, text, key in RESULT_CHOICES),
    (_ROUND_VIEW, "Ctrl+F", N_("Find a board (type its number) or a player (name)")),
    (_ROUND_VIEW, N_("right-click"), N_("Set result with the mouse")),
    (N_("Players page"), "Ctrl+F", N_("Search players")),
    (N_("Players page"), "Enter", N_("Edit the selected cell (or double-click it)")),
    (_MATCHES_VIEW, "1 = 0 + -", N_("Board result, first team's side")),
    (_MATCHES_VIEW, "Del", N_("Clear the board's result")),
)
"""Keys that work inside one page (no menu command): shown in the keyboard help."""


def report_commands() -> tuple[Command, ...]:
    """One "Export PDF" command per document, an individual event's and a team event's
    (the window shows those of the open event; File > Print… prints any of them)."""
    from swissdesk.gui.printing import document_kinds

    return tuple(
        Command(f"report_{kind}", title + "…", "printing.export_pdf", None, args=(kind,))
        for team in (False, True)
        for kind, title in document_kinds(team)
    )


def result_commands() -> tuple[Command, ...]:
    """One "Set result" command per board result (the key is shown, the board list
    handles it: a window-wide shortcut "1" would swallow digits typed in fields)."""
    return tuple(
        Command(f"result_{i}", text, "rounds.set_result", args=(value,), key_hint=key)
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
    action = QAction(command.label(), parent)
    if command.shortcut is not None:
        action.setShortcut(QKeySequence(command.shortcut))
        action.setShortcutVisibleInContextMenu(True)
    if command.tip:
        tip = _(command.tip)
        action.setStatusTip(tip)
        action.setToolTip(tip)
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
        menu = bar.addMenu(_(title))
        for item in items:
            if item is SEPARATOR:
                menu.addSeparator()
            elif isinstance(item, Command):
                menu.addAction(actions[item.key])
            elif item == RECENT:
                submenus[RECENT] = menu.addMenu(_("Open &recent"))
            elif item == REPORTS:
                reports = menu.addMenu(_("Export P&DF"))
                reports.setObjectName(REPORTS)
                reports.addActions([actions[c.key] for c in report_commands()])
                submenus[REPORTS] = reports
            elif item == RESULTS:
                results = menu.addMenu(_("Set &result"))
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
            heading = _("{place}:").format(place=_(place))
            lines += ["", heading] if lines else [heading]
            where = place
        lines.append(f"  {_(keys):<12} {_(meaning)}")
    for title, items in MENUS:
        shown = [
            (QKeySequence(c.shortcut).toString(QKeySequence.SequenceFormat.NativeText), c)
            for c in _commands(items)
            if c.shortcut is not None
        ]
        if not shown:
            continue
        lines += ["", _("{menu} menu:").format(menu=_plain(_(title)))]
        lines += [f"  {keys:<14} {_plain(_(c.text))}" for keys, c in shown]
    return "\n".join(lines)
