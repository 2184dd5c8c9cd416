"""What is cut off in a window as shown (issue 38, layout in the longest languages): the
texts narrower than their room, measured on the widgets themselves after the layout ran.

``cut_off(window)`` lists, for the visible widgets of a window:

- a button, check box or radio button narrower than its text (its minimum size hint: the
  text's advance plus the indicator and the style's margins);
- a one-line label narrower than its text (a word-wrapped label grows in height instead);
- a combo box whose text field is narrower than one of its choices (the closed box shows
  the chosen one cut);
- an empty line edit narrower than its placeholder (the hint that says what to type);
- a group box narrower than its title, a tab narrower than its name;
- a table's or tree's column narrower than its heading (the header's own text and margins),
  unless the column is the last and stretched;
- a text widget pushed past the right edge of what holds it, where no horizontal scroll bar
  could bring it back (a form too wide for its dialog).
"""

from __future__ import annotations

from PySide6.QtCore import QPoint, QSize, Qt
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QComboBox,
    QGroupBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QStyle,
    QStyleOptionComboBox,
    QStyleOptionFrame,
    QTabBar,
    QWidget,
)

from swissdesk.gui import dialog_base

SCREEN = QSize(1366, 768)
"""The arbiter's laptop screen the window must fit."""
PANEL = 40
"""The desktop's panel (task bar) on that screen."""
ROOM = QSize(
    SCREEN.width() - dialog_base.FRAME_ALLOWANCE.width(),
    SCREEN.height() - PANEL - dialog_base.FRAME_ALLOWANCE.height(),
)
"""What a window's contents may take on that screen: 1342 x 680 (``small_screen`` in
conftest.py makes every window measure itself against it)."""

def plain(text: str) -> str:
    """A widget's text as it is drawn: no mnemonic ampersand (``&&`` is one)."""
    return text.replace("&&", "\0").replace("&", "").replace("\0", "&")


def advance(widget: QWidget, text: str) -> int:
    """The widest line of ``text`` in ``widget``'s font."""
    metrics = widget.fontMetrics()
    return max((metrics.horizontalAdvance(line) for line in text.split("\n")), default=0)


def _name(widget: QWidget, text: str) -> str:
    return f"{type(widget).__name__} {text!r}"


def _combo_room(combo: QComboBox) -> int:
    option = QStyleOptionComboBox()
    combo.initStyleOption(option)
    field = combo.style().subControlRect(
        QStyle.ComplexControl.CC_ComboBox,
        option,
        QStyle.SubControl.SC_ComboBoxEditField,
        combo,
    )
    return field.width()


def _line_edit_needs(edit: QLineEdit, text: str) -> int:
    """The width a line edit needs to show ``text`` whole (as QLineEdit.sizeHint counts)."""
    option = QStyleOptionFrame()
    edit.initStyleOption(option)
    margins = edit.textMargins()
    contents = edit.contentsMargins()
    inner = advance(edit, text) + 2 * 2 + margins.left() + margins.right()
    inner += contents.left() + contents.right()
    size = edit.style().sizeFromContents(
        QStyle.ContentsType.CT_LineEdit, option, QSize(inner, edit.height()), edit
    )
    return size.width()


def narrower_than_text(widget: QWidget) -> list[str]:
    """The ways ``widget`` (visible) shows its own text cut."""
    out: list[str] = []
    width = widget.width()
    if isinstance(widget, QAbstractButton) and widget.text():
        needed = widget.minimumSizeHint().width()
        if width < needed:
            out.append(f"{_name(widget, widget.text())}: {width} < {needed}")
    elif isinstance(widget, QLabel) and widget.text() and not widget.wordWrap():
        if widget.pixmap() is not None and not widget.pixmap().isNull():
            return out
        needed = widget.minimumSizeHint().width()
        if width < needed:
            out.append(f"{_name(widget, widget.text())}: {width} < {needed}")
    elif isinstance(widget, QComboBox) and not widget.isEditable():
        room = _combo_room(widget)
        for i in range(widget.count()):
            text = widget.itemText(i)
            if text and advance(widget, text) > room:
                out.append(f"{_name(widget, text)}: choice {advance(widget, text)} > {room}")
    elif isinstance(widget, QLineEdit) and not widget.text() and widget.placeholderText():
        needed = _line_edit_needs(widget, widget.placeholderText())
        if width < needed:
            out.append(f"{_name(widget, widget.placeholderText())}: hint {width} < {needed}")
    elif isinstance(widget, QGroupBox) and widget.title():
        needed = advance(widget, plain(widget.title())) + 2 * 4
        if widget.isCheckable():
            needed += widget.style().pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth)
        if width < needed:
            out.append(f"{_name(widget, widget.title())}: {width} < {needed}")
    elif isinstance(widget, QTabBar):
        for i in range(widget.count()):
            if not widget.isTabVisible(i):
                continue
            room, needed = widget.tabRect(i).width(), widget.tabSizeHint(i).width()
            if widget.elideMode() != Qt.TextElideMode.ElideNone and room < needed:
                out.append(f"tab {widget.tabText(i)!r}: {room} < {needed}")
    return out


