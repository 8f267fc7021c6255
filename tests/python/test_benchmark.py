"""staccato.BenchmarkResult reads the runner's JSON (written by the C++ core's result_json from a
simulated run: benchmark_sample_report), and staccato.benchmark() drives staccato-cli's
`benchmark rfc2544 --json` (a stand-in CLI shows the arguments, output, errors and timeouts; the
real one runs against a fake-lab drone)."""
import csv
import json
import os
import subprocess
import dataclasses

import pytest

import staccato
import staccato.benchmark_cli
from staccato import latency
from benchmark_helpers import _mirror, stand_in

SAMPLE = os.environ.get("SAMPLE_REPORT")
CLI = os.environ.get("CLI")


@pytest.fixture(scope="module")
def sample(tmp_path_factory):
    """The sample benchmark's JSON and CSV, as the C++ writers made them."""
    if not SAMPLE:
        pytest.skip("set SAMPLE_REPORT to the benchmark_sample_report program")
    d = tmp_path_factory.mktemp("sample")
    paths = [d / "report.html", d / "result.json", d / "results.csv"]
    subprocess.run([SAMPLE, *map(str, paths)], check=True)
    return {"json": paths[1], "csv": paths[2]}


def test_result_mirrors_the_json(sample):
    raw = json.loads(sample["json"].read_text())
    r = staccato.BenchmarkResult.load(sample["json"])
    assert r.complete and r.generator == raw["generator"] and r.raw == raw
    assert [s.frame_size for s in r.sizes] == [s["frame_size"] for s in raw["sizes"]] == ["64", "128", "512", "1518", "imix"]
    assert r.config == raw["config"] and r.config["direction"] == "bidirectional"
    for size, rs in zip(r.sizes, raw["sizes"]):
        for goal, rg in zip(size.throughput.goals, rs["throughput"]["goals"]):
            assert (goal.name, goal.lower_load, goal.upper_load, goal.tester_limited) == \
                   (rg["name"], rg["lower_load"], rg["upper_load"], rg["tester_limited"])
        assert [p.latency["p99_ns"] for p in size.latency.points] == [p["latency"]["p99_ns"] for p in rs["latency"]["points"]]
        assert [s.loss_ratio for s in size.loss] == [s["loss_ratio"] for s in rs["loss"]]
        assert size.b2b.bursts == rs["b2b"]["bursts"]
    assert len(r.trials) == len(raw["trials"]) > 50
    assert [t.number for t in r.trials] == list(range(1, len(r.trials) + 1))
    for t in r.trials:
        assert t.lost_frames == max(0, t.tx_frames - t.rx_frames)
        assert t.counted == (not t.tester_limited and not t.receiver_missed and not t.sender_stalled)
    assert any(t.receiver_missed for t in r.trials)  # the sample's receiver misses every 11th trial
    assert [p.frame_size for p in r.calibration.points] == [s.frame_size for s in r.sizes]
    assert r.calibration.points[0].kpps == 400


def test_throughput_per_goal_agrees_with_the_csv(sample):
    r = staccato.BenchmarkResult.load(sample["json"])
    rows = list(csv.DictReader(sample["csv"].open(encoding="utf-8")))
    for goal in ("NDR", "PDR"):
        found = r.throughput(goal)
        csv_loads = {row["frame_size"]: float(row["load_pct"]) for row in rows if row["test"] == "throughput" and row["item"] == goal}
        assert found.keys() == csv_loads.keys()
        for size, g in found.items():
            assert abs(100 * g.lower_load - csv_loads[size]) < 1e-3
    # 64 bytes: the generator's 400 kpps is below what the device forwards, so it is the limit.
    ndr64 = r.size(64).goal("NDR")
    assert ndr64.tester_limited and "calibration" in ndr64.tester_limit and r.tester_limited
    assert not r.size("1518").goal("NDR").tester_limited and r.size(1518).goal("NDR").found
    with pytest.raises(KeyError):
        r.size(256)
    with pytest.raises(KeyError):
        r.size(64).goal("PDR 1 %")


def test_latency_histograms_read_as_the_drones(sample):
    """The trials' histograms are the drone's format: staccato.latency's arithmetic (Python)
    finds the percentiles the C++ runner wrote."""
    r = staccato.BenchmarkResult.load(sample["json"])
    checked = 0
    for t in r.trials:
        if t.latency and t.latency.get("samples"):
            for q, key in ((0.5, "p50_ns"), (0.99, "p99_ns"), (0.999, "p999_ns")):
                assert latency.percentile(t.latency, q) == t.latency[key]
            checked += 1
    assert checked > 10


@pytest.fixture(scope="module")
def schema():
    if not CLI:
        pytest.skip("set CLI to staccato-cli")
    return json.loads(subprocess.run([CLI, "benchmark", "schema"], check=True, capture_output=True, text=True).stdout)


