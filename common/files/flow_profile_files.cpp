#include "common/files/flow_profile_files.h"

#include <filesystem>
#include <regex>

#include "common/files/file_reading.h"
#include "common/files/flow_profile.h"
#include "common/files/pcap_file.h"
#include "common/files/stream_file.h"
#include "common/files/tcp_session.h"

namespace staccato {
namespace {

const std::string kWhere = " (a relative name is from the profile file's folder)";

std::string pathFrom(const std::string& baseDir, const std::string& name) {
  const std::filesystem::path p(name);
  return p.is_absolute() || baseDir.empty() ? name : (std::filesystem::path(baseDir) / p).string();
}

/// A PEM file's text: at most kMaxPemBytes, holding a certificate, or an unencrypted private key.
Result<std::string> readPem(const std::string& at, const std::string& path, bool key) {
  auto text = readTextFile(path, kMaxPemBytes);
  if (!text) return makeError(at, "cannot read " + text.error().toString() + "; name a PEM file of at most " +
                                      std::to_string(kMaxPemBytes) + " bytes" + kWhere);
  if (!key) {
    if (text->find("-----BEGIN CERTIFICATE-----") == std::string::npos)
      return makeError(at, path + " holds no PEM certificate (-----BEGIN CERTIFICATE-----): name the server's certificate");
    return text;
  }
  if (text->find("-----BEGIN ENCRYPTED PRIVATE KEY-----") != std::string::npos ||
      text->find("Proc-Type: 4,ENCRYPTED") != std::string::npos)
    return makeError(at, path + " holds an encrypted key, which a drone cannot open: give it unencrypted "
                                "(openssl pkey -in KEY -out PLAIN.pem)");
  if (!std::regex_search(*text, std::regex("-----BEGIN [A-Z ]*PRIVATE KEY-----")))
    return makeError(at, path + " holds no PEM private key (-----BEGIN PRIVATE KEY-----): name the certificate's key");
  return text;
}

Status resolveTls(const std::string& at, v1::TlsExchange& tls, const std::string& baseDir) {
  if (!tls.certificate_pem().empty() || !tls.key_pem().empty() || tls.certificate().empty()) return Ok{};
  auto certificate = readPem(at + ".certificate", pathFrom(baseDir, tls.certificate()), false);
  if (!certificate) return certificate.error();
  auto key = readPem(at + ".key", pathFrom(baseDir, tls.key()), true);
  if (!key) return key.error();
  tls.set_certificate_pem(std::move(*certificate));
  tls.set_key_pem(std::move(*key));
  return Ok{};
}

Status resolvePcap(const std::string& at, v1::PcapExchange& pcap, const std::string& baseDir) {
  if (pcap.turns_size()) return Ok{};
  auto packets = readCapture(pathFrom(baseDir, pcap.file()));
  if (!packets)
    return makeError(at + ".file", "cannot read " + packets.error().toString() + "; name a pcap or pcapng file" + kWhere);
  auto session = tcpSessionTurns(*packets, pcap.session(), pcap.file(), {kMaxPcapTurns, kMaxPcapPayloadBytes});
  if (!session) return session.error().withPrefix(at);
  for (TcpTurn& t : session->turns) {
    v1::PcapTurn& turn = *pcap.add_turns();
    turn.set_from_server(t.fromServer);
    turn.set_payload(std::move(t.payload));
  }
  return Ok{};
}

}  // namespace

Status resolveFlowProfileFiles(v1::FlowProfile& profile, const std::string& baseDir) {
  for (int i = 0; i < profile.templates_size(); ++i) {
    v1::FlowTemplate& t = *profile.mutable_templates(i);
    const std::string at = "templates[" + std::to_string(i) + "]";
    if (t.has_tls())
      if (auto s = resolveTls(at + ".tls", *t.mutable_tls(), baseDir); !s) return s;
    if (t.has_pcap())
      if (auto s = resolvePcap(at + ".pcap", *t.mutable_pcap(), baseDir); !s) return s;
  }
  return checkFlowProfile(profile);
}

Result<v1::FlowProfile> parseResolvedFlowProfile(std::string_view json, const std::string& baseDir) {
  auto profile = parseFlowProfile(json);
  if (!profile) return profile;
  if (auto s = resolveFlowProfileFiles(*profile, baseDir); !s) return s.error();
  return profile;
}

Result<v1::FlowProfile> loadFlowProfile(const std::string& path) {
  const std::string folder = std::filesystem::path(path).parent_path().string();
  return loadTextFile(path, [&folder](std::string_view json) { return parseResolvedFlowProfile(json, folder); });
}

}  // namespace staccato
