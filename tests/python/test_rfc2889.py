"""staccato.Rfc2889Result reads the RFC 2889 result file (every member the C++ writers write, and
back to the same JSON; congestion control's, forward pressure's and errored frames' verdicts), and staccato.rfc2889() drives staccato-cli's `benchmark rfc2889 --json`
(a stand-in CLI shows the arguments, incomplete results and errors; the real one runs meshed and
broadcast on a fake-lab drone: the address tests need a switch that learns)."""
import json
import os

import pytest

import staccato
from benchmark_helpers import stand_in

CLI = os.environ.get("CLI")


def needs_cli():
    if not CLI:
        pytest.skip("set CLI to staccato-cli")


def pair(tx, rx, sent, received, elsewhere=0):
    return {"tx": tx, "rx": rx, "sent": sent, "received": received, "lost": sent - received, "elsewhere": elsewhere,
            "latency_avg_us": 4.5}


def traffic_trial(load, passed, pairs):
    sent, received = sum(p["sent"] for p in pairs), sum(p["received"] for p in pairs)
    return {"load": load, "offered_fps_per_port": load * 14880952.38, "seconds": 1, "sent": sent, "received": received,
            "lost": sent - received, "elsewhere": sum(p["elsewhere"] for p in pairs), "forwarded_fps": received,
            "judged": True, "passed": passed, "tester_note": "", "pairs": pairs}


def address_trial(addresses, flooded):
    return {"addresses": addresses, "asked_rate_fps": 1000, "learning_rate_fps": 999.5, "learning_sent": addresses,
            "test_sent": addresses, "forwarded": addresses, "flooded": flooded, "judged": True, "passed": flooded == 0,
            "tester_note": ""}