def test_the_classes_are_the_files_description(schema):
    """Every member of the C++ runner's description is a member here, of the same kind, and no
    other: a member added on one side only fails here."""
    _mirror(staccato.BenchmarkResult, schema, "result")


def test_the_mirror_notices_a_member_on_one_side(schema):
    @dataclasses.dataclass
    class Extra(staccato.BenchmarkResult):
        extra: int = 0
    with pytest.raises(AssertionError, match=r"only in Python \['extra'\]"):
        _mirror(Extra, schema, "result")
    del schema["properties"]["calibration"]["properties"]["setup"]
    with pytest.raises(AssertionError, match=r"result.calibration: only in Python \['setup'\]"):
        _mirror(staccato.BenchmarkResult, schema, "result")


def test_a_file_written_here_reads_back_in_the_cli(sample, tmp_path):
    """The CLI's file, read here and written again, is the same file to the CLI: it renders the
    reports from it and writes the JSON it read, equal to the one it wrote first."""
    if not CLI:
        pytest.skip("set CLI to staccato-cli")
    ours = tmp_path / "python.json"
    staccato.BenchmarkResult.load(sample["json"]).save(ours)
    again = tmp_path / "again.json"
    subprocess.run([CLI, "benchmark", "report", str(ours), "--json", str(again), "--report", str(tmp_path / "r.html")],
                   check=True, capture_output=True)
    assert json.loads(again.read_text()) == json.loads(sample["json"].read_text())
    assert staccato.BenchmarkResult.load(again) == staccato.BenchmarkResult.load(sample["json"])


@pytest.mark.parametrize("text, message", [
    ("{", "not a benchmark result"),
    ('{"format": "staccato-streams"}', "format is not"),
    ('{"format": "staccato-benchmark", "format_version": 2}', "format_version 2"),
    ('{"format": "staccato-benchmark", "format_version": 1, "sizes": [{"throughput": 3}]}', "result.sizes[0].throughput"),
])
def test_other_files_are_refused_with_the_reason(text, message):
    with pytest.raises(staccato.FileFormatError, match=message.replace("[", r"\[").replace("]", r"\]")):
        staccato.BenchmarkResult.from_json(text)


def test_drives_the_cli_and_reads_its_json(sample, tmp_path, monkeypatch):
    monkeypatch.setenv("SAMPLE_JSON", str(sample["json"]))
    cli = stand_in(tmp_path, """\
        for i in range(3):
            sys.stderr.write(f"\\rtrial {i + 1} 64 B throughput NDR"); sys.stderr.flush()
        print("\\ndone")
        shutil.copy(sample, opt("--json"))
        open(opt("--report"), "w").write("<html></html>")
        """)
    lines = []
    report = tmp_path / "bench.html"
    r = staccato.benchmark(["eth1", "eth3"], ["eth2@lab-b:7878", "eth4"], cli=cli, drone="unix:/run/lab.sock",
                           sizes=[64, "imix:64x7,1518x1"], loss=[0, 0.5], tests=["throughput", "b2b"], preset="quick",
                           duration=2.5, bidirectional=True, ipv6=True, calibration="cal.json", report=str(report),
                           junit="j.xml", extra_args=["--drain", "200"], on_output=lines.append)
    assert r == staccato.BenchmarkResult.load(sample["json"])
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[:10] == ["benchmark", "rfc2544", "--tx", "eth1", "--rx", "eth2@lab-b:7878", "--tx", "eth3", "--rx", "eth4"]
    expected = {"--drone": "unix:/run/lab.sock", "--sizes": "64,imix:64x7,1518x1", "--loss": "0,0.5",
                "--tests": "throughput,b2b", "--preset": "quick", "--duration": "2.5", "--report": str(report),
                "--junit": "j.xml", "--calibration": "cal.json", "--drain": "200"}
    assert {k: args[args.index(k) + 1] for k in expected} == expected
    assert "--bidirectional" in args and "--ipv6" in args and "--tls" not in args and "--config" not in args
    with pytest.raises(ValueError, match="one receive port for each transmit port"):
        staccato.Benchmark(["eth1", "eth3"], "eth2")
    assert report.read_text() == "<html></html>"  # kept where asked; the JSON went to a temporary file
    assert lines == ["trial 1 64 B throughput NDR", "trial 2 64 B throughput NDR", "trial 3 64 B throughput NDR", "done"]


