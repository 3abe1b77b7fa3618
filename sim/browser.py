"""Opening the stand-in pages in a real Chromium window (headed, so the bot
can see and click it), with the flags Chromium needs as root and offline."""

from __future__ import annotations

import shutil
import subprocess
import tempfile

from solvers.errors import PuzzlebotError

FLAGS = ["--no-sandbox", "--test-type", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-quic", "--noerrdialogs",
         "--disable-features=Translate,MediaRouter", "--hide-scrollbars", "--force-device-scale-factor=1"]


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise PuzzlebotError("Chromium is not installed (Debian: apt-get install chromium)")


class Browser:
    """A Chromium app window on ``url`` at (x, y) with size w x h."""

    def __init__(self, url: str, x: int = 0, y: int = 0, w: int = 900, h: int = 760, title: str | None = None):
        self.profile = tempfile.mkdtemp(prefix="puzzlebot-chromium-")
        args = [find_chromium(), *FLAGS, f"--user-data-dir={self.profile}", f"--app={url}",
                f"--window-position={x},{y}", f"--window-size={w},{h}"]
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)

    def close(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
