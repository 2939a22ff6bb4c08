//===- CsrSpgemmShape.h - Launch shapes of CsrSpgemm.cu's kernels -*- C++ -*-=//
//
// What CsrSpgemm.cu's kernels assume and SpgemmKernel.cpp launches them
// with, in one place: host and device code include it.
//
//===----------------------------------------------------------------------===//

#ifndef ARRAYRT_KERNELS_CSRSPGEMMSHAPE_H
#define ARRAYRT_KERNELS_CSRSPGEMMSHAPE_H

namespace csrspgemm {

/// Hash slots per row (per warp), and the most products a row may have:
/// at most half the slots filled, so that probes stay short.
constexpr int kSlots = 512;
constexpr int kMaxProducts = 256;
/// Warps (one row each at a time) per block of the count and fill passes.
constexpr int kWarps = 4;
/// The scan: threads per block, counts per thread, counts per tile.
constexpr int kScanThreads = 256, kScanItems = 8;
constexpr int kScanTile = kScanThreads * kScanItems;

} // namespace csrspgemm

#endif // ARRAYRT_KERNELS_CSRSPGEMMSHAPE_H
