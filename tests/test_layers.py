"""The layers import only downward, under the one installed name.

Read from the source itself (``ast``), so a new module that breaks a rule
fails here, not on a user's machine without a screen.
"""

from __future__ import annotations

import ast
import tomllib

import pytest

from .helpers import ROOT

LAYERS = ("bot", "vision", "solvers", "calibration", "sim")
# What each layer may import of the others (DESIGN.md: data flows one way).
MAY_IMPORT = {
    "solvers": set(),
    "vision": {"solvers"},
    "calibration": {"solvers", "vision"},
    "sim": {"solvers"},
    "bot": {"solvers", "vision", "calibration", "sim"},
}
# Outside packages a layer must never import: the solvers stay pure Python and
# numpy; only the bot touches the screen, the mouse and the keyboard.
FORBIDDEN = {
    "solvers": {"cv2", "pyautogui", "mss", "pywinctl", "Xlib", "PIL"},
    "vision": {"pyautogui", "mss", "pywinctl", "Xlib"},
    "calibration": {"pyautogui", "mss"},
    "sim": {"pyautogui", "mss"},
    "bot": set(),
}
# Imported only inside functions (they fail or cost at import time where there is no display).
LAZY = {"pyautogui", "mss"}


def _modules():
    for layer in LAYERS:
        for path in sorted((ROOT / layer).rglob("*.py")):
            yield layer, path, ast.parse(path.read_text(), str(path))


def _imports(tree: ast.Module):
    """(module name, whether at module level) of every absolute import."""
    top = {id(n) for n in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                yield a.name, id(node) in top, node
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                yield "." * node.level + (node.module or ""), id(node) in top, node
            elif node.module:
                yield node.module, id(node) in top, node


def test_imports_use_the_one_installed_name_and_go_only_downward():
    wrong = []
    for layer, path, tree in _modules():
        where = path.relative_to(ROOT)
        for name, _, node in _imports(tree):
            head, *rest = name.split(".")
            if name.startswith("."):
                wrong.append(f"{where}:{node.lineno}: relative import {name} (use puzzlebot.{layer}...)")
            elif head in LAYERS:
                wrong.append(f"{where}:{node.lineno}: imports {name}, not puzzlebot.{name}")
            elif head == "puzzlebot" and rest and rest[0] != layer and rest[0] not in MAY_IMPORT[layer]:
                wrong.append(f"{where}:{node.lineno}: {layer}/ imports {name} (an upper layer)")
            elif head in FORBIDDEN[layer]:
                wrong.append(f"{where}:{node.lineno}: {layer}/ imports {head}")
    assert not wrong, "\n".join(wrong)


def test_screen_and_mouse_libraries_are_imported_lazily():
    eager = [f"{path.relative_to(ROOT)}:{node.lineno}: {name}" for _, path, tree in _modules()
             for name, top, node in _imports(tree) if top and name.split(".")[0] in LAZY]
    assert not eager, "imported at module level:\n" + "\n".join(eager)


def test_every_package_folder_is_installed_under_puzzlebot():
    conf = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]
    listed = set(conf["packages"])
    on_disk = {"puzzlebot." + ".".join(p.parent.relative_to(ROOT).parts)
               for layer in LAYERS for p in (ROOT / layer).rglob("__init__.py")}
    assert listed == on_disk | {"puzzlebot.examples"}  # the examples: data the --help texts use
    assert conf["package-dir"] == {f"puzzlebot.{layer}": layer for layer in LAYERS} | {"puzzlebot.examples": "examples"}


@pytest.mark.slow
def test_no_top_level_module_of_a_generic_name_is_installed(tmp_path):
    """A wheel built from the project holds puzzlebot/ only (and the
    stand-in pages beside their modules)."""
    import shutil
    import subprocess
    import sys
    import zipfile

    src = tmp_path / "src"  # a copy: building in place would leave build/ in the checkout
    for name in (*LAYERS, "examples"):
        shutil.copytree(ROOT / name, src / name, ignore=shutil.ignore_patterns("__pycache__"))
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(ROOT / name, src / name)
    r = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(tmp_path), str(src)],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    (wheel,) = tmp_path.glob("puzzlebot-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/")[0] for n in names if not n.split("/")[0].endswith(".dist-info")}
    assert tops == {"puzzlebot"}
    assert "puzzlebot/sim/tango/page.html" in names and "puzzlebot/bot/cli.py" in names
    assert "puzzlebot/vision/digits.npz" in names and "puzzlebot/sim/zip/page.html" in names
    # what the --help examples and the JSON checks need, installed too
    shipped = {p.name for p in (ROOT / "examples").iterdir() if p.suffix in (".txt", ".json", ".png")}
    assert {n.split("/")[-1] for n in names if n.startswith("puzzlebot/examples/")} == shipped
    assert {n.split("/")[-1] for n in names if n.startswith("puzzlebot/bot/schemas/")} == \
        {p.name for p in (ROOT / "bot" / "schemas").glob("*.json")}


def test_help_examples_run_from_any_folder(tmp_path):
    """Where there is no examples/ folder (puzzlebot installed with pip),
    the examples installed with the package are used, and that is said."""
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "solve", "switches", "examples/switches.txt"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and r.stdout.strip() == "a b e f g i j k", r.stderr
    assert "using the example installed with puzzlebot" in r.stderr
    r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "solve", "tango", "examples/none.txt"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 2 and "examples/none.txt: no such file" in r.stderr
    (tmp_path / "examples").mkdir()
    (tmp_path / "examples" / "switches.txt").write_text("x y\ny\nx y\n")  # the user's own file comes first
    r = subprocess.run([sys.executable, "-m", "puzzlebot.bot.cli", "solve", "switches", "examples/switches.txt"],
                       cwd=tmp_path, capture_output=True, text=True, timeout=120)
    assert r.returncode == 3 and "installed" not in r.stderr
