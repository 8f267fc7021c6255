"""staccato.Y1564Result reads the Y.1564 result file (held to the CLI's schema member for member,
and written back to a file the CLI reads), and staccato.y1564() drives staccato-cli's
`benchmark y1564 --json` (a stand-in CLI shows the arguments, verdicts and errors; the real one
runs against a fake-lab drone)."""
import copy
import json
import os
import subprocess

import pytest

import staccato
from benchmark_helpers import _mirror, stand_in

CLI = os.environ.get("CLI")
STEPS = ["25 % of CIR", "50 % of CIR", "75 % of CIR", "100 % of CIR", "policing: 1.25 x CIR + EIR"]
SAC = {"ftd_ms": 10, "fdv_ms": 5, "flr": 0.0001, "avail": 0.9999}
# One service, as docs/examples/y1564/two-services.json's voice.
VOICE = {"services": [{"name": "voice", "frame_size": "128", "dscp": 46, "cir_mbps": 5, "eir_mbps": 0, "sac": SAC}]}


def needs_cli():
    if not CLI:
        pytest.skip("set CLI to staccato-cli")


def built() -> staccato.Y1564Result:
    """A run as a script could write it: voice's and video's steps pass but policing (nothing
    policed the excess); voice's performance test lost most of its second second, video's sent
    nothing in the second it started in."""
    from staccato.y1564_result import (Y1564Availability, Y1564Measurement, Y1564ServicePerformance, Y1564Step,
                                       Y1564StepResult, Y1564Verdict)
    services, steps = [], []
    for i, (name, cir) in enumerate((("voice", 5), ("video", 10))):
        services.append({"name": name, "frame_size": "128", "vlan": 0, "pcp": 0, "dscp": 46 - 12 * i, "cir_mbps": cir,
                         "eir_mbps": 0, "cbs_bytes": 0, "ebs_bytes": 0, "colour": "blind", "yellow_mark": "", "sac": SAC})
        for label, fraction in zip(STEPS, (0.25, 0.5, 0.75, 1, 1.25)):
            sent, ok = int(978 * fraction * cir), fraction <= 1
            steps.append(Y1564StepResult(
                Y1564Step(i, "cir" if ok else "policing", label, cir * fraction, 1),
                Y1564Measurement(sent, sent, 1.0, True, 0.25, 0.5),
                Y1564Verdict("PASS" if ok else "FAIL", ok, False, cir * fraction, 0,
                             [] if ok else [f"IR {cir * fraction:.2f} Mbit/s above CIR + EIR, {cir:.2f} Mbit/s: the excess is not policed"])))
    voice = Y1564ServicePerformance(
        Y1564Measurement(14657, 11774, 3.0, True, 0.5, 0.75), Y1564Availability(3, 1, 0, 1),
        Y1564Verdict("FAIL", False, False, 4.0, 0.25, ["FLR 19.67 % above 0.01 %"]),
        [[4887, 4887], [4883, 2000], [4887, 4887]])
    video = Y1564ServicePerformance(
        Y1564Measurement(29318, 29318, 3.0, True, 0.5, 0.75), Y1564Availability(3, 0, 0, 1),
        Y1564Verdict("PASS", True, False, 10.0, 0, []), [[0, 0], [9774, 9774], [9770, 9770], [9774, 9774]])
    config = {"services": services, "cir_steps": [0.25, 0.5, 0.75, 1], "step_seconds": 1, "performance_seconds": 3,
              "ses_loss_ratio": 0.5, "rate_tolerance": 0.02}
    return staccato.Y1564Result(generator="staccato test", verdict="FAIL", started="2026-12-02T10:39:32.500000000Z",
                                ended="2026-12-02T10:39:45.250000000Z", ports="fake0 -> fake1", line_rate_bps=1e10,
                                config=config, configuration=steps, performance=[voice, video])


@pytest.fixture(scope="module")
def schema():
    needs_cli()
    out = subprocess.run([CLI, "benchmark", "y1564", "--result-schema"], check=True, capture_output=True, text=True)
    return json.loads(out.stdout)


