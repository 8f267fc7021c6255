"""staccato.rfc9411() drives staccato-cli's `benchmark rfc9411 --json` (docs/flows.md#rfc-9411):
the result read into Rfc9411Result (found load, at least, complete, why, the trials with their
client numbers), the arguments as the CLI takes them, an incomplete search returned and a missing
result raised (a stand-in CLI), and (root) a real search on a router-lab drone with every report,
the JUnit and CSV read back with Python's own parsers."""
import csv
import json
import os
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from google.protobuf import json_format

import staccato
from benchmark_helpers import stand_in
from test_flows import PROFILE, router_lab  # noqa: F401 (router_lab: a pytest fixture, below)

ROOT = Path(__file__).resolve().parents[2]
CLI = os.environ.get("CLI") or str(ROOT / "build/dev/client/cli/staccato-cli")


def client_flows(attempted, refused=0, most_behind=0):
    steady = {"phase": "steady", "attempted": str(attempted), "established": str(attempted - refused),
              "completed": str(attempted - refused), "failed_refused": str(refused)}
    return {"port": "demo0", "role": "FLOW_CLIENT", "most_behind": str(most_behind),
            "templates": [{"name": "web", "phases": [steady]}]}


def trial(load, passed, why, tester_limited=False, client=None):
    return {"load": load, "passed": passed, "tester_limited": tester_limited, "why": why,
            "start": "2026-12-03T07:00:00.000000000Z", "end": "2026-12-03T07:00:03.000000000Z",
            **({"client": client} if client is not None else {})}


# As rfc9411_command.cpp writes it: the top failed, the bottom passed, halfway the client fell
# behind its schedule (the tester's limit): incomplete at 20.
INCOMPLETE = {
    "profile": PROFILE, "search": "rate", "found": 20, "at_least": False, "complete": False,
    "why": "the tester could not offer 110: the search ends at what passed below it",
    "criteria": {"max_failure_ratio": 0.001, "max_latency_ms": 0},
    "settings": {"low": 20, "high": 200, "resolution_pct": 2, "steady_seconds": 1},
    "client_port": "demo0", "server_port": "demo1", "generator": "staccato 0.1.0",
    "start": "2026-12-03T07:00:00.000000000Z", "end": "2026-12-03T07:00:09.000000000Z",
    "trials": [trial(200, False, "30 of 200 failed", client=client_flows(200, 30)),
               trial(20, True, "0 of 20 failed", client=client_flows(20)),
               trial(110, False, "not judged: 0 of 110 connections failed; the client fell up to 9 connections behind",
                     tester_limited=True, client=client_flows(110, most_behind=9))],
}


def test_the_result_read_from_the_clis_json(tmp_path):
    path = tmp_path / "r.json"
    path.write_text(json.dumps(INCOMPLETE))
    r = staccato.Rfc9411Result.load(path)
    assert (r.search, r.found, r.at_least, r.complete, r.incomplete) == ("rate", 20, False, False, True)
    assert r.why.startswith("the tester could not offer 110") and r.tester_limited and r.unit == "connections/s"
    assert (r.low, r.high, r.resolution_pct, r.steady_seconds, r.max_failure_ratio) == (20, 200, 2, 1, 0.001)
    assert [t.verdict for t in r.trials] == ["failed", "passed", "tester-limited"]
    top = r.trials[0]
    assert (top.steady.attempted, top.steady.refused, top.steady.failures) == (200, 30, 30)
    assert top.connections_per_second == 170  # established over the 1 s steady phase
    assert r.trials[1].latency("connect")["samples"] == 0  # none in these canned numbers
    stopped = {**INCOMPLETE, "trials": INCOMPLETE["trials"][:2] + [{**INCOMPLETE["trials"][2], "stopped": True}]}
    assert staccato.Rfc9411Result.from_dict(stopped).trials[2].verdict == "stopped"  # a stop, not the tester's limit
    with pytest.raises(staccato.FileFormatError, match="no found"):
        staccato.Rfc9411Result.from_dict({k: v for k, v in INCOMPLETE.items() if k != "found"})
    with pytest.raises(staccato.FileFormatError, match="search"):
        staccato.Rfc9411Result.from_dict({**INCOMPLETE, "search": "throughput"})


