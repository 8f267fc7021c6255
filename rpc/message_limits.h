#pragma once
/// The largest gRPC message a drone and its clients exchange. gRPC's default (4 MiB receive) is
/// far below what a replay stream of a large capture needs (up to 256 MiB of frames, see
/// common/stream/replay.h), so both ends raise it to this, plus room for the rest of a request.
namespace staccato::rpc {

inline constexpr int kMaxMessageBytes = (256 + 16) << 20;

}  // namespace staccato::rpc
