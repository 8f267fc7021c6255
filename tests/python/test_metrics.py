"""The drone's metrics listener scraped by a real Prometheus (Debian's), both in a network
namespace of their own with the drone's veth pairs: over TLS with the listener's own token, every
second, while a benchmark and a tracked run go on. At the end Prometheus' API holds exactly the
port and stream counters `staccato-cli stats --json` shows, and a stream's latency histogram
counts every frame received. Without the token the listener answers 401; the metrics token
cannot drive the drone; 10,000 streams stay within the documented cap; `promtool check metrics`
passes on the exposition."""
import json
import os
import shutil
import subprocess
import time
import urllib.parse

import pytest

from netns_lab import drone_lab

DRONE = os.environ.get("DRONE")
CLI = os.environ.get("CLI")
PROMETHEUS = shutil.which("prometheus")
METRICS = "127.0.0.1:19478"
MAX_STREAMS = 1024  # drone/metrics/drone_metrics.h kMaxMetricStreams, docs/observability.md
SERIES_PER_ROW = 4 + 7 + 27  # transmit, receive, latency histogram (25 buckets, sum, count): the docs' figure

pytestmark = [pytest.mark.skipif(os.geteuid() != 0, reason="network namespaces need root"),
              pytest.mark.skipif(not DRONE or not CLI, reason="set DRONE and CLI"),
              pytest.mark.skipif(not PROMETHEUS or not shutil.which("promtool"), reason="prometheus is not installed "
                                 "(Debian package prometheus; installer/install-deps.sh installs it)")]


def in_ns(ns, *cmd, **kw):
    return subprocess.run(["ip", "netns", "exec", ns, *cmd], capture_output=True, text=True, timeout=60, **kw)


def credentials(tmp):
    """The drone's token, the metrics token, and a certificate for 127.0.0.1 with its CA."""
    for name in ("token", "metrics-token"):
        subprocess.run([DRONE, "--generate-token", str(tmp / name)], check=True, capture_output=True)
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                    "-days", "1", "-subj", "/CN=drone", "-addext", "subjectAltName=IP:127.0.0.1",
                    "-keyout", str(tmp / "key.pem"), "-out", str(tmp / "cert.pem")], check=True, capture_output=True)


def stream_file(path, streams):
    path.write_text(json.dumps({"format_version": 1, "streams": streams}))
    return str(path)


def udp_stream(sid, count, pps):
    return {"id": sid, "layers": [{"protocol": "eth", "fields": {"eth.dst": "02:00:00:00:00:99"}}, {"protocol": "ip"},
                                  {"protocol": "udp"}, {"protocol": "payload"}, {"protocol": "signature"}],
            "frame_length": {"fixed": 128}, "rate": {"unit": "PPS", "value": pps},
            "control": {"mode": "PACKETS", "count": str(count)}}


def scrape(ns, tmp, token_file=None):
    auth = ["-H", f"Authorization: Bearer {(tmp / token_file).read_text().strip()}"] if token_file else []
    return in_ns(ns, "curl", "-s", "-i", "--cacert", str(tmp / "cert.pem"), *auth, f"https://{METRICS}/metrics")


class Prometheus:
    """Prometheus in the lab's namespace, scraping the drone every second."""

    def __init__(self, ns, tmp):
        self.ns, self.tmp = ns, tmp
        (tmp / "prometheus.yml").write_text(f"""
global: {{scrape_interval: 1s, scrape_timeout: 900ms}}
scrape_configs:
  - job_name: staccato-drone
    scheme: https
    tls_config: {{ca_file: {tmp}/cert.pem}}
    authorization: {{type: Bearer, credentials_file: {tmp}/metrics-token}}
    static_configs: [{{targets: ["{METRICS}"]}}]
""")
        self.log = open(tmp / "prometheus.log", "w")
        self.proc = subprocess.Popen(["ip", "netns", "exec", ns, PROMETHEUS, f"--config.file={tmp}/prometheus.yml",
                                      f"--storage.tsdb.path={tmp}/tsdb", "--web.listen-address=127.0.0.1:19090"],
                                     stdout=self.log, stderr=subprocess.STDOUT)
        for _ in range(300):
            if in_ns(ns, "curl", "-sf", "http://127.0.0.1:19090/-/ready").returncode == 0:
                return
            assert self.proc.poll() is None, (tmp / "prometheus.log").read_text()
            time.sleep(0.1)
        pytest.fail("Prometheus did not get ready: " + (tmp / "prometheus.log").read_text()[-2000:])

    def query(self, expr):
        url = "http://127.0.0.1:19090/api/v1/query?" + urllib.parse.urlencode({"query": expr})
        r = in_ns(self.ns, "curl", "-sf", url)
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)["data"]["result"]

    def value(self, expr):
        result = self.query(expr)
        assert len(result) == 1, f"{expr}: {result}"
        return float(result[0]["value"][1])

    def scrapes_after(self, t0):
        """Waits until two scrapes began after the time t0 (seconds since the epoch)."""
        for _ in range(100):
            last = self.query('timestamp(up{job="staccato-drone"})')
            if last and float(last[0]["value"][1]) > t0 + 1.5:
                return
            time.sleep(0.2)
        pytest.fail("Prometheus stopped scraping")

    def stop(self):
        self.proc.terminate()
        self.proc.wait(20)
        self.log.close()


