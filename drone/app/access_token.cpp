#include "drone/app/access_token.h"

#include <fcntl.h>
#include <sys/random.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <set>

#include "common/files/token_file.h"

namespace staccato::drone {
namespace {

constexpr size_t kMinDistinctChars = 10;

std::string base64url(const unsigned char* data, size_t n) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
  std::string out;
  uint32_t bits = 0;
  int have = 0;
  for (size_t i = 0; i < n; ++i) {
    bits = (bits << 8) | data[i];
    have += 8;
    while (have >= 6) out += kAlphabet[(bits >> (have -= 6)) & 63];
  }
  if (have > 0) out += kAlphabet[(bits << (6 - have)) & 63];
  return out;
}

}  // namespace

Status checkTokenStrength(const std::string& token, const std::string& file) {
  const std::string fix = " (use at least " + std::to_string(kMinTokenChars) +
                          " random characters; staccato-drone --generate-token FILE makes one)";
  if (token.size() < kMinTokenChars)
    return makeError(file, "the token is only " + std::to_string(token.size()) + " characters" + fix);
  if (std::set<char>(token.begin(), token.end()).size() < kMinDistinctChars)
    return makeError(file, "the token repeats too few characters to be hard to guess" + fix);
  return Ok{};
}

Result<std::string> readAccessToken(const std::string& file) {
  auto read = readTokenFile(file);
  if (!read) return read.error();
  // The drone's own token must be its owner's alone (as ssh treats a private key).
  if (read->othersCanRead) return makeError(file, othersCanReadNote(file) + " before the drone uses it");
  if (auto s = checkTokenStrength(read->token, file); !s) return s.error();
  return read->token;
}

Status generateTokenFile(const std::string& file) {
  unsigned char random[32];
  if (getrandom(random, sizeof random, 0) != static_cast<ssize_t>(sizeof random))
    return makeError(file, std::string("no random bytes from the kernel: ") + std::strerror(errno));
  const std::string token = base64url(random, sizeof random) + "\n";
  const int fd = ::open(file.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0)
    return makeError(file, std::string("cannot create: ") + std::strerror(errno) +
                               (errno == EEXIST ? " (remove the old token file first)" : ""));
  const bool written = ::write(fd, token.data(), token.size()) == static_cast<ssize_t>(token.size());
  // Made by root for a sudo user: theirs to read (their clients send it).
  if (const char* uid = std::getenv("SUDO_UID"); uid && ::geteuid() == 0) {
    const char* gid = std::getenv("SUDO_GID");
    [[maybe_unused]] int rc = ::fchown(fd, static_cast<uid_t>(std::atoi(uid)), gid ? static_cast<gid_t>(std::atoi(gid)) : gid_t(-1));
  }
  ::close(fd);
  if (!written) return makeError(file, std::string("write failed: ") + std::strerror(errno));
  return Ok{};
}

}  // namespace staccato::drone
