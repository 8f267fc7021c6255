"""Rates on the wire from capture timestamps, judged for the netns tests.

The rate is the slope of the least-squares line through (time, frame number): the pace the sender
held. The first-to-last average would take one late timestamp (a receive softirq or a capture
delayed on a busy machine) for a slower sender.

A busy machine can also stop the sender itself for seconds. The CLI then warns that the stream
"cannot keep its rate: sent X pps of the Y asked": when it says so for the stream and the wire's
first-to-last rate agrees with X, the rate is accepted as honestly reported (the test asserts that
we say what happened, not that the machine had spare CPU).

As a program: wire_rate.py PCAP prints "PPS FRAMES" (the slope rate and the frame count)."""
import re
import subprocess
import sys

_SI = {"": 1.0, "k": 1e3, "M": 1e6, "G": 1e9}
_SAID = re.compile(r"stream (\d+) cannot keep its rate: sent ([0-9.]+) ?([kMG]?)pps")


def slope_rate(ts: list) -> float:
    n = len(ts)
    mean_t, mean_i = sum(ts) / n, (n - 1) / 2
    covariance = sum((t - mean_t) * (i - mean_i) for i, t in enumerate(ts))
    return covariance / sum((t - mean_t) ** 2 for t in ts)


def said_rates(warnings_file: str) -> dict:
    """{stream id: the sent pps the CLI's "cannot keep its rate" warning gave}."""
    try:
        text = open(warnings_file).read()
    except FileNotFoundError:
        return {}
    return {int(m[1]): float(m[2]) * _SI[m[3]] for m in _SAID.finditer(text)}


def judge(name: str, ts: list, want: float, tol: float = 0.005, said_pps: float = None) -> bool:
    """Prints ok/FAIL for the rate of the frames at times `ts` against `want` (pps, relative
    tolerance `tol`); `said_pps` is what the CLI said the stream sent when it fell behind."""
    got = slope_rate(ts)
    err = (got - want) / want
    if abs(err) <= tol:
        print(f"ok   {name}: {got:.2f}, target {want:.2f} ({err * 100:+.3f}%)")
        return True
    average = (len(ts) - 1) / (ts[-1] - ts[0])
    if said_pps and abs(average - said_pps) <= 0.02 * said_pps:
        print(f"ok   {name}: {got:.2f}, target {want:.2f} ({err * 100:+.3f}%): the sender fell behind (a busy "
              f"machine) and the CLI said so: sent {said_pps:.2f} pps, the wire saw {average:.2f}")
        return True
    print(f"FAIL {name}: {got:.2f}, target {want:.2f} ({err * 100:+.3f}%)"
          + (f"; the CLI said it sent {said_pps:.2f} pps, the wire saw {average:.2f}" if said_pps else ""))
    return False


def capture_times(pcap: str) -> list:
    out = subprocess.run(["tshark", "-r", pcap, "-T", "fields", "-e", "frame.time_epoch"],
                         capture_output=True, text=True, check=True).stdout
    return [float(line) for line in out.split()]


if __name__ == "__main__":
    times = capture_times(sys.argv[1])
    print(f"{slope_rate(times):.6f} {len(times)}")
