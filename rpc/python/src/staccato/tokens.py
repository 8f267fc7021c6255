"""Access tokens, checked as the drone and staccato-cli check them (common/files/token_file.h,
client/core/drone_connection.h): a token file is a small regular file whose first line is 1..1024
printable ASCII characters, and a token crosses the network only over TLS unless the drone is on
this host or the caller allows clear text."""
import ipaddress
import os
import socket
import stat
import warnings

from .errors import DroneError

MAX_TOKEN_FILE_BYTES = 4096
_MAX_TOKEN_CHARS = 1024


def check_token_text(token: str, where: str) -> None:
    if not token:
        raise DroneError(f"{where}: the token is empty")
    if len(token) > _MAX_TOKEN_CHARS:
        raise DroneError(f"{where}: the token is {len(token)} characters (at most {_MAX_TOKEN_CHARS})")
    for i, c in enumerate(token):
        if not 0x21 <= ord(c) <= 0x7E:
            raise DroneError(f"{where}: character {i + 1} of the token is {c!r}: a token is printable ASCII without "
                             "spaces (staccato-drone --generate-token FILE makes one)")


def read_token_file(path: str) -> str:
    """The token in `path`; a DroneError naming the file when it cannot be one."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_CLOEXEC | os.O_NOCTTY | os.O_NONBLOCK)
    except OSError as e:
        raise DroneError(f"{path}: cannot read the token file: {e.strerror}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DroneError(f"{path}: not a regular file: a token file is a small text file "
                             "(staccato-drone --generate-token FILE makes one)")
        if st.st_size > MAX_TOKEN_FILE_BYTES:
            raise DroneError(f"{path}: is {st.st_size} bytes: a token file holds one line "
                             f"(at most {MAX_TOKEN_FILE_BYTES} bytes)")
        data = os.read(fd, MAX_TOKEN_FILE_BYTES)
    finally:
        os.close(fd)
    if st.st_mode & stat.S_IROTH:
        warnings.warn(f"{path} can be read by every user of this host: keep it to its owner (chmod o-r {path})",
                      stacklevel=3)
    line = data.split(b"\n", 1)[0].rstrip(b"\r ")
    token = line.decode("latin-1")
    check_token_text(token, path)
    return token


def is_local_address(address: str) -> bool:
    """A unix socket or a loopback address: the token never leaves this host."""
    if address.startswith("unix:"):
        return True
    host = address.rsplit(":", 1)[0].strip("[]")
    if host == "localhost":  # only when every address it names is loopback
        try:
            return all(ipaddress.ip_address(a[4][0].split("%")[0]).is_loopback for a in socket.getaddrinfo(host, None))
        except (OSError, ValueError):
            return False
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a name, whatever it looks like ("127.0.0.1.lab-a.example" is elsewhere)
        return False


def fake_lab_address() -> str:
    """The fake lab's socket (staccato-drone --fake-lab): $XDG_RUNTIME_DIR, else /tmp/staccato-UID."""
    runtime = os.environ.get("XDG_RUNTIME_DIR", "")
    folder = runtime if runtime.startswith("/") else f"/tmp/staccato-{os.geteuid()}"
    return f"unix:{folder}/staccato-fake-lab.sock"


def check_private_directory(folder: str) -> None:
    """The fake lab's folder must be this user's alone: never talk to a socket another user put there."""
    try:
        st = os.lstat(folder)
    except OSError as e:
        raise DroneError(f"{folder}: cannot be read: {e.strerror} (is the fake lab running?)") from None
    if not stat.S_ISDIR(st.st_mode) or st.st_uid not in (os.geteuid(), 0) or st.st_mode & 0o077:
        raise DroneError(f"{folder}: not a directory of yours alone (owner uid {st.st_uid}, mode "
                         f"{stat.S_IMODE(st.st_mode):o}): another user may have put a socket there first")


def check_token_transport(address: str, token: str, tls: bool, plaintext_token: bool) -> None:
    if not token:
        return
    check_token_text(token, f"token for {address}")
    if tls or plaintext_token or is_local_address(address):
        return
    raise DroneError(f"{address}: the access token would cross the network in clear text: use TLS (tls=True, and "
                     "ca=CA.pem unless the drone's certificate is signed by a CA this host trusts), or allow clear "
                     "text on this network with plaintext_token=True")
