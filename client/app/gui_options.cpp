#include "client/app/gui_options.h"

#include <QCoreApplication>

#include <cstring>

namespace staccato::client {

GuiOptions::GuiOptions()
    : drone("drone", "Connect to a drone (host:port or unix:/path); repeatable.", "address"),
      tokenFile("token-file", "Access token for the drones given with --drone.", "file"),
      tls("tls", "Use TLS for the drones given with --drone."),
      ca("ca", "Trust this CA certificate (PEM) for TLS.", "file"),
      plaintextToken("plaintext-token", "Send the token to the drones given with --drone without TLS (trusted networks only)."),
      demoLab("demo-lab", "Start a local drone with a private veth pair (demo0 <-> demo1) and use it."),
      routerLab("router-lab",
                "Use the router lab at unix:/run/staccato/router-lab.sock (demo0 <-> Linux router <-> demo1), starting "
                "its drone when none answers there; the CLI and scripts reach it at the same address."),
      noLocalDrone("no-local-drone", "Never start a local drone."),
      statsInterval("stats-interval", "Stats update interval in milliseconds (100-10000, default 500).", "ms", "500"),
      open("open", "Load a stream file into the first port once it is listed.", "file") {
  parser.setApplicationDescription("Staccato: build streams of packets, send them from drones, watch loss and latency.");
  parser.addHelpOption();
  parser.addVersionOption();
  parser.addOptions({drone, tokenFile, tls, ca, plaintextToken, demoLab, routerLab, noLocalDrone, statsInterval, open});
}

void setApplicationNames() {
  QCoreApplication::setApplicationName("staccato");
  QCoreApplication::setOrganizationName("staccato");
  QCoreApplication::setApplicationVersion("0.1.0");
}

bool asksHelpOrVersion(int argc, char** argv) {
  for (int i = 1; i < argc; ++i)
    for (const char* option : {"-h", "-?", "--help", "--help-all", "-v", "--version"})
      if (std::strcmp(argv[i], option) == 0) return true;
  return false;
}

}  // namespace staccato::client
