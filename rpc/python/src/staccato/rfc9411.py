"""RFC 9411's search from Python, run by ``staccato-cli benchmark rfc9411``: the highest
connections per second (or concurrent connections) a stateful device passes, each trial a flow
run of a profile at one load (docs/flows.md#rfc-9411). The CLI's ``--json`` comes back as an
:class:`Rfc9411Result`.

    import staccato
    r = staccato.rfc9411("web.json", client="demo0", server="demo1", drone="unix:/run/staccato/router-lab.sock",
                         low=50, high=400, duration=2, max_failure_ratio=0.001, report="rfc9411.html")
    print(r.found, "or more" if r.at_least else "", "" if r.complete else f"(incomplete: {r.why})")
    for t in r.trials:
        print(t.load, t.verdict, t.steady.attempted, t.connections_per_second, t.why)

Honest numbers: a search the tester ended (a trial it could not offer: its own descriptors or
source ports, a client behind its schedule) is a result with ``complete`` False and the trial's
``tester_limited`` True, never a device's limit; :meth:`Rfc9411.run` returns it, it does not raise.
"""
import json as _json
import os
import tempfile
from dataclasses import dataclass, field
from typing import Callable, List, Mapping, Optional, Sequence, Union

from google.protobuf import json_format

from staccato.benchmark_cli import BenchmarkError, _flags, _last_line, _options, _run_for_result, find_cli
from staccato.errors import FileFormatError
from staccato.flow_result import STEADY, FlowTotals, merged_latency, per_second
from staccato.v1 import flow_pb2

SEARCHES = ("rate", "concurrent")


@dataclass
class Rfc9411Trial:
    """One trial: the profile at ``load`` (connections/s or concurrent), judged on its client
    side's steady phase. ``client`` is that side's ``PortFlows`` as the CLI wrote it (None when
    the trial never ran: its sides did not start, a stop on request)."""
    load: float
    passed: bool
    tester_limited: bool
    why: str
    start: str = ""
    end: str = ""
    client: Optional[dict] = None
    steady_seconds: float = 0.0  # the profile's steady phase: what rates are read over
    stopped: bool = False        # a stop on request cut it short (tester_limited too): not judged

    @property
    def verdict(self) -> str:
        """"passed", "failed", "tester-limited" or "stopped" (both not judged), as the reports say it."""
        if self.stopped:
            return "stopped"
        return "tester-limited" if self.tester_limited else "passed" if self.passed else "failed"

    @property
    def steady(self) -> FlowTotals:
        """The steady phase's counts over every template (all zero when the trial never ran)."""
        return FlowTotals.of(self.client or {}, STEADY)

    @property
    def connections_per_second(self) -> float:
        """Connections established a second of the steady phase."""
        return per_second(self.steady.established, self.steady_seconds)

    def latency(self, kind: str = "last_byte") -> dict:
        """The steady phase's latency (`kind`: "connect", "first_byte", "last_byte") merged over
        the templates: a ``LatencyStats`` dict, ``p99_ns`` among its members."""
        return merged_latency(self.client or {}, kind, STEADY)


