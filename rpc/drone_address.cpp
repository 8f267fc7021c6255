#include "rpc/drone_address.h"

namespace staccato::rpc {

bool isUnixAddress(const std::string& address) { return address.rfind("unix:", 0) == 0; }

std::string unixAddressPath(const std::string& address) {
  std::string path = address.substr(5);
  if (path.rfind("//", 0) == 0) path.erase(0, 2);
  return path;
}

bool isLoopbackAddress(const std::string& address) {
  if (isUnixAddress(address)) return false;
  std::string host = address.substr(0, address.rfind(':'));
  if (!host.empty() && host.front() == '[') host = host.substr(1, host.size() - 2);
  return host == "localhost" || host == "::1" || host.rfind("127.", 0) == 0;
}

}  // namespace staccato::rpc
