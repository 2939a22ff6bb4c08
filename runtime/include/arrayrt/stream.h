/*===- arrayrt/stream.h - Streams and events ----------------------*- C -*-===*\
|*                                                                            *|
|* Streams that compiled code queues its GPU work on, and the events that     *|
|* order one stream after another.                                            *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_STREAM_H
#define ARRAYRT_STREAM_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Streams and events
 *===----------------------------------------------------------------------===*/

/* Creates a stream that does not synchronize with the legacy default
 * stream (CU_STREAM_NON_BLOCKING). Release it with arrayrt_stream_destroy. */
arrayrt_stream_t arrayrt_stream_create(void);

/* Blocks until all work queued on `stream` has finished. */
void arrayrt_stream_synchronize(arrayrt_stream_t stream);

/* Destroys `stream`; work already queued still completes. */
void arrayrt_stream_destroy(arrayrt_stream_t stream);

/* The program's default stream: one non-blocking stream, created on first
 * use and never destroyed. Compiled code queues every GPU op outside an
 * array.on_stream region on it. */
arrayrt_stream_t arrayrt_default_stream(void);

/* Makes work queued on `waiter` from now on wait for the work queued on
 * `stream` so far (an event recorded on `stream`, without a host wait). A
 * no-op when both are the same stream. */
void arrayrt_stream_wait_stream(arrayrt_stream_t waiter,
                                arrayrt_stream_t stream);

/* Makes later work on `stream` wait for `event`'s last record. */
void arrayrt_stream_wait_event(arrayrt_stream_t stream, arrayrt_event_t event);

/* Creates an event without timing (cheaper to record and wait on). Release
 * it with arrayrt_event_destroy. */
arrayrt_event_t arrayrt_event_create(void);

/* Records `event` at the current end of `stream`. */
void arrayrt_event_record(arrayrt_event_t event, arrayrt_stream_t stream);

/* Blocks until the work before `event`'s last record has finished. */
void arrayrt_event_synchronize(arrayrt_event_t event);

/* Destroys `event`. */
void arrayrt_event_destroy(arrayrt_event_t event);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_STREAM_H */
