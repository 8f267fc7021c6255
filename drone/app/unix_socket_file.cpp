#include "drone/app/unix_socket_file.h"

#include <fcntl.h>
#include <grp.h>
#include <pwd.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <optional>

#include "common/core/error_text.h"
#include "rpc/drone_address.h"

namespace staccato::drone {

namespace {

std::optional<uint32_t> idFromEnv(const char* name) {
  const char* v = std::getenv(name);
  if (!v || !*v) return std::nullopt;
  char* end = nullptr;
  errno = 0;
  const unsigned long id = std::strtoul(v, &end, 10);
  if (errno != 0 || *end != '\0' || id > 0xfffffffeUL) return std::nullopt;
  return static_cast<uint32_t>(id);
}

/// True when something accepts connections on the socket at `path`.
bool someoneListens(const std::string& path) {
  const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  std::memcpy(addr.sun_path, path.c_str(), path.size() + 1);
  const bool live = ::connect(fd, reinterpret_cast<const sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return live;
}

}  // namespace

UnixSocketFile::~UnixSocketFile() {
  struct stat st {};
  if (secured_ && ::lstat(path_.c_str(), &st) == 0 && st.st_dev == dev_ && st.st_ino == ino_) ::unlink(path_.c_str());
}

Status UnixSocketFile::prepare(Directory how) {
  if (path_.size() >= sizeof(sockaddr_un::sun_path))
    return makeError("--listen", "unix:" + path_ + ": the path is too long for a unix socket (at most " +
                                     std::to_string(sizeof(sockaddr_un::sun_path) - 1) + " bytes): choose a shorter one");
  const auto slash = path_.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : slash == 0 ? "/" : path_.substr(0, slash);
  struct stat st {};
  if (::stat(dir.c_str(), &st) != 0) {
    if (how == Directory::kMustExist || errno != ENOENT)
      return makeError("--listen", "unix:" + path_ + ": directory " + dir + ": " + errorText(errno) + " (create it first)");
    const mode_t mode = how == Directory::kShared ? 0755 : 0700;
    if (::mkdir(dir.c_str(), mode) != 0 && errno != EEXIST)
      return makeError("--listen", "cannot create " + dir + ": " + errorText(errno));
    if (how == Directory::kShared) ::chmod(dir.c_str(), 0755);  // whatever the umask: other users must reach the socket
  } else if (!S_ISDIR(st.st_mode)) {
    return makeError("--listen", "unix:" + path_ + ": " + dir + " is not a directory");
  }
  if (how == Directory::kPrivate)
    if (auto s = rpc::checkPrivateDirectory(dir); !s) return s.error().withPrefix("--listen");
  if (::lstat(path_.c_str(), &st) != 0) {
    if (errno == ENOENT) return Ok{};
    return makeError("--listen", "unix:" + path_ + ": " + errorText(errno));
  }
  if (!S_ISSOCK(st.st_mode))
    return makeError("--listen", "unix:" + path_ + " exists and is not a socket: remove it or choose another path");
  if (someoneListens(path_))
    return makeError("--listen", "unix:" + path_ + ": another drone (or program) is listening there: stop it, or choose "
                                 "another path", ErrorKind::kBusy);
  // Left behind by a drone that was killed: nobody answers on it.
  if (::unlink(path_.c_str()) != 0 && errno != ENOENT)
    return makeError("--listen", "cannot remove the stale socket unix:" + path_ + ": " + errorText(errno));
  return Ok{};
}

Result<std::string> UnixSocketFile::secure(const std::string& group) {
  // Through a descriptor of the socket itself: the directory may belong to the user, who must
  // not be able to swap in a symlink and have root change another file's owner.
  const int fd = ::open(path_.c_str(), O_PATH | O_NOFOLLOW | O_CLOEXEC);
  if (fd < 0) return makeError("--listen", "unix:" + path_ + ": " + errorText(errno));
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISSOCK(st.st_mode)) {
    ::close(fd);
    return makeError("--listen", "unix:" + path_ + " is no longer the drone's socket (replaced by another file?)");
  }
  secured_ = true;
  dev_ = st.st_dev;
  ino_ = st.st_ino;
  uid_t uid = ::geteuid();
  gid_t gid = ::getegid();
  if (uid == 0) {
    // Started by sudo or pkexec for a user: that user's unprivileged client must connect.
    if (auto su = idFromEnv("SUDO_UID")) {
      uid = *su;
      gid = idFromEnv("SUDO_GID").value_or(gid);
    } else if (auto pk = idFromEnv("PKEXEC_UID")) {
      uid = *pk;
      if (const passwd* pw = ::getpwuid(uid)) gid = pw->pw_gid;
    }
  }
  const struct group* g = group.empty() ? nullptr : ::getgrnam(group.c_str());
  if (!group.empty() && !g) {
    ::close(fd);
    return makeError("--socket-group", "no group named '" + group + "' on this host");
  }
  if (g) gid = g->gr_gid;
  const mode_t mode = g ? 0660 : 0600;
  Status result = Ok{};
  if (::chmod(("/proc/self/fd/" + std::to_string(fd)).c_str(), mode) != 0)
    result = makeError("--listen", "chmod unix:" + path_ + ": " + errorText(errno));
  else if ((uid != st.st_uid || gid != st.st_gid) && ::fchownat(fd, "", uid, gid, AT_EMPTY_PATH) != 0)
    result = makeError("--listen", "chown unix:" + path_ + " to uid " + std::to_string(uid) + ": " + errorText(errno));
  ::close(fd);
  if (!result) return result.error();
  const passwd* pw = ::getpwuid(uid);
  const std::string owner = pw ? std::string(pw->pw_name) : "uid " + std::to_string(uid);
  return g ? "mode 0660, owner " + owner + ", group " + group : "mode 0600, owner " + owner;
}

}  // namespace staccato::drone
