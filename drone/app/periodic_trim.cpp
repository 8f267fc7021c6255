#include "drone/app/periodic_trim.h"

#include <malloc.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

namespace staccato::drone {

PeriodicTrim::PeriodicTrim()
    : thread_([](std::stop_token stop) {
        std::mutex mu;
        std::condition_variable_any wake;
        std::unique_lock lock(mu);
        while (true) {
          wake.wait_for(lock, stop, std::chrono::seconds(5), [] { return false; });
          if (stop.stop_requested()) return;
          malloc_trim(0);
        }
      }) {}

}  // namespace staccato::drone
