"""The command blocks of README.md and docs/*.md, as the docs test reads them.

A fenced block may be marked by an HTML comment on the line right above its fence (invisible
when the page is rendered):

  <!-- runnable -->                   run it (```sh: bash, ```python: python3), in page order
  <!-- runnable: exits N -->          run it; its last command must exit with status N
  <!-- runnable: terminal until "TEXT" -->
                                      run it as in a terminal of its own: in the background
                                      from here on, ready once its output shows TEXT; stopped
                                      with Ctrl+C (SIGINT) when the page ends, and it must then
                                      exit 0
  <!-- output -->                     what the runnable block above prints (stdout and stderr;
                                      a block that prints anything needs one),
                                      compared with runs of spaces taken as one; `…` stands for
                                      any text within a line, a line holding only `…` for any
                                      number of lines (numbers that vary, latencies, MACs)
  <!-- file: NAME -->                 the block is a file the page tells the reader to save
                                      as NAME: written to the page's directory before the next
                                      runnable block
  <!-- not-runnable: REASON -->       a command block that cannot run in a lab (a real NIC,
                                      other hosts, a display, the network): why

Every command block (sh, bash, python) of a covered page must be runnable or not-runnable.
"""
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import List, Optional

COMMAND_LANGUAGES = {"sh": "sh", "bash": "sh", "shell": "sh", "console": "sh", "python": "python", "py": "python"}
# Pages whose every command block must be marked (the issue 27 acceptance list); others may mark some.
COVERED_PAGES = ["README.md", "docs/user-guide.md", "docs/python.md", "docs/captures.md", "docs/sharing.md",
                 "docs/drone.md", "docs/deploy.md", "docs/benchmarks.md", "docs/observability.md", "docs/flows.md"]
# The only interfaces a runnable block may name: the labs' ports (docs/drone.md).
LAB_PORTS = {"demo0", "demo1", "fake0", "fake1"}
# Names of real interfaces (Linux's predictable names and the classic ones).
REAL_NIC = re.compile(r"\b(?:eth\d+|en[ops]\w*\d\w*|wl\w*\d\w*|em\d+|bond\d+|br\d+|ib\d+)\b")
FENCE = re.compile(r"^(\s*)(```+|~~~+)\s*([\w+-]*)\s*$")
MARKER = re.compile(r"^\s*<!--\s*(runnable|output|file|not-runnable)\s*(?::\s*(.*?))?\s*-->\s*$")
TERMINAL = re.compile(r'^terminal\s+until\s+"([^"]+)"$')
EXITS = re.compile(r"^exits\s+(\d+)$")
ELLIPSIS = "…"


@dataclass
class Block:
    page: str           # path relative to the source tree
    line: int           # line of the opening fence (1-based)
    language: str       # "sh", "python", or the fence's word for data blocks
    text: str
    marker: Optional[str] = None   # runnable, output, file, not-runnable
    argument: str = ""             # what follows the marker's colon
    terminal_ready: Optional[str] = None
    exit_status: int = 0
    output: Optional["Block"] = None   # the expected-output block of a runnable one

    @property
    def where(self) -> str:
        return f"{self.page}:{self.line}"

    @property
    def is_command(self) -> bool:
        return self.language in ("sh", "python")


@dataclass
class Page:
    path: str
    blocks: List[Block] = field(default_factory=list)

    @property
    def steps(self) -> List[Block]:
        """Runnable blocks and files, in page order."""
        return [b for b in self.blocks if b.marker in ("runnable", "file")]


def parse_page(root: Path, relative: str) -> Page:
    lines = (root / relative).read_text(encoding="utf-8").splitlines()
    page = Page(relative)
    i = 0
    while i < len(lines):
        m = FENCE.match(lines[i])
        if not m:
            i += 1
            continue
        indent, fence, word = m.group(1), m.group(2), m.group(3).lower()
        body = []
        j = i + 1
        while j < len(lines) and not (lines[j].strip().startswith(fence) and lines[j].strip().strip(fence[0]) == ""):
            body.append(lines[j][len(indent):] if lines[j].startswith(indent) else lines[j].lstrip())
            j += 1
        block = Block(relative, i + 1, COMMAND_LANGUAGES.get(word, word), "\n".join(body) + "\n")
        marker = MARKER.match(lines[i - 1]) if i > 0 else None
        if marker:
            block.marker, block.argument = marker.group(1), (marker.group(2) or "").strip()
        page.blocks.append(block)
        i = j + 1
    return page


