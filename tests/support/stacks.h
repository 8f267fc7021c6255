#pragma once
// Helpers to write streams and build their frames in tests.
#include <initializer_list>
#include <map>
#include <string>
#include <vector>

#include "common/stream/compiler.h"
#include "tests/support/tshark.h"

namespace staccato::test {

/// A layer: L("ip", {{"ip.ttl", "5"}}).
v1::Layer L(const std::string& protocol, std::map<std::string, std::string> fields = {});

/// A stream of these layers at a fixed frame length (FCS included).
v1::Stream S(std::vector<v1::Layer> layers, uint32_t frameLength = 64);

/// Compiles (failing the test on error) and renders the first n packets.
std::vector<Frame> buildFrames(const v1::Stream& stream, size_t n = 1);
Frame buildFrame(const v1::Stream& stream);

/// parse(build(x)) == x: the layers parsed from `frame` rebuild the same bytes (a test failure
/// otherwise).
void expectRebuildsTheSame(const Frame& frame);

/// Compile error text ("" when it compiles).
std::string compileError(const v1::Stream& stream);

/// The layers that host `protocol` in a typical frame (eth ... protocol [payload]), found
/// through the registry's bindings; `protocol` is at index `*at`.
std::vector<v1::Layer> hostStack(const std::string& protocol, size_t* at = nullptr);

}  // namespace staccato::test
