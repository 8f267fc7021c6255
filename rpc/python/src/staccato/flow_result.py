"""A flow run's result (``Drone.run_flows``), read from the drone's ``PortFlows`` of both sides.

The numbers are added up as staccato-cli adds them (client/core/flows/flow_totals.cpp): over
templates and phases, failures by kind with the tester's own limits apart; rates over the steady
phase (the profile's ``steady_seconds``); latencies merged from every template's histogram. The
verdict line is ``staccato-cli flows run``'s, word for word, and ``to_json()`` writes what its
``--json`` writes: ``{"profile": FlowProfile, "client": PortFlows, "server": PortFlows}``.

    result = drone.run_flows("web.json", client_port="demo0", server_port="demo1")
    print(result.verdict)                       # 0 of 2000 connections failed
    print(result.total.attempted, result.connections_per_second, result.latency["connect"]["p99_ns"])
    for t in result.templates.values():
        print(t.name, t.steady.attempted, t.transactions_per_second)
    assert result.passed(max_failure_ratio=0.001)
"""
import json
import math
import os
from dataclasses import dataclass, fields
from typing import Dict, Mapping, Optional, Union

from staccato import latency as _latency

STEADY = "steady"  # the phase rates are read in (the others: "ramp-up", "ramp-down")
LATENCY_KINDS = {"connect": "connect_time", "first_byte": "first_byte_time", "last_byte": "last_byte_time"}
_QUANTILES = {"p50_ns": 0.5, "p90_ns": 0.9, "p99_ns": 0.99, "p999_ns": 0.999}


@dataclass
class FlowTotals:
    """Counts of one side over some templates and phases (``FlowPhaseStats`` added up).

    ``failures`` are the device's (refused, reset, timed out, invalid); ``tester`` counts
    connections the tester could not open for its own limits (descriptors, source ports): never
    the device's."""
    attempted: int = 0
    established: int = 0
    completed: int = 0
    refused: int = 0
    reset: int = 0
    timed_out: int = 0
    invalid: int = 0
    tester: int = 0
    retransmissions: int = 0
    transactions: int = 0
    bytes_sent: int = 0
    bytes_received: int = 0

    _FIELDS = {"attempted": "attempted", "established": "established", "completed": "completed",
               "refused": "failed_refused", "reset": "failed_reset", "timed_out": "failed_timeout",
               "invalid": "failed_invalid", "tester": "failed_tester", "retransmissions": "retransmissions",
               "transactions": "transactions", "bytes_sent": "bytes_sent", "bytes_received": "bytes_received"}

    @property
    def failures(self) -> int:
        """The device's failures: refused + reset + timed out + invalid (not the tester's)."""
        return self.refused + self.reset + self.timed_out + self.invalid

    @property
    def failed_by_kind(self) -> Dict[str, int]:
        """``{"refused": n, "reset": n, "timed_out": n, "invalid": n}``."""
        return {"refused": self.refused, "reset": self.reset, "timed_out": self.timed_out, "invalid": self.invalid}

    def add(self, phase: Mapping) -> None:
        """Adds one ``FlowPhaseStats`` dict."""
        for name, key in self._FIELDS.items():
            setattr(self, name, getattr(self, name) + int(phase.get(key, 0)))

    def minus(self, earlier: "FlowTotals") -> "FlowTotals":
        """What happened since `earlier` (a reading of the same run)."""
        return FlowTotals(**{f.name: getattr(self, f.name) - getattr(earlier, f.name) for f in fields(self)})

    @classmethod
    def of(cls, port_flows: Mapping, phase: str = "", template: Optional[int] = None) -> "FlowTotals":
        """Sums a ``PortFlows`` dict over its templates (or only the one at index `template`) and
        phases (or only the one named: "ramp-up", "steady", "ramp-down")."""
        totals = cls()
        for i, t in enumerate(port_flows.get("templates", [])):
            if template is not None and i != template:
                continue
            for p in t.get("phases", []):
                if not phase or p.get("phase") == phase:
                    totals.add(p)
        return totals


