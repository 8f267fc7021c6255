"""A benchmark's result as ``staccato-cli benchmark rfc2544 --json`` writes it (format
``staccato-benchmark``, version 1): the runner's own JSON, read into objects that mirror it.
Field names are the JSON's; loads are fractions of line rate per flow, rates per flow, times
ISO 8601 strings, latencies the drone's histogram dicts (``staccato.latency`` reads them).
The file's one description is the C++ runner's (``staccato-cli benchmark schema`` prints it as
JSON Schema); a test holds these classes to it, member for member. ``to_json()`` writes a file
the CLI reads back (``staccato-cli benchmark report FILE`` renders its reports).

    result = staccato.BenchmarkResult.load("bench.json")
    for size in result.sizes:
        ndr = size.goal("NDR")
        print(size.frame_size, ndr.lower_load, "tester-limited" if ndr.tester_limited else "")
"""
import dataclasses
import json
import typing
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, List, Optional

from staccato.errors import FileFormatError

FORMAT = "staccato-benchmark"
FORMAT_VERSION = 1  # the newest this package reads


def _json_name(f: dataclasses.Field) -> str:
    """A dataclass field's member name in the file: its own, or ``metadata["json"]`` where the
    member's name is a Python keyword (``pass``)."""
    return f.metadata.get("json", f.name)


def _is_list(annotation) -> bool:
    """List[X], or Optional[List[X]] (a member some results leave out)."""
    if typing.get_origin(annotation) is typing.Union:
        annotation = next(a for a in typing.get_args(annotation) if a is not type(None))
    return typing.get_origin(annotation) is list


def _build(cls, data: Any, where: str):
    """`cls` from the JSON object `data`: its fields by name (members this version does not know
    are kept only in the result's ``raw``), nested dataclasses and lists of them converted; an
    array where an object belongs, or the reverse, is refused by its path."""
    if not isinstance(data, dict):
        raise FileFormatError(f"{where}: expected an object, found {type(data).__name__}")
    values = {}
    for f in dataclasses.fields(cls):
        name = _json_name(f)
        if name not in data:
            continue
        value, kind = data[name], f.metadata.get("of")
        if kind is not None and _is_list(f.type) and value is not None:
            if not isinstance(value, list):
                raise FileFormatError(f"{where}.{name}: expected an array, found {type(value).__name__}")
            value = [_build(kind, v, f"{where}.{name}[{i}]") for i, v in enumerate(value)]
        elif kind is not None and value is not None:
            value = _build(kind, value, f"{where}.{name}")
        values[f.name] = value
    return cls(**values)


def _plain(value):
    """A dataclass, list or value as JSON data: members left unset (None) are left out."""
    if dataclasses.is_dataclass(value):
        return {_json_name(f): _plain(getattr(value, f.name)) for f in dataclasses.fields(value)
                if f.name != "raw" and getattr(value, f.name) is not None}
    if isinstance(value, list):
        return [_plain(v) for v in value]
    return value


def _of(kind, default):
    return field(default_factory=default, metadata={"of": kind})


class ResultFile:
    """A result file's reading and writing, for a dataclass naming its ``FORMAT``, the newest
    ``FORMAT_VERSION`` this package reads and ``WHAT`` it is (for messages), with a ``raw`` field."""
    FORMAT: ClassVar[str]
    FORMAT_VERSION: ClassVar[int]
    WHAT: ClassVar[str]

    @classmethod
    def from_json(cls, text: str):
        try:
            data = json.loads(text)
        except ValueError as e:
            raise FileFormatError(f"not a {cls.WHAT}: {e}") from None
        if not isinstance(data, dict) or data.get("format") != cls.FORMAT:
            raise FileFormatError(f"not a {cls.WHAT} (format is not {cls.FORMAT!r})")
        version = data.get("format_version")
        if not isinstance(version, int) or version > cls.FORMAT_VERSION:
            raise FileFormatError(f"{cls.WHAT} format_version {version!r}: this package reads up to "
                                  f"{cls.FORMAT_VERSION}; update the staccato package")
        result = _build(cls, {k: v for k, v in data.items() if k != "raw"}, "result")
        result.raw = data
        return result

    @classmethod
    def load(cls, path):
        with open(path, encoding="utf-8") as f:
            return cls.from_json(f.read())

    def to_json(self) -> str:
        """The result as a result file (what ``load`` and the CLI read)."""
        return json.dumps(_plain(self), indent=2) + "\n"

    def save(self, path) -> None:
        with open(path, "w", encoding="utf-8") as f:
            f.write(self.to_json())


@dataclass
class GoalResult:
    """What the throughput search found for one loss goal at one frame size."""
    name: str = ""
    loss_ratio: float = 0.0       # the goal: at most this share of frames lost (0 = NDR)
    required_load: float = 0.0    # JUnit fails below it (0 = any result passes)
    lower_load: float = 0.0       # the highest load that met the goal (0 = none)
    upper_load: float = 0.0       # the lowest load that failed it (0 = none failed)
    tester_limited: bool = False  # the generator, not the device, ended the search
    tester_limit: str = ""        # why, when tester_limited
    device_limit: str = ""        # set when the device pushed back at lower_load (its own limit, nothing lost)
    irregular: List[str] = field(default_factory=list)

    @property
    def found(self) -> bool:
        return self.lower_load > 0


@dataclass
class Throughput:
    trials: int = 0
    full_length_trials: int = 0
    trial_seconds: float = 0.0
    goals: List[GoalResult] = _of(GoalResult, list)


