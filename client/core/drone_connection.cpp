#include "client/core/drone_connection.h"

#include "client/core/drone_call.h"

#include <pwd.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>

#include "common/files/file_reading.h"
#include "common/files/token_file.h"
#include "rpc/drone_address.h"
#include "rpc/message_limits.h"

namespace staccato::client {

std::string withDefaultPort(std::string target) {
  if (target == rpc::kFakeLabName) return rpc::fakeLabAddress();
  if (target.find(':') == std::string::npos && target.rfind('@', 0) != 0) target += std::string(":") + rpc::kDefaultTcpPort;
  return target;
}

Status checkTokenTransport(const DroneAddress& address) {
  if (address.token.empty()) return Ok{};
  if (auto s = checkTokenText(address.token, "token for " + address.target); !s) return s;
  if (address.tls || address.plaintextToken || rpc::isLocalAddress(address.target)) return Ok{};
  return makeError(address.target,
                   "the access token would cross the network in clear text: use TLS (--tls, and --ca CA.pem unless the "
                   "drone's certificate is signed by a CA this host trusts; the drone needs --tls-cert and --tls-key), "
                   "or allow clear text on this network with --plaintext-token",
                   ErrorKind::kDenied);
}

Result<std::unique_ptr<DroneConnection>> DroneConnection::open(const DroneAddress& address) {
  if (auto s = checkTokenTransport(address); !s) return s.error();
  // The fake lab's socket is only this user's when its directory is: never talk to one another
  // user put there first.
  if (address.target == rpc::fakeLabAddress()) {
    const std::string path = rpc::unixAddressPath(address.target);
    if (auto s = rpc::checkPrivateDirectory(path.substr(0, path.rfind('/'))); !s) return s.error();
  }
  std::shared_ptr<grpc::ChannelCredentials> creds = grpc::InsecureChannelCredentials();
  if (address.tls) {
    grpc::SslCredentialsOptions ssl;
    if (!address.caCertFile.empty()) {
      auto ca = readTextFile(address.caCertFile, kMaxSmallFileBytes);
      if (!ca) return ca.error();
      ssl.pem_root_certs = *ca;
    }
    creds = grpc::SslCredentials(ssl);
  }
  auto c = std::unique_ptr<DroneConnection>(new DroneConnection());
  c->address_ = address;
  grpc::ChannelArguments args;  // stats snapshots of many streams exceed gRPC's 4 MiB default
  args.SetMaxReceiveMessageSize(rpc::kMaxReplyBytes);
  args.SetMaxSendMessageSize(rpc::kMaxRequestBytes);
  c->channel_ = grpc::CreateCustomChannel(address.target, creds, args);
  c->stub_ = v1::Drone::NewStub(c->channel_);
  return c;
}

std::unique_ptr<grpc::ClientContext> DroneConnection::context(double deadlineSeconds) const {
  auto ctx = std::make_unique<grpc::ClientContext>();
  if (!address_.token.empty()) ctx->AddMetadata("authorization", "Bearer " + address_.token);
  ctx->AddMetadata("x-staccato-version", std::to_string(kClientProtocolMajor) + "." + std::to_string(kClientProtocolMinor));
  if (deadlineSeconds > 0)
    ctx->set_deadline(std::chrono::system_clock::now() +
                      std::chrono::milliseconds(static_cast<int64_t>(deadlineSeconds * 1000)));
  return ctx;
}

std::string DroneConnection::clientId() {
  if (const char* id = std::getenv("STACCATO_CLIENT_ID"); id && *id) return id;
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  const passwd* pw = getpwuid(getuid());
  return std::string(pw ? pw->pw_name : "user") + "@" + host;
}

std::string describe(const grpc::Status& s, const std::string& target) {
  std::string msg = s.error_message();
  switch (s.error_code()) {
    case grpc::StatusCode::UNAVAILABLE:
      if (target.rfind("unix:", 0) == 0 && msg.find("Permission denied") != std::string::npos)
        return "cannot connect to the drone at " + target + ": permission denied (the socket belongs to another "
               "user; a drone started with sudo gives it to the user who ran sudo)";
      if (target.rfind("unix:", 0) == 0 && msg.find("No such file") != std::string::npos)
        return "cannot reach the drone at " + target + ": no such socket; is staccato-drone running with --listen " +
               target + "?";
      return "cannot reach the drone at " + target + " (" + msg + "); is staccato-drone running there?";
    case grpc::StatusCode::DEADLINE_EXCEEDED: return "the drone at " + target + " did not answer in time";
    case grpc::StatusCode::UNAUTHENTICATED: return msg;
    case grpc::StatusCode::RESOURCE_EXHAUSTED:
      if (msg.find("larger than max") != std::string::npos)
        return "a message to or from the drone at " + target + " is too large (" + msg + ")";
      return msg;
    default: return msg;
  }
}

Error callError(const DroneConnection& d, const grpc::Status& s) {
  const ErrorKind kind = s.error_code() == grpc::StatusCode::UNAVAILABLE ? ErrorKind::kUnavailable : ErrorKind::kInvalid;
  return makeError(d.address().target, describe(s, d.address().target), kind);
}

}  // namespace staccato::client
