#!/usr/bin/env python3
"""Opens the sample benchmark's HTML report in headless Chromium and fails on any console
message of level warning or error, an uncaught exception, a failed or attempted resource load,
or a chart the browser does not draw with data points. Chromium is driven over the DevTools
protocol on a pipe (--remote-debugging-pipe: JSON messages separated by NUL on fds 3 and 4), so
messages come with their level and nothing listens on a port.

First the report is written and checked structurally by check_reports.py (Python's parsers);
then a page made to fail (console.error, an exception, a missing image) must be caught, so the
browser check itself can fail.
usage: report_browser.py SAMPLE_REPORT_PROGRAM WORK_DIR   (exit 77 when Chromium is absent)"""
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BROWSERS = ("chromium", "chromium-browser", "google-chrome", "google-chrome-stable")
# What the page's DOM says once loaded: each chart's id and drawn points, every element that
# names a resource, and the resources the page fetched (there must be none).
PROBE = """JSON.stringify({
  charts: [...document.querySelectorAll('svg')].map(s => ({id: s.id,
    points: s.querySelectorAll('circle.point').length,
    width: s.getBoundingClientRect().width})),
  refs: [...document.querySelectorAll('[src],[href]')].map(e => e.outerHTML.slice(0, 80)),
  fetched: performance.getEntriesByType('resource').map(r => r.name),
  title: document.title})"""


class Browser:
    def __init__(self, exe, profile):
        self.to_child_r, self.to_child_w = os.pipe()
        self.from_child_r, self.from_child_w = os.pipe()
        # The child reads commands on fd 3 and writes replies on fd 4 (moved out of the way
        # first, so neither end lands on the other's number).
        def fds():
            read, write = os.dup(self.to_child_r), os.dup(self.from_child_w)
            os.dup2(read, 3)
            os.dup2(write, 4)
        self.proc = subprocess.Popen(
            [exe, "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--no-default-browser-check",
             "--disable-extensions", "--remote-debugging-pipe", f"--user-data-dir={profile}", "about:blank"],
            preexec_fn=fds, pass_fds=(3, 4),
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        os.close(self.to_child_r)
        os.close(self.from_child_w)
        self.buffer, self.next_id, self.events = b"", 0, []

    def send(self, method, params=None, session=None, timeout=30):
        self.next_id += 1
        message = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self.to_child_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            reply = self.read(deadline)
            if reply.get("id") == self.next_id:
                if "error" in reply:
                    raise RuntimeError(f"{method}: {reply['error']}")
                return reply.get("result", {})
            self.events.append(reply)

    def read(self, deadline):
        while b"\0" not in self.buffer:
            if time.monotonic() > deadline or self.proc.poll() is not None:
                raise RuntimeError("Chromium did not answer")
            chunk = os.read(self.from_child_r, 65536)
            if not chunk:
                raise RuntimeError("Chromium closed the pipe")
            self.buffer += chunk
        message, self.buffer = self.buffer.split(b"\0", 1)
        return json.loads(message)

    def wait_for(self, method, deadline):
        while not any(e.get("method") == method for e in self.events):
            self.events.append(self.read(deadline))

    def close(self):
        try:
            self.send("Browser.close", timeout=5)
        except (RuntimeError, OSError):
            pass
        try:
            self.proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
        os.close(self.to_child_w)
        os.close(self.from_child_r)


def problems_of(events):
    """Console messages above info, uncaught exceptions, log entries of level warning or error."""
    out = []
    for e in events:
        method, p = e.get("method"), e.get("params", {})
        if method == "Runtime.consoleAPICalled" and p.get("type") in ("error", "warning", "assert"):
            out.append(f"console.{p['type']}: " + " ".join(str(a.get("value", a.get("description"))) for a in p.get("args", [])))
        elif method == "Runtime.exceptionThrown":
            details = p.get("exceptionDetails", {})
            out.append("exception: " + details.get("exception", {}).get("description", details.get("text", "")))
        elif method == "Log.entryAdded" and p.get("entry", {}).get("level") in ("error", "warning"):
            entry = p["entry"]
            out.append(f"{entry['source']} {entry['level']}: {entry['text']} {entry.get('url', '')}".strip())
        elif method == "Network.requestWillBeSent" and not p.get("request", {}).get("url", "").startswith(("file:", "about:", "data:")):
            out.append("request: " + p["request"]["url"])
    return out


def open_page(browser, url):
    """Loads `url` in a new tab; returns (problems, what the DOM probe found)."""
    target = browser.send("Target.createTarget", {"url": "about:blank"})["targetId"]
    session = browser.send("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
    for domain in ("Runtime", "Log", "Page", "Network"):
        browser.send(f"{domain}.enable", session=session)
    browser.events.clear()
    browser.send("Page.navigate", {"url": url}, session=session)
    browser.wait_for("Page.loadEventFired", time.monotonic() + 30)
    time.sleep(0.5)  # messages of the page's last moments
    probe = browser.send("Runtime.evaluate", {"expression": PROBE, "returnByValue": True}, session=session)
    events = [e for e in browser.events if e.get("sessionId") == session]
    browser.send("Target.closeTarget", {"targetId": target})
    return problems_of(events), json.loads(probe["result"]["value"])


def main():
    program, work = sys.argv[1], Path(sys.argv[2])
    exe = next((shutil.which(b) for b in BROWSERS if shutil.which(b)), None)
    if exe is None:
        print(f"SKIP: no headless browser ({', '.join(BROWSERS)}) on the PATH; Debian: apt-get install chromium")
        return 77
    work.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, str(HERE / "check_reports.py"), program, str(work)], check=True)
    report = work / "report.html"
    bad = work / "made_to_fail.html"
    bad.write_text('<!doctype html><html><head><title>bad</title></head><body><img src="missing.png">'
                   '<script>console.error("made to fail"); notDefined();</script></body></html>')

    failures = []
    with tempfile.TemporaryDirectory(prefix="report-browser-") as profile:
        browser = Browser(exe, profile)
        try:
            caught, _ = open_page(browser, bad.as_uri())
            print(f"the page made to fail: {len(caught)} problem(s) caught: {caught}")
            for expected in ("made to fail", "notDefined", "missing.png"):
                if not any(expected in c for c in caught):
                    failures.append(f"the browser check missed {expected!r} on the page made to fail")
            problems, dom = open_page(browser, report.as_uri())
        finally:
            browser.close()
    print(f"{report.name} in {Path(exe).name}: title {dom['title']!r}, charts "
          + ", ".join(f"{c['id']}: {c['points']} points, {c['width']:.0f} px wide" for c in dom["charts"]))
    failures += problems
    if len(dom["charts"]) != 4:
        failures.append(f"{len(dom['charts'])} charts drawn, expected 4")
    failures += [f"chart {c['id']} drawn without data points" for c in dom["charts"] if c["points"] == 0]
    failures += [f"chart {c['id']} has no width" for c in dom["charts"] if c["width"] <= 0]
    failures += [f"an element names a resource: {r}" for r in dom["refs"]]
    failures += [f"the page fetched {f}" for f in dom["fetched"]]
    for f in failures:
        print("FAIL:", f)
    if not failures:
        print("ok: no console message, exception or resource load; every chart has data")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