# Files as rfc2889_traffic_result.cpp and rfc2889_address_result.cpp write them, member for member.
MESHED = {
    "format": "staccato-rfc2889-result", "format_version": 1, "generator": "staccato 0.1.0", "test": "fully_meshed",
    "start": "2026-12-02T13:40:23.227622772Z", "end": "2026-12-02T13:40:24.591102678Z", "ports": ["fake0", "fake1"],
    "settings": {"frame_size": "64", "trial_seconds": 1, "line_rate_bps": 1e10, "max_load": 1, "min_load": 0.01,
                 "resolution": 0.01},
    "result": {"complete": True, "throughput_load": 0.5, "answer": "throughput 50 % of the line rate per port "
               "(14.88 Mfps forwarded over 2 pairs)", "note": "", "error": ""},
    "trials": [traffic_trial(1, False, [pair("fake0", "fake1", 7440476, 7000000, 12), pair("fake1", "fake0", 7440476, 7440476)]),
               traffic_trial(0.5, True, [pair("fake0", "fake1", 3720238, 3720238), pair("fake1", "fake0", 3720238, 3720238)])],
}
CACHING = {
    "format": "staccato-rfc2889-result", "format_version": 1, "generator": "staccato 0.1.0",
    "test": "address_caching_capacity", "start": "2026-12-02T13:40:23.227622772Z", "end": "2026-12-02T13:41:23.5Z",
    "ports": {"learning": "port1", "test": "port2", "monitor": "port3"},
    "settings": {"aging_seconds": 6.5, "test_rate_fps": 20000, "max_addresses": 600, "resolution": 10,
                 "learning_rate_fps": 20000},
    "result": {"complete": True, "at_least": False, "capacity_addresses": 499, "answer": "499 addresses", "note": "",
               "error": ""},
    "trials": [address_trial(600, 101), address_trial(300, 0), address_trial(450, 0), address_trial(525, 26)],
}
CONGESTION = {
    **MESHED, "test": "congestion_control", "ports": ["p1", "p2", "p3", "p4"],
    "result": {"complete": True, "judged": True, "head_of_line_blocking": True, "congested": True, "back_pressure": True,
               "congested_loss_ratio": 0.0, "expected_loss_ratio": 1 / 3,
               "answer": "at 100 %: head-of-line blocking: yes (0 of 4960 frames to the uncongested port lost, its sender "
                         "held back); back pressure: yes (the congested port lost 0.00 % of its frames; its line rate "
                         "alone makes it lose 33.33 %)", "note": "", "error": ""},
    "trials": [traffic_trial(1, False, [pair("p1", "p3", 4960, 4960), pair("p1", "p4", 4960, 4960),
                                        pair("p2", "p3", 9920, 9920)])],
}
FORWARD_PRESSURE = {
    **MESHED, "test": "forward_pressure", "ports": ["p1", "p2"],
    "settings": {**MESHED["settings"], "sweep_min_load": 0.5, "sweep_step": 0.5, "sweep_max_load": 1},
    "result": {"complete": True, "max_forwarding_fps": 14880952.38, "max_forwarding_load": 1, "line_fps": 14880952.38,
               "pressure_judged": True, "forward_pressure": False, "overload_sent_fps": 15060240.96,
               "overload_forwarded_fps": 14880952.38,
               "answer": "maximum forwarding rate 14.88 Mfps (100 % of the line rate) at a load of 100 %; forward "
                         "pressure: no (offered 101.2 % of the line rate with an 88-bit gap, forwarded 100 %)",
               "note": "", "error": ""},
    "trials": [traffic_trial(0.5, True, [{**pair("p1", "p2", 7440476, 7440476), "sent_fps": 7440476.2,
                                          "received_fps": 7440476.1}]),
               traffic_trial(1, True, [{**pair("p1", "p2", 14880952, 14880952), "sent_fps": 14880952.38,
                                        "received_fps": 14880952.38}]),
               traffic_trial(84 / 83, False, [{**pair("p1", "p2", 15060241, 14880952), "sent_fps": 15060240.96,
                                               "received_fps": 14880952.38}])],
}
ERRORED = {
    **MESHED, "test": "errored_frames", "ports": ["p1", "p2"],
    "settings": {**MESHED["settings"], "undersize_bytes": 60, "oversize_bytes": 1519},
    "result": {"complete": True, "judged": True, "passed": False, "valid_all_forwarded": True,
               "undersize_filtered": True, "oversize_filtered": False,
               "kinds": [{"kind": "valid", "size": "64 B", "sent": 1000, "forwarded": 1000, "not_tested": ""},
                         {"kind": "undersize", "size": "60 B", "sent": 1000, "forwarded": 0, "not_tested": ""},
                         {"kind": "oversize", "size": "1519 B", "sent": 1000, "forwarded": 1000, "not_tested": ""},
                         {"kind": "bad_fcs", "size": "", "sent": 0, "forwarded": 0,
                          "not_tested": "the drone's ports send the FCS their NIC computes"}],
               "answer": "at 100 %: filters errored frames: no (oversized frames forwarded) (...)", "note": "", "error": ""},
    "trials": [traffic_trial(1, False, [pair("p1", "p2", 1000, 1000), pair("p1", "p2", 1000, 0),
                                        pair("p1", "p2", 1000, 1000)])],
}
LEARNING = {
    **CACHING, "test": "address_learning_rate",
    "settings": {"aging_seconds": 6.5, "test_rate_fps": 20000, "addresses": 100, "min_rate_fps": 100,
                 "max_rate_fps": 100000, "resolution": 0.01},
    "result": {"complete": False, "at_least": True, "learning_rate_fps": 999.5, "answer": "incomplete: ...",
               "note": "the tester did not send the trial at 2 kfps as asked", "error": ""},
}


def test_a_meshed_result_reads_back_to_the_same_file():
    r = staccato.Rfc2889Result.from_json(json.dumps(MESHED))
    assert r.raw == MESHED and json.loads(r.to_json()) == MESHED
    assert r.complete and r.error == "" and r.answer.startswith("throughput 50 %") and r.throughput_load == 0.5
    assert (r.test, r.ports, r.settings.frame_size, r.settings.max_load) == ("fully_meshed", ["fake0", "fake1"], "64", 1)
    assert r.capacity is None and r.learning_rate_fps is None and r.settings.aging_seconds is None
    heaviest, best = r.trials
    assert not heaviest.passed and heaviest.elsewhere == 12 and heaviest.pairs[0].lost == 440476
    assert r.at_throughput() is best and [(p.tx, p.rx, p.lost) for p in best.pairs] == [("fake0", "fake1", 0),
                                                                                         ("fake1", "fake0", 0)]
    assert best.addresses is None and best.pairs[1].latency_avg_us == 4.5
    r.trials.pop()  # none passed: nothing at the throughput
    assert r.at_throughput() is None