@dataclass
class Rfc9411Result:
    """The search as ``staccato-cli benchmark rfc9411 --json`` writes it. ``found`` is the highest
    load that passed (0: none did); ``at_least`` when the highest load asked for passed;
    ``complete`` False when the tester's limit (or the trial count, or a stop) ended it early,
    ``why`` saying how it ended."""
    search: str
    found: float
    at_least: bool
    complete: bool
    why: str
    max_failure_ratio: float = 0.0
    max_latency_ms: float = 0.0  # 0: latency not judged
    low: Optional[float] = None
    high: Optional[float] = None
    resolution_pct: Optional[float] = None
    steady_seconds: Optional[float] = None
    client_port: str = ""
    server_port: str = ""
    generator: str = ""
    start: str = ""
    end: str = ""
    profile: dict = field(default_factory=dict)
    trials: List[Rfc9411Trial] = field(default_factory=list)
    raw: dict = field(default_factory=dict, repr=False)

    @property
    def incomplete(self) -> bool:
        return not self.complete

    @property
    def tester_limited(self) -> bool:
        """True when a trial was limited by the tester: the search ended there, at what passed below."""
        return any(t.tester_limited for t in self.trials)

    @property
    def unit(self) -> str:
        return "connections/s" if self.search == "rate" else "concurrent"

    @classmethod
    def from_dict(cls, data: Mapping) -> "Rfc9411Result":
        """Reads the CLI's JSON (a dict); FileFormatError when it is not one."""
        if not isinstance(data, Mapping):
            raise FileFormatError("not an RFC 9411 result: expected a JSON object")
        missing = [k for k in ("search", "found", "at_least", "complete", "why", "trials") if k not in data]
        if missing:
            raise FileFormatError(f"not an RFC 9411 result: no {', '.join(missing)}")
        if data["search"] not in SEARCHES:
            raise FileFormatError(f"search: {data['search']!r} (expected rate or concurrent)")
        criteria, settings = data.get("criteria") or {}, data.get("settings") or {}
        profile = data.get("profile") or {}
        steady = settings.get("steady_seconds", (profile.get("load") or {}).get("steady_seconds", 0))
        try:
            trials = [Rfc9411Trial(float(t["load"]), bool(t["passed"]), bool(t["tester_limited"]), str(t["why"]),
                                   t.get("start", ""), t.get("end", ""), t.get("client"), float(steady or 0),
                                   bool(t.get("stopped", False)))
                      for t in data["trials"]]
        except (KeyError, TypeError, ValueError) as e:
            raise FileFormatError(f"trials: not as the CLI writes them ({e!r})") from None
        return cls(search=data["search"], found=float(data["found"]), at_least=bool(data["at_least"]),
                   complete=bool(data["complete"]), why=str(data["why"]),
                   max_failure_ratio=float(criteria.get("max_failure_ratio", 0)),
                   max_latency_ms=float(criteria.get("max_latency_ms", 0)), low=settings.get("low"),
                   high=settings.get("high"), resolution_pct=settings.get("resolution_pct"),
                   steady_seconds=float(steady) if steady else None, client_port=data.get("client_port", ""),
                   server_port=data.get("server_port", ""), generator=data.get("generator", ""),
                   start=data.get("start", ""), end=data.get("end", ""), profile=profile, trials=trials, raw=dict(data))

    @classmethod
    def load(cls, path: Union[str, os.PathLike]) -> "Rfc9411Result":
        """Reads a ``--json`` file; FileFormatError when it is not one."""
        try:
            with open(path, encoding="utf-8") as f:
                data = _json.load(f)
        except ValueError as e:
            raise FileFormatError(f"{path}: not JSON: {e}") from None
        return cls.from_dict(data)


Profile = Union[str, os.PathLike, Mapping, flow_pb2.FlowProfile]


