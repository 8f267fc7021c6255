"""An RFC 2889 test's result as ``staccato-cli benchmark rfc2889 --json`` writes it (format
``staccato-rfc2889-result``, version 1), read into objects that mirror it. Field names are the
JSON's (but ``Rfc2889Result.outcome``, the file's ``result``); loads and resolutions of the
traffic tests are shares of the line rate (0.5 = 50 %), rates frames per second, times ISO 8601
strings. The file's writers are the C++ runner's (client/core/benchmark/rfc2889_address_result.cpp
and rfc2889_traffic_result.cpp). One file holds one test, so a member another test has is None
here (and left out of ``to_json()``): the address tests (caching, learning) have three named
ports and address trials, the traffic tests (meshed, one-to-many, many-to-one, congestion,
forward pressure, errored frames, broadcast) a list of ports and trials with per-pair counts;
congestion control, forward pressure and errored frames add their verdicts.

    result = staccato.Rfc2889Result.load("meshed.json")
    print(result.answer)                                  # the CLI's answer, "incomplete: ..." too
    best = result.at_throughput()
    for p in best.pairs if best else []:
        print(p.tx, "->", p.rx, p.sent, p.received, p.lost, p.elsewhere, p.latency_avg_us)
"""
from dataclasses import dataclass, field
from typing import Any, ClassVar, Dict, List, Optional, Union

from staccato.benchmark_result import ResultFile, _of

FORMAT = "staccato-rfc2889-result"
FORMAT_VERSION = 1  # the newest this package reads


@dataclass
class Rfc2889Settings:
    """The settings the test ran with; None where its test has no such setting."""
    # caching and learning
    aging_seconds: Optional[float] = None      # each trial waited this long first
    test_rate_fps: Optional[float] = None      # the test port's frames to the learned addresses
    max_addresses: Optional[int] = None        # caching: the first (largest) trial
    learning_rate_fps: Optional[float] = None  # caching: the rate the addresses were learned at
    addresses: Optional[int] = None            # learning: new addresses a trial
    min_rate_fps: Optional[float] = None       # learning: the rates searched
    max_rate_fps: Optional[float] = None
    # every test: caching in addresses; learning a share of the rate; meshed, broadcast of the line rate
    resolution: Optional[float] = None
    # the traffic tests
    frame_size: Optional[str] = None           # "64", "imix"
    trial_seconds: Optional[float] = None
    line_rate_bps: Optional[float] = None
    max_load: Optional[float] = None           # the first trial's load (broadcast, congestion: the one trial's)
    min_load: Optional[float] = None
    # forward pressure: the sweep (shares of the receiving port's line rate); the trial past it follows
    sweep_min_load: Optional[float] = None
    sweep_step: Optional[float] = None
    sweep_max_load: Optional[float] = None
    # errored frames: the undersized and oversized frames' sizes, FCS included
    undersize_bytes: Optional[int] = None
    oversize_bytes: Optional[int] = None


@dataclass
class Rfc2889FrameKind:
    """Errored frames: what one kind of frame did ("valid", "undersize", "oversize", "bad_fcs")."""
    kind: str = ""
    size: str = ""        # "60 B"; "" when not tested
    sent: int = 0
    forwarded: int = 0
    not_tested: str = ""  # not empty: why this kind was not sent (bad FCS: no drone port sends it)


@dataclass
class Rfc2889Outcome:
    """What the test found (the file's ``result``): ``answer`` is the CLI's sentence for it."""
    complete: bool = False
    at_least: Optional[bool] = None            # caching, learning: the device's limit is higher still
    capacity_addresses: Optional[int] = None   # caching: besides the test port's own address
    learning_rate_fps: Optional[float] = None  # learning: as sent (0: none passed)
    throughput_load: Optional[float] = None    # meshed, one-to-many, many-to-one: per sending port (0: none passed)
    # congestion: its one trial judged (the tester sent and counted as asked), and the verdicts
    judged: Optional[bool] = None
    head_of_line_blocking: Optional[bool] = None  # frames to the uncongested port lost or held back
    congested: Optional[bool] = None              # the congested port was offered more than it forwards
    back_pressure: Optional[bool] = None          # senders held back, the congested port losing clearly less
    congested_loss_ratio: Optional[float] = None  # what the congested port lost, of what was sent to it
    expected_loss_ratio: Optional[float] = None   # what its line rate alone makes it lose
    # forward pressure: the maximum forwarding rate (MFR) over the sweep, and the trial past the line rate
    max_forwarding_fps: Optional[float] = None
    max_forwarding_load: Optional[float] = None   # the load the MFR was found at
    line_fps: Optional[float] = None              # the receiving port's line rate at the frame size
    pressure_judged: Optional[bool] = None        # the tester offered clearly more than the line carries
    forward_pressure: Optional[bool] = None       # the device forwarded clearly faster than its line rate
    overload_sent_fps: Optional[float] = None
    overload_forwarded_fps: Optional[float] = None
    # errored frames (``judged`` too): every valid frame forwarded, no errored one; each kind's counts
    passed: Optional[bool] = None
    valid_all_forwarded: Optional[bool] = None
    undersize_filtered: Optional[bool] = None
    oversize_filtered: Optional[bool] = None
    kinds: Optional[List[Rfc2889FrameKind]] = _of(Rfc2889FrameKind, lambda: None)
    answer: str = ""
    note: str = ""     # why the search stopped early (a trial the tester did not send as asked, stopped)
    error: str = ""    # what ended it (a drone's failure); "" = no error