def per_second(count: float, seconds: float) -> float:
    """`count` per second over `seconds` (0 when seconds is not above 0), as the CLI divides."""
    return count / seconds if seconds > 0 else 0.0


def merged_latency(port_flows: Mapping, kind: str, phase: str = "", template: Optional[int] = None) -> dict:
    """One latency (`kind`: "connect", "first_byte" or "last_byte") over the templates and phases
    chosen, merged from their histograms as the drone merges (rpc/stats/latency_buckets.cpp):
    a ``LatencyStats`` dict (``samples``, ``min_ns``, ``avg_ns``, ``max_ns``, ``p50_ns`` ..
    ``p999_ns``, the buckets); samples 0 when none. Phases without buckets (a reading made
    without ``buckets=True``) are merged by their counts alone, their percentiles then the
    largest of theirs (an upper bound)."""
    if kind not in LATENCY_KINDS:
        raise ValueError(f"latency kind {kind!r}: expected one of {', '.join(LATENCY_KINDS)}")
    key = LATENCY_KINDS[kind]
    merged = {"samples": 0, "min_ns": 0, "avg_ns": 0, "max_ns": 0, "p50_ns": 0, "p90_ns": 0, "p99_ns": 0,
              "p999_ns": 0, "jitter_ns": 0.0, "sub_bucket_bits": 0, "bucket_index": [], "bucket_count": []}
    counts: Dict[int, int] = {}
    bucketless = False
    for i, t in enumerate(port_flows.get("templates", [])):
        if template is not None and i != template:
            continue
        for p in t.get("phases", []):
            if phase and p.get("phase") != phase:
                continue
            one = p.get(key) or {}
            n = int(one.get("samples", 0))
            if n == 0:
                continue
            _latency.check(one)
            bits = int(one.get("sub_bucket_bits", 0))
            if one.get("bucket_index"):
                if merged["sub_bucket_bits"] and bits != merged["sub_bucket_bits"]:
                    raise ValueError(f"latency.sub_bucket_bits: cannot merge histograms of {merged['sub_bucket_bits']} "
                                     f"and {bits} sub-bucket bits")
                merged["sub_bucket_bits"] = bits
                for b, c in zip(one["bucket_index"], one["bucket_count"]):
                    counts[int(b)] = counts.get(int(b), 0) + int(c)
            else:
                bucketless = True
            first = merged["samples"] == 0
            total = merged["samples"] + n
            merged["avg_ns"] = int((merged["avg_ns"] * merged["samples"] + int(one.get("avg_ns", 0)) * n) / total + 0.5)
            merged["min_ns"] = int(one.get("min_ns", 0)) if first else min(merged["min_ns"], int(one.get("min_ns", 0)))
            merged["max_ns"] = max(merged["max_ns"], int(one.get("max_ns", 0)))
            merged["jitter_ns"] = max(merged["jitter_ns"], float(one.get("jitter_ns", 0.0)))
            merged["samples"] = total
            for q in _QUANTILES:
                merged[q] = max(merged[q], int(one.get(q, 0)))
    if counts:
        merged["bucket_index"] = sorted(counts)
        merged["bucket_count"] = [counts[b] for b in merged["bucket_index"]]
        if not bucketless:
            for q, at in _QUANTILES.items():
                merged[q] = _latency.percentile(merged, at)
    return merged


@dataclass
class FlowTemplateResult:
    """One template's numbers on the client side: ``total`` over the whole run, ``steady`` over
    the steady phase (the rates' phase), ``latency`` the steady phase's by kind."""
    name: str
    total: FlowTotals
    steady: FlowTotals
    connections_per_second: float  # steady-phase connections begun a second
    transactions_per_second: float
    latency: Dict[str, dict]


def format_si(value: float, unit: str, max_decimals: int = 2) -> str:
    """As the CLI writes numbers (common/core/si_units.h): formatSi(1.5e9, "bit/s") == "1.5 Gbit/s"."""
    divisor, prefix = 1.0, ""
    for p in ("k", "M", "G", "T"):
        if abs(value) < divisor * 1000:
            break
        divisor, prefix = divisor * 1000, p
    text = f"{value / divisor:.{max_decimals}f}"
    if math.isfinite(value) and "." in text:
        text = text.rstrip("0").rstrip(".")
    if text == "-0":
        text = "0"
    return f"{text} {prefix}{unit}"