class Rfc9411:
    """An RFC 9411 search's settings, run as often as wanted with :meth:`run`. Options are the
    CLI's (``staccato-cli benchmark rfc9411``, docs/flows.md#rfc-9411):

    - ``profile``: a flow profile file's path, or its content as a dict or a ``flow_pb2.FlowProfile``
      (written to a temporary file for the CLI, which checks it)
    - ``client``, ``server``: the ports of the two sides ("demo0", or "eth1@ADDRESS")
    - ``search``: "rate" (connections per second) or "concurrent"; by default the profile's target
    - ``low``, ``high``: the loads searched between; ``resolution`` (percent, 2 by default);
      ``max_failure_ratio`` (of the steady phase's connections, 0 by default); ``max_latency_ms``
      (last-byte p99; not judged by default); ``duration`` (a trial's steady seconds)
    - ``drone``, ``token_file``, ``tls``, ``ca``, ``fleet``: the drones, as every CLI command takes them
    - ``json``: where to keep the result (by default a temporary file, read and removed);
      ``report`` (HTML), ``junit``, ``csv``: reports to write besides; ``extra_args``: further CLI
      arguments, as given
    """

    def __init__(self, profile: Profile, *, client: str, server: str, search: Optional[str] = None,
                 low: Optional[float] = None, high: Optional[float] = None, resolution: Optional[float] = None,
                 max_failure_ratio: Optional[float] = None, max_latency_ms: Optional[float] = None,
                 duration: Optional[float] = None, drone: Optional[str] = None, token_file: Optional[str] = None,
                 tls: bool = False, ca: Optional[str] = None, fleet: Optional[str] = None, json: Optional[str] = None,
                 report: Optional[str] = None, junit: Optional[str] = None, csv: Optional[str] = None,
                 extra_args: Sequence[str] = (), cli: Optional[str] = None):
        if not isinstance(profile, (str, os.PathLike, Mapping, flow_pb2.FlowProfile)):
            raise TypeError("profile: a flow profile file's path, its content as a dict, or a flow_pb2.FlowProfile")
        for name, port in (("client", client), ("server", server)):
            if not isinstance(port, str) or not port:
                raise TypeError(f"{name}: one port (\"eth1\" or \"eth1@ADDRESS\"), as text")
        if search is not None and search not in SEARCHES:
            raise ValueError(f"search: {search!r} (allowed: rate, concurrent)")
        for name, value in (("low", low), ("high", high), ("resolution", resolution), ("duration", duration),
                            ("max_failure_ratio", max_failure_ratio), ("max_latency_ms", max_latency_ms)):
            if value is not None and (isinstance(value, bool) or not isinstance(value, (int, float)) or value < 0):
                raise ValueError(f"{name}: a number of at least 0, not {value!r}")
        if max_failure_ratio is not None and max_failure_ratio > 1:
            raise ValueError(f"max_failure_ratio: a share of the connections, 0..1, not {max_failure_ratio!r}")
        if low is not None and high is not None and low > high:
            raise ValueError(f"low: must be at most high ({high}), not {low}")
        self.profile, self.client, self.server, self.search = profile, client, server, search
        self.low, self.high, self.resolution, self.duration = low, high, resolution, duration
        self.max_failure_ratio, self.max_latency_ms = max_failure_ratio, max_latency_ms
        self.drone, self.token_file, self.tls, self.ca, self.fleet = drone, token_file, tls, ca, fleet
        self.json, self.report, self.junit, self.csv = json, report, junit, csv
        self.extra_args, self.cli = list(extra_args), cli

    def args(self, profile_path: str, json_path: str) -> List[str]:
        """The CLI's arguments after the program's name."""
        return (["benchmark", "rfc9411", profile_path, "--client", self.client, "--server", self.server] +
                _options(("--search", self.search), ("--low", self.low), ("--high", self.high),
                         ("--resolution", self.resolution), ("--max-failure-ratio", self.max_failure_ratio),
                         ("--max-latency-ms", self.max_latency_ms), ("--duration", self.duration),
                         ("--drone", self.drone), ("--token-file", self.token_file), ("--ca", self.ca),
                         ("--fleet", self.fleet), ("--report", self.report), ("--junit", self.junit),
                         ("--csv", self.csv)) +
                _flags(("--tls", self.tls)) + ["--json", json_path] + self.extra_args)

    def run(self, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
            check: bool = True) -> Rfc9411Result:
        """Runs the search and returns its result, complete or not: a search the tester ended
        (``result.complete`` False, the trial's ``tester_limited`` True) is a result, not an
        error, although the CLI exits 1 for it. ``on_output`` gets each line the CLI prints (a
        line per trial, then the answer).

        Raises :class:`BenchmarkError` when the CLI ends without a result (bad options, an
        unreachable drone: the CLI's message), and with ``check`` (the default) when it failed
        after a complete search (``e.result``: the search)."""
        program = find_cli(self.cli)
        with tempfile.TemporaryDirectory(prefix="staccato-rfc9411-") as tmp:
            profile_path = self.profile
            if isinstance(self.profile, (Mapping, flow_pb2.FlowProfile)):
                content = self.profile
                if isinstance(content, flow_pb2.FlowProfile):
                    message = flow_pb2.FlowProfile()
                    message.CopyFrom(content)
                    message.format_version = message.format_version or 1
                    content = json_format.MessageToDict(message, preserving_proto_field_name=True)
                profile_path = os.path.join(tmp, "profile.json")
                with open(profile_path, "w", encoding="utf-8") as f:
                    _json.dump(content, f)
            json_path = str(self.json or os.path.join(tmp, "result.json"))
            returncode, tail, result = _run_for_result([program] + self.args(os.fspath(profile_path), json_path), json_path,
                                                       Rfc9411Result, "staccato-cli benchmark rfc9411", timeout, on_output)
        if check and returncode != 0 and result.complete:  # exit 0 for every complete search
            raise BenchmarkError(f"staccato-cli benchmark rfc9411 exited with {returncode}: {_last_line(tail)}",
                                 returncode, tail, result)
        return result


def rfc9411(profile: Profile, *, timeout: Optional[float] = None, on_output: Optional[Callable[[str], None]] = None,
            check: bool = True, **options) -> Rfc9411Result:
    """Runs one RFC 9411 search: ``Rfc9411(profile, **options).run(...)``. An incomplete result is
    returned, not raised (see :meth:`Rfc9411.run`)."""
    return Rfc9411(profile, **options).run(timeout=timeout, on_output=on_output, check=check)
