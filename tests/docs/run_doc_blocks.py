#!/usr/bin/env python3
"""Docs tested like code: runs the command blocks README.md and docs/*.md mark runnable, verbatim,
and compares what they print with the output the page shows (markers: tests/docs/doc_blocks.py).

Usage: run_doc_blocks.py SOURCE_DIR BUILD_DIR [--page PAGE]... [--check-only]

First the markers are checked (every command block of a covered page is runnable or says why
not; no block names eth0; runnable blocks name lab ports only). Then, as root, each page runs in
order like a reader's terminal: one bash for the page (exports and files carry over from block to
block, `set -e`: a failing command fails the page), python blocks with the build's Python venv,
`terminal` blocks (a drone in a terminal of its own) in their own process group, stopped with
Ctrl+C at the end of the page. Everything runs in a network namespace of its own holding only
`lo` (a lab's drone builds its own inside), with private /run and /tmp and the source tree
read-only, from a scratch directory that looks like the top of the source tree (build/dev is the
build directory) and PATH starting with the build's binaries. Nothing a page started may still
run when it ends. Without root: the markers are checked, then exit 77.
"""
import argparse
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from doc_blocks import COVERED_PAGES, check_page, output_matches, pages  # noqa: E402

BLOCK_SECONDS = 300     # one block
READY_SECONDS = 60      # a terminal block until it is ready
STOP_SECONDS = 15       # a terminal block after Ctrl+C
SUDO_SHIM = """#!/bin/sh
# Root on a host without sudo (a minimal Debian): what the docs' `sudo COMMAND` does for root.
while [ $# -gt 0 ]; do
  case "$1" in -v) exit 0 ;; -n|-E|-H) shift ;; --) shift; break ;; -*) echo "sudo (docs test): $1?" >&2; exit 1 ;; *) break ;; esac
done
exec "$@"
"""


def run(*cmd):
    subprocess.run(cmd, check=True)


def enter_private_namespaces(source: Path, build: Path):
    """Inside `unshare --net --mount`: lo up, private /run and /tmp, the source tree read-only."""
    run("mount", "--make-rprivate", "/")
    run("ip", "link", "set", "lo", "up")
    run("mount", "-t", "tmpfs", "-o", "mode=0755", "docs-test-run", "/run")
    if not any(str(p).startswith("/tmp/") for p in (source, build)):
        run("mount", "-t", "tmpfs", "-o", "mode=1777", "docs-test-tmp", "/tmp")
    run("mount", "--bind", str(source), str(source))
    run("mount", "-o", "remount,bind,ro", str(source))
    if build.is_relative_to(source):  # the build tree stays writable (the venv, the binaries' neighbours)
        run("mount", "--bind", str(build), str(build))
        run("mount", "-o", "remount,bind,rw", str(build))


def scratch_for(page: str, source: Path, build: Path, venv: Path):
    """A directory that looks like the top of the source tree, and the environment blocks see."""
    scratch = Path(tempfile.mkdtemp(prefix="docs-" + page.replace("/", "-").replace(".md", "") + "-"))
    for entry in source.iterdir():
        if entry.name not in ("build", ".git"):
            (scratch / entry.name).symlink_to(entry)
    (scratch / "build").mkdir()
    (scratch / "build" / "dev").symlink_to(build)
    work = scratch / ".docs-test"
    (work / "bin").mkdir(parents=True)
    (work / "home").mkdir()
    if not shutil.which("sudo"):
        (work / "bin" / "sudo").write_text(SUDO_SHIM)
        (work / "bin" / "sudo").chmod(0o755)
    env = {k: v for k, v in os.environ.items()
           if not k.startswith("STACCATO") and k not in ("DISPLAY", "WAYLAND_DISPLAY", "QT_QPA_PLATFORM", "PYTHONPATH")}
    env.update(HOME=str(work / "home"), LANG="C.UTF-8", LC_ALL="C.UTF-8", PYTHONDONTWRITEBYTECODE="1",
               PATH=os.pathsep.join([str(work / "bin"), str(build / "client/cli"), str(build / "drone"),
                                     str(build / "client/app"), str(venv / "bin"),
                                     "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin"]))
    return scratch, work, env