def check_page(page: Page, covered: bool) -> List[str]:
    """What is wrong with the page's markers (and so with what the docs test would run)."""
    errors = []
    last_runnable = None
    for b in page.blocks:
        if b.marker == "runnable":
            if not b.is_command:
                errors.append(f"{b.where}: 'runnable' on a ```{b.language} block (sh, bash or python run)")
            elif b.argument:
                if TERMINAL.match(b.argument):
                    b.terminal_ready = TERMINAL.match(b.argument).group(1)
                elif EXITS.match(b.argument):
                    b.exit_status = int(EXITS.match(b.argument).group(1))
                else:
                    errors.append(f"{b.where}: unknown 'runnable: {b.argument}' (terminal until \"TEXT\", exits N)")
            last_runnable = b
        elif b.marker == "output":
            if last_runnable is None or last_runnable.output is not None:
                errors.append(f"{b.where}: an output block must follow a runnable block (one output each)")
            else:
                last_runnable.output = b
        elif b.marker == "file":
            if not re.fullmatch(r"[\w.-]+", b.argument):
                errors.append(f"{b.where}: 'file:' needs a plain file name, got '{b.argument}'")
        elif b.marker == "not-runnable":
            if not b.argument:
                errors.append(f"{b.where}: 'not-runnable' needs the reason")
        elif covered and b.is_command:
            errors.append(f"{b.where}: a ```{b.language} block without <!-- runnable --> or <!-- not-runnable: why -->")
    errors += lab_only_errors(page)
    return errors


def lab_only_errors(page: Page) -> List[str]:
    """No doc sends on eth0; runnable blocks name lab ports only (the runner also runs them in a
    network namespace of their own, where no real interface exists)."""
    errors = []
    for b in page.blocks:
        text = re.sub(r"--exclude\s+'[^']*'", "", b.text)  # naming eth0 to leave it out is fine
        if re.search(r"\beth0\b", text):
            errors.append(f"{b.where}: names eth0, on most machines the management uplink: use a lab's ports "
                          f"(demo0, demo1) or a placeholder such as eth1")
        if b.marker in ("runnable", "file"):
            for nic in sorted(set(REAL_NIC.findall(b.text)) - LAB_PORTS):
                errors.append(f"{b.where}: a runnable block names the interface '{nic}': only lab ports "
                              f"({', '.join(sorted(LAB_PORTS))}) may be used")
    return errors


# Lines a reader would not see: tshark's warning when it runs as root (the docs test runs as root).
NOT_SHOWN = {'Running as user "root" and group "root". This could be dangerous.'}


def _normalise(text: str) -> List[str]:
    lines = [re.sub(r"\s+", " ", l).strip() for l in text.replace("\r", "").split("\n")]
    lines = [l for l in lines if l not in NOT_SHOWN]
    while lines and not lines[-1]:
        lines.pop()
    while lines and not lines[0]:
        lines.pop(0)
    return lines


def _line_pattern(expected: str) -> "re.Pattern":
    parts = [re.escape(p) for p in expected.split(ELLIPSIS)]
    return re.compile(".*?".join(parts))


def output_matches(expected: str, actual: str) -> bool:
    want, got = _normalise(expected), _normalise(actual)
    memo = {}

    def match(i: int, j: int) -> bool:  # want[i:] against got[j:]
        if (i, j) in memo:
            return memo[(i, j)]
        if i == len(want):
            result = j == len(got)
        elif want[i] == ELLIPSIS:
            result = any(match(i + 1, k) for k in range(j, len(got) + 1))
        else:
            result = j < len(got) and _line_pattern(want[i]).fullmatch(got[j]) is not None and match(i + 1, j + 1)
        memo[(i, j)] = result
        return result

    return match(0, 0)


def pages(root: Path) -> List[Page]:
    """README.md and every docs/*.md, parsed."""
    names = ["README.md"] + sorted(str(p.relative_to(root)) for p in (root / "docs").glob("*.md"))
    return [parse_page(root, n) for n in names]