def all_trials(node) -> list:
    """Every trial of a benchmark result file, wherever its tests keep them."""
    if isinstance(node, dict):
        return [t for k, v in node.items() for t in (v if k == "trials" and isinstance(v, list) else all_trials(v))]
    return [t for v in node for t in all_trials(v)] if isinstance(node, list) else []


def test_prometheus_sees_exactly_what_the_drone_counts(tmp_path):
    credentials(tmp_path)
    args = ["--backend", "pcap", "--rx-backend", "pcap", "--token-file", str(tmp_path / "token"),
            "--metrics", METRICS, "--metrics-token-file", str(tmp_path / "metrics-token"),
            "--metrics-tls-cert", str(tmp_path / "cert.pem"), "--metrics-tls-key", str(tmp_path / "key.pem")]
    with drone_lab(tmp_path, f"unix:{tmp_path}/d.sock", args, token=(tmp_path / "token").read_text().strip()) as lab:
        cli = lambda *a, token="token": subprocess.run(
            [CLI, "--drone", lab.address, "--token-file", str(tmp_path / token), *a],
            capture_output=True, text=True, timeout=300)
        # Without the token: 401, and nothing of the drone's in the answer.
        refused = scrape(lab.ns, tmp_path)
        assert refused.stdout.startswith("HTTP/1.1 401"), refused.stdout
        assert "staccato_" not in refused.stdout
        # The metrics token does not drive the drone.
        driven = cli("ports", token="metrics-token")
        assert driven.returncode != 0 and "token" in driven.stderr.lower(), driven.stderr
        # The exposition is what promtool calls well-formed.
        answer = scrape(lab.ns, tmp_path, "metrics-token")
        assert answer.stdout.startswith("HTTP/1.1 200"), answer.stdout[:300]
        exposition = answer.stdout.split("\n\n", 1)[1]  # (text mode turned \r\n into \n)
        check = subprocess.run(["promtool", "check", "metrics"], input=exposition, capture_output=True, text=True)
        assert check.returncode == 0, check.stdout + check.stderr

        prometheus = Prometheus(lab.ns, tmp_path)
        try:
            for port in ("va", "vb"):
                assert cli("configure", port, "--line-rate", "100000000").returncode == 0
            # Trials longer than the scrape interval: every one is scraped while it sends.
            prometheus.scrapes_after(time.time())
            bench = cli("benchmark", "rfc2544", "--tx", "va", "--rx", "vb", "--sizes", "512", "--tests", "throughput",
                        "--preset", "quick", "--duration", "1.2", "--json", str(tmp_path / "bench.json"), "--quiet")
            assert bench.returncode == 0, bench.stderr
            run = cli("run", stream_file(tmp_path / "s.json", [udp_stream(5, 30000, 20000)]), "--tx", "va", "--rx", "vb",
                      "--json")
            assert run.returncode == 0, run.stderr
            t_end = time.time()
            prometheus.scrapes_after(t_end)
            stats = json.loads(cli("stats", "va", "vb", "--json").stdout)
            assert prometheus.value('min_over_time(up{job="staccato-drone"}[5m])') == 1, "a scrape failed"
            for p in stats["ports"]:
                for counter in ("tx_packets", "rx_packets", "tx_bytes", "rx_bytes", "drone_tx_packets"):
                    got = prometheus.value(f'staccato_port_{counter}_total{{port="{p["port"]}"}}')
                    assert got == p[counter], f"{p['port']} {counter}: Prometheus {got}, drone {p[counter]}"
            row = next(s for s in stats["streams"] if s["stream_id"] == 5 and s["rx_port"] == "vb")
            labels = 'port="va",stream="5",rx_port="vb"'
            assert prometheus.value(f'staccato_stream_tx_packets_total{{port="va",stream="5"}}') == row["tx_packets"] == 30000
            for counter in ("rx_packets", "lost", "duplicates", "reordered"):
                assert prometheus.value(f"staccato_stream_{counter}_total{{{labels}}}") == row[counter], counter
            assert prometheus.value(f"staccato_stream_latency_seconds_count{{{labels}}}") == row["rx_packets"] == 30000
            assert prometheus.value(f'staccato_stream_latency_seconds_bucket{{{labels},le="+Inf"}}') == 30000
            ran = json.loads(run.stdout)
            assert [s["rx_packets"] for s in ran["streams"] if s["stream_id"] == 5] == [30000]
            # While the benchmark ran, each trial's number and load were there.
            trials = len(all_trials(json.loads((tmp_path / "bench.json").read_text())))
            seen = prometheus.query('count_over_time(staccato_port_run_trial{port="va",run="throughput 512"}[5m])')
            assert seen, "no scrape saw a trial"
            numbers = prometheus.query('max_over_time(staccato_port_run_trial{port="va",run="throughput 512"}[5m])')
            assert float(numbers[0]["value"][1]) == trials, f"the last trial seen is not trial {trials}: {numbers}"
            load = prometheus.value('max_over_time(staccato_port_run_load_ratio{port="va",run="throughput 512"}[5m])')
            assert 0 < load <= 1, load
            assert not prometheus.query('staccato_port_run_trial{port="va"}'), "a stopped port still shows a trial"
        finally:
            prometheus.stop()