def test_through_a_reflector_tx_receives_what_it_returns(sample, tmp_path, monkeypatch):
    """reflector= instead of rx= builds --tx/--reflector pairs (and --reflect-swap); rx and
    reflector together, or neither, are refused before the CLI runs."""
    monkeypatch.setenv("SAMPLE_JSON", str(sample["json"]))
    cli = stand_in(tmp_path, "shutil.copy(sample, opt('--json'))\n")
    r = staccato.benchmark(["eth1", "eth3"], reflector=["eth2@lab-b:7878", "@far:eth4"], reflect_swap="L4", cli=cli,
                           sizes=[64])
    assert r == staccato.BenchmarkResult.load(sample["json"])
    args = json.loads((tmp_path / "args.json").read_text())
    assert args[:10] == ["benchmark", "rfc2544", "--tx", "eth1", "--reflector", "eth2@lab-b:7878",
                         "--tx", "eth3", "--reflector", "@far:eth4"]
    assert args[args.index("--reflect-swap") + 1] == "l4" and "--rx" not in args
    b = staccato.Benchmark("eth1", reflector="eth2")
    assert (b.tx, b.rx, b.reflector) == (["eth1"], [], ["eth2"])
    assert "--reflect-swap" not in b.args("r.json", "r.html")  # the CLI's default
    staccato.calibrate("eth1", reflector="eth2", reflect_swap="l2", cli=stand_in(tmp_path, "print(open(sample).read())\n"))
    args = json.loads((tmp_path / "args.json").read_text())
    assert args == ["benchmark", "calibrate", "--tx", "eth1", "--reflector", "eth2", "--reflect-swap", "l2", "--json"]
    # The positional rx of earlier calls is unchanged.
    assert staccato.Benchmark("eth1", "eth2").args("r.json", "r.html")[2:6] == ["--tx", "eth1", "--rx", "eth2"]
    with pytest.raises(ValueError, match="rx and reflector: give one, not both"):
        staccato.Benchmark("eth1", "eth2", reflector="eth3")
    with pytest.raises(ValueError, match="rx=PORT .* or reflector=PORT"):
        staccato.Benchmark("eth1")
    with pytest.raises(ValueError, match="one reflector for each transmit port .got 2 and 1."):
        staccato.Benchmark(["eth1", "eth3"], reflector="eth2")
    with pytest.raises(ValueError, match=r"reflect_swap: 'l5' \(allowed: l2, l3, l4\)"):
        staccato.Benchmark("eth1", reflector="eth2", reflect_swap="l5")
    with pytest.raises(ValueError, match="reflect_swap: only with reflector="):
        staccato.Benchmark("eth1", "eth2", reflect_swap="l2")
    with pytest.raises(ValueError, match="bidirectional: not with a reflector"):
        staccato.Benchmark("eth1", reflector="eth2", bidirectional=True)


def test_the_real_cli_takes_the_reflector_options():
    """What reflector= builds is what staccato-cli takes: past its options (exit 2 for a bad
    one), it goes looking for the drone (exit 1)."""
    if not CLI:
        pytest.skip("set CLI to the staccato-cli binary")
    gone = "unix:/nonexistent/lab.sock"
    for run in (lambda: staccato.benchmark(["fake0", "fake2"], reflector=["fake1", "fake3@" + gone], reflect_swap="l4",
                                           drone=gone, cli=CLI, timeout=60),
                lambda: staccato.calibrate("fake0", reflector="fake1", reflect_swap="l2", drone=gone, cli=CLI, timeout=60)):
        with pytest.raises(staccato.BenchmarkError, match="cannot reach the drone") as e:
            run()
        assert e.value.returncode == 1


def test_a_failing_cli_says_why(tmp_path):
    cli = stand_in(tmp_path, """\
        print("staccato-cli: port eth9 not found on unix:/run/lab.sock (ports: eth1, eth2)", file=sys.stderr)
        sys.exit(2)
        """)
    with pytest.raises(staccato.BenchmarkError, match="port eth9 not found") as e:
        staccato.benchmark("eth9", "eth2", cli=cli)
    assert e.value.returncode == 2 and e.value.result is None
    with pytest.raises(staccato.BenchmarkError, match="cannot start"):
        staccato.benchmark("eth1", "eth2", cli=str(tmp_path / "no-such-cli"))
    monkeypatch = pytest.MonkeyPatch()
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.delenv("STACCATO_CLI", raising=False)
    # Used from a build tree (these tests' venv lies under build/dev), the package finds its CLI.
    if CLI:
        assert os.path.samefile(staccato.benchmark_cli.find_cli(), CLI)
    monkeypatch.setattr(staccato.benchmark_cli, "_cli_of_build_tree", lambda: None)
    with pytest.raises(staccato.BenchmarkError, match="staccato-cli not found.*STACCATO_CLI=build/dev/client/cli/staccato-cli"):
        staccato.benchmark("eth1", "eth2")
    monkeypatch.undo()


