// Tiled matrix transpose through shared memory, for transpose.mlir
// (array.cuda_kernel "transpose<float>"); the same file is compiled by
// cupy.RawModule(code=..., name_expressions=["transpose<float>"]) in
// scripts/kernels_check.py, so it must stay plain NVRTC-compilable C++
// without includes.
//
// `in` is rows x cols, `out` cols x rows, both row-major. A block of
// TILE x BLOCK_ROWS (32 x 8) threads moves one TILE x TILE tile: it reads
// the tile with coalesced loads along in's rows (each thread TILE /
// BLOCK_ROWS = 4 elements), and writes it transposed with coalesced stores
// along out's rows. The tile has one padding column ([TILE][TILE + 1]) so
// that reading a column of it touches 32 different shared-memory banks.
//
// Launch: block (TILE, BLOCK_ROWS, 1), grid (ceil(cols / TILE),
// ceil(rows / TILE), 1). Edge tiles are bounds-checked, so any rows and
// cols work (rows up to 65535 * TILE, the grid's y limit).

constexpr int TILE = 32;
constexpr int BLOCK_ROWS = 8;

template <typename T>
__global__ void transpose(const T *in, T *out, int rows, int cols) {
  __shared__ T tile[TILE][TILE + 1];

  // Read: thread (tx, ty) loads in[y + j][x] for j = 0, 8, 16, 24.
  int x = blockIdx.x * TILE + threadIdx.x; // column of in
  int y = blockIdx.y * TILE + threadIdx.y; // row of in
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < cols && y + j < rows)
      tile[threadIdx.y + j][threadIdx.x] = in[(size_t)(y + j) * cols + x];
  __syncthreads();

  // Write: the tile's columns become out's rows.
  x = blockIdx.y * TILE + threadIdx.x; // column of out (a row of in)
  y = blockIdx.x * TILE + threadIdx.y; // row of out (a column of in)
  for (int j = 0; j < TILE; j += BLOCK_ROWS)
    if (x < rows && y + j < cols)
      out[(size_t)(y + j) * rows + x] = tile[threadIdx.x][threadIdx.y + j];
}
