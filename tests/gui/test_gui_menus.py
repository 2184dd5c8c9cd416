"""The menus come from one table (swissdesk.gui.menus): every command is in a menu, has a
working slot, and every shortcut is listed on the keyboard help page (F1)."""

from __future__ import annotations

from swissdesk.gui import menus
from swissdesk.gui.mainwindow import MainWindow


def test_every_menu_shortcut_is_on_the_keyboard_help(window: MainWindow) -> None:
    window.keyboard_help()
    title, text = window.prompter.texts[-1]  # type: ignore[attr-defined]
    assert title == "Keyboard"
    shortcuts = [
        (a.shortcut().toString(), a.text().replace("&", "").rstrip("…"))
        for a in window.menu_actions.values()
        if not a.shortcut().isEmpty()
    ]
    assert len(shortcuts) >= 20
    for keys, name in shortcuts:
        assert any(keys in line and name in line for line in text.splitlines()), (keys, name)


def test_every_command_of_the_table_is_in_a_menu(window: MainWindow) -> None:
    in_menus = {
        id(a)
        for menu in window.menuBar().actions()
        for a in menu.menu().actions()
        + [b for sub in menu.menu().actions() if sub.menu() for b in sub.menu().actions()]
    }
    commands = menus.all_commands()
    assert len({c.key for c in commands}) == len(commands), "a command key is used twice"
    assert all(id(window.menu_actions[c.key]) in in_menus for c in commands)


def test_tournament_commands_wait_for_a_file(window: MainWindow) -> None:
    needs_file = [c.key for c in menus.all_commands() if c.needs_file]
    assert "add_player" in needs_file and "pair" in needs_file
    assert not any(window.menu_actions[k].isEnabled() for k in needs_file)
    assert window.menu_actions["open"].isEnabled() and window.menu_actions["new"].isEnabled()