def test_an_error_keeps_what_was_measured(sample, tmp_path, monkeypatch):
    monkeypatch.setenv("SAMPLE_JSON", str(sample["json"]))
    cli = stand_in(tmp_path, """\
        result = json.load(open(sample))
        result["error"] = "frame size 512: drone lab is unreachable"
        result["sizes"] = result["sizes"][:2]
        json.dump(result, open(opt("--json"), "w"))
        sys.exit(1)
        """)
    with pytest.raises(staccato.BenchmarkError, match="ended early: frame size 512: drone lab is unreachable") as e:
        staccato.benchmark("eth1", "eth2", cli=cli)
    assert [s.frame_size for s in e.value.result.sizes] == ["64", "128"]
    r = staccato.benchmark("eth1", "eth2", cli=cli, check=False)
    assert not r.complete and r.error.startswith("frame size 512")


def test_an_earlier_result_is_never_read_and_a_hung_cli_is_killed(sample, tmp_path):
    kept = tmp_path / "kept.json"
    kept.write_text(sample["json"].read_text())
    silent = stand_in(tmp_path, "sys.exit(3)\n")
    with pytest.raises(staccato.BenchmarkError, match=r"exit 3\) without a result"):
        staccato.benchmark("eth1", "eth2", cli=silent, json=str(kept))
    assert not kept.exists()
    hung = stand_in(tmp_path, "time.sleep(60)\n")
    with pytest.raises(staccato.BenchmarkError, match="did not end within 0.5 s"):
        staccato.benchmark("eth1", "eth2", cli=hung, timeout=0.5)


def test_calibrate_reads_the_json_the_cli_prints(sample, tmp_path, monkeypatch):
    monkeypatch.setenv("SAMPLE_JSON", str(sample["json"]))
    cli = stand_in(tmp_path, """\
        print("trial 1 64 B calibrate", file=sys.stderr)
        sys.stdout.write(open(sample).read())
        """)
    lines = []
    saved = tmp_path / "cal.json"
    r = staccato.calibrate("eth1", "eth2", cli=cli, sizes=[64, 1518], duration=1, save=str(saved), on_output=lines.append)
    assert r.calibration == staccato.BenchmarkResult.load(sample["json"]).calibration
    assert staccato.BenchmarkResult.load(saved) == r
    assert lines == ["trial 1 64 B calibrate"]  # progress only: the JSON is not output
    args = json.loads((tmp_path / "args.json").read_text())
    assert args == ["benchmark", "calibrate", "--tx", "eth1", "--rx", "eth2", "--duration", "1", "--sizes", "64,1518", "--json"]
    broken = stand_in(tmp_path, "print('staccato-cli: port eth2 is down', file=sys.stderr); sys.exit(1)\n")
    with pytest.raises(staccato.BenchmarkError, match="calibrate failed .exit 1.: staccato-cli: port eth2 is down"):
        staccato.calibrate("eth1", "eth2", cli=broken)


def test_the_real_cli_on_a_fake_lab(fake_lab, tmp_path):
    """staccato-cli's own benchmark on the fake-lab drone's ports, read back whole."""
    if not CLI:
        pytest.skip("set CLI to the staccato-cli binary")
    probe = subprocess.run([CLI, "benchmark"], capture_output=True, text=True)
    if "unknown command" in probe.stderr:
        pytest.skip("this staccato-cli has no benchmark command yet (issue 24)")
    lines = []
    # Trials of a second: a late start on a busy machine costs a short trial most of its frames.
    cal = staccato.calibrate("fake0", "fake1", cli=CLI, drone=fake_lab, sizes=[128], duration=1,
                             save=str(tmp_path / "cal.json"), timeout=300)
    assert [p.frame_size for p in cal.calibration.points] == ["128"] and cal.calibration.points[0].max_pps > 0
    report = tmp_path / "fake.html"
    r = staccato.benchmark("fake0", "fake1", cli=CLI, drone=fake_lab, sizes=[128], tests=["throughput"], loss=[0],
                           duration=0.5, preset="quick", calibration=str(tmp_path / "cal.json"), report=str(report),
                           timeout=300, on_output=lines.append)
    assert r.complete and [s.frame_size for s in r.sizes] == ["128"]
    assert r.calibration == cal.calibration
    # Fake ports join fake0 to fake1 with no device: what a counted trial sent arrived. (How far
    # the search gets depends on the machine's load: a busy one makes it tester-limited.)
    assert any(t.tx_frames > 0 for t in r.trials)
    assert all(t.rx_frames == t.tx_frames for t in r.trials if t.counted)
    assert len(r.size(128).throughput.goals) == 1
    assert any("throughput" in line for line in lines)  # the CLI's progress, line by line
    assert report.stat().st_size > 1000