@dataclass
class LatencyPoint:
    fraction: float = 0.0   # of the base load
    load: float = 0.0
    trials: int = 0
    latency: Dict[str, Any] = field(default_factory=dict)  # min_ns, avg_ns, p99_ns, buckets ...
    reordered: int = 0
    duplicated: int = 0
    tester_limited: bool = False
    failure: str = ""


@dataclass
class Latency:
    base_load: float = 0.0
    basis: str = ""
    points: List[LatencyPoint] = _of(LatencyPoint, list)


@dataclass
class LossStep:
    load: float = 0.0
    offered_load: float = 0.0
    loss_ratio: float = 0.0
    tx_frames: int = 0
    rx_frames: int = 0
    tester_limited: bool = False
    note: str = ""


@dataclass
class BackToBack:
    burst_load: float = 0.0
    burst_pps: float = 0.0
    bursts: List[int] = field(default_factory=list)
    average_frames: float = 0.0
    throughput_pps: float = 0.0
    implied_buffer_seconds: float = 0.0
    corrected_buffer_seconds: float = 0.0
    corrected_buffer_frames: float = 0.0
    tester_limited: bool = False
    note: str = ""


@dataclass
class SizeResult:
    """One frame size's results; a test that did not run is None (``loss``: empty)."""
    frame_size: str = ""  # "64", "imix", "imix:64x7,1518x1"
    throughput: Optional[Throughput] = _of(Throughput, lambda: None)
    latency: Optional[Latency] = _of(Latency, lambda: None)
    loss: List[LossStep] = _of(LossStep, list)
    b2b: Optional[BackToBack] = _of(BackToBack, lambda: None)
    note: str = ""

    def goal(self, name: str) -> GoalResult:
        """The throughput found for goal `name` ("NDR", "PDR"); KeyError when not searched."""
        for g in self.throughput.goals if self.throughput else []:
            if g.name == name:
                return g
        raise KeyError(f"no throughput result for goal {name!r} at frame size {self.frame_size}")


@dataclass
class Trial:
    """One trial as the runner logged and judged it."""
    number: int = 0
    test: str = ""    # "throughput", "latency", "loss", "b2b", "calibrate"
    phase: str = ""
    request: Dict[str, Any] = field(default_factory=dict)  # kind, frame_size, load, pps, duration_seconds ...
    tx_frames: int = 0
    rx_frames: int = 0
    lost_frames: int = 0
    loss_ratio: float = 0.0
    reordered: int = 0
    duplicated: int = 0
    intended_pps: float = 0.0
    offered_pps: float = 0.0
    received_pps: float = 0.0
    duration_seconds: float = 0.0
    start: str = ""
    end: str = ""
    receiver_missed: bool = False
    sender_late_ns: int = 0  # how far behind its schedule the generator fell at worst
    sender_skipped_ns: int = 0  # how much of its schedule the generator let go rather than burst
    sender_stalled: bool = False  # lost frames after such a slip, or let a gap go: repeated, never the device's loss
    sender_blocked_ns: int = 0  # how long the generator waited for the device to take its frames
    device_pushed_back: bool = False  # offered less because the device took no more: counted at what it took
    tester_limited: bool = False
    tester_limit_reason: str = ""
    counted: bool = False  # judged as the device's (not tester-limited, nothing missed)
    latency: Optional[Dict[str, Any]] = None
    note: str = ""


@dataclass
class CalibrationPoint:
    frame_size: str = ""
    max_pps: float = 0.0
    kpps: float = 0.0
    l1_mbps: float = 0.0
    line_rate_bps: float = 0.0


@dataclass
class Calibration:
    setup: str = ""
    measured: str = ""
    points: List[CalibrationPoint] = _of(CalibrationPoint, list)


@dataclass
class BenchmarkResult(ResultFile):
    """The whole benchmark: config, calibration, each frame size's results, every trial."""
    FORMAT: ClassVar[str] = FORMAT
    FORMAT_VERSION: ClassVar[int] = FORMAT_VERSION
    WHAT: ClassVar[str] = "benchmark result"
    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    generator: str = ""
    started: str = ""
    ended: str = ""
    stopped: bool = False  # stopped on request before the end
    error: str = ""        # what ended it early ("" = ran to the end)
    config: Dict[str, Any] = field(default_factory=dict)  # the runner's config, as JSON (docs/benchmarks.md#options)
    calibration: Calibration = _of(Calibration, Calibration)
    sizes: List[SizeResult] = _of(SizeResult, list)
    trials: List[Trial] = _of(Trial, list)
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)  # the JSON as read

    @property
    def complete(self) -> bool:
        """Ran to the end: not stopped, no error."""
        return not self.stopped and not self.error

    @property
    def tester_limited(self) -> bool:
        """Some throughput result was the generator's limit, not the device's."""
        return any(g.tester_limited for s in self.sizes for g in (s.throughput.goals if s.throughput else []))

    def size(self, frame_size) -> SizeResult:
        """The results at `frame_size` (64 or "64", "imix"); KeyError when it did not run."""
        for s in self.sizes:
            if s.frame_size == str(frame_size):
                return s
        raise KeyError(f"no results for frame size {frame_size}")

    def throughput(self, goal: str = "NDR") -> Dict[str, GoalResult]:
        """Goal `goal`'s result per frame size label, for the sizes whose throughput was searched."""
        return {s.frame_size: s.goal(goal) for s in self.sizes if s.throughput}
