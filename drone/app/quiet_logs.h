#pragma once
/// Libraries log on bad requests (protobuf: "String field ... contains invalid UTF-8 data" for
/// each such message), so a client could flood the drone's log at will. Their lines are
/// rate-limited: a few per 10 s, then one line counting the ones left out.
namespace staccato::drone {

/// Routes protobuf's and gRPC's log lines through the limiter. Call once, before serving.
void quietLibraryLogs();

}  // namespace staccato::drone
