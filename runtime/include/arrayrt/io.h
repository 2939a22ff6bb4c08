/*===- arrayrt/io.h - Printing and files --------------------------*- C -*-===*\
|*                                                                            *|
|* Printing arrays as NumPy does, and reading and writing files: Matrix       *|
|* Market and scipy.sparse archives (array.load_mtx, array.load_sparse), .npy *|
|* files and .npz archives, from host or device memory.                       *|
|*                                                                            *|
|* Part of the C ABI of arrayrt.h, which includes every part and says how     *|
|* errors, threads and NULL streams behave for all of them.                   *|
|*                                                                            *|
\*===----------------------------------------------------------------------===*/

#ifndef ARRAYRT_IO_H
#define ARRAYRT_IO_H

#include "arrayrt/types.h"

#ifdef __cplusplus
extern "C" {
#endif

/*===----------------------------------------------------------------------===
 * Printing
 *===----------------------------------------------------------------------===*/

/* arrayrt_print_<T>(rank, descriptor) prints the array that `descriptor`
 * describes to stdout exactly as NumPy's `print(a)` does with default print
 * options (str(a), not repr), followed by a newline, and flushes stdout.
 * `descriptor` points to an MLIR strided memref descriptor:
 *   { T *allocated; T *aligned; int64_t offset;
 *     int64_t sizes[rank]; int64_t strides[rank]; }
 * with offset and strides in elements (strides may be 0 or negative), as
 * MLIR passes an unranked `memref<*xT>` to an external function. The data
 * must be in host memory. The runtime reads it and never takes ownership.
 * i1 is a bool stored one byte per element (0 or 1); bf16 prints as
 * ml_dtypes' bfloat16 does. */
void arrayrt_print_i1(int64_t rank, void *descriptor);
void arrayrt_print_i8(int64_t rank, void *descriptor);
void arrayrt_print_i16(int64_t rank, void *descriptor);
void arrayrt_print_i32(int64_t rank, void *descriptor);
void arrayrt_print_i64(int64_t rank, void *descriptor);
void arrayrt_print_ui8(int64_t rank, void *descriptor);
void arrayrt_print_ui16(int64_t rank, void *descriptor);
void arrayrt_print_ui32(int64_t rank, void *descriptor);
void arrayrt_print_ui64(int64_t rank, void *descriptor);
void arrayrt_print_f16(int64_t rank, void *descriptor);
void arrayrt_print_bf16(int64_t rank, void *descriptor);
void arrayrt_print_f32(int64_t rank, void *descriptor);
void arrayrt_print_f64(int64_t rank, void *descriptor);

/*===----------------------------------------------------------------------===
 * Matrix Market files (array.load_mtx)
 *
 * `%%MatrixMarket matrix coordinate <real|integer|pattern>
 * <general|symmetric>` files. The entries are read as 0-based (row, column)
 * pairs sorted by row then column, duplicates summed (as SciPy's tocsr()
 * does), a symmetric file's lower triangle mirrored; pattern entries are 1.
 * The last file read is kept, so the three calls of one array.load_mtx
 * parse it once. A zip archive (recognized by its first bytes) is read as
 * scipy.sparse.save_npz wrote it (array.load_sparse); a path ending in .npz
 * that is not one is an error saying so. A file that cannot be read or is
 * malformed stops the program with one line naming the op's location, the
 * file and the line:
 *   arrayrt: error: prog.mlir:3:8: cannot load 'a.mtx': line 7: row 9 is
 *   outside 1..8
 * So does a size line whose entries could not be sorted in host memory,
 * and (arrayrt_mtx_shape) a matrix whose row or column offsets, 8 bytes
 * each, would not fit in host memory.
 *===----------------------------------------------------------------------===*/

/* Writes rows, columns and the number of entries (after mirroring and
 * summing duplicates) to sizes[0..2]. */
void arrayrt_mtx_shape(const char *path, int64_t *sizes, const char *location);

/* Fills the contiguous buffer `descriptor` (an MLIR memref descriptor of
 * `rank`) with the entries' coordinates (part ARRAYRT_MTX_COORDINATES: an
 * int64 nnz x 2 buffer of (row, column)) or values (ARRAYRT_MTX_VALUES: nnz
 * elements of `dtype`, ARRAYRT_DTYPE_F32 or ARRAYRT_DTYPE_F64). */
void arrayrt_load_mtx(const char *path, int32_t part, int64_t rank,
                      void *descriptor, int32_t dtype, const char *location);

/*===----------------------------------------------------------------------===
 * NumPy .npy files
 *
 * The arrays are host-memory MLIR strided memref descriptors as for printing
 * (offset and strides in elements; strides may be 0 or negative). `dtype` is
 * an arrayrt_dtype_t code. `location` is the array op's `file:line:col`, or
 * NULL; when present it starts every error message, as in
 *   arrayrt: error: prog.mlir:3:8: cannot load 'x.npy': <what is wrong>
 * Every error (an I/O failure, a file that is not a supported .npy file, a
 * dtype or shape other than the expected one) prints one such line naming
 * the file and exits with status 1.
 *
 * bf16 is stored as NumPy stores ml_dtypes.bfloat16: np.save writes its
 * dtype.str, '<V2' (ml_dtypes registers it as a 2-byte type of kind 'V'),
 * and np.load gives back a void array that `.view(ml_dtypes.bfloat16)`
 * turns into bfloat16 again; files of '<V2' or '|V2' load as bf16, and
 * arrayrt_save_npy writes '<V2'. A bf16 file is no f16 file (or the other
 * way round): the dtypes must match as for every other.
 *===----------------------------------------------------------------------===*/

/* Writes the array `descriptor` views to `path` as a C-order, little-endian
 * .npy file, byte for byte what NumPy 1.24's np.save writes for the same
 * array in C order (format 1.0, or 2.0 when the header exceeds 64 KiB; where
 * the view is Fortran-contiguous, np.save would write Fortran order). A
 * regular file (or a new path; a symbolic link is followed to its target)
 * gets the data through a temporary file next to it
 * (`<path>.tmp-<pid>-<n>`), which is renamed over it only when complete
 * (written and closed; like np.save, not forced to disk with fsync), so a
 * failure leaves `path` as it was and no temporary behind, also when the
 * program ends on an error or a terminating signal during the save. Devices
 * (/dev/null, /dev/full), FIFOs and /dev/stdout are written in place and
 * never replaced. Every write error names the path (runtime/README.md,
 * "Reading and writing files"). i1 elements are written
 * as 0 or 1 (any nonzero byte is true). */
void arrayrt_save_npy(const char *path, int64_t rank, void *descriptor,
                      int32_t dtype, const char *location);

/* Reads only the header of the .npy file `path`, checks that it holds a
 * C-order, rank-`rank` array of `dtype` whose data the file holds and that
 * fits in host memory (RAM and swap, ulimit -v and -d, the cgroup's limit;
 * the message names the size and the limit), and writes its `rank` sizes to
 * `shape`, so that compiled code can allocate before arrayrt_load_npy. */
void arrayrt_npy_shape(const char *path, int64_t rank, int64_t *shape,
                       int32_t dtype, const char *location);

/* Reads the .npy file `path` into the destination buffer that `descriptor`
 * describes. The file must be format 1.0, 2.0 or 3.0, C order, little-endian
 * (or byte-order-free), of `dtype`, and of rank `rank`; each size of the
 * descriptor must equal the file's, except that -1 accepts any size. The
 * elements are stored through the descriptor's strides using the file's
 * sizes, so the buffer must be large enough for them (a NULL buffer is an
 * error: the program could not allocate it). i1 elements are stored as 0 or
 * 1. Bytes after the array's data are ignored, as NumPy does. */
void arrayrt_load_npy(const char *path, int64_t rank, void *descriptor,
                      int32_t dtype, const char *location);

/* Reads the part of the .npy file `path`'s array that starts at `offsets`
 * (`rank` values) and has the sizes of the destination `descriptor`: each
 * process of a sharded program reads its part of one file this way. The
 * file is checked as arrayrt_load_npy checks it, against `whole_shape`
 * (`rank` sizes, -1: any) instead of the destination's sizes, and the part
 * must lie inside its array (an error names the part and the array's
 * shape). Only the part's rows are read; the rest is skipped with seeks
 * (read and dropped from a pipe). */
void arrayrt_load_npy_part(const char *path, int64_t rank, void *descriptor,
                           int32_t dtype, const int64_t *whole_shape,
                           const int64_t *offsets, const char *location);

/* The shape and the data of the array `member` of the .npz archive `path`
 * (np.savez, np.savez_compressed, scipy.sparse.save_npz: a zip of .npy
 * files, stored or deflated, Zip64 fields allowed): the entry named
 * `member`, or `member`.npy as np.load(path)[member] finds it. Otherwise as
 * arrayrt_npy_shape and arrayrt_load_npy; errors name the member and the
 * archive, as in
 *   arrayrt: error: prog.mlir:3:8: cannot load 'w' in 'm.npz': the archive
 *   has no member 'w' (it holds: data.npy, indices.npy, indptr.npy)
 * A damaged archive (CRC-32, sizes, deflate data) is an error too. */
void arrayrt_npz_shape(const char *path, const char *member, int64_t rank,
                       int64_t *shape, int32_t dtype, const char *location);
void arrayrt_load_npz(const char *path, const char *member, int64_t rank,
                      void *descriptor, int32_t dtype, const char *location);

/* The CUDA target's forms of arrayrt_load_npy and arrayrt_save_npy for an
 * array in device memory (`descriptor` describes it; it must be C-order
 * contiguous). Loading reads the file into a page-locked block of the pinned
 * pool and queues one copy of the whole array to the device on `stream`
 * (the block is reused once that copy has completed), so the call returns
 * before the data has arrived and work queued on `stream` after it sees the
 * data. Saving queues the copy from the device on `stream`, waits for
 * `stream` only, and writes the file. Both fall back to a pageable host
 * buffer when no pinned memory is left. Errors as for arrayrt_load_npy. */
void arrayrt_load_npy_device(const char *path, int64_t rank, void *descriptor,
                             int32_t dtype, arrayrt_stream_t stream,
                             const char *location);
void arrayrt_save_npy_device(const char *path, int64_t rank, void *descriptor,
                             int32_t dtype, arrayrt_stream_t stream,
                             const char *location);
/* arrayrt_load_npy_part into device memory, as arrayrt_load_npy_device. */
void arrayrt_load_npy_part_device(const char *path, int64_t rank,
                                  void *descriptor, int32_t dtype,
                                  const int64_t *whole_shape,
                                  const int64_t *offsets,
                                  arrayrt_stream_t stream,
                                  const char *location);
/* arrayrt_load_npz into device memory, as arrayrt_load_npy_device. */
void arrayrt_load_npz_device(const char *path, const char *member, int64_t rank,
                             void *descriptor, int32_t dtype,
                             arrayrt_stream_t stream, const char *location);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ARRAYRT_IO_H */
