#include "common/files/file_reading.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>

#include "common/core/error_text.h"
#include "common/core/unique_fd.h"

namespace staccato {

Result<std::string> readTextFile(const std::string& path, size_t maxBytes) {
  // O_NONBLOCK: opening a FIFO nobody writes to must not hang before it is refused.
  const UniqueFd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK));
  if (!fd) return makeError(path, "cannot open: " + errorText(errno), errno == ENOENT ? ErrorKind::kNotFound : ErrorKind::kInvalid);
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return makeError(path, "cannot read: " + errorText(errno));
  if (!S_ISREG(st.st_mode)) return makeError(path, "not a regular file (a device, FIFO or folder): name a file");
  if (static_cast<uint64_t>(st.st_size) > maxBytes)
    return makeError(path, "is " + std::to_string(st.st_size) + " bytes, larger than the " + std::to_string(maxBytes) +
                               " this file may be");
  std::string text(static_cast<size_t>(st.st_size), '\0');
  size_t got = 0;
  while (got < text.size()) {
    const ssize_t n = ::read(fd.get(), text.data() + got, text.size() - got);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return makeError(path, "cannot read: " + errorText(errno));
    if (n == 0) break;  // it shrank meanwhile
    got += static_cast<size_t>(n);
  }
  text.resize(got);
  return text;
}

}  // namespace staccato
