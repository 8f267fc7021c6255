#!/usr/bin/env python3
"""Prints again, at the very end of a CI log, the output of every test that failed (CI logs keep
only the beginning and the end). Reads ctest's JUnit report. Usage: print_failures.py REPORT.xml"""
import sys
import xml.etree.ElementTree as ET

MAX_CHARS = 6000  # per test: its last lines, where the failure is

try:
    cases = ET.parse(sys.argv[1]).getroot().iter("testcase")
except (OSError, ET.ParseError) as e:
    sys.exit(f"no test report to summarise ({e})")
failed = [c for c in cases if c.get("status") == "fail" or c.find("failure") is not None]
for case in failed:
    out = (case.findtext("system-out") or "").strip()
    print(f"\n======== FAILED: {case.get('name')} ({case.get('time', '?')} s) ========")
    print(("... " + out[-MAX_CHARS:]) if len(out) > MAX_CHARS else out)
print(f"\n======== {len(failed)} failed: {' '.join(c.get('name') for c in failed)}")
