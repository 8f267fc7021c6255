#!/usr/bin/env python3
"""Checks an RFC 9411 search's reports (client/core/flows/flow_search_report.h) with Python's own
parsers, not ours: the JUnit XML with ElementTree, the CSV with csv, the HTML with html.parser.

usage: check_flow_reports.py DIR VERDICTS LOADS RESULT [TESTER_NOTE]
  DIR holds report.html, junit.xml and trials.csv; VERDICTS the trials' verdicts in order
  ("passed,failed,tester-limited"; "stopped": a stop on request); LOADS their loads ("10000,100,5050"); RESULT the result's
  test case: passed, failure or skipped; TESTER_NOTE (optional) text the HTML's tester-limited
  statement must hold (its absence is checked when not given).
Exit 0 when every check holds; else 1, each failure printed."""
import csv
import os
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "embed", "source", "track", "wbr"}
errors = []


def check(ok, message):
    if not ok:
        errors.append(message)


class Page(HTMLParser):
    """Balanced tags, the text of each element with a class, and the chart's points."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.unbalanced, self.points, self.classed, self.series = [], [], [], [], None

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "g" and a.get("class") == "series":
            self.series = a.get("data-name")
        if tag == "circle" and "point" in (a.get("class") or ""):
            self.points.append((self.series, a))
        if tag not in VOID:
            self.stack.append((tag, a.get("class") or ""))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1][0] != tag:
            self.unbalanced.append(tag)
        else:
            self.stack.pop()

    def handle_data(self, data):
        for _, cls in self.stack:
            if cls:
                self.classed.append((cls, data))


def main():
    folder, verdicts, loads, result = sys.argv[1], sys.argv[2].split(","), sys.argv[3].split(","), sys.argv[4]
    note = sys.argv[5] if len(sys.argv) > 5 else None
    n = len(verdicts)

    # JUnit: a case per trial, then the result's; failures and skips where the verdicts say.
    root = ET.parse(os.path.join(folder, "junit.xml")).getroot()
    check(root.tag == "testsuites", f"root <{root.tag}>")
    cases = root.findall("./testsuite/testcase")
    check(len(cases) == n + 1, f"{len(cases)} test cases for {n} trials and the result")
    check(int(root.get("tests")) == len(cases), f"tests={root.get('tests')} for {len(cases)} cases")
    check(int(root.get("failures")) == verdicts.count("failed") + (result == "failure"),
          f"failures={root.get('failures')}")
    unjudged = verdicts.count("tester-limited") + verdicts.count("stopped")
    check(int(root.get("skipped")) == unjudged + (result == "skipped"),
          f"skipped={root.get('skipped')}")
    for i, (case, verdict) in enumerate(zip(cases, verdicts)):
        check(case.get("name").startswith(f"trial {i + 1} at {loads[i]} "), f"case {i}: name {case.get('name')!r}")
        kinds = {child.tag for child in case} - {"system-out"}
        expected = {"passed": set(), "failed": {"failure"}, "tester-limited": {"skipped"}, "stopped": {"skipped"}}[verdict]
        check(kinds == expected, f"trial {i + 1} ({verdict}): {sorted(kinds)}")
        check(float(case.get("time")) > 0, f"trial {i + 1}: time {case.get('time')}: its real duration")
        if verdict == "tester-limited":
            check(case.find("skipped").get("message").startswith("tester-limited: "), f"trial {i + 1}: skip message")
        if verdict == "stopped":
            check(case.find("skipped").get("message").startswith("stopped: "), f"trial {i + 1}: skip message")
    last = cases[-1] if cases else None
    if last is not None:
        kinds = {child.tag for child in last} - {"system-out"}
        check(kinds == ({"failure"} if result == "failure" else {"skipped"} if result == "skipped" else set()),
              f"result case: {sorted(kinds)}, expected {result}")
    check(float(root.get("time")) > 0, "the run's time")

    # CSV: a row per trial, in order, with its load and verdict.
    with open(os.path.join(folder, "trials.csv"), newline="", encoding="utf-8") as f:
        rows = list(csv.DictReader(f))
    check(len(rows) == n, f"{len(rows)} CSV rows for {n} trials")
    for i, (row, verdict, load) in enumerate(zip(rows, verdicts, loads)):
        check(row["number"] == str(i + 1) and row["load"] == load, f"row {i + 1}: {row['number']} {row['load']}")
        check(row["verdict"] == verdict, f"row {i + 1}: verdict {row['verdict']}, expected {verdict}")
        check(row["tester_limited"] == ("1" if verdict in ("tester-limited", "stopped") else "0"), f"row {i + 1}: tester_limited")
        if row["attempted"]:
            failed = sum(int(row[k]) for k in ("refused", "reset", "timed_out", "invalid"))
            check(int(row["failed"]) == failed, f"row {i + 1}: failed {row['failed']} is not the kinds' sum {failed}")
            check(int(row["established"]) <= int(row["attempted"]), f"row {i + 1}: more established than attempted")
        check(row["start"] <= row["end"] and row["start"].endswith("Z"), f"row {i + 1}: times {row['start']} {row['end']}")

    # HTML: balanced, a chart point per trial, the tester-limited statement when (and only when) due.
    page = Page()
    page.feed(open(os.path.join(folder, "report.html"), encoding="utf-8").read())
    page.close()
    check(not page.unbalanced and not page.stack, f"unbalanced HTML: {page.unbalanced[:3]}, open: {page.stack[:3]}")
    trial_points = [p for series, p in page.points if series != "found"]
    check(len(trial_points) == n, f"{len(trial_points)} chart points for {n} trials")
    check(sorted(float(p["data-y"]) for p in trial_points) == sorted(float(x) for x in loads), "the chart's loads")
    hollow = [p for p in trial_points if p.get("fill") == "white"]
    check(len(hollow) == unjudged, f"{len(hollow)} hollow points (not judged)")
    statements = [text for cls, text in page.classed if "tester-limited" in cls.split()]
    if note is None:
        check(not statements, f"a tester-limited statement with no such trial: {statements}")
    else:
        check(any(note in s for s in statements), f"no tester-limited statement holding {note!r}: {statements}")

    for e in errors:
        print("FAIL:", e)
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
