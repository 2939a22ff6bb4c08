/*===- arrayrt/memory.h - Device memory and copies ----------------*- C -*-===*\
|*                                                                            *|
|* Device memory from the caching pool (or the allocator ARRAYRT_ALLOCATOR    *|
|* names), its statistics, the pinned staging pool, managed memory, copies,   *|
|* fills and page-locked host ranges.                                         *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_MEMORY_H
#define ARRAYRT_MEMORY_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Memory
 *===----------------------------------------------------------------------===*/

/* Device memory comes from the allocator ARRAYRT_ALLOCATOR names, chosen
 * at the first allocation:
 *
 *   pool    (default) a caching pool after CuPy's: cuMemAlloc segments (2 MiB
 *           for requests up to 1 MiB, larger ones rounded up to 2 MiB),
 *           carved into blocks of multiples of 512 bytes (best fit, split,
 *           neighbours merged when freed). Freed blocks stay cached. A block
 *           freed on stream S is reused at once by allocations on S, and by
 *           other streams only once the event recorded on S at the free has
 *           completed (so freeing never waits).
 *   async   CUDA's stream-ordered allocator (cuMemAllocFromPoolAsync /
 *           cuMemFreeAsync) on a memory pool of the runtime's own that keeps
 *           freed memory.
 *   direct  cuMemAlloc per allocation; arrayrt_free waits for its stream
 *           and calls cuMemFree. No statistics, no limit.
 *
 * ARRAYRT_GPU_MEMORY_LIMIT caps the memory the pool reserves (async: the
 * memory in use): a byte count, optionally with a K, M, G, T (or KiB, MiB,
 * GiB, TiB) binary suffix, or a percentage of the device's memory ("80%").
 * When memory runs out (the driver fails or the limit would be exceeded)
 * the pool releases its cached free segments and retries; if that fails too
 * the program exits with one line naming the source location (when known,
 * see arrayrt_set_op_location), the requested size and the pool's state:
 *   arrayrt: error: prog.mlir:3:8: out of GPU memory: cannot allocate
 *   <size>: <why>; the pool has <used> in use (<n> allocations) and <cached>
 *   cached after releasing its free segments, limit <limit>
 * (one line). A bad ARRAYRT_ALLOCATOR or ARRAYRT_GPU_MEMORY_LIMIT is an
 * error. Managed memory (arrayrt_alloc_managed) never goes through the pool.
 */

/* Allocates `size` bytes of device memory from the allocator above, ready
 * for work queued on `stream` (for other streams, once they are ordered
 * after `stream`'s work at this call). Size 0 returns NULL without touching
 * the driver. */
void *arrayrt_alloc(size_t size, arrayrt_stream_t stream);

/* Like arrayrt_alloc; `location` (an op's `file:line:col`, or NULL) starts
 * the out-of-memory message. */
void *arrayrt_alloc_at(size_t size, arrayrt_stream_t stream,
                       const char *location);

/* Counters of the pool (or the async allocator), all zero before the first
 * allocation and with ARRAYRT_ALLOCATOR=direct. Bytes unless named
 * otherwise. */
typedef struct arrayrt_pool_stats {
  uint64_t used_bytes;          /* In live allocations (pool: rounded). */
  uint64_t cached_bytes;        /* Reserved but not in use. */
  uint64_t reserved_bytes;      /* Held from the driver. */
  uint64_t peak_used_bytes;     /* Highest used_bytes so far. */
  uint64_t peak_reserved_bytes; /* Highest reserved_bytes so far. */
  uint64_t allocation_count;    /* Allocations made so far. */
  uint64_t live_allocations;    /* Allocations not yet freed. */
  uint64_t limit_bytes;         /* ARRAYRT_GPU_MEMORY_LIMIT; 0: none. */
} arrayrt_pool_stats_t;

/* Fills *stats. Never initializes the driver. */
void arrayrt_pool_get_stats(arrayrt_pool_stats_t *stats);

/* Returns the pool's completely free segments to the driver (after the
 * work that last used them), and its cached events (async: synchronizes the
 * context and trims its pool to what is in use), and the pinned staging
 * blocks no queued copy reads (arrayrt_pinned_pool_free_cached). A no-op
 * before the first allocation. */
void arrayrt_pool_free_all_cached(void);

/* The pinned host staging pool: page-locked blocks (cuMemHostAlloc,
 * multiples of 64 KiB) that host-to-device copies from pageable memory go
 * through. A block is reused only after the event recorded behind the copy
 * that read it has completed. */
typedef struct arrayrt_pinned_stats {
  uint64_t reserved_bytes; /* Blocks held, in use or cached. */
  uint64_t in_use_bytes;   /* Being filled by the host. */
  uint64_t pending_bytes;  /* Waiting for the copy that reads them. */
  uint64_t blocks;
  uint64_t allocations;    /* Blocks allocated from the driver. */
  uint64_t reuses;         /* Requests served by a cached block. */
} arrayrt_pinned_stats_t;

/* Reads the pinned pool's counters. */
void arrayrt_pinned_pool_get_stats(arrayrt_pinned_stats_t *stats);

/* Frees the pinned blocks no queued copy still reads. */
void arrayrt_pinned_pool_free_cached(void);

/* Allocates `size` bytes of managed memory (cuMemAllocManaged, attached
 * globally), usable from host and device. Size 0 returns NULL without
 * touching the driver. */
void *arrayrt_alloc_managed(size_t size);

/* Frees memory from arrayrt_alloc or arrayrt_alloc_managed; work queued on
 * `stream` may still use it. Device memory goes back to the pool (or the
 * async allocator) in stream order, without waiting; with
 * ARRAYRT_ALLOCATOR=direct, and for managed memory, it first waits for
 * `stream` (if not NULL). NULL `ptr` is a no-op that does not touch the
 * driver. */
void arrayrt_free(void *ptr, arrayrt_stream_t stream);

/* Queues a copy of `size` bytes from `src` to `dst` on `stream`; either may
 * be host or device memory. A copy of 1 MiB or more from pageable host
 * memory to device memory goes through the pinned staging pool (in pieces
 * of at most 8 MiB):
 * the host copies `src` into a page-locked block and queues the DMA from it,
 * so `src` may be reused when the call returns and the DMA overlaps work on
 * other streams. Copies to pageable host memory complete before the call
 * returns (driver semantics); otherwise synchronize the stream before
 * reading the result. Size 0 does nothing and does not touch the driver. */
void arrayrt_memcpy(void *dst, const void *src, size_t size,
                    arrayrt_stream_t stream);

/* Queue a fill of `count` 8-, 16- or 32-bit elements at device memory `dst`
 * with `value` on `stream`. Count 0 does nothing and does not touch the
 * driver. */
void arrayrt_memset8(void *dst, uint8_t value, size_t count,
                     arrayrt_stream_t stream);
void arrayrt_memset16(void *dst, uint16_t value, size_t count,
                      arrayrt_stream_t stream);
void arrayrt_memset32(void *dst, uint32_t value, size_t count,
                      arrayrt_stream_t stream);

/* Page-locks `size` bytes of host memory at `ptr` (cuMemHostRegister) so
 * copies to and from it are asynchronous and faster. Size 0 is a no-op. */
void arrayrt_host_register(void *ptr, size_t size);

/* Undoes arrayrt_host_register for the range starting at `ptr`. */
void arrayrt_host_unregister(void *ptr);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_MEMORY_H */
