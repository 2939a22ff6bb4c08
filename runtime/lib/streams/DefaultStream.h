//===- DefaultStream.h - The caller's stream as the default -----*- C++ -*-===//
//
// Compiled code queues its GPU work on arrayrt_default_stream(). A library
// call (arrayrt_abi_call) runs on the caller's stream instead, so for its
// duration that function returns the caller's stream on the calling thread.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_LIB_DEFAULTSTREAM_H
#define ARRAYRT_LIB_DEFAULTSTREAM_H

#include "arrayrt/types.h"

namespace arrayrt {

/// While one exists, arrayrt_default_stream() returns `stream` on the
/// constructing thread (NULL included: the legacy default stream is a
/// valid caller's stream, so "no override" is a separate flag). Nests: the
/// destructor restores what the thread had before. Touches no driver.
class ScopedDefaultStream {
public:
  explicit ScopedDefaultStream(arrayrt_stream_t stream);
  ~ScopedDefaultStream();
  ScopedDefaultStream(const ScopedDefaultStream &) = delete;
  ScopedDefaultStream &operator=(const ScopedDefaultStream &) = delete;

private:
  bool previousSet;
  arrayrt_stream_t previous;
};

} // namespace arrayrt

#endif // ARRAYRT_LIB_DEFAULTSTREAM_H