def cut_headings(view: QAbstractItemView) -> list[str]:
    """The columns of a table or tree narrower than their heading."""
    header = getattr(view, "horizontalHeader", None)
    header = header() if callable(header) else getattr(view, "header", lambda: None)()
    model = view.model()
    if not isinstance(header, QHeaderView) or model is None or not header.isVisible():
        return []
    margin = header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None, header)
    out = []
    last = max(
        (i for i in range(header.count()) if not header.isSectionHidden(i)),
        key=header.visualIndex,
        default=-1,
    )
    for section in range(header.count()):
        if header.isSectionHidden(section) or header.sectionSize(section) <= 0:
            continue
        if section == last and header.stretchLastSection():
            continue
        text = model.headerData(section, Qt.Orientation.Horizontal)
        if not isinstance(text, str) or not text:
            continue
        needed = advance(header, text) + 2 * margin
        if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
            needed += header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize)
        if header.sectionSize(section) < needed:
            out.append(f"column {text!r}: {header.sectionSize(section)} < {needed}")
    return out


def _scrolls_sideways(holder: QWidget) -> bool:
    """Whether ``holder`` is a scroll area's viewport that can scroll its contents sideways."""
    area = holder.parentWidget()
    if not isinstance(area, QAbstractScrollArea) or area.viewport() is not holder:
        return False
    return area.horizontalScrollBarPolicy() != Qt.ScrollBarPolicy.ScrollBarAlwaysOff


def pushed_out(widget: QWidget, window: QWidget) -> list[str]:
    """A text widget reaching past the right (or left) edge of one of its holders, where no
    sideways scrolling brings it back."""
    holder = widget.parentWidget()
    while holder is not None:
        if _scrolls_sideways(holder) or isinstance(holder, QAbstractItemView):
            return []
        corner = widget.mapTo(holder, QPoint(0, 0))
        if corner.x() < -1 or corner.x() + widget.width() > holder.width() + 1:
            text = widget_text(widget)
            return [
                f"{_name(widget, text)} outside {type(holder).__name__}: "
                f"{corner.x()}..{corner.x() + widget.width()} of {holder.width()}"
            ]
        if holder is window:
            break
        holder = holder.parentWidget()
    return []


def widget_text(widget: QWidget) -> str:
    if isinstance(widget, QAbstractButton | QLabel | QLineEdit):
        return widget.text() or (
            widget.placeholderText() if isinstance(widget, QLineEdit) else ""
        )
    if isinstance(widget, QComboBox):
        return widget.currentText()
    if isinstance(widget, QGroupBox):
        return widget.title()
    return ""


def cut_off(window: QWidget) -> list[str]:
    """Every text of ``window``'s visible widgets shown cut (see the module's docstring)."""
    problems: list[str] = []
    for widget in window.findChildren(QWidget):
        if not widget.isVisible() or widget.width() <= 0:
            continue
        if isinstance(widget.parentWidget(), QAbstractItemView) or _in_item_view(widget):
            continue  # an item view's own scroll bars, editors and headers
        problems += narrower_than_text(widget)
        if widget_text(widget):
            problems += pushed_out(widget, window)
        if isinstance(widget, QAbstractItemView):
            problems += cut_headings(widget)
    return problems


def _in_item_view(widget: QWidget) -> bool:
    holder = widget.parentWidget()
    while holder is not None:
        if isinstance(holder, QAbstractItemView):
            return True
        holder = holder.parentWidget()
    return False
