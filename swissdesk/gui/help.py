"""The user manual in the window: Help > Manual (F1) opens it, and F1 in a dialog opens the
manual at that dialog's section (:data:`HELP_TOPICS`).

The chapters are the package's Markdown (:mod:`swissdesk.manual`), shown as HTML in a
``QTextBrowser`` with the screenshots read from the package: offline, nothing fetched. The
manual window is a window of its own beside the main window, so the arbiter can read while
working; opened from a dialog (which blocks the other windows), it is modal above it.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QUrl
from PySide6.QtGui import QDesktopServices, QImage, QKeyEvent, QTextDocument
from PySide6.QtWidgets import (
    QApplication,
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QPushButton,
    QSplitter,
    QTextBrowser,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from swissdesk.gui.dialog_base import fit_to_screen
from swissdesk.i18n import _
from swissdesk.manual import IMAGE_FOLDER, Chapter, chapter_of_anchor, chapters, image_bytes

HELP_TOPICS: dict[str, str] = {
    # the window's own dialogs (class name -> the manual's anchor)
    "TournamentDialog": "new-tournament",
    "TeamTournamentDialog": "new-tournament",
    "ManualPairingDialog": "changing-a-pairing",
    "TextDialog": "the-window",
    "WindowLanguageDialog": "window-language",
    "PlayerDialog": "adding-players",
    "DeskPlayerDialog": "registration-desk",
    "LateEntryDialog": "late-entries",
    "PlayerRoundDialog": "withdrawals",
    "WithdrawDialog": "withdrawals",
    "ByeDialog": "byes",
    "ProhibitedPairsDialog": "prohibited-pairs",
    "SectionChoiceDialog": "sections",
    "EventNameDialog": "sections",
    "DrawLotsDialog": "round-robin-numbers",
    "PairingNumbersDialog": "pairing-numbers",
    "PrintOptionsDialog": "printing",
    "PreviewDialog": "print-preview",
    "RatingListImportDialog": "rating-list",
    "RatingUpdateDialog": "update-ratings",
    "LaterRatingsDialog": "events-over-30-days",
    "ExternalTiebreakDialog": "external-tie-break",
    "DownloadListsDialog": "downloading-lists",
    "DownloadProgressDialog": "downloading-lists",
    "ListFormatDialog": "list-formats",
    "ListSequenceDialog": "tournament-rating",
    "TeamDialog": "teams-and-rosters",
    "LineupDialog": "line-ups",
    "ForfeitDialog": "forfeited-matches",
    "ServeDialog": "serving",
    "HallNoticeDialog": "hall-screens",
    "VenueDialog": "hall-screens",
    "PlayerCardDialog": "player-card",
    "RatingCorrectionDialog": "rating-report-corrections",
    "PhonesDialog": "phones",
    "EntryFeeDialog": "phones",
    "RulesDialog": "pairing-systems",
    "PrizesDialog": "prizes",
    "PlanEditorDialog": "prize-plan",
    "TickPlayersDialog": "prize-plan",
    "ValidatedDialog": "the-window",
}
"""The manual's section for each dialog of the window (F1 there opens it); a test checks
that every dialog class of ``swissdesk.gui`` has one and that each anchor exists."""


def topic_for(widget: QWidget) -> str | None:
    """The manual's anchor for a window (its class or the nearest base class named)."""
    for cls in type(widget).__mro__:
        if cls.__name__ in HELP_TOPICS:
            return HELP_TOPICS[cls.__name__]
    return None


class ManualBrowser(QTextBrowser):
    """Chapters as HTML; screenshots from the package, links inside the manual followed,
    links outside it handed to the system's browser."""

    def loadResource(self, kind: int, url: QUrl | str) -> object:
        name = url.toString() if isinstance(url, QUrl) else str(url)
        if kind == int(QTextDocument.ResourceType.ImageResource.value) and name.startswith(
            IMAGE_FOLDER + "/"
        ):
            try:
                return QImage.fromData(image_bytes(name))
            except (FileNotFoundError, OSError):
                return QImage()
        return super().loadResource(kind, url)


