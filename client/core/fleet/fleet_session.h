#pragma once
/// Session files that name drones through the fleet: a drone's address "@lab-a" is the fleet's
/// drone lab-a, and its ports may be the fleet's aliases for that drone, so one session file runs
/// on every lab whose fleet file has those names.
#include "client/core/fleet/fleet_file.h"
#include "common/core/result.h"
#include "staccato/v1/session.pb.h"

namespace staccato::client {

/// Whether any drone of the session is named "@name".
bool namesFleetDrones(const v1::SessionFile& session);

/// The session with every fleet drone's port aliases replaced by its port names (addresses stay
/// "@name": connecting resolves them, with the fleet's address, TLS and credentials). A name the
/// fleet lacks is an error listing those it has.
Result<v1::SessionFile> resolveFleetPorts(const v1::SessionFile& session, const Fleet& fleet);

/// resolveFleetPorts, and each fleet drone's address replaced by the fleet's (its TLS too): the
/// session on the drones as a client that connects by address (the GUI) holds them.
Result<v1::SessionFile> placeOnFleet(const v1::SessionFile& session, const Fleet& fleet);

}  // namespace staccato::client
