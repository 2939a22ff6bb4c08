//===- Stream.cpp - Streams and events ------------------------------------===//

#include "arrayrt/arrayrt.h"

#include "driver/Driver.h"
#include "memory/Allocator.h"
#include "streams/DefaultStream.h"

#include <mutex>

using arrayrt::check;
using arrayrt::driver;
using arrayrt::toCu;

extern "C" arrayrt_stream_t arrayrt_stream_create(void) {
  CUstream stream = nullptr;
  // Non-blocking: the legacy default stream would otherwise serialize with
  // every stream, including those of libraries sharing the context.
  check(driver().cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING),
        "cuStreamCreate");
  return reinterpret_cast<arrayrt_stream_t>(stream);
}

extern "C" void arrayrt_stream_synchronize(arrayrt_stream_t stream) {
  check(driver().cuStreamSynchronize(toCu(stream)), "cuStreamSynchronize");
}

extern "C" void arrayrt_stream_destroy(arrayrt_stream_t stream) {
  // The handle may be reused by a later stream, which must not inherit this
  // one's ordering.
  arrayrt::allocatorStreamDestroyed(toCu(stream));
  check(driver().cuStreamDestroy_v2(toCu(stream)), "cuStreamDestroy");
}

extern "C" void arrayrt_stream_wait_event(arrayrt_stream_t stream,
                                          arrayrt_event_t event) {
  check(driver().cuStreamWaitEvent(toCu(stream), toCu(event), 0),
        "cuStreamWaitEvent");
}

extern "C" arrayrt_event_t arrayrt_event_create(void) {
  return reinterpret_cast<arrayrt_event_t>(arrayrt::createUntimedEvent());
}

extern "C" void arrayrt_event_record(arrayrt_event_t event,
                                     arrayrt_stream_t stream) {
  check(driver().cuEventRecord(toCu(event), toCu(stream)), "cuEventRecord");
}

extern "C" void arrayrt_event_synchronize(arrayrt_event_t event) {
  check(driver().cuEventSynchronize(toCu(event)), "cuEventSynchronize");
}

extern "C" void arrayrt_event_destroy(arrayrt_event_t event) {
  check(driver().cuEventDestroy_v2(toCu(event)), "cuEventDestroy");
}

namespace {
/// The calling thread's ScopedDefaultStream, if any.
struct DefaultStreamOverride {
  bool set = false;
  arrayrt_stream_t stream = nullptr;
};
DefaultStreamOverride &defaultStreamOverride() {
  static thread_local DefaultStreamOverride current;
  return current;
}
} // namespace

arrayrt::ScopedDefaultStream::ScopedDefaultStream(arrayrt_stream_t stream) {
  DefaultStreamOverride &current = defaultStreamOverride();
  previousSet = current.set;
  previous = current.stream;
  current.set = true;
  current.stream = stream;
}

arrayrt::ScopedDefaultStream::~ScopedDefaultStream() {
  DefaultStreamOverride &current = defaultStreamOverride();
  current.set = previousSet;
  current.stream = previous;
}

extern "C" arrayrt_stream_t arrayrt_default_stream(void) {
  // Inside a library call: the caller's stream, without creating ours.
  const DefaultStreamOverride &current = defaultStreamOverride();
  if (current.set)
    return current.stream;
  static std::once_flag once;
  static arrayrt_stream_t stream = nullptr;
  std::call_once(once, [] { stream = arrayrt_stream_create(); });
  return stream;
}

extern "C" void arrayrt_stream_wait_stream(arrayrt_stream_t waiter,
                                           arrayrt_stream_t stream) {
  if (waiter == stream)
    return;
  // cuStreamWaitEvent waits for the record made before it, so one event per
  // thread serves every wait: a later record does not change earlier waits.
  thread_local CUevent event = nullptr;
  const arrayrt::DriverApi &api = driver();
  if (!event)
    event = arrayrt::createUntimedEvent();
  check(api.cuEventRecord(event, toCu(stream)), "cuEventRecord");
  check(api.cuStreamWaitEvent(toCu(waiter), event, 0), "cuStreamWaitEvent");
}
