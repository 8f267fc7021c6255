// LD_PRELOAD shim for tests: makes AF_XDP look absent (socket() fails with EAFNOSUPPORT, as on a
// kernel built without CONFIG_XDP_SOCKETS) and leaves every other socket alone.
#include <dlfcn.h>
#include <errno.h>
#include <sys/socket.h>

#ifndef AF_XDP
#define AF_XDP 44
#endif

extern "C" int socket(int domain, int type, int protocol) {
  static int (*real)(int, int, int) = nullptr;
  if (domain == AF_XDP) {
    errno = EAFNOSUPPORT;
    return -1;
  }
  if (!real) real = reinterpret_cast<int (*)(int, int, int)>(dlsym(RTLD_NEXT, "socket"));
  return real(domain, type, protocol);
}
