#pragma once
/// A Y.1564 run as JUnit XML for CI: a test suite per service, a test case per configuration step
/// and one for its performance test. A step that missed its criteria fails with the reasons; one
/// not judged (the tester fell short) is skipped; a run that ended early is an error of its own.
#include <string>

#include "client/core/benchmark/y1564_runner.h"

namespace staccato::bench {

std::string y1564Junit(const Y1564Result& result);

}  // namespace staccato::bench