@dataclass
class Rfc2889Pair:
    """One sending port's frames to one receiving port in a traffic trial."""
    tx: str = ""
    rx: str = ""
    sent: int = 0
    received: int = 0
    lost: int = 0
    elsewhere: int = 0  # counted at a port they were not sent to
    latency_avg_us: float = 0.0
    sent_fps: Optional[float] = None      # first to last frame sent (0: fewer than two)
    received_fps: Optional[float] = None  # first to last frame received


@dataclass
class Rfc2889Trial:
    """One trial. ``judged`` is False when the tester did not send or count as asked
    (``tester_note`` says how); ``passed``: every frame where it belonged and nowhere else."""
    judged: bool = False
    passed: bool = False
    tester_note: str = ""
    # caching and learning
    addresses: Optional[int] = None
    asked_rate_fps: Optional[float] = None
    learning_rate_fps: Optional[float] = None  # as sent
    learning_sent: Optional[int] = None
    test_sent: Optional[int] = None
    forwarded: Optional[int] = None            # test frames counted on the learning port
    flooded: Optional[int] = None              # test frames counted on the monitor port
    # the traffic tests
    load: Optional[float] = None
    offered_fps_per_port: Optional[float] = None
    seconds: Optional[float] = None
    sent: Optional[int] = None
    received: Optional[int] = None
    lost: Optional[int] = None
    elsewhere: Optional[int] = None
    forwarded_fps: Optional[float] = None
    pairs: Optional[List[Rfc2889Pair]] = _of(Rfc2889Pair, lambda: None)


@dataclass
class Rfc2889Result(ResultFile):
    """One RFC 2889 test: its ports, settings, outcome and every trial in the order run."""
    FORMAT: ClassVar[str] = FORMAT
    FORMAT_VERSION: ClassVar[int] = FORMAT_VERSION
    WHAT: ClassVar[str] = "RFC 2889 result"
    format: str = FORMAT
    format_version: int = FORMAT_VERSION
    generator: str = ""
    # "address_caching_capacity", "address_learning_rate", "fully_meshed", "one_to_many", "many_to_one",
    # "congestion_control", "forward_pressure", "errored_frames" or "broadcast"
    test: str = ""
    start: str = ""
    end: str = ""
    # caching, learning: {"learning": PORT, "test": PORT, "monitor": PORT}; meshed: the ports;
    # broadcast, one-to-many: the sending port, then the receiving ones; many-to-one: the
    # receiving port, then the sending ones; congestion: sender 1, sender 2, congested, uncongested;
    # forward pressure, errored frames: the sending port, then the receiving one
    ports: Union[Dict[str, str], List[str]] = field(default_factory=list)
    settings: Rfc2889Settings = _of(Rfc2889Settings, Rfc2889Settings)
    outcome: Rfc2889Outcome = field(default_factory=Rfc2889Outcome, metadata={"of": Rfc2889Outcome, "json": "result"})
    trials: List[Rfc2889Trial] = _of(Rfc2889Trial, list)
    raw: Dict[str, Any] = field(default_factory=dict, repr=False)  # the JSON as read

    @property
    def complete(self) -> bool:
        """The test ran to its answer (staccato-cli exits 0): no error, not stopped early."""
        return self.outcome.complete

    @property
    def answer(self) -> str:
        """The CLI's answer: "1000 addresses", "throughput 40 % of the line rate per port (...)",
        "incomplete: why (so far: ...)"."""
        return self.outcome.answer

    @property
    def error(self) -> str:
        return self.outcome.error

    @property
    def at_least(self) -> bool:
        """Caching, learning: the answer is a lower bound (the largest value tried passed)."""
        return bool(self.outcome.at_least)

    @property
    def capacity(self) -> Optional[int]:
        """Caching: the addresses the device learned on the learning port (None in other tests)."""
        return self.outcome.capacity_addresses

    @property
    def learning_rate_fps(self) -> Optional[float]:
        """Learning: the fastest rate, as sent, at which every address was learned (None in other tests)."""
        return self.outcome.learning_rate_fps

    @property
    def throughput_load(self) -> Optional[float]:
        """Meshed, one-to-many, many-to-one: the highest load per sending port, a share of the line
        rate, that passed (None in other tests)."""
        return self.outcome.throughput_load

    @property
    def head_of_line_blocking(self) -> Optional[bool]:
        """Congestion: the congested port held back or lost frames to the uncongested one (None in
        other tests; False when the trial was not judged: see ``outcome.judged``)."""
        return self.outcome.head_of_line_blocking

    @property
    def back_pressure(self) -> Optional[bool]:
        """Congestion: the device held its senders back instead of losing frames (None in other
        tests; False when not judged: see ``outcome.congested``, ``outcome.judged``)."""
        return self.outcome.back_pressure

    @property
    def max_forwarding_fps(self) -> Optional[float]:
        """Forward pressure: the maximum forwarding rate, frames a second (None in other tests)."""
        return self.outcome.max_forwarding_fps

    @property
    def forward_pressure(self) -> Optional[bool]:
        """Forward pressure: the device forwarded faster than its line allows (None in other tests;
        False when not judged: see ``outcome.pressure_judged``)."""
        return self.outcome.forward_pressure

    @property
    def filters_errored_frames(self) -> Optional[bool]:
        """Errored frames: every valid frame forwarded and no undersized or oversized one (None in
        other tests; False when not judged: see ``outcome.judged``)."""
        return self.outcome.passed if self.test == "errored_frames" else None

    def at_throughput(self) -> Optional[Rfc2889Trial]:
        """The searched tests: the passing trial at the throughput (the one whose pairs the CLI prints); None
        when none passed or in other tests."""
        if self.throughput_load is None:
            return None
        return next((t for t in self.trials if t.passed and t.load == self.throughput_load), None)
