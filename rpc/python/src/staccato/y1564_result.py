"""A Y.1564 run's result as ``staccato-cli benchmark y1564 --json`` writes it (format
``staccato-y1564-result``, version 1), read into objects that mirror it. Field names are the
JSON's (but ``Y1564Verdict.passed``, the file's ``pass``); rates in Mbit/s, delays in ms, times
ISO 8601 strings. The file's one description is the C++ runner's (``staccato-cli benchmark y1564
--result-schema`` prints it as JSON Schema); a test holds these classes to it, member for member.
``verdict``, ``outcome`` and ``avail`` are the CLI's judgement as it wrote it (the schema marks
them readOnly: the CLI judges again when it reads a file). ``to_json()`` writes a file the CLI
reads back (``staccato-cli benchmark report FILE`` renders its reports).

    result = staccato.Y1564Result.load("y1564.json")
    print(result.verdict)                                  # PASS, FAIL or INCOMPLETE
    voice = result.service("voice")
    for s in voice.steps:
        print(s.step.label, s.verdict.outcome, s.verdict.ir_mbps, *s.verdict.failures)
    print(voice.performance.availability.avail, max(voice.performance.loss_ratios, default=0))
"""
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, List, Optional

from staccato.benchmark_result import ResultFile, _of

FORMAT = "staccato-y1564-result"
FORMAT_VERSION = 1  # the newest this package reads
CONFIG_FORMAT = "staccato-y1564-config"  # a config file's (its members are a result's "config")
STOPPED = "stopped"  # the error of a run stopped on request


@dataclass
class Y1564Step:
    """What a configuration step sent: service ``service`` (an index into the config's services)."""
    service: int = 0
    kind: str = ""        # "cir", "cir+eir", "policing", "cbs", "ebs"
    label: str = ""       # "25 % of CIR", "CIR + EIR", "policing: CIR + 1.25 x EIR", "CBS burst" ...
    rate_mbps: float = 0.0
    seconds: float = 0.0
    burst_bytes: int = 0  # sent in bursts of this many bytes at line rate (0: evenly)
    note: str = ""


@dataclass
class Y1564Measurement:
    sent: int = 0
    received: int = 0
    seconds: float = 0.0
    delay_measured: bool = False  # ftd_ms and fdv_ms hold values
    ftd_ms: float = 0.0
    fdv_ms: float = 0.0
    tester_note: str = ""         # the tester's own limit, when it was one


@dataclass
class Y1564Verdict:
    """A step's or a service's performance verdict: ``outcome`` is PASS, FAIL or INCOMPLETE (not
    judged: the tester's own limit, or stopped); ``failures`` name each criterion missed."""
    outcome: str = ""
    passed: bool = field(default=False, metadata={"json": "pass"})
    incomplete: bool = False
    ir_mbps: float = 0.0
    flr: float = 0.0  # frame loss ratio (0.001 = 0.1 %)
    failures: List[str] = field(default_factory=list)


@dataclass
class Y1564StepResult:
    step: Y1564Step = _of(Y1564Step, Y1564Step)
    measured: Y1564Measurement = _of(Y1564Measurement, Y1564Measurement)
    verdict: Y1564Verdict = _of(Y1564Verdict, Y1564Verdict)


@dataclass
class Y1564Availability:
    seconds: int = 0
    severely_errored: int = 0
    unavailable: int = 0
    avail: float = 1.0  # (seconds - unavailable) / seconds


@dataclass
class Y1564ServicePerformance:
    """One service's performance test: its totals, availability, verdict, and each second's
    ``[sent, received]``."""
    measured: Y1564Measurement = _of(Y1564Measurement, Y1564Measurement)
    availability: Y1564Availability = _of(Y1564Availability, Y1564Availability)
    verdict: Y1564Verdict = _of(Y1564Verdict, Y1564Verdict)
    per_second: List[List[int]] = field(default_factory=list)

    @property
    def lost_per_second(self) -> List[int]:
        """Frames each second sent that did not arrive."""
        return [max(0, sent - received) for sent, received in self.per_second]

    @property
    def loss_ratios(self) -> List[float]:
        """Each second's frame loss ratio (0 for a second that sent nothing)."""
        return [lost / sent if sent else 0.0 for lost, (sent, _) in zip(self.lost_per_second, self.per_second)]


@dataclass
class Y1564ServiceResult:
    """One service's part of a result (:meth:`Y1564Result.service`; not a member of the file):
    its config, configuration steps in order, and performance test (None when it did not run)."""
    index: int
    name: str
    config: Dict[str, Any]
    steps: List[Y1564StepResult]
    performance: Optional[Y1564ServicePerformance]

    @property
    def passed(self) -> bool:
        """Every step and the performance test (if it ran) passed."""
        return all(s.verdict.passed for s in self.steps) and (self.performance is None or self.performance.verdict.passed)

    def step(self, label: str) -> Y1564StepResult:
        """The step labelled `label` ("100 % of CIR", "CIR + EIR" ...); KeyError when it did not run."""
        for s in self.steps:
            if s.step.label == label:
                return s
        raise KeyError(f"service {self.name}: no step {label!r} (ran: {', '.join(s.step.label for s in self.steps)})")


@dataclass
class Y1564Result(ResultFile):
    """The whole run: the config, every configuration step, each service's performance test."""
    FORMAT: ClassVar[str] = FORMAT
    FORMAT_VERSION: ClassVar[int] = FORMAT_VERSION
    WHAT: ClassVar[str] = "Y.1564 result"
    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    generator: str = ""
    verdict: str = ""      # PASS, FAIL or INCOMPLETE
    started: str = ""
    ended: str = ""
    ports: str = ""        # "fake0 -> fake1"
    line_rate_bps: float = 0.0
    error: str = ""        # what ended it early ("stopped" on request; "" = ran to the end)
    config: Dict[str, Any] = field(default_factory=dict)  # the config file's members but format (docs/examples/y1564/)
    configuration: List[Y1564StepResult] = _of(Y1564StepResult, list)
    performance: List[Y1564ServicePerformance] = _of(Y1564ServicePerformance, list)  # per service, or none
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)  # the JSON as read

    @property
    def passed(self) -> bool:
        """The CLI's verdict is PASS (staccato-cli exits 0)."""
        return self.verdict == "PASS"

    @property
    def complete(self) -> bool:
        """Ran to the end: no error, not stopped."""
        return not self.error

    @property
    def stopped(self) -> bool:
        """Stopped on request (Ctrl+C, SIGTERM) before the end."""
        return self.error == STOPPED

    @property
    def services(self) -> List[str]:
        """The config's service names, in order."""
        return [s.get("name", "") for s in self.config.get("services", [])]

    def service(self, name: str) -> Y1564ServiceResult:
        """Service `name`'s config, steps and performance; KeyError when the config has none so named."""
        names = self.services
        if name not in names:
            raise KeyError(f"no service {name!r} (services: {', '.join(names)})")
        i = names.index(name)
        return Y1564ServiceResult(i, name, self.config["services"][i], [s for s in self.configuration if s.step.service == i],
                                  self.performance[i] if i < len(self.performance) else None)

    def loss_ratios(self) -> Dict[str, List[float]]:
        """Each service's frame loss ratio per second of the performance test ({} when it did not run)."""
        return {name: p.loss_ratios for name, p in zip(self.services, self.performance)}