@dataclass
class FlowProgress:
    """One poll of the client side during ``run_flows``: its ``PortFlows`` dict now and what
    happened over the last ``seconds``. ``line`` is staccato-cli's progress line."""
    flows: dict          # the client's PortFlows now
    previous: dict       # at the poll before
    seconds: float       # between the two polls

    @property
    def running(self) -> bool:
        return bool(self.flows.get("running"))

    @property
    def elapsed_seconds(self) -> float:
        return int(self.flows.get("elapsed_ns", 0)) / 1e9

    @property
    def totals(self) -> FlowTotals:
        return FlowTotals.of(self.flows)

    @property
    def delta(self) -> FlowTotals:
        return self.totals.minus(FlowTotals.of(self.previous))

    @property
    def open(self) -> int:
        return sum(int(t.get("open", 0)) for t in self.flows.get("templates", []))

    @property
    def connections_per_second(self) -> float:
        return per_second(self.delta.attempted, self.seconds)

    @property
    def transactions_per_second(self) -> float:
        return per_second(self.delta.transactions, self.seconds)

    @property
    def line(self) -> str:
        d, all_ = self.delta, self.totals
        elapsed = f"{self.elapsed_seconds:.1f} s" if self.running else "ended"
        up = format_si(per_second(d.bytes_sent, self.seconds) * 8, "bit/s", 1)
        down = format_si(per_second(d.bytes_received, self.seconds) * 8, "bit/s", 1)
        return (f"{elapsed:>8}  conn/s {self.connections_per_second:8.1f}  open {self.open:7d}  "
                f"established {all_.established:9d}  failed {all_.failures + all_.tester:6d}  "
                f"trans/s {self.transactions_per_second:8.1f}  up {up}  down {down}")


def _failure_kinds(t: FlowTotals) -> str:
    names = (("refused", t.refused), ("reset", t.reset), ("timed out", t.timed_out), ("invalid", t.invalid))
    return ", ".join(f"{name} {n}" for name, n in names if n)