def test_a_congestion_result_has_its_verdicts():
    r = staccato.Rfc2889Result.from_json(json.dumps(CONGESTION))
    assert json.loads(r.to_json()) == CONGESTION
    assert r.complete and r.head_of_line_blocking and r.back_pressure and r.throughput_load is None
    assert r.outcome.judged and r.outcome.congested and r.outcome.expected_loss_ratio == 1 / 3
    assert r.outcome.congested_loss_ratio == 0 and r.at_throughput() is None
    assert [(p.tx, p.rx) for p in r.trials[0].pairs] == [("p1", "p3"), ("p1", "p4"), ("p2", "p3")]
    meshed = staccato.Rfc2889Result.from_json(json.dumps(MESHED))
    assert meshed.head_of_line_blocking is None and meshed.back_pressure is None and meshed.outcome.judged is None
    assert "back_pressure" not in json.loads(meshed.to_json())["result"]


def test_address_results_read_back_to_the_same_files():
    caching = staccato.Rfc2889Result.from_json(json.dumps(CACHING))
    assert json.loads(caching.to_json()) == CACHING
    assert caching.complete and caching.capacity == 499 and not caching.at_least and caching.throughput_load is None
    assert caching.ports == {"learning": "port1", "test": "port2", "monitor": "port3"}
    assert caching.settings.max_addresses == 600 and caching.settings.frame_size is None
    assert [(t.addresses, t.flooded, t.passed) for t in caching.trials] == [(600, 101, False), (300, 0, True),
                                                                            (450, 0, True), (525, 26, False)]
    assert caching.trials[0].pairs is None and caching.trials[0].load is None and caching.at_throughput() is None
    learning = staccato.Rfc2889Result.from_json(json.dumps(LEARNING))
    assert json.loads(learning.to_json()) == LEARNING
    assert not learning.complete and learning.at_least and learning.learning_rate_fps == 999.5
    assert learning.capacity is None and learning.outcome.note.startswith("the tester did not send")


def test_forward_pressure_and_errored_frames_results_have_their_verdicts():
    pressure = staccato.Rfc2889Result.from_json(json.dumps(FORWARD_PRESSURE))
    assert json.loads(pressure.to_json()) == FORWARD_PRESSURE
    assert pressure.max_forwarding_fps == 14880952.38 and pressure.forward_pressure is False
    assert pressure.outcome.pressure_judged and pressure.outcome.overload_sent_fps == 15060240.96
    assert (pressure.settings.sweep_min_load, pressure.settings.sweep_step, pressure.settings.sweep_max_load) == (0.5, 0.5, 1)
    assert pressure.trials[-1].pairs[0].received_fps == 14880952.38 and pressure.filters_errored_frames is None
    assert pressure.throughput_load is None and pressure.at_throughput() is None
    errored = staccato.Rfc2889Result.from_json(json.dumps(ERRORED))
    assert json.loads(errored.to_json()) == ERRORED
    assert errored.filters_errored_frames is False and errored.outcome.judged and errored.forward_pressure is None
    assert (errored.settings.undersize_bytes, errored.settings.oversize_bytes) == (60, 1519)
    assert [(k.kind, k.forwarded) for k in errored.outcome.kinds] == [("valid", 1000), ("undersize", 0),
                                                                      ("oversize", 1000), ("bad_fcs", 0)]
    assert errored.outcome.kinds[3].not_tested.startswith("the drone's ports")
    meshed = staccato.Rfc2889Result.from_json(json.dumps(MESHED))
    assert meshed.max_forwarding_fps is None and meshed.filters_errored_frames is None and meshed.outcome.kinds is None
    assert "kinds" not in json.loads(meshed.to_json())["result"]


