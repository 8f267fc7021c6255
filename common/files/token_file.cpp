#include "common/files/token_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

#include "common/core/unique_fd.h"

namespace staccato {
namespace {

constexpr size_t kMaxTokenChars = 1024;


}  // namespace

Status checkTokenText(std::string_view token, const std::string& where) {
  if (token.empty()) return makeError(where, "the token is empty");
  if (token.size() > kMaxTokenChars)
    return makeError(where, "the token is " + std::to_string(token.size()) + " characters (at most " +
                                std::to_string(kMaxTokenChars) + ")");
  for (size_t i = 0; i < token.size(); ++i) {
    const auto c = static_cast<unsigned char>(token[i]);
    if (c < 0x21 || c > 0x7e) {
      char hex[8];
      std::snprintf(hex, sizeof hex, "0x%02x", c);
      return makeError(where, "character " + std::to_string(i + 1) + " of the token is the byte " + hex +
                                  ": a token is printable ASCII without spaces (staccato-drone --generate-token FILE "
                                  "makes one)");
    }
  }
  return Ok{};
}

Result<TokenFile> readTokenFile(const std::string& path) {
  const UniqueFd f(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!f) return makeError(path, std::string("cannot read the token file: ") + std::strerror(errno));
  struct stat st {};
  if (::fstat(f.get(), &st) != 0) return makeError(path, std::string("cannot read the token file: ") + std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return makeError(path, "not a regular file: a token file is a small text file (staccato-drone --generate-token "
                           "FILE makes one)");
  if (static_cast<size_t>(st.st_size) > kMaxTokenFileBytes)
    return makeError(path, "is " + std::to_string(st.st_size) + " bytes: a token file holds one line (at most " +
                               std::to_string(kMaxTokenFileBytes) + " bytes)");
  char buf[kMaxTokenFileBytes];
  size_t got = 0;
  while (got < sizeof buf) {
    const ssize_t n = ::read(f.get(), buf + got, sizeof buf - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return makeError(path, std::string("cannot read the token file: ") + std::strerror(errno));
    if (n == 0) break;
    got += static_cast<size_t>(n);
  }
  std::string line(buf, got);
  line = line.substr(0, line.find('\n'));
  while (!line.empty() && (line.back() == '\r' || line.back() == ' ')) line.pop_back();
  if (auto s = checkTokenText(line, path); !s) return s.error();
  return TokenFile{std::move(line), (st.st_mode & S_IROTH) != 0};
}

std::string othersCanReadNote(const std::string& path) {
  return path + " can be read by every user of this host: keep it to its owner (chmod o-r " + path + ")";
}

}  // namespace staccato
