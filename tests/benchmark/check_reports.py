#!/usr/bin/env python3
"""Checks the sample benchmark's reports with Python's own parsers (html.parser, ElementTree,
csv, json): the HTML is balanced, self-contained, each chart well-formed SVG with data points;
JUnit, CSV and JSON parse and agree with each other.
usage: check_reports.py SAMPLE_REPORT_PROGRAM WORK_DIR"""
import csv
import json
import os
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
from html.parser import HTMLParser

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "embed", "source", "track", "wbr"}
SVG_NS = "http://www.w3.org/2000/svg"


class Structure(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.errors, self.tags = [], [], []

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        if tag not in VOID:
            self.stack.append(tag)

    def handle_startendtag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))

    def handle_endtag(self, tag):
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes <{self.stack[-1] if self.stack else None}>")
        else:
            self.stack.pop()


def fail(message):
    print("FAIL:", message)
    sys.exit(1)


def main():
    program, work = sys.argv[1], sys.argv[2]
    os.makedirs(work, exist_ok=True)
    paths = [os.path.join(work, name) for name in ("report.html", "result.json", "results.csv", "junit.xml")]
    subprocess.run([program, *paths], check=True)
    html = open(paths[0], encoding="utf-8").read()

    parser = Structure()
    parser.feed(html)
    parser.close()
    if parser.errors or parser.stack:
        fail(f"unbalanced HTML: {parser.errors[:3]} open at the end: {parser.stack}")
    for tag, attrs in parser.tags:
        if tag in ("script", "link", "img", "iframe", "object", "embed"):
            fail(f"<{tag}> in a self-contained report")
        for name, value in attrs.items():
            if name in ("src", "href") or (value and re.search(r"https?://", value) and not (tag == "svg" and name == "xmlns")):
                fail(f"<{tag} {name}={value!r}> refers outside the page")
    if re.search(r"https?://", re.sub(r'xmlns="http://www\.w3\.org/2000/svg"', "", html)):
        fail("a URL in the page besides the SVG namespace")

    svgs = re.findall(r"<svg[\s\S]*?</svg>", html)
    if len(svgs) != 4:
        fail(f"{len(svgs)} charts, expected 4 (throughput, latency, loss, back-to-back)")
    for text in svgs:
        svg = ET.fromstring(text)  # well-formed XML on its own
        points = svg.findall(f".//{{{SVG_NS}}}circle[@class='point']")
        if not points:
            fail(f"chart {svg.get('id')} has no data points")
        for p in points:
            float(p.get("data-x")), float(p.get("data-y"))
            if p.find(f"{{{SVG_NS}}}title") is None:
                fail(f"a point of {svg.get('id')} has no tooltip")
        print(f"{svg.get('id')}: {len(points)} points")

    result = json.load(open(paths[1], encoding="utf-8"))
    if result["format"] != "staccato-benchmark" or not result["trials"] or not result["calibration"]["points"]:
        fail("the JSON lacks trials or the calibration")
    junit = ET.parse(paths[3]).getroot()
    cases = junit.findall(".//testcase")
    sizes = len(result["sizes"])
    if len(cases) != 4 * sizes:
        fail(f"{len(cases)} JUnit test cases for {sizes} sizes x 4 tests")
    skipped = {c.get("name") for c in junit.findall(".//testsuite[@name='throughput']/testcase") if c.find("skipped") is not None}
    limited = {s["frame_size"] + " B" for s in result["sizes"] if any(g["tester_limited"] for g in s["throughput"]["goals"])}
    if skipped != limited or not limited:
        fail(f"JUnit skipped {skipped}, the JSON says tester-limited {limited}")
    rows = list(csv.DictReader(open(paths[2], encoding="utf-8")))
    ndr = {r["frame_size"]: float(r["load_pct"]) for r in rows if r["test"] == "throughput" and r["item"] == "NDR"}
    for s in result["sizes"]:
        if abs(ndr[s["frame_size"]] - 100 * s["throughput"]["goals"][0]["lower_load"]) > 1e-3:
            fail(f"CSV and JSON disagree on NDR at {s['frame_size']}")
    print(f"ok: {len(result['trials'])} trials, {len(cases)} test cases, {len(rows)} CSV rows")


if __name__ == "__main__":
    main()
