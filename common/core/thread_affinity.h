#pragma once
/// Pinning the calling thread to one core (transmit workers, benchmark loops), or keeping it off
/// some cores (receive threads stay off the transmit workers').
#include <pthread.h>
#include <sched.h>
#include <unistd.h>

#include <cstdint>

namespace staccato {

/// Best effort: a core the process may not use leaves the thread where it was.
inline void pinCurrentThread(int cpu) noexcept {
  cpu_set_t set;
  CPU_ZERO(&set);
  CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

/// Names the calling thread (at most 15 characters show: /proc/PID/task/TID/comm, top -H).
inline void nameCurrentThread(const char* name) noexcept {
  char shortName[16] = {};
  for (int i = 0; i < 15 && name[i]; ++i) shortName[i] = name[i];
  pthread_setname_np(pthread_self(), shortName);
}

/// Lets the calling thread run on every online core but those in `avoid` (bit k = core k; cores
/// beyond 63 are always allowed). Avoiding every core means none: then it may run anywhere.
inline void keepCurrentThreadOff(uint64_t avoid) noexcept {
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  cpu_set_t set;
  CPU_ZERO(&set);
  int allowed = 0;
  for (int cpu = 0; cpu < cores && cpu < CPU_SETSIZE; ++cpu)
    if (cpu >= 64 || !(avoid >> cpu & 1)) CPU_SET(cpu, &set), ++allowed;
  if (allowed == 0)
    for (int cpu = 0; cpu < cores && cpu < CPU_SETSIZE; ++cpu) CPU_SET(cpu, &set);
  pthread_setaffinity_np(pthread_self(), sizeof set, &set);
}

}  // namespace staccato