def test_the_classes_are_the_files_description(schema):
    """Every member of the C++ runner's description is a member here, of the same kind, and no
    other: a member added on one side only fails here."""
    _mirror(staccato.Y1564Result, schema, "result")


def test_the_mirror_notices_a_member_on_one_side(schema):
    broken = copy.deepcopy(schema)
    del broken["properties"]["configuration"]["items"]["properties"]["verdict"]["properties"]["pass"]
    with pytest.raises(AssertionError, match=r"result.configuration\[\].verdict: only in Python \['pass'\]"):
        _mirror(staccato.Y1564Result, broken, "result")
    broken = copy.deepcopy(schema)
    broken["properties"]["performance"]["items"]["properties"]["per_second"]["items"]["items"]["type"] = "number"
    with pytest.raises(AssertionError, match=r"result.performance\[\].per_second\[\]\[\]: Python integer, the file number"):
        _mirror(staccato.Y1564Result, broken, "result")


def test_a_service_its_steps_and_loss_per_second():
    r, b = staccato.Y1564Result.from_json(built().to_json()), built()
    b.raw = r.raw
    assert r == b and r.raw["format"] == "staccato-y1564-result"
    assert r.verdict == "FAIL" and not r.passed and r.complete and not r.stopped and r.services == ["voice", "video"]
    voice, video = r.service("voice"), r.service("video")
    assert [s.step.rate_mbps for s in video.steps] == [2.5, 5, 7.5, 10, 12.5] and video.index == 1
    assert video.performance.verdict.passed and video.performance.loss_ratios == [0, 0, 0, 0]
    assert (voice.index, voice.name, voice.config["dscp"]) == (0, "voice", 46) and not voice.passed
    assert [s.step.label for s in voice.steps] == STEPS
    assert [s.verdict.passed for s in voice.steps] == [True, True, True, True, False]
    assert r.raw["configuration"][4]["verdict"]["pass"] is False  # the file's "pass" is passed here
    assert voice.step("policing: 1.25 x CIR + EIR").verdict.failures[0].endswith("the excess is not policed")
    assert voice.performance.lost_per_second == [0, 2883, 0]
    assert voice.performance.loss_ratios == [0, 2883 / 4883, 0]
    assert r.loss_ratios() == {"voice": [0, 2883 / 4883, 0], "video": [0, 0, 0, 0]}
    with pytest.raises(KeyError, match="no service 'data' .services: voice, video."):
        r.service("data")
    with pytest.raises(KeyError, match="no step 'CIR \\+ EIR'"):
        voice.step("CIR + EIR")
    r.performance.clear()  # --no-performance
    assert r.service("video").performance is None and not r.service("video").passed and r.loss_ratios() == {}
    r.configuration = [s for s in r.configuration if s.verdict.passed]  # policing left out
    assert r.service("video").passed and r.service("voice").passed