class ManualWindow(QWidget):
    """The manual: the chapters and their sections on the left, the text on the right, a
    search field for the chapter shown, and the whole manual in the web browser."""

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent, Qt.WindowType.Window)
        self.setWindowTitle(_("swissdesk manual"))
        self.chapter: Chapter | None = None
        self.contents = QTreeWidget()
        self.contents.setHeaderHidden(True)
        for c in chapters():
            item = QTreeWidgetItem([f"{c.number}. {c.title}"])
            item.setData(0, Qt.ItemDataRole.UserRole, c.anchor)
            for h in c.headings[1:]:
                if h.level == 2:
                    child = QTreeWidgetItem([h.text])
                    child.setData(0, Qt.ItemDataRole.UserRole, h.anchor)
                    item.addChild(child)
            self.contents.addTopLevelItem(item)
        self.contents.itemActivated.connect(self._item_chosen)
        self.contents.itemClicked.connect(self._item_chosen)
        self.browser = ManualBrowser()
        self.browser.setOpenLinks(False)
        self.browser.anchorClicked.connect(self._link)
        self.find_field = QLineEdit()
        self.find_field.setPlaceholderText(_("Find in this chapter (Enter: next)"))
        self.find_field.returnPressed.connect(self.find_next)
        self.open_button = QPushButton(_("Open in web browser"))
        self.open_button.setToolTip(_("The whole manual as one page, with its screenshots"))
        self.open_button.clicked.connect(self.open_in_browser)
        top = QHBoxLayout()
        top.addWidget(self.find_field, 1)
        top.addWidget(self.open_button)
        right = QWidget()
        right_layout = QVBoxLayout(right)
        right_layout.setContentsMargins(0, 0, 0, 0)
        right_layout.addLayout(top)
        right_layout.addWidget(self.browser)
        splitter = QSplitter()
        splitter.addWidget(self.contents)
        splitter.addWidget(right)
        splitter.setStretchFactor(1, 1)
        splitter.setSizes([280, 820])
        layout = QVBoxLayout(self)
        layout.addWidget(splitter)
        self.resize(1140, 760)
        fit_to_screen(self)  # a 1366x768 laptop has less height than that
        self.show_anchor(chapters()[0].anchor)

    def show_anchor(self, anchor: str) -> bool:
        """Show the chapter holding ``anchor`` and scroll to it; False when no chapter has
        it (the first chapter is shown then)."""
        target = chapter_of_anchor(anchor)
        found = target is not None
        if target is None:
            target = chapters()[0]
            anchor = target.anchor
        if target is not self.chapter:
            from swissdesk.manual.html import chapter_html

            self.chapter = target
            self.browser.setHtml(chapter_html(target))
        self.browser.scrollToAnchor(anchor)
        self._select(anchor)
        return found

    def _select(self, anchor: str) -> None:
        for i in range(self.contents.topLevelItemCount()):
            top = self.contents.topLevelItem(i)
            assert top is not None
            for item in (top, *(top.child(j) for j in range(top.childCount()))):
                if item is not None and item.data(0, Qt.ItemDataRole.UserRole) == anchor:
                    self.contents.setCurrentItem(item)
                    return

    def _item_chosen(self, item: QTreeWidgetItem, _column: int = 0) -> None:
        self.show_anchor(str(item.data(0, Qt.ItemDataRole.UserRole)))

    def _link(self, url: QUrl) -> None:
        if url.scheme() in ("http", "https", "mailto"):
            QDesktopServices.openUrl(url)
        elif url.hasFragment():
            self.show_anchor(url.fragment())

    def find_next(self) -> bool:
        """Select the next place the search text appears in the chapter (from the top again
        after the last one)."""
        text = self.find_field.text()
        if not text:
            return False
        if self.browser.find(text):
            return True
        cursor = self.browser.textCursor()
        cursor.movePosition(cursor.MoveOperation.Start)
        self.browser.setTextCursor(cursor)
        return bool(self.browser.find(text))

    def open_in_browser(self) -> Path:
        """Write the whole manual to a temporary folder and open it in the web browser."""
        from swissdesk.manual.html import write_site

        page = write_site(Path(tempfile.mkdtemp(prefix="swissdesk-manual-")))
        QDesktopServices.openUrl(QUrl.fromLocalFile(str(page)))
        return page


OpenManual = Callable[[str, QWidget], object]
"""Opens the manual at an anchor above a dialog (the main window's ``show_manual``)."""


class HelpKeyFilter(QObject):
    """F1 in one of the window's dialogs opens the manual at that dialog's section (the
    main window's own F1 is its Help > Manual command)."""

    def __init__(self, owner: QWidget, open_manual: OpenManual) -> None:
        super().__init__(owner)
        self.owner = owner
        self.open_manual = open_manual

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.KeyPress, QEvent.Type.ShortcutOverride):
            return False
        if not isinstance(watched, QWidget) or not isinstance(event, QKeyEvent):
            return False
        if event.key() != Qt.Key.Key_F1 or event.modifiers() != Qt.KeyboardModifier.NoModifier:
            return False
        window = watched.window()
        if not isinstance(window, QDialog) or window is self.owner:
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()  # F1 is the dialog's (not the main window's Help > Manual)
            return True
        self.open_manual(topic_for(window) or chapters()[0].anchor, window)
        return True


def install_help_key(owner: QWidget, open_manual: OpenManual) -> HelpKeyFilter:
    """Watch the application's keys for F1 in a dialog (the filter lives as long as
    ``owner``)."""
    key_filter = HelpKeyFilter(owner, open_manual)
    app = QApplication.instance()
    if app is not None:
        app.installEventFilter(key_filter)
    return key_filter
