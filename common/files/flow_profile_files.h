#pragma once
/// The files a flow profile names, read on the client's side (docs/flows.md): a drone never
/// opens a file a profile names, so the CLI, the GUI and Python (through `staccato-cli flows
/// resolve`) send the contents. A tls template's certificate and key become certificate_pem and
/// key_pem; a pcap template's capture becomes the turns of its session (tcp_session.h).
#include <string>
#include <string_view>

#include "common/core/result.h"
#include "staccato/v1/flow.pb.h"

namespace staccato {

/// Reads what each template names into it, relative names from `baseDir` (the profile file's
/// folder), then checks the profile again as a drone will. A template that already carries the
/// contents (certificate_pem and key_pem, turns) keeps them: its file names are then only
/// names. Errors name the member ("templates[2].tls.certificate: ...") and what to fix.
Status resolveFlowProfileFiles(v1::FlowProfile& profile, const std::string& baseDir);

/// parseFlowProfile, then resolveFlowProfileFiles (a profile given as text, e.g. on stdin).
Result<v1::FlowProfile> parseResolvedFlowProfile(std::string_view json, const std::string& baseDir);

}  // namespace staccato
