#pragma once
/// The socket file of a "unix:PATH" listen address: made safe to bind before listening, given
/// to the right user after, removed when the drone exits.
#include <sys/types.h>

#include <string>
#include <utility>

#include "common/core/result.h"

namespace staccato::drone {

class UnixSocketFile {
 public:
  explicit UnixSocketFile(std::string path) : path_(std::move(path)) {}
  /// Removes the socket file if it is still the one secure() saw (not a newer drone's).
  ~UnixSocketFile();
  UnixSocketFile(const UnixSocketFile&) = delete;
  UnixSocketFile& operator=(const UnixSocketFile&) = delete;

  /// What prepare does with the socket's directory.
  enum class Directory {
    kMustExist,
    kShared,   ///< created (0755) when missing: other users reach the socket (its mode decides)
    kPrivate,  ///< created (0700) when missing, and refused unless it is this user's alone
  };
  /// Before listening: the directory as `dir` says, removes a stale socket (nobody listening),
  /// refuses a live socket or a file that is not a socket.
  Status prepare(Directory dir);
  /// After listening: mode 0600; owned by the user behind sudo (SUDO_UID/SUDO_GID) or pkexec
  /// (PKEXEC_UID) when the drone runs as root on their behalf. With a `group`: mode 0660 and
  /// that group. Returns who may connect, for the log.
  Result<std::string> secure(const std::string& group = {});

  const std::string& path() const { return path_; }

 private:
  std::string path_;
  bool secured_ = false;
  dev_t dev_ = 0;
  ino_t ino_ = 0;
};

}  // namespace staccato::drone
