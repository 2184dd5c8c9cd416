"""How responsive the window stays while the engine pairs a big round.

Usage: ``python benchmarks/bench_gui_responsiveness.py [--players 200 500 1000] [--thread]``

For each field size a tournament file is created (players rated from 2700 down, pairing
numbers assigned), opened in the main window (offscreen), and round 1 is paired through the
window's pairing controller exactly as the "Pair round 1" button does. A 10 ms QTimer on the
GUI thread records its ticks meanwhile. Reported per size:

* ``click``: how long the click itself holds the GUI thread (reading the snapshot from the
  file and starting the worker; this work is on the GUI thread by design: the worker never
  touches the database);
* ``longest gap``: the longest interval between two timer ticks while the engine runs (the
  figure that says whether the window froze; the timer's own period is 10 ms);
* ``store``: storing the pairing and refreshing the views, on the GUI thread, afterwards;
* ``pairing``: wall time of the engine job.

``--thread`` runs the engine inside the worker thread instead of its child process (the
fallback where no child process can be started), to see what the interpreter lock costs.
Pairing 1,000 players takes minutes with the pure-Python engine.
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")


def build(path: Path, players: int) -> Path:
    from swissdesk.storage import (
        AssignPairingNumbers,
        PlayerData,
        TournamentFile,
        TournamentSettings,
    )

    data = [
        PlayerData(f"Player {i:04d}", rating=2700 - (i * 1300) // players, federation="FID")
        for i in range(players)
    ]
    settings = TournamentSettings(name=f"Open {players}", total_rounds=9)
    with TournamentFile.create(path, settings, players=data) as tf:
        tf.execute(AssignPairingNumbers())
    return path


def measure(players: int, use_process: bool, base: Path) -> dict[str, float]:
    from PySide6.QtCore import QEventLoop, QSettings, QTimer

    from swissdesk.gui.app import create_application
    from swissdesk.gui.mainwindow import MainWindow
    from swissdesk.storage import AppSettings

    app = create_application()
    folder = Path(tempfile.mkdtemp(dir=base))
    path = build(folder / f"open-{players}.swissdesk", players)
    window = MainWindow(
        AppSettings(folder / "config"),
        QSettings(str(folder / "gui.ini"), QSettings.Format.IniFormat),
        use_process=use_process,
    )
    window.show()
    window.open_file(path)
    app.processEvents()
    ticks: list[float] = []
    marks: dict[str, float] = {}
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))
    loop = QEventLoop()
    window.controller.busy_changed.connect(
        lambda busy: None if busy else marks.setdefault("engine_done", time.perf_counter())
    )
    window.round_paired.connect(
        lambda _n: (marks.setdefault("stored", time.perf_counter()), loop.quit())
    )
    window.pairing_failed.connect(lambda _m: loop.quit())
    timer.start()
    app.processEvents()
    marks["click"] = time.perf_counter()
    window.pair_next_round()
    marks["started"] = time.perf_counter()
    loop.exec()
    timer.stop()
    window.controller.shutdown()
    window.close()
    done = marks["engine_done"]
    during = [marks["started"], *(t for t in ticks if marks["started"] < t <= done), done]
    gaps = [b - a for a, b in itertools.pairwise(during)]
    return {
        "click": marks["started"] - marks["click"],
        "longest_gap": max(gaps),
        "ticks": len(during) - 2,
        "pairing": done - marks["started"],
        "store": marks.get("stored", done) - done,
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, nargs="+", default=[200, 500])
    parser.add_argument("--thread", action="store_true", help="engine in the worker thread")
    args = parser.parse_args(argv)
    print(f"engine in {'the worker thread' if args.thread else 'a child process'}")
    print(
        f"{'players':>8} {'pairing s':>10} {'click ms':>9} {'longest gap ms':>15} {'store ms':>9} {'ticks':>6}"
    )
    with tempfile.TemporaryDirectory() as tmp:
        os.environ["SWISSDESK_CONFIG_DIR"] = str(Path(tmp) / "config")
        os.environ["SWISSDESK_DATA_DIR"] = str(Path(tmp) / "data")
        for n in args.players:
            r = measure(n, not args.thread, Path(tmp))
            print(
                f"{n:>8} {r['pairing']:>10.2f} {r['click'] * 1000:>9.0f} "
                f"{r['longest_gap'] * 1000:>15.1f} {r['store'] * 1000:>9.0f} {int(r['ticks']):>6}",
                flush=True,
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