class FlowResult:
    """Both sides' numbers after a flow run (see the module's doc).

    profile / client / server: the ``FlowProfile`` and the two ``PortFlows`` as dicts (proto
    field names, 64-bit counts as ints); the client's read with latency buckets."""

    def __init__(self, profile: Mapping, client: Mapping, server: Mapping):
        self.profile = dict(profile)
        self.client = dict(client)
        self.server = dict(server)
        self.steady_seconds = float((self.profile.get("load") or {}).get("steady_seconds", 0) or 0)
        self.total = FlowTotals.of(self.client)              # the client side, whole run
        self.steady = FlowTotals.of(self.client, STEADY)     # the client side, steady phase
        self.server_total = FlowTotals.of(self.server)       # accepted, answered, failed
        self.latency = {kind: merged_latency(self.client, kind, STEADY) for kind in LATENCY_KINDS}
        self.templates: Dict[str, FlowTemplateResult] = {}
        for i, t in enumerate(self.client.get("templates", [])):
            steady = FlowTotals.of(self.client, STEADY, i)
            self.templates[t.get("name", str(i))] = FlowTemplateResult(
                name=t.get("name", ""), total=FlowTotals.of(self.client, template=i), steady=steady,
                connections_per_second=per_second(steady.attempted, self.steady_seconds),
                transactions_per_second=per_second(steady.transactions, self.steady_seconds),
                latency={kind: merged_latency(self.client, kind, STEADY, i) for kind in LATENCY_KINDS})

    # ---- the numbers the CLI prints -----------------------------------------------------
    @property
    def connections_per_second(self) -> float:
        """Connections begun a second over the steady phase."""
        return per_second(self.steady.attempted, self.steady_seconds)

    @property
    def transactions_per_second(self) -> float:
        return per_second(self.steady.transactions, self.steady_seconds)

    @property
    def bits_per_second_up(self) -> float:
        """Client to server over the steady phase (payload bytes, as bits)."""
        return per_second(self.steady.bytes_sent * 8, self.steady_seconds)

    @property
    def bits_per_second_down(self) -> float:
        return per_second(self.steady.bytes_received * 8, self.steady_seconds)

    @property
    def cut_at_end(self) -> int:
        """Connections open when the run ended or stopped, closed by the tester (not failures)."""
        return sum(int(t.get("cut_at_end", 0)) for t in self.client.get("templates", []))

    @property
    def most_behind(self) -> int:
        """The most connections the client fell behind its schedule (its own limit)."""
        return int(self.client.get("most_behind", 0))

    @property
    def descriptor_limited(self) -> int:
        """Connections the drone's descriptor budget held back (the tester's limit)."""
        return int(self.client.get("descriptor_limited", 0))

    @property
    def error(self) -> str:
        """Why the client's run ended early ("" when it did not)."""
        return self.client.get("error", "")

    @property
    def failure_ratio(self) -> float:
        return self.total.failures / self.total.attempted if self.total.attempted else 0.0

    def passed(self, max_failure_ratio: float = 0.0) -> bool:
        """As staccato-cli flows run's exit status: at most `max_failure_ratio` (0..1) of the
        attempted connections failed, none hit the tester's own limits, the client kept its
        schedule, and the run did not end early."""
        if isinstance(max_failure_ratio, bool) or not isinstance(max_failure_ratio, (int, float)) \
                or not 0 <= max_failure_ratio <= 1:
            raise ValueError(f"max_failure_ratio: {max_failure_ratio!r} is not a ratio from 0 to 1")
        t = self.total
        return not (t.failures > max_failure_ratio * t.attempted or t.tester > 0 or self.most_behind > 0
                    or self.descriptor_limited > 0 or self.error)

    @property
    def verdict(self) -> str:
        """The CLI's verdict line, word for word (flowVerdictLine, client/core/flows)."""
        t = self.total
        line = f"{t.failures} of {t.attempted} connections failed"
        if t.failures:
            line += f" ({_failure_kinds(t)})"
        if self.cut_at_end:
            line += f"; {self.cut_at_end} open at the end were closed by the tester"
        if t.tester:
            line += (f"; {t.tester} could not be opened for the tester's own limits (descriptors, source ports): "
                     "not counted as the device's")
        if self.most_behind:
            line += (f"; the client fell up to {self.most_behind} connections behind its schedule: the rate asked "
                     "for is past this tester, not judged")
        if self.descriptor_limited:
            line += (f"; the drone's descriptor budget held back {self.descriptor_limited} connections "
                     "(the tester's limit, not the device's)")
        if self.error:
            line += f"; the run ended early: {self.error}"
        return line

    # ---- files --------------------------------------------------------------------------
    def to_dict(self) -> dict:
        return {"profile": self.profile, "client": self.client, "server": self.server}

    def to_json(self) -> str:
        """What ``staccato-cli flows run --json`` writes."""
        return json.dumps(self.to_dict(), indent=1) + "\n"

    def save(self, path: Union[str, os.PathLike]) -> None:
        with open(path, "w", encoding="utf-8") as out:
            out.write(self.to_json())

    @classmethod
    def from_dict(cls, data: Mapping) -> "FlowResult":
        if not isinstance(data, Mapping) or not all(isinstance(data.get(k), Mapping) for k in ("profile", "client", "server")):
            raise ValueError('a flow result is {"profile": {...}, "client": {...}, "server": {...}} '
                             "(staccato-cli flows run --json)")
        return cls(data["profile"], data["client"], data["server"])

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "FlowResult":
        """Reads what ``staccato-cli flows run --json`` (or ``save``) wrote."""
        with open(path, encoding="utf-8") as f:
            try:
                data = json.load(f)
            except json.JSONDecodeError as e:
                raise ValueError(f"{path}: not a flow result: {e}") from None
        try:
            return cls.from_dict(data)
        except ValueError as e:
            raise ValueError(f"{path}: {e}") from None

    def __repr__(self) -> str:
        return f"FlowResult({self.verdict!r})"