def test_ten_thousand_streams_stay_within_the_cap(tmp_path):
    pairs = (("va", "vb"), ("vc", "vd"), ("vg", "vh"))  # not vf: `ip link set vf` is the SR-IOV keyword
    with drone_lab(tmp_path, f"unix:{tmp_path}/d.sock", ["--backend", "pcap", "--rx-backend", "pcap",
                                                          "--metrics", f"unix:{tmp_path}/metrics.sock"], pairs=pairs) as lab:
        cli = lambda *a: subprocess.run([CLI, "--drone", lab.address, *a], capture_output=True, text=True, timeout=300)
        for k, (tx, _) in enumerate(pairs):
            ids = range(1 + k * 3334, 1 + (k + 1) * 3334)
            loaded = cli("load", stream_file(tmp_path / f"{tx}.json", [udp_stream(i, 1, 100000) for i in ids]), "--port", tx)
            assert loaded.returncode == 0, loaded.stderr
        started = cli("start", "va", "vc", "vg")
        assert started.returncode == 0, started.stderr
        time.sleep(3)
        stats = json.loads(cli("stats", "--json").stdout)
        assert len(stats["streams"]) >= 10000, len(stats["streams"])
        body = subprocess.run(["curl", "-s", "--unix-socket", f"{tmp_path}/metrics.sock", "http://drone/metrics"],
                              capture_output=True, text=True, timeout=60).stdout
    series = [line.split(" ")[0] for line in body.splitlines() if line.startswith("staccato_stream_")]
    label_sets = {",".join(p for p in name.split("{", 1)[1].rstrip("}").split(",") if not p.startswith("le="))
                  for name in series}
    omitted = next(line for line in body.splitlines() if line.startswith("staccato_drone_metrics_streams_omitted "))
    assert len(label_sets) <= 2 * MAX_STREAMS, len(label_sets)  # a row's transmit labels and its receive ones
    assert len(series) <= MAX_STREAMS * SERIES_PER_ROW, len(series)
    assert int(omitted.split()[1]) == len(stats["streams"]) - MAX_STREAMS, omitted
    print(f"\n{len(stats['streams'])} stream rows: {len(series)} stream series, {omitted}")