def processes_in_group(pgid: int):
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            if int(fields[2]) == pgid:
                command = (stat.parent / "cmdline").read_bytes().replace(b"\0", b" ").decode().strip()
                found.append(f"{stat.parent.name} {command}")
        except (OSError, IndexError, ValueError):
            continue
    return found


def excerpt(path: Path, lines=40) -> str:
    text = path.read_text(errors="replace") if path.exists() else ""
    tail = text.splitlines()[-lines:]
    return "\n".join("      | " + l for l in tail) or "      | (nothing)"


class PageRun:
    def __init__(self, page, source: Path, build: Path, venv: Path):
        self.page = page
        self.scratch, self.work, self.env = scratch_for(page.path, source, build, venv)
        self.failures = []
        self.terminals = []   # (block, process, output path)
        self.control_r, control_w = os.pipe()
        self.control_fd = control_w
        with open(self.work / "shell.log", "wb") as log:  # the blocks' output goes to files of their own
            self.shell = subprocess.Popen(["bash", "--norc", "--noprofile"], stdin=subprocess.PIPE, cwd=self.scratch,
                                          env=self.env, start_new_session=True, pass_fds=(control_w,), stdout=log,
                                          stderr=subprocess.STDOUT)
        os.close(control_w)
        self.control = os.fdopen(self.control_r, "r")
        self.send("set -e\n")

    def send(self, text: str):
        self.shell.stdin.write(text.encode())
        self.shell.stdin.flush()

    def fail(self, block, why: str, output: Path = None):
        self.failures.append(f"FAIL {block.where} ({block.language}): {why}" + (f"\n{excerpt(output)}" if output else ""))

    def run_block(self, n: int, block) -> bool:
        out = self.work / f"{n}.out"
        script = self.work / f"{n}.{'py' if block.language == 'python' else 'sh'}"
        script.write_text(block.text)
        if block.terminal_ready:
            return self.start_terminal(block, script, out)
        command = f"python3 {script}" if block.language == "python" else f"source {script}"
        self.send(f"set +e\n{{ {command}\n}} >{out} 2>&1 </dev/null\necho \"$?\" >&{self.control_fd}\nset -e\n"
                  if block.exit_status else
                  f"{{ {command}\n}} >{out} 2>&1 </dev/null\necho 0 >&{self.control_fd}\n")
        rc = self.wait_for_block()
        if rc is None:
            try:  # the page's shell exits when a command fails (set -e)
                code = self.shell.wait(timeout=5)
            except subprocess.TimeoutExpired:
                code = None
            self.fail(block, f"a command failed (exit status {code})" if code is not None else
                      f"did not finish in {BLOCK_SECONDS} s", out)
            return False
        if rc != block.exit_status:
            self.fail(block, f"exit status {rc}, the page says {block.exit_status}", out)
            return False
        self.compare(block, out)  # a difference is reported; later blocks still run
        return True

    def wait_for_block(self):
        deadline = time.monotonic() + BLOCK_SECONDS
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.control], [], [], 0.2)
            if ready:
                line = self.control.readline()
                return int(line) if line.strip() else None
            if self.shell.poll() is not None:
                return None
        return None

    def start_terminal(self, block, script: Path, out: Path) -> bool:
        shell = ["python3", str(script)] if block.language == "python" else ["bash", "--norc", "--noprofile", "-e", str(script)]
        with open(out, "wb") as log:
            proc = subprocess.Popen(shell, cwd=self.scratch, env=self.env, start_new_session=True,
                                    stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT)
        self.terminals.append((block, proc, out))
        deadline = time.monotonic() + READY_SECONDS
        while time.monotonic() < deadline:
            if block.terminal_ready in out.read_text(errors="replace"):
                return True
            if proc.poll() is not None:
                self.fail(block, f"stopped (exit status {proc.returncode}) before it printed '{block.terminal_ready}'", out)
                return False
            time.sleep(0.1)
        self.fail(block, f"did not print '{block.terminal_ready}' in {READY_SECONDS} s", out)
        return False

    def compare(self, block, out: Path) -> bool:
        actual = out.read_text(errors="replace")
        if block.output is None:
            # What a block prints, the page shows (a terminal's log excepted: the reader watches it).
            if block.terminal_ready or output_matches("", actual):
                return True
            self.failures.append(f"FAIL {block.where}: prints output the page does not show (add an output block):\n" +
                                 "\n".join("      | " + l for l in actual.splitlines()))
            return False
        if output_matches(block.output.text, actual):
            return True
        self.failures.append(f"FAIL {block.where}: the output differs from the page's ({block.output.where}).\n"
                             f"    the page shows:\n" + "\n".join("      | " + l for l in block.output.text.splitlines()) +
                             "\n    it printed:\n" + "\n".join("      | " + l for l in actual.splitlines()))
        return False

    def finish(self):
        self.shell.stdin.close()
        self.control.close()
        try:
            self.shell.wait(timeout=10)
        except subprocess.TimeoutExpired:
            pass
        if left := processes_in_group(self.shell.pid):
            self.failures.append(f"FAIL {self.page.path}: still running when the page ended (a block starts it and "
                                 f"no block stops it):\n" + "\n".join("      | " + p for p in left))
            os.killpg(self.shell.pid, signal.SIGKILL)
        for block, proc, out in self.terminals:  # Ctrl+C, as the page tells the reader
            if proc.poll() is None:
                os.killpg(proc.pid, signal.SIGINT)
                try:
                    proc.wait(timeout=STOP_SECONDS)
                except subprocess.TimeoutExpired:
                    self.fail(block, f"did not stop within {STOP_SECONDS} s of Ctrl+C", out)
                    os.killpg(proc.pid, signal.SIGKILL)
                    proc.wait()
                    continue
                if proc.returncode != 0:
                    self.fail(block, f"exit status {proc.returncode} after Ctrl+C", out)
                self.compare(block, out)
            if left := processes_in_group(proc.pid):
                self.fail(block, "left processes behind: " + "; ".join(left))
                os.killpg(proc.pid, signal.SIGKILL)