@pytest.mark.parametrize("text, message", [
    ("{", "not a RFC 2889 result"),
    ('{"format": "staccato-y1564-result", "format_version": 1}', "format is not 'staccato-rfc2889-result'"),
    ('{"format": "staccato-rfc2889-result", "format_version": 2}', "RFC 2889 result format_version 2: this package reads up to 1"),
    ('{"format": "staccato-rfc2889-result"}', "RFC 2889 result format_version None"),
    ('{"format": "staccato-rfc2889-result", "format_version": 1, "trials": {}}', "result.trials: expected an array, found dict"),
    ('{"format": "staccato-rfc2889-result", "format_version": 1, "trials": [{"pairs": {}}]}',
     "result.trials[0].pairs: expected an array, found dict"),
    ('{"format": "staccato-rfc2889-result", "format_version": 1, "result": []}', "result.result: expected an object, found list"),
])
def test_other_files_are_refused_with_the_reason(text, message):
    with pytest.raises(staccato.FileFormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        staccato.Rfc2889Result.from_json(text)


@pytest.fixture
def sample(tmp_path, monkeypatch):
    """MESHED as a file, for the stand-in CLI to hand back."""
    path = tmp_path / "sample.json"
    path.write_text(json.dumps(MESHED))
    monkeypatch.setenv("SAMPLE_JSON", str(path))
    return path


def ran(tmp_path):
    """The stand-in's arguments, without the --json it was given (a temporary file's path)."""
    args = json.loads((tmp_path / "args.json").read_text())
    i = args.index("--json")
    return args[:i] + args[i + 2:]


COMMON = {"drain": 200, "start_margin": 300, "learning_frames": 4, "drone": "unix:/run/lab.sock", "token_file": "t",
          "ca": "ca.pem", "fleet": "lab.fleet", "report": "r.html", "tls": True, "quiet": True,
          "extra_args": ["--clock-tolerance", "50"]}
COMMON_ARGS = ["--drain", "200", "--start-margin", "300", "--learning-frames", "4", "--drone", "unix:/run/lab.sock",
               "--token-file", "t", "--ca", "ca.pem", "--fleet", "lab.fleet", "--report", "r.html", "--tls", "--quiet",
               "--clock-tolerance", "50"]


@pytest.mark.parametrize("test, options, expected", [
    ("caching", {"learning_port": "port1", "test_port": "port2@lab-b:7878", "monitor_port": "port3", "aging": 6.5,
                 "test_rate": 20000, "max_addresses": 600, "learning_rate": 1000, "resolution": 10},
     ["--learning", "port1", "--test", "port2@lab-b:7878", "--monitor", "port3", "--aging", "6.5", "--test-rate", "20000",
      "--max-addresses", "600", "--learning-rate", "1000", "--resolution", "10"]),
    ("learning", {"learning_port": "port1", "test_port": "port2", "monitor_port": "port3", "aging": 300,
                  "addresses": 100, "min_rate": 100, "max_rate": 1e5, "resolution": 0.02},
     ["--learning", "port1", "--test", "port2", "--monitor", "port3", "--aging", "300", "--addresses", "100",
      "--min-rate", "100", "--max-rate", "100000.0", "--resolution", "0.02"]),
    ("meshed", {"ports": ["fake0", "fake1", "fake2@lab-b"], "load": 80, "min_load": 5, "resolution": 0.5,
                "duration": 2, "size": "imix"},
     ["--ports", "fake0,fake1,fake2@lab-b", "--resolution", "0.5", "--load", "80", "--min-load", "5", "--duration", "2",
      "--size", "imix"]),
    ("broadcast", {"tx": "fake0", "rx": "fake1", "load": 10, "size": 1518},
     ["--tx", "fake0", "--rx", "fake1", "--load", "10", "--size", "1518"]),
    ("broadcast", {"tx": "fake0", "rx": ["fake1", "fake2"]}, ["--tx", "fake0", "--rx", "fake1,fake2"]),
    ("one-to-many", {"tx": "fake0", "rx": ["fake1", "fake2@lab-b"], "load": 50, "min_load": 5, "resolution": 2,
                     "duration": 1, "size": 512},
     ["--tx", "fake0", "--rx", "fake1,fake2@lab-b", "--resolution", "2", "--load", "50", "--min-load", "5",
      "--duration", "1", "--size", "512"]),
    ("many-to-one", {"tx": ["fake1", "fake2"], "rx": "fake0", "load": 40}, ["--tx", "fake1,fake2", "--rx", "fake0", "--load", "40"]),
    ("many-to-one", {"tx": "fake1", "rx": "fake0"}, ["--tx", "fake1", "--rx", "fake0"]),
    ("congestion", {"ports": ["p1", "p2", "p3", "p4"], "load": 90, "duration": 2},
     ["--ports", "p1,p2,p3,p4", "--load", "90", "--duration", "2"]),
    ("forward-pressure", {"tx": "p1", "rx": "p2@lab-b", "load": 90, "min_load": 30, "step": 20, "duration": 2,
                          "size": 128},
     ["--tx", "p1", "--rx", "p2@lab-b", "--load", "90", "--min-load", "30", "--step", "20", "--duration", "2",
      "--size", "128"]),
    ("forward-pressure", {"tx": "p1", "rx": ["p2"]}, ["--tx", "p1", "--rx", "p2"]),
    ("errored-frames", {"tx": "p1", "rx": "p2", "load": 50, "duration": 1, "size": 512, "undersize": 40,
                        "oversize": 9000},
     ["--tx", "p1", "--rx", "p2", "--load", "50", "--duration", "1", "--size", "512", "--undersize", "40",
      "--oversize", "9000"]),
    ("errored-frames", {"tx": "p1", "rx": "p2"}, ["--tx", "p1", "--rx", "p2"]),
])
def test_options_become_the_clis_arguments(sample, tmp_path, test, options, expected):
    cli = stand_in(tmp_path, """\
        print("trial: 50 % (7.44 Mfps a port): 7440476 sent, 7440476 received, 0 lost: passed", file=sys.stderr)
        shutil.copy(sample, opt("--json"))
        print("fully meshed: throughput 50 % of the line rate per port")
        """)
    lines = []
    r = staccato.rfc2889(test, cli=cli, on_output=lines.append, **options, **COMMON)
    assert ran(tmp_path) == ["benchmark", "rfc2889", test] + expected + COMMON_ARGS
    assert r == staccato.Rfc2889Result.load(sample)
    assert lines[0].startswith("trial: 50 %") and "fully meshed: throughput 50 % of the line rate per port" in lines
    # The settings are kept for another run; the JSON is kept where asked.
    kept = tmp_path / "kept.json"
    staccato.Rfc2889(test, json=str(kept), cli=cli, **options).run()
    assert ran(tmp_path) == ["benchmark", "rfc2889", test] + expected and kept.exists()


def test_bad_arguments_are_refused_in_python():
    with pytest.raises(ValueError, match="'mesh' is not an RFC 2889 test .allowed: caching, learning, meshed, "
                                         "one-to-many, many-to-one, congestion, broadcast, forward-pressure, "
                                         "errored-frames.$"):
        staccato.Rfc2889("mesh", ports=["fake0", "fake1"])
    with pytest.raises(ValueError, match="ports: congestion takes four ports: the two senders, the congested port"):
        staccato.Rfc2889("congestion", ports=["p1", "p2", "p3"])
    with pytest.raises(TypeError, match="rx: one port"):
        staccato.Rfc2889("many-to-one", tx=["fake1", "fake2"], rx=["fake0", "fake3"])
    with pytest.raises(TypeError, match="tx: one port"):
        staccato.Rfc2889("one-to-many", tx=["fake0", "fake3"], rx=["fake1"])
    with pytest.raises(TypeError, match="test_port: one port"):
        staccato.Rfc2889("caching", learning_port="port1", test_port=["port2"], monitor_port="port3", aging=1)
    with pytest.raises(TypeError, match="ports: ports as text"):
        staccato.Rfc2889("meshed", ports=["fake0", 1])


@pytest.mark.parametrize("test, options, error, message", [
    ("forward-pressure", {"rx": ["p2", "p3"]}, ValueError, "rx: forward-pressure takes one receiving port"),
    ("errored-frames", {"rx": ["p2", "p3"]}, ValueError, "rx: errored-frames takes one receiving port"),
    ("forward-pressure", {"step": 0.5}, ValueError, r"step: must be 1\.\.100, not 0\.5"),
    ("forward-pressure", {"step": 101}, ValueError, r"step: must be 1\.\.100"),
    ("forward-pressure", {"step": "10"}, TypeError, r"step: a number 1\.\.100, not '10'"),
    ("forward-pressure", {"min_load": 0.5}, ValueError, r"min_load: must be 1\.\.100"),
    ("forward-pressure", {"min_load": 60, "load": 50}, ValueError, r"min_load: must be at most load \(50 %\)"),
    ("forward-pressure", {"load": 0}, ValueError, r"load: must be 0\.01\.\.100"),
    ("forward-pressure", {"undersize": 60}, ValueError, "undersize: is an option of the errored-frames test, not of "
                                                        "forward-pressure"),
    ("errored-frames", {"step": 10}, ValueError, "step: is an option of the forward-pressure test, not of errored-frames"),
    ("meshed", {"oversize": 1519}, ValueError, "oversize: is an option of the errored-frames test, not of meshed"),
    ("errored-frames", {"undersize": 64}, ValueError, r"undersize: must be 34\.\.63, not 64"),
    ("errored-frames", {"undersize": 33}, ValueError, r"undersize: must be 34\.\.63"),
    ("errored-frames", {"undersize": 60.5}, TypeError, r"undersize: a whole number 34\.\.63"),
    ("errored-frames", {"undersize": True}, TypeError, "undersize: a whole number"),
    ("errored-frames", {"oversize": 1518}, ValueError, r"oversize: must be 1519\.\.16384, not 1518"),
    ("errored-frames", {"oversize": 16385}, ValueError, r"oversize: must be 1519\.\.16384"),
])
def test_forward_pressure_and_errored_frames_options_are_checked_before_the_cli(tmp_path, test, options, error,
                                                                                 message):
    never = stand_in(tmp_path, "sys.exit(2)\n")  # it writes args.json when run
    with pytest.raises(error, match=message):
        staccato.rfc2889(test, **{"tx": "p1", "rx": "p2", **options}, cli=never)
    assert not (tmp_path / "args.json").exists(), "refused before the CLI runs"


def test_an_incomplete_result_is_returned_an_error_raised(sample, tmp_path):
    cli = stand_in(tmp_path, """\
        result = json.load(open(sample))
        result["result"].update(complete=os.environ.get("ERROR", "") == "" and os.environ["EXIT"] == "0",
                                error=os.environ.get("ERROR", ""), note=os.environ.get("NOTE", ""))
        json.dump(result, open(opt("--json"), "w"))
        print("staccato-cli: the end", file=sys.stderr)
        sys.exit(int(os.environ["EXIT"]))
        """)
    mp = pytest.MonkeyPatch()
    mp.setenv("EXIT", "1")  # the tester could not send a trial as asked: the search stopped, incomplete
    mp.setenv("NOTE", "the tester did not send or count the trial at 100 % as asked")
    r = staccato.rfc2889("meshed", ports=["fake0", "fake1"], cli=cli)
    assert not r.complete and r.error == "" and r.outcome.note.startswith("the tester did not send")
    mp.setenv("ERROR", "fake1: drone lab is unreachable")  # a drone failed: what was measured until then
    with pytest.raises(staccato.BenchmarkError, match="RFC 2889 meshed test ended early: fake1: drone lab is unreachable") as e:
        staccato.rfc2889("meshed", ports=["fake0", "fake1"], cli=cli)
    assert e.value.returncode == 1 and len(e.value.result.trials) == 2 and not e.value.result.complete
    r = staccato.rfc2889("meshed", ports=["fake0", "fake1"], cli=cli, check=False)
    assert r.error == "fake1: drone lab is unreachable"
    mp.setenv("ERROR", "")  # complete: exit 0
    mp.setenv("EXIT", "0")
    assert staccato.rfc2889("meshed", ports=["fake0", "fake1"], cli=cli).complete
    mp.undo()
    failing = stand_in(tmp_path, """\
        # complete, but stopped by a signal after the answer: the exit status says something went wrong
        shutil.copy(sample, opt("--json"))
        print("staccato-cli: SIGTERM received: stopped fake0, fake1", file=sys.stderr)
        sys.exit(143)
        """)
    with pytest.raises(staccato.BenchmarkError, match="rfc2889 exited with 143: staccato-cli: SIGTERM received") as e:
        staccato.rfc2889("meshed", ports=["fake0", "fake1"], cli=failing)
    assert e.value.result.complete


def test_without_a_result_the_cli_says_why(tmp_path):
    silent = stand_in(tmp_path, "print('staccato-cli: --ports: name 2..16 ports, separated by commas', file=sys.stderr); sys.exit(2)\n")
    with pytest.raises(staccato.BenchmarkError, match=r"rfc2889 failed \(exit 2\) without a result: staccato-cli: --ports: name") as e:
        staccato.rfc2889("meshed", ports="fake0", cli=silent)
    assert e.value.result is None and e.value.returncode == 2


@pytest.mark.parametrize("test, options, message", [
    ("meshed", {"ports": ["fake0"]}, "--ports: name 2..16 ports, separated by commas"),
    ("caching", {"learning_port": "fake0", "test_port": "fake1", "monitor_port": "fake2"}, "--aging: say how long"),
    ("broadcast", {"tx": "fake0", "rx": "fake1", "min_load": 5}, "--min-load: is not an option of the broadcast test"),
])
def test_bad_options_are_the_clis_message(test, options, message):
    needs_cli()
    with pytest.raises(staccato.BenchmarkError, match=r"exit 2\) without a result: staccato-cli: " + message) as e:
        staccato.rfc2889(test, drone="unix:/nonexistent.sock", cli=CLI, timeout=60, **options)
    assert e.value.returncode == 2 and e.value.result is None


@pytest.mark.parametrize("test, options", [
    ("one-to-many", {"tx": "fake0", "rx": ["fake1", "fake2"], "load": 50, "min_load": 5, "resolution": 2, "duration": 1}),
    ("many-to-one", {"tx": ["fake1", "fake2"], "rx": "fake0", "load": 40, "size": "imix"}),
    ("congestion", {"ports": ["fake0", "fake1", "fake2", "fake3"], "load": 90, "duration": 2, "size": 128}),
    ("forward-pressure", {"tx": "fake0", "rx": "fake1", "load": 90, "min_load": 30, "step": 20, "duration": 1,
                          "size": 128}),
    ("errored-frames", {"tx": "fake0", "rx": "fake1", "load": 50, "duration": 1, "size": 512, "undersize": 40,
                        "oversize": 1600}),
])
def test_the_real_cli_takes_the_new_tests_options(test, options):
    """The CLI accepts what the wrapper builds (a refused option exits 2): it goes on to the drone,
    which is not there (exit 1)."""
    needs_cli()
    with pytest.raises(staccato.BenchmarkError, match=r"exit 1\) without a result: staccato-cli: ") as e:
        staccato.rfc2889(test, drone="unix:/nonexistent.sock", cli=CLI, timeout=60, **options)
    assert e.value.returncode == 1 and e.value.result is None


def test_the_real_cli_on_a_fake_lab(fake_lab, tmp_path):
    """staccato-cli's meshed and broadcast tests on the fake-lab drone's ports (nothing between
    them loses a frame), read back whole: the same JSON the CLI wrote."""
    needs_cli()
    lines = []
    kept = tmp_path / "meshed.json"
    meshed = staccato.rfc2889("meshed", ports=["fake0", "fake1"], load=2, min_load=1, duration=0.5, drone=fake_lab,
                              cli=CLI, json=str(kept), timeout=120, on_output=lines.append)
    assert json.loads(meshed.to_json()) == json.loads(kept.read_text()) == meshed.raw
    assert meshed.test == "fully_meshed" and meshed.ports == ["fake0", "fake1"] and meshed.settings.max_load == 0.02
    first = meshed.trials[0]
    assert first.load == 0.02 and first.sent > 0 and [(p.tx, p.rx) for p in first.pairs] == [("fake0", "fake1"),
                                                                                            ("fake1", "fake0")]
    assert any(line.startswith("trial: 2 %") for line in lines) and "fully meshed: " + meshed.answer in lines
    if meshed.complete:  # else the tester could not send as asked on a busy machine: not judged, not the ports' fault
        assert meshed.throughput_load == 0.02 and meshed.at_throughput() is first and first.lost == 0
    else:
        assert not first.judged and meshed.answer.startswith("incomplete: ")
    broadcast = staccato.rfc2889("broadcast", tx="fake0", rx=["fake1"], load=2, duration=0.5, drone=fake_lab, cli=CLI,
                                 timeout=120)
    assert broadcast.test == "broadcast" and broadcast.throughput_load is None and len(broadcast.trials) == 1
    only = broadcast.trials[0]
    assert [(p.tx, p.rx) for p in only.pairs] == [("fake0", "fake1")] and only.sent > 0
    assert json.loads(broadcast.to_json()) == broadcast.raw
    assert broadcast.complete == only.judged and (not only.judged or only.passed)