def test_arguments_and_an_incomplete_search_returned(tmp_path):
    sample = tmp_path / "sample.json"
    sample.write_text(json.dumps(INCOMPLETE))
    cli = stand_in(tmp_path, """\
        print("trial 1: 200 connections/s: failed (30 of 200 failed)")
        shutil.copy(sample, opt("--json"))
        print("connections per second: 20 (incomplete) - the tester could not offer 110")
        sys.exit(1)  # the CLI's status for an incomplete search
        """)
    mp = pytest.MonkeyPatch()
    mp.setenv("SAMPLE_JSON", str(sample))
    try:
        lines = []
        profile = tmp_path / "web.json"
        profile.write_text(json.dumps(PROFILE))
        r = staccato.rfc9411(str(profile), client="demo0", server="demo1", low=20, high=200, resolution=2,
                             max_failure_ratio=0.001, max_latency_ms=5, duration=1, search="rate",
                             drone="unix:/tmp/lab.sock", report="r.html", junit="r.xml", csv="r.csv", cli=cli,
                             on_output=lines.append)
        args = json.loads((tmp_path / "args.json").read_text())
        assert args[:9] == ["benchmark", "rfc9411", str(profile), "--client", "demo0", "--server", "demo1", "--search",
                            "rate"]
        for option, value in (("--low", "20"), ("--high", "200"), ("--resolution", "2"), ("--max-failure-ratio", "0.001"),
                              ("--max-latency-ms", "5"), ("--duration", "1"), ("--drone", "unix:/tmp/lab.sock"),
                              ("--report", "r.html"), ("--junit", "r.xml"), ("--csv", "r.csv")):
            assert args[args.index(option) + 1] == value, option
        assert "--json" in args
        assert not r.complete and r.found == 20 and r.trials[2].tester_limited, "returned, not raised"
        assert lines[0].startswith("trial 1:")
        # A FlowProfile message is written to a file of its own for the CLI.
        message = json_format.ParseDict({k: v for k, v in PROFILE.items() if k != "format_version"}, staccato.flow_pb2.FlowProfile())
        staccato.rfc9411(message, client="demo0", server="demo1", cli=cli)
        args = json.loads((tmp_path / "args.json").read_text())
        assert args[2].endswith("profile.json") and args[2] != str(profile)
        staccato.rfc9411(PROFILE, client="demo0", server="demo1", cli=cli)  # a dict: the same
        args = json.loads((tmp_path / "args.json").read_text())
        assert args[2].endswith("profile.json") and args[2] != str(profile)
    finally:
        mp.undo()


def test_no_result_is_an_error_and_bad_options_never_run(tmp_path):
    never = stand_in(tmp_path, 'print("staccato-cli: --client: no port demo9", file=sys.stderr); sys.exit(2)\n')
    with pytest.raises(staccato.BenchmarkError, match="no port demo9"):
        staccato.rfc9411("web.json", client="demo9", server="demo1", cli=never)
    (tmp_path / "args.json").unlink()
    for options, error in (({"search": "throughput"}, ValueError), ({"low": 300, "high": 200}, ValueError),
                           ({"max_failure_ratio": 2}, ValueError), ({"client": None}, TypeError)):
        with pytest.raises(error):
            staccato.rfc9411("web.json", **{"client": "demo0", "server": "demo1", **options}, cli=never)
    assert not (tmp_path / "args.json").exists(), "refused before the CLI runs"


# ---- a real search on a router-lab drone (root): test_flows.py's fixture, one drone a module ----


def test_a_search_on_the_router_lab_with_its_reports(router_lab, tmp_path):
    files = {name: str(tmp_path / name) for name in ("r.json", "r.html", "r.xml", "r.csv")}
    r = staccato.rfc9411(PROFILE, client="demo0", server="demo1", drone=router_lab, low=20, high=60, duration=1,
                         json=files["r.json"], report=files["r.html"], junit=files["r.xml"], csv=files["r.csv"],
                         cli=CLI, timeout=120)
    # The router forwards 60 connections/s without a failure: the top passes, one trial.
    assert r.complete and r.at_least and r.found == 60, r.why
    assert len(r.trials) == 1 and r.trials[0].verdict == "passed", r.trials[0].why
    t = r.trials[0]
    assert t.steady.failures == 0 and abs(t.steady.attempted - 60) <= 2, t.steady
    assert t.connections_per_second == pytest.approx(t.steady.established)  # a 1 s steady phase
    assert t.latency("last_byte")["samples"] == t.steady.completed > 0
    # Every member the CLI wrote is read (a new one must be added to Rfc9411Result too).
    raw = json.loads(Path(files["r.json"]).read_text())
    assert set(raw) == {"profile", "search", "found", "at_least", "complete", "why", "criteria", "settings",
                        "client_port", "server_port", "generator", "start", "end", "trials"}
    assert r.raw == raw and set(raw["trials"][0]) == {"load", "passed", "tester_limited", "stopped", "why", "start", "end",
                                                                     "client"}
    # The reports, read back with Python's own parsers.
    cases = ET.parse(files["r.xml"]).getroot().findall("./testsuite/testcase")
    assert [c.get("name") for c in cases] == ["trial 1 at 60 connections/s", "connections per second"]
    assert all(not [e for e in c if e.tag != "system-out"] for c in cases), "a pass: no failure, no skip"
    assert float(cases[0].get("time")) >= 1  # the trial's real time: at least its steady second
    rows = list(csv.DictReader(open(files["r.csv"], newline="")))
    assert len(rows) == 1 and rows[0]["verdict"] == "passed" and int(rows[0]["attempted"]) == t.steady.attempted
    html = Path(files["r.html"]).read_text()
    assert "connections per second: at least 60" in html and "tester-limited\"" not in html
    # benchmark report renders the same reports again from the JSON alone.
    again = {name: str(tmp_path / f"again.{name}") for name in ("html", "xml", "csv")}
    subprocess.run([CLI, "benchmark", "report", files["r.json"], "--report", again["html"], "--junit", again["xml"],
                    "--csv", again["csv"]], check=True, capture_output=True)
    for first, second in ((files["r.html"], again["html"]), (files["r.xml"], again["xml"]), (files["r.csv"], again["csv"])):
        assert Path(first).read_text() == Path(second).read_text(), f"{second} differs from {first}"
