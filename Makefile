# puzzlebot: `make demo` runs the demo, `make test` the tests, `make bench` the
# benchmarks.  Each creates .venv and installs what is missing first; system
# packages come from apt-get when run as root, otherwise the exact command to
# run is printed.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
APT_PACKAGES := xvfb openbox python3-tk python3-venv chromium fonts-noto-color-emoji lightsoff sgt-puzzles

.PHONY: demo test test-fast bench setup sysdeps clean

demo: setup
	$(VENV)/bin/puzzlebot demo

# one test worker more than the cores: the live tests (Chromium, the
# simulators, Tatham's and GNOME's games) spend half their time waiting for a
# game to draw, a core the exhaustive reader checks can use meanwhile
JOBS ?= $(shell echo $$(( $$(nproc) + 1 )))

test: setup
	$(PY) -m pytest -q -n $(JOBS) --dist loadfile

# the quick tier while working: no screen, no browser, nothing slow (under a
# minute); CI runs the whole suite (make test)
test-fast: $(VENV)/.installed
	$(PY) -m pytest -q -m "not display and not browser and not slow"

bench: setup
	$(PY) -m bench

setup: sysdeps $(VENV)/.installed

$(VENV)/.installed: pyproject.toml
	@echo "[setup 1/3] creating the virtual environment $(VENV)"
	$(PYTHON) -m venv $(VENV)
	@echo "[setup 2/3] upgrading pip"
	$(VENV)/bin/pip install --quiet --upgrade pip
	@echo "[setup 3/3] installing puzzlebot and its Python packages (numpy, OpenCV, mss, pyautogui, pytest, z3, OR-Tools; a few minutes the first time)"
	$(VENV)/bin/pip install --progress-bar off -e '.[test]' | grep --line-buffered -E '^(Collecting|Successfully)' || true
	@# pip's own output is filtered above: check that what the tests need is there
	$(VENV)/bin/python -c 'import cv2, numpy, mss, pytest, hypothesis, ortools, z3, Xlib, jsonschema, xdist, platformdirs'
	touch $@

sysdeps:
	@missing=""; \
	command -v Xvfb >/dev/null || missing="$$missing xvfb"; \
	command -v openbox >/dev/null || missing="$$missing openbox"; \
	command -v chromium >/dev/null || missing="$$missing chromium"; \
	$(PYTHON) -c 'import tkinter' 2>/dev/null || missing="$$missing python3-tk"; \
	$(PYTHON) -c 'import ensurepip' 2>/dev/null || missing="$$missing python3-venv"; \
	test -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf || missing="$$missing fonts-noto-color-emoji"; \
	test -x /usr/games/lightsoff || missing="$$missing lightsoff"; \
	test -x /usr/games/sgt-solo || missing="$$missing sgt-puzzles"; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "[system] installing:$$missing (apt-get; a few minutes the first time)"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    echo "[system] apt-get update"; \
	    apt-get update -qq && \
	    apt-get install -y -q -o Dpkg::Progress-Fancy=0 $$missing | grep --line-buffered -E '^(Setting up|Unpacking) ' ; \
	    for p in $$missing; do dpkg -s $$p >/dev/null 2>&1 || { echo "[system] $$p did not install"; exit 1; }; done; \
	  else \
	    echo "puzzlebot needs these system packages; run:"; \
	    echo "  sudo apt-get update && sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
