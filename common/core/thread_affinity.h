#pragma once
/// Pinning the calling thread to one core (transmit workers, benchmark loops).
#include <pthread.h>
#include <sched.h>

namespace staccato {

/// Best effort: a core the process may not use leaves the thread where it was.
inline void pinCurrentThread(int cpu) noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

}  // namespace staccato