@pytest.mark.parametrize("text, message", [
    ("{", "not a Y.1564 result"),
    ('{"format": "staccato-benchmark", "format_version": 1}', "format is not 'staccato-y1564-result'"),
    ('{"format": "staccato-y1564-result", "format_version": 2}', "Y.1564 result format_version 2"),
    ('{"format": "staccato-y1564-result", "format_version": 1, "configuration": [{"verdict": []}]}',
     "result.configuration[0].verdict: expected an object, found list"),
    ('{"format": "staccato-y1564-result", "format_version": 1, "performance": {"verdict": {}}}',
     "result.performance: expected an array, found dict"),
])
def test_other_files_are_refused_with_the_reason(text, message):
    with pytest.raises(staccato.FileFormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        staccato.Y1564Result.from_json(text)


def report(path, tmp_path):
    """`staccato-cli benchmark report PATH`: its output and the JSON it writes again."""
    again = tmp_path / "again.json"
    out = subprocess.run([CLI, "benchmark", "report", str(path), "--json", str(again), "--report", str(tmp_path / "r.html"),
                          "--csv", str(tmp_path / "r.csv"), "--junit", str(tmp_path / "r.xml")],
                         capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    return out.stdout, json.loads(again.read_text())


def test_a_file_written_here_reads_in_the_cli(tmp_path):
    """A result a script made is a result file to the CLI: it renders the reports from it, judges
    it as we wrote (verdict, outcome and avail are the CLI's own again) and writes the same JSON."""
    needs_cli()
    ours = tmp_path / "python.json"
    built().save(ours)
    summary, again = report(ours, tmp_path)
    assert again == json.loads(ours.read_text())
    assert summary.endswith("Y.1564: FAIL\n") and "voice  policing: 1.25 x CIR + EIR  6.25 Mbit/s: FAIL" in summary
    assert "<testcase" in (tmp_path / "r.xml").read_text() and (tmp_path / "r.html").stat().st_size > 1000
    assert staccato.Y1564Result.load(tmp_path / "again.json") == staccato.Y1564Result.load(ours)
    # A member the CLI checks against the config fails by its path: the file is read member by member.
    wrong = built()
    wrong.configuration[2].step.service = 3
    wrong.save(ours)
    out = subprocess.run([CLI, "benchmark", "report", str(ours)], capture_output=True, text=True)
    assert out.returncode == 2 and "configuration[2].step.service: 3 is not one of the config's 2 services" in out.stderr


@pytest.fixture
def sample(tmp_path, monkeypatch):
    """The built result as a file, for the stand-in CLI to hand back."""
    path = tmp_path / "sample.json"
    built().save(path)
    monkeypatch.setenv("SAMPLE_JSON", str(path))
    return path


def test_drives_the_cli_and_a_fail_is_a_result(sample, tmp_path):
    """Every option reaches the CLI; a config dict is a config file; a FAIL (exit 1) is returned."""
    cli = stand_in(tmp_path, """\
        shutil.copy(opt("--config"), os.path.join(os.path.dirname(sys.argv[0]), "config.json"))
        print("voice  25 % of CIR  1.25 Mbit/s: PASS", file=sys.stderr)
        print("performance 3/3 s: voice 0 missing", file=sys.stderr)
        shutil.copy(sample, opt("--json"))
        print("Y.1564: FAIL")
        sys.exit(1)
        """)
    lines = []
    r = staccato.y1564("fake0", "fake1@lab-b:7878", config=VOICE, cli=cli, drone="unix:/run/lab.sock", token_file="t",
                       ca="ca.pem", tls=True, no_performance=True, step_seconds=1, performance_seconds=2.5, ipv6=True,
                       drain=200, learning_frames=4, start_margin=300, quiet=True, report="y.html", junit="y.xml",
                       csv="y.csv", extra_args=["--clock-tolerance", "50"], on_output=lines.append)
    assert r == staccato.Y1564Result.load(sample) and r.verdict == "FAIL"
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[:2] == ["benchmark", "y1564"]
    expected = {"--tx": "fake0", "--rx": "fake1@lab-b:7878", "--drone": "unix:/run/lab.sock", "--token-file": "t",
                "--ca": "ca.pem", "--step-seconds": "1", "--performance-seconds": "2.5", "--drain": "200",
                "--learning-frames": "4", "--start-margin": "300", "--report": "y.html", "--junit": "y.xml",
                "--csv": "y.csv", "--clock-tolerance": "50"}
    assert {k: args[args.index(k) + 1] for k in expected} == expected
    assert {"--tls", "--no-performance", "--ipv6", "--quiet"} <= set(args) and "--performance-only" not in args
    assert json.loads((tmp_path / "config.json").read_text()) == {"format": "staccato-y1564-config", **VOICE}
    assert lines[:2] == ["voice  25 % of CIR  1.25 Mbit/s: PASS", "performance 3/3 s: voice 0 missing"]
    assert lines[-1] == "Y.1564: FAIL"
    # A config file is passed as it is; the JSON is kept where asked.
    kept, mine = tmp_path / "kept.json", tmp_path / "mine.json"
    mine.write_text("{}")
    staccato.Y1564("fake0", "fake1", config=mine, json=str(kept), cli=cli).run()
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[args.index("--config") + 1] == str(mine) and kept.exists()
    with pytest.raises(TypeError, match="one port each"):
        staccato.Y1564(["fake0"], "fake1", config=VOICE)


def test_through_a_reflector(sample, tmp_path):
    """reflector= instead of rx= is --reflector (with --reflect-swap when given); rx and
    reflector together, or neither, are refused before the CLI runs."""
    cli = stand_in(tmp_path, "shutil.copy(sample, opt('--json'))\n")
    staccato.y1564("fake0", reflector="@far:fake1", reflect_swap="l2", config=VOICE, cli=cli)
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[args.index("--tx") + 1] == "fake0" and args[args.index("--reflector") + 1] == "@far:fake1"
    assert args[args.index("--reflect-swap") + 1] == "l2" and "--rx" not in args
    staccato.Y1564("fake0", "fake1", config=VOICE, cli=cli).run()  # rx as before
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[args.index("--rx") + 1] == "fake1" and "--reflector" not in args and "--reflect-swap" not in args
    with pytest.raises(ValueError, match="rx and reflector: give one, not both"):
        staccato.Y1564("fake0", "fake1", reflector="fake2", config=VOICE)
    with pytest.raises(ValueError, match="rx=PORT .* or reflector=PORT"):
        staccato.Y1564("fake0", config=VOICE)
    with pytest.raises(ValueError, match=r"reflect_swap: 'both' \(allowed: l2, l3, l4\)"):
        staccato.Y1564("fake0", reflector="fake1", reflect_swap="both", config=VOICE)
    with pytest.raises(TypeError, match="tx and reflector: one port each"):
        staccato.Y1564("fake0", reflector=["fake1"], config=VOICE)


def test_the_real_cli_takes_the_reflector_options():
    """Past its options (exit 2 for a bad one), staccato-cli goes looking for the drone (exit 1)."""
    needs_cli()
    with pytest.raises(staccato.BenchmarkError, match="cannot reach the drone") as e:
        staccato.y1564("fake0", reflector="fake1", reflect_swap="l3", config=VOICE, drone="unix:/nonexistent/lab.sock",
                       cli=CLI, timeout=60)
    assert e.value.returncode == 1


def test_an_error_keeps_what_was_measured(sample, tmp_path):
    cli = stand_in(tmp_path, """\
        result = json.load(open(sample))
        result["error"] = os.environ.get("ERROR", "")
        result["performance"] = []
        result["verdict"] = os.environ.get("VERDICT", "INCOMPLETE")
        json.dump(result, open(opt("--json"), "w"))
        print("staccato-cli: the end", file=sys.stderr)
        sys.exit(int(os.environ.get("EXIT", "1")))
        """)
    mp = pytest.MonkeyPatch()
    mp.setenv("ERROR", "performance test: drone lab is unreachable")
    with pytest.raises(staccato.BenchmarkError, match="Y.1564 run ended early: performance test: drone lab is unreachable") as e:
        staccato.y1564("fake0", "fake1", config=VOICE, cli=cli)
    assert e.value.returncode == 1 and len(e.value.result.configuration) == 10 and e.value.result.performance == []
    r = staccato.y1564("fake0", "fake1", config=VOICE, cli=cli, check=False)
    assert not r.complete and r.error.startswith("performance test")
    mp.setenv("ERROR", "stopped")  # Ctrl+C: what was measured, as a result
    mp.setenv("EXIT", "130")
    r = staccato.y1564("fake0", "fake1", config=VOICE, cli=cli)
    assert r.stopped and r.verdict == "INCOMPLETE"
    mp.setenv("ERROR", "")  # a pass, but the CLI failed after it (a report it could not write)
    mp.setenv("VERDICT", "PASS")
    mp.setenv("EXIT", "1")
    with pytest.raises(staccato.BenchmarkError, match="y1564 exited with 1: staccato-cli: the end") as e:
        staccato.y1564("fake0", "fake1", config=VOICE, cli=cli)
    assert e.value.result.passed
    mp.setenv("EXIT", "0")
    assert staccato.y1564("fake0", "fake1", config=VOICE, cli=cli).passed
    mp.undo()


def test_without_a_result_the_cli_says_why(tmp_path):
    silent = stand_in(tmp_path, "print('staccato-cli: fake9: is not a port', file=sys.stderr); sys.exit(1)\n")
    with pytest.raises(staccato.BenchmarkError, match=r"y1564 failed \(exit 1\) without a result: staccato-cli: fake9: is not a port") as e:
        staccato.y1564("fake9", "fake1", config=VOICE, cli=silent)
    assert e.value.result is None


def test_a_bad_config_is_the_clis_message_naming_the_member():
    """The config's rules are the C++ core's: Python hands the dict over as it is."""
    needs_cli()
    bad = copy.deepcopy(VOICE)
    bad["services"][0]["cir_mbps"] = "5 Mbit/s"
    with pytest.raises(staccato.BenchmarkError, match=r"exit 2\) without a result: .*services\[0\]\.cir_mbps: must be a number") as e:
        staccato.y1564("fake0", "fake1", config=bad, drone="unix:/nonexistent.sock", cli=CLI, timeout=60)
    assert e.value.returncode == 2 and e.value.result is None
    bad["services"][0].update(cir_mbps=5, colour="red")
    with pytest.raises(staccato.BenchmarkError, match=r"services\[0\]\.colour: must be blind or aware"):
        staccato.y1564("fake0", "fake1", config=bad, drone="unix:/nonexistent.sock", cli=CLI, timeout=60)


def test_the_real_cli_on_a_fake_lab(fake_lab, tmp_path):
    """staccato-cli's own Y.1564 on the fake-lab drone's ports, read back whole and rendered again."""
    needs_cli()
    lines = []
    kept = tmp_path / "y1564.json"
    r = staccato.y1564("fake0", "fake1", config=VOICE, cli=CLI, drone=fake_lab, step_seconds=1, performance_seconds=3,
                       json=str(kept), report=str(tmp_path / "y1564.html"), timeout=300, on_output=lines.append)
    assert r.verdict in ("PASS", "FAIL", "INCOMPLETE") and r.complete and r.ports == "fake0 -> fake1"
    assert r.config["step_seconds"] == 1 and r.config["performance_seconds"] == 3
    voice = r.service("voice")
    assert [s.step.label for s in voice.steps] == STEPS
    assert [s.step.kind for s in voice.steps] == ["cir"] * 4 + ["policing"]
    assert all(s.measured.sent > 0 and s.verdict.outcome in ("PASS", "FAIL", "INCOMPLETE") for s in voice.steps)
    # Fake ports join fake0 to fake1 with nothing between: nothing polices the excess.
    policing = voice.step(STEPS[-1]).verdict
    assert policing.outcome in ("FAIL", "INCOMPLETE") and (policing.outcome != "FAIL" or r.verdict == "FAIL")
    p = voice.performance
    assert p.availability.seconds == 3 and len(p.per_second) in (3, 4) and len(p.loss_ratios) == len(p.per_second)
    assert sum(sent for sent, _ in p.per_second) > 0
    for s in voice.steps:  # a line per step, as it ended
        assert any(line.startswith(f"voice  {s.step.label}  ") and s.verdict.outcome in line for line in lines), s.step.label
    assert f"Y.1564: {r.verdict}" in lines and any(line.startswith("performance 3/3 s: voice") for line in lines)
    # The CLI's file, read here and written again, is the same file to the CLI.
    ours = tmp_path / "python.json"
    r.save(ours)
    summary, again = report(ours, tmp_path)
    assert again == json.loads(kept.read_text()) and summary.endswith(f"Y.1564: {r.verdict}\n")
    assert staccato.Y1564Result.load(tmp_path / "again.json") == r
