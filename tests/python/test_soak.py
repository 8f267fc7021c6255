"""Soak: SOAK_SECONDS (default 120; tests/bench/soak.sh runs 1800) of churn from several clients
against one drone while two ports send continuously: SetStreams/start/stop on a third port,
WatchStats watchers that come and go, ListPorts/GetStreams, reserve/release. Prints the drone's
RSS, threads and open files at the start and the end, and fails on growth beyond noise or on any
error a client saw. Root (a namespace of its own)."""
import os
import threading
import time

import staccato
from netns_lab import drone_lab, needs_root_and_drone

pytestmark = needs_root_and_drone
SECONDS = float(os.environ.get("SOAK_SECONDS", "120"))


def usage(pid: int) -> dict:
    with open(f"/proc/{pid}/status") as f:
        status = dict(line.split(":", 1) for line in f)
    return {"rss_kib": int(status["VmRSS"].split()[0]), "threads": int(status["Threads"]),
            "fds": len(os.listdir(f"/proc/{pid}/fd"))}


def churn(address: str, stop: threading.Event, errors: list, slowest: dict, work) -> None:
    """Runs `work(drone, i)` over and over on its own connection until `stop`. A start opens
    packet sockets, which can take the kernel seconds on a loaded 2-core host: 30 s per call."""
    try:
        with staccato.Drone(address, client_id=f"soak-{work.__name__}", timeout=30) as drone:
            i = 0
            while not stop.is_set():
                t0 = time.monotonic()
                work(drone, i)
                slowest[work.__name__] = max(slowest.get(work.__name__, 0.0), time.monotonic() - t0)
                i += 1
    except Exception as e:  # noqa: BLE001 - every failure is a finding
        errors.append(f"{work.__name__}: {e!r}")
        stop.set()


def small(i: int):
    return [staccato.Stream(f"s{k}", [("eth", {"eth.dst": "02:00:00:00:00:99"}), "ip", "udp", "signature"],
                            id=k + 1, count=50 + i % 50, pps=5000, length=64 + 64 * k) for k in range(1 + i % 8)]


def set_start_stop(drone, i):
    drone.set_streams("s3", small(i))
    drone.start("s3")
    time.sleep(0.05)
    drone.stop("s3")


def watch_briefly(drone, i):
    """A WatchStats stream for a few snapshots, then gone (s1 sends until the end)."""
    try:
        drone.wait("s1", timeout=0.2 + (i % 3) * 0.1)
    except TimeoutError:
        drone.stats("s1", "s2")
    else:
        raise AssertionError("s1 stopped sending")


def list_and_get(drone, i):
    drone.ports()
    drone.streams("s1")
    drone.streams("s3")


def reserve_release(drone, i):
    drone.reserve("r3")
    drone.release("r3")


def test_soak(tmp_path):
    with drone_lab(tmp_path, f"unix:{tmp_path}/drone.sock", ["--backend", "pcap"],
                   pairs=(("s1", "r1"), ("s2", "r2"), ("s3", "r3"))) as lab:
        forever = staccato.Stream("forever", [("eth", {"eth.dst": "02:00:00:00:00:99"}), "ip", "udp", "signature"],
                                  continuous=True, pps=2000)
        with staccato.Drone(lab.address, client_id="soak-sender") as sender:
            for port in ("s1", "s2"):
                sender.set_streams(port, [forever])
            sender.start("s1", "s2")
            stop, errors, slowest = threading.Event(), [], {}
            workers = [threading.Thread(target=churn, args=(lab.address, stop, errors, slowest, w))
                       for w in (set_start_stop, watch_briefly, watch_briefly, list_and_get, reserve_release)]
            for w in workers:
                w.start()
            time.sleep(min(10.0, SECONDS / 6))  # warm up: every kind of call has been made
            start = usage(lab.pid)
            time.sleep(max(0.0, SECONDS - min(10.0, SECONDS / 6)))
            end = usage(lab.pid)
            stop.set()
            for w in workers:
                w.join(30)
            still = {p["name"]: p["transmitting"] for p in sender.ports() if p["name"] in ("s1", "s2")}
            stats = sender.stats("s1", "s2")
        print(f"\nsoak {SECONDS:.0f} s: start {start}, end {end}; errors {errors or 'none'}")
        print("  slowest round of each client: " + ", ".join(f"{k} {v:.2f} s" for k, v in sorted(slowest.items())))
        for p in stats["ports"]:
            print(f"  {p['port']}: {p['drone_tx_packets']} packets sent, error '{p['error']}'")
        assert not errors
        assert still == {"s1": True, "s2": True}, "a continuous port stopped during the soak"
        assert end["rss_kib"] - start["rss_kib"] < 20 << 10, "RSS grew"
        assert abs(end["threads"] - start["threads"]) <= 4, "threads grew"
        assert abs(end["fds"] - start["fds"]) <= 8, "open files grew"