def run_page(page, source: Path, build: Path, venv: Path):
    r = PageRun(page, source, build, venv)
    n = 0
    try:
        for block in page.steps:
            if block.marker == "file":
                (r.scratch / block.argument).write_text(block.text)
                continue
            n += 1
            if not r.run_block(n, block):
                break
    finally:
        r.finish()
    return n, r.failures


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("source", type=Path)
    parser.add_argument("build", type=Path)
    parser.add_argument("--page", action="append", help="run only this page (as PATH relative to SOURCE)")
    parser.add_argument("--check-only", action="store_true", help="check the markers, run nothing")
    parser.add_argument("--inside", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    source, build = args.source.resolve(), args.build.resolve()
    venv = build / "tests" / "python-venv"
    all_pages = pages(source)
    chosen = [p for p in all_pages if not args.page or p.path in args.page]
    if not args.inside:
        errors = [e for p in all_pages for e in check_page(p, p.path in COVERED_PAGES)]
        for e in errors:
            print(e)
        steps = sum(len(p.steps) for p in all_pages)
        print(f"{'FAIL' if errors else 'ok  '} markers: {len(errors)} problems; {steps} runnable blocks and files "
              f"in {sum(1 for p in all_pages if p.steps)} pages")
        if errors:
            return 1
        if args.check_only:
            return 0
        if os.geteuid() != 0:
            print("SKIP: running the blocks needs root (network namespaces, the labs' drones)")
            return 77
        if any(b.language == "python" for p in chosen for b in p.steps):
            run(str(source / "tests/python/make_venv.sh"), str(venv))
        return subprocess.run(["unshare", "--net", "--mount", "--propagation", "private", sys.executable, __file__,
                               str(source), str(build), "--inside"] + [f"--page={p}" for p in args.page or []]).returncode
    for p in chosen:  # checked before the namespaces were entered; this reads the markers' arguments
        check_page(p, p.path in COVERED_PAGES)
    enter_private_namespaces(source, build)
    failures, start = [], time.monotonic()
    for page in chosen:
        if not page.steps:
            continue
        t = time.monotonic()
        n, page_failures = run_page(page, source, build, venv)
        failures += page_failures
        print(f"{'FAIL' if page_failures else 'ok  '} {page.path}: {n} blocks in {time.monotonic() - t:.1f} s")
    for f in failures:
        print(f)
    print(f"{len(failures)} failures; {time.monotonic() - start:.1f} s")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
