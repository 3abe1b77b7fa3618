"""Opening the stand-in pages in a real Chromium window (headed, so the bot
can see and click it), with the flags Chromium needs offline (and as root:
no sandbox, only then)."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import tempfile
import time

from puzzlebot.solvers.errors import PuzzlebotError

# Chromium's helper processes (its network service among them) may still
# write into its profile a moment after it exits (a CI run found the profile
# left, its removal raced; "Network Persistent State" in the folders left):
# they are told to end with it, in Chromium's own process group, waited for
# up to HELPERS_WAIT s (polled every HELPERS_POLL s), then killed; and the
# removal is tried REMOVE_TRIES times, REMOVE_WAIT s apart.
HELPERS_WAIT, HELPERS_POLL = 5.0, 0.05
REMOVE_TRIES, REMOVE_WAIT = 20, 0.1

FLAGS = ["--test-type", "--disable-gpu", "--no-first-run", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--disable-quic", "--noerrdialogs",
         "--disable-features=Translate,MediaRouter", "--hide-scrollbars", "--force-device-scale-factor=1"]


def _live_in_group(pgid: int) -> bool:
    """Whether a process of group ``pgid`` is alive (not a zombie), as
    /proc tells (False where there is no /proc)."""
    try:
        pids = [p for p in os.listdir("/proc") if p.isdigit()]
    except OSError:
        return False
    for pid in pids:
        try:
            with open(f"/proc/{pid}/stat") as f:
                fields = f.read().rsplit(")", 1)[1].split()  # (the name may hold spaces)
        except OSError:
            continue
        if len(fields) > 2 and fields[2] == str(pgid) and fields[0] != "Z":
            return True
    return False


def find_chromium() -> str:
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    raise PuzzlebotError("Chromium is not installed (Debian: apt-get install chromium)")


class Browser:
    """A Chromium app window on ``url`` at (x, y) with size w x h."""

    def __init__(self, url: str, x: int = 0, y: int = 0, w: int = 900, h: int = 760, title: str | None = None,
                 debug_port: int | None = None, env: dict | None = None):
        self.profile = tempfile.mkdtemp(prefix="puzzlebot-chromium-")
        args = [find_chromium(), *FLAGS, f"--user-data-dir={self.profile}", f"--app={url}",
                f"--window-position={x},{y}", f"--window-size={w},{h}"]
        if hasattr(os, "geteuid") and os.geteuid() == 0:
            args.append("--no-sandbox")  # Chromium refuses to run as root with its sandbox; others keep it
        if debug_port:
            # our DevTools client sends no Origin header, so no page (no origin) is let in to drive the browser
            args += [f"--remote-debugging-port={debug_port}"]
        self.debug_port = debug_port
        self.proc = subprocess.Popen(args, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                                     start_new_session=True)  # (its helpers in a group of their own: see close)
        self._devtools = None

    def devtools(self, timeout: float = 30.0):
        """The page's DevTools connection (the browser must be started with ``debug_port``)."""
        if self.debug_port is None:
            raise PuzzlebotError("this browser was started without a DevTools port")
        if self._devtools is None:
            from puzzlebot.sim.cdp import DevTools

            self._devtools = DevTools(self.debug_port, timeout)
        return self._devtools

    def close(self) -> None:
        if self._devtools is not None:
            self._devtools.close()
        if self.proc.poll() is None:
            self.proc.terminate()
            self._signal_helpers(signal.SIGTERM)  # (left alone, they take seconds to notice)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._end_helpers()
        socket_dir = self._singleton_dir()
        for _ in range(REMOVE_TRIES):
            shutil.rmtree(self.profile, ignore_errors=True)
            if not os.path.exists(self.profile):
                break
            time.sleep(REMOVE_WAIT)
        if socket_dir is not None:
            shutil.rmtree(socket_dir, ignore_errors=True)

    def _signal_helpers(self, sig: int) -> None:
        """``sig`` to Chromium's process group, where there is one."""
        try:
            os.killpg(self.proc.pid, sig)
        except (AttributeError, ProcessLookupError, PermissionError):
            pass

    def _end_helpers(self) -> None:
        """Wait for Chromium's helper processes (its process group) to end
        after it did, killing those left after HELPERS_WAIT.  Ended ones
        may stay zombies a while (whoever adopts them reaps them late):
        only live ones count."""
        end = time.monotonic() + HELPERS_WAIT
        while _live_in_group(self.proc.pid):
            if time.monotonic() > end:
                self._signal_helpers(signal.SIGKILL)
                break
            time.sleep(HELPERS_POLL)

    def _singleton_dir(self) -> str | None:
        """The folder Chromium made in the temporary folder for this profile's
        single-instance socket: it outlives a terminated Chromium (one left per
        window otherwise), and the profile's link to it is the only way to know it."""
        try:
            target = os.readlink(os.path.join(self.profile, "SingletonSocket"))
        except OSError:
            return None
        folder = os.path.dirname(target)
        if os.path.dirname(folder) != tempfile.gettempdir() or not os.path.basename(folder).startswith("org.chromium."):
            return None  # not the folder it is known to make: left alone
        return folder

    def __enter__(self) -> "Browser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()
