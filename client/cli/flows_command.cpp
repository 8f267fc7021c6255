// staccato-cli flows check PROFILE (flows run: flows_run_command.cpp): reads a flow profile (docs/flows.md) as a drone would, every
// value checked, and says what it would run - or what to fix, naming the member.
#include <iostream>

#include "client/cli/commands.h"
#include "common/files/flow_profile.h"

namespace staccato::cli {

int flowsCommand(const std::vector<std::string>& args) {
  if (!args.empty() && args[0] == "run") return flowsRunCommand(args);
  if (args.size() != 2 || args[0] != "check")
    return fail("usage: staccato-cli flows check PROFILE | flows run PROFILE --client PORT --server PORT ...", 2);
  auto profile = loadFlowProfile(args[1]);
  if (!profile) return fail(profile.error().toString(), 2);
  std::cout << flowProfileText(*profile);
  return 0;
}

}  // namespace staccato::cli
