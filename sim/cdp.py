"""A small client for Chromium's DevTools protocol (``--remote-debugging-port``).

The tests ask *the game* whether it was solved, and what its board holds,
through this: a page's own JavaScript state (a global, a DOM attribute, a
variable captured by an event handler) is read with ``Runtime.evaluate``,
never from pixels.  Loopback only; needs the ``websocket-client`` package
(a test dependency).
"""

from __future__ import annotations

import itertools
import json
import time
import urllib.request

from puzzlebot.solvers.errors import PuzzlebotError


class DevToolsError(PuzzlebotError):
    pass


class DevTools:
    """One page target of a Chromium started with ``--remote-debugging-port``."""

    def __init__(self, port: int, timeout: float = 30.0, url_part: str = ""):
        import websocket  # websocket-client

        end = time.monotonic() + timeout
        ws_url = None
        while ws_url is None:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/json", timeout=2) as r:
                    targets = json.loads(r.read())
                pages = [t for t in targets if t.get("type") == "page" and url_part in t.get("url", "")]
                if pages:
                    ws_url = pages[0]["webSocketDebuggerUrl"]
                    break
            except OSError:
                pass
            if time.monotonic() > end:
                raise DevToolsError(f"no page on the DevTools port {port} within {timeout:.0f} s")
            time.sleep(0.2)
        self.ws = websocket.create_connection(ws_url, timeout=timeout, suppress_origin=True)
        self._ids = itertools.count(1)

    def call(self, method: str, **params) -> dict:
        msg_id = next(self._ids)
        self.ws.send(json.dumps({"id": msg_id, "method": method, "params": params}))
        while True:
            reply = json.loads(self.ws.recv())
            if reply.get("id") == msg_id:
                if "error" in reply:
                    raise DevToolsError(f"{method}: {reply['error'].get('message')}")
                return reply.get("result", {})

    def evaluate(self, expression: str):
        """The JSON value of a JavaScript expression in the page (awaited if a promise)."""
        res = self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True,
                        includeCommandLineAPI=True)
        if "exceptionDetails" in res:
            detail = res["exceptionDetails"]
            text = detail.get("exception", {}).get("description") or detail.get("text")
            raise DevToolsError(f"the page raised: {text}")
        return res.get("result", {}).get("value")

    def wait_for(self, expression: str, timeout: float = 10.0, interval: float = 0.05):
        """Poll until the expression is truthy; returns its value."""
        end = time.monotonic() + timeout
        while True:
            try:
                value = self.evaluate(expression)
            except DevToolsError:
                value = None
            if value:
                return value
            if time.monotonic() > end:
                raise DevToolsError(f"the page did not reach {expression!r} within {timeout:.0f} s")
            time.sleep(interval)

    def closure_value(self, selector: str, event: str, name: str, expression: str):
        """Evaluate ``expression`` (``this`` = the variable ``name``) on a
        variable captured by the ``event`` listener of the element at
        ``selector``: how to reach state a game keeps inside a module or a
        function (not a global), as DevTools' own Scope view does."""
        # listeners' handlers are only given for objects in an object group
        node = self.call("Runtime.evaluate", expression=f"document.querySelector({json.dumps(selector)})",
                         objectGroup="puzzlebot")
        oid = node["result"].get("objectId")
        if not oid:
            raise DevToolsError(f"no element {selector!r}")
        listeners = self.call("DOMDebugger.getEventListeners", objectId=oid)["listeners"]
        for lst in listeners:
            if lst["type"] != event or "handler" not in lst:
                continue
            props = self.call("Runtime.getProperties", objectId=lst["handler"]["objectId"], ownProperties=False)
            scopes = next((p for p in props.get("internalProperties", []) if p["name"] == "[[Scopes]]"), None)
            if scopes is None:
                continue
            for scope in self.call("Runtime.getProperties", objectId=scopes["value"]["objectId"],
                                   ownProperties=True)["result"]:
                if "value" not in scope or "objectId" not in scope["value"]:
                    continue
                for var in self.call("Runtime.getProperties", objectId=scope["value"]["objectId"],
                                     ownProperties=True)["result"]:
                    if var["name"] == name and "objectId" in var.get("value", {}):
                        res = self.call("Runtime.callFunctionOn", objectId=var["value"]["objectId"],
                                        functionDeclaration=f"function() {{ return {expression}; }}",
                                        returnByValue=True)
                        return res.get("result", {}).get("value")
        raise DevToolsError(f"no variable {name!r} captured by the {event} listener of {selector!r}")

    def close(self) -> None:
        try:
            self.ws.close()
        except Exception:
            pass
