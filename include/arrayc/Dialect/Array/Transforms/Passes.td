//===- Passes.td - array dialect transformation passes -----*- tablegen -*-===//

#ifndef ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_TD
#define ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def ArrayFlattenStreamRegions
    : Pass<"array-flatten-stream-regions", "func::FuncOp"> {
  let summary = "Replace each array.on_stream region by its ops between "
                "stream markers.";
  let description = [{
    Inlines the body of every `array.on_stream %s` in place, between
    `arrayrt.stream_begin %s` and `arrayrt.stream_end %s`, and replaces the op's
    results by the values its region yields, so that the tensor and buffer
    passes (fusion, bufferization, deallocation) see ordinary blocks. The
    markers order themselves with every op that touches memory, so the
    buffer ops of the region stay between them; `array-gpu-streams` queues
    the GPU work between them on `%s`. Run first in the pipelines.

    With `drop-streams` (the CPU target, where a program runs sequentially)
    every stream op goes away instead: the markers, `array.stream_create`,
    `array.event_record`, `array.stream_wait` and the synchronizations.
  }];
  let options = [
    Option<"dropStreams", "drop-streams", "bool", "false",
           "Remove every stream and event op as well (the CPU target).">
  ];
  let dependentDialects = ["arrayrt::ArrayrtDialect"];
}

def ArrayNameLocations : Pass<"array-name-locations"> {
  let summary = "Name the location of every array op after the op.";
  let description = [{
    Wraps the location of each `array` dialect op in a `NameLoc` holding
    the op's name, `loc("array.exp"(prog.mlir:12:5))`. The ops each lowers
    to inherit the location, fused kernels a `FusedLoc` of several, so the
    GPU operations of the final host code still know which array ops they
    came from: `array-gpu-op-context` names them after those ops at run
    time. Source locations in messages (`file:line:col`) are unchanged.
    Runs first in the CUDA pipeline; idempotent.
  }];
}

def ArrayFuseElementwise : Pass<"array-fuse-elementwise"> {
  let summary = "Fuse elementwise linalg ops on tensors, shared producers "
                "too.";
  let description = [{
    Fuses producer-consumer chains of elementwise and broadcast
    `linalg.generic` ops on tensors into one op, and elementwise producers
    into reductions (`sum(x * y)` reads `x` and `y` once), with upstream's
    fusion patterns (`linalg-fuse-elementwise-ops`), so that no
    intermediate of a chain is written to memory. Upstream fuses a producer
    only into its single user; this pass also fuses a value that several
    elementwise ops read (and nothing else) into each of them when
    recomputing it takes at most `max-recompute-ops` ops of the producer's
    body: the users recompute it and the producer goes. A value that a
    reduction, a print or a return also reads stays in memory, computed
    once. Ops with side effects (`array.print`, `array.save_npy`) read
    tensors and are never moved. A fused op's body holds at most
    `max-fused-ops` ops: each fusion copies both bodies, so without a
    bound a chain of N ops costs N^2/2 copies (4,000 chained ops took 15 s
    to compile), and a longer kernel gains nothing from it (one more
    read and write per `max-fused-ops` ops). A reduction keeps its
    initial value even when its body no longer reads it (upstream's
    patterns replace it by `tensor.empty`, which leaves the result
    uninitialized where the reduced extent is 0 at run time).

    ```mlir
    // Before: %h is read by two elementwise ops
    %h = linalg.generic ins(%x) { mulf %in, 0.5 }
    %a = linalg.generic ins(%h, %e) { mulf }
    %b = linalg.generic ins(%h, %t) { mulf }
    // After: each computes x * 0.5 itself
    %a = linalg.generic ins(%x, %e) { mulf (mulf %in, 0.5), ... }
    %b = linalg.generic ins(%x, %t) { mulf (mulf %in, 0.5), ... }
    ```
  }];
  let options = [
    Option<"maxRecomputeOps", "max-recompute-ops", "int64_t", "16",
           "Most body ops a shared producer's value may cost to be "
           "recomputed in each of its users.">,
    Option<"maxFusedOps", "max-fused-ops", "int64_t", "128",
           "Most ops in the body of a fused op.">,
  ];
  let dependentDialects = ["affine::AffineDialect", "linalg::LinalgDialect",
                           "tensor::TensorDialect"];
}

def ArrayElementwiseLoops : Pass<"array-elementwise-loops"> {
  let summary = "Loops elementwise over the tensors they carry become one "
                "elementwise op that runs the loop per element.";
  let description = [{
    An `scf.for` or `scf.while` whose iterations are elementwise over the
    tensors it carries (each element's next value depends only on the same
    element of the carried tensors, on loop-invariant tensors read through
    any indexing map, and on scalars: the induction variable, carried
    scalars such as a `while` loop's counter (an index, or a 0-d array
    carried next to the arrays), values computed from them)
    becomes one `linalg.generic` over the carried tensors' shape whose body
    runs the loop on elements: one kernel instead of one per iteration,
    and the carried values stay in registers. A `while` loop's condition
    must be such a scalar. Runs after `array-fuse-elementwise`, on its
    fused ops; a rewritten loop's invariant ops move before it, and a loop
    left alone is left unchanged.

    ```mlir
    // Before: 100 elementwise ops, each reading and writing %t
    %r = scf.for %i = %c0 to %c100 step %c1 iter_args(%t = %t0) -> tensor<1024xf32> {
      %n = linalg.generic ins(%t) outs(%e) { mulf %in, 1.0001; addf 0.5 }
      scf.yield %n
    }
    // After: one elementwise op, the loop inside
    %r = linalg.generic ins(%t0) outs(%e) {
    ^bb0(%in: f32, %out: f32):
      %v = scf.for %i = %c0 to %c100 step %c1 iter_args(%x = %in) -> f32 {
        mulf %x, 1.0001; addf 0.5; scf.yield
      }
      linalg.yield %v
    }
    ```

    Left as they are (each iteration its own kernels): loops whose body
    reads a carried tensor at another element (a shift, a transpose, a
    matrix product), reduces one (a sum that feeds back as a 0-d array),
    has side effects (a print, a save) or ops other than elementwise
    `linalg.generic`s, `tensor.empty`, `tensor.dim`, 0-d
    `tensor.from_elements` and scalar arithmetic; a `while` loop whose
    condition reads the arrays (a convergence test); loops that carry
    tensors of different shapes (but 0-d ones), more than one tensor of a
    dynamic shape, or a scalar or 0-d array read after the loop.
  }];
  let dependentDialects = ["arith::ArithDialect", "cf::ControlFlowDialect",
                           "linalg::LinalgDialect", "scf::SCFDialect",
                           "tensor::TensorDialect"];
}

def ArrayWhileDeviceTest : Pass<"array-while-device-test"> {
  let summary = "Compute a while loop's test from 0-d arrays as a 0-d "
                "array (before bufferization, CUDA target).";
  let description = [{
    `while x.sum() > tol` reads the sum (a 0-d array) on the host and
    compares it there. When an `scf.while` condition is computed by scalar
    `arith` ops from `tensor.extract`s of 0-d arrays (and values from
    outside those ops), this pass computes it as a `linalg.generic` over
    those 0-d arrays into a `tensor<i1>` and extracts only that: on the
    CUDA target the host then reads the test where the device computed
    it, which is what `array-graph-while` needs to run the whole loop on
    the device. The scalar ops the test alone used go.

    ```mlir
    // Before
    %s = linalg.generic ... -> tensor<f32>   // the sum
    %v = tensor.extract %s[] : tensor<f32>
    %c = arith.cmpf ogt, %v, %tol : f32
    scf.condition(%c) ...
    // After
    %t = linalg.generic {indexing_maps = [affine_map<() -> ()>,
                                          affine_map<() -> ()>],
                         iterator_types = []}
        ins(%s : tensor<f32>) outs(%e : tensor<i1>) {
    ^bb0(%in: f32, %out: i1):
      %0 = arith.cmpf ogt, %in, %tol : f32
      linalg.yield %0 : i1
    } -> tensor<i1>
    %c = tensor.extract %t[] : tensor<i1>
    scf.condition(%c) ...
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def ArrayDistinctResults : Pass<"array-distinct-results", "func::FuncOp"> {
  let summary = "Give each tensor a function returns its own buffer "
                "(before bufferization).";
  let description = [{
    One-shot bufferization across function boundaries takes a call's
    results that are not its arguments for new buffers of their own, so the
    caller may write into one in place. A function that returns one tensor
    at two positions, or a view of it (`tensor.cast`, a reshape, an
    `extract_slice`) beside it, would return one buffer twice, and such a
    write would change the other result too (a while loop carrying the
    first result in place changed a printed second one). This pass copies
    each such later result (`linalg.copy` into a new tensor), so that every
    result is a buffer of its own.

    ```mlir
    // Before
    return %t, %t : tensor<2xf32>, tensor<2xf32>
    // After
    %e = tensor.empty() : tensor<2xf32>
    %c = linalg.copy ins(%t : tensor<2xf32>) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    return %t, %c : tensor<2xf32>, tensor<2xf32>
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def ArrayWhileInPlace : Pass<"array-while-in-place"> {
  let summary = "Keep each array a while loop carries in one buffer "
                "(before bufferization).";
  let description = [{
    An `scf.while` whose condition forwards its arguments unchanged (a
    solver's `while residual > tol`) yields each carried array's new value
    into the old one's place: the yielded tensor becomes a
    `bufferization.materialize_in_destination` into the "after" region's
    argument, and when the op making it writes into a `tensor.empty` (or a
    `linalg.fill` of one only it uses) it writes into the argument instead
    (an empty tensor's contents are undefined, so no value changes).
    One-shot bufferization then gives the loop one buffer per carried
    array, the same every iteration: the new values are computed in it
    where nothing reads the old value afterwards (an axpy `x + a * p`), else
    computed aside and copied in. The loop allocates and copies nothing per
    iteration for them, and its device work touches the same memory every
    iteration, which is what lets `array-graph-while` run it as one CUDA
    graph loop.

    A value is left alone when its shape may differ from the argument's:
    static sizes must be equal, a dynamic size equal by its bounds or by a
    size check (`cf.assert` of an `arith.cmpi eq`) the body makes before
    its yield.

    ```mlir
    // Before
    } do {
    ^bb0(%x: tensor<?xf32>):
      %e = tensor.empty(%n) : tensor<?xf32>
      %y = linalg.generic ... ins(%x, ...) outs(%e : tensor<?xf32>)
      scf.yield %y : tensor<?xf32>
    }
    // After
      %y = linalg.generic ... ins(%x, ...) outs(%x : tensor<?xf32>)
      %m = bufferization.materialize_in_destination %y in %x
          : (tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
      scf.yield %m : tensor<?xf32>
    ```
  }];
  let dependentDialects = ["bufferization::BufferizationDialect"];
}

def ArrayWhileForwardCopies : Pass<"array-while-forward-copies"> {
  let summary = "Forward a while loop's carried buffers without the copies "
                "bufferization makes of them (after bufferization).";
  let description = [{
    One-shot bufferization gives every tensor an `scf.while` condition
    forwards a new buffer and a copy, unless its buffers are equivalent to
    the loop's on both sides (they are not when the body makes new arrays,
    as every solver loop does): each iteration copies every carried array
    once more. This pass forwards the "before" region's argument itself
    instead of its copy, and drops the copy and its allocation, where that
    cannot be told apart:

    - the copy's target is an allocation of the "before" region used only
      by the copy and once by `scf.condition`, and its source is an
      argument of the "before" region;
    - after the copy, the "before" region writes no memory but fresh
      allocations of its own (the other forwarded copies);
    - the "after" region never writes the forwarded buffer (its uses,
      through views and casts, only read it or yield it);
    - every buffer the "after" region writes is allocated in it, or is
      defined outside the loop and neither the loop's initial value nor the
      value yielded at the argument's position (buffers that may be the
      argument's memory).

    Runs right after one-shot bufferization, before buffer deallocation,
    which then frees the buffers by their new owners.
  }];
  let dependentDialects = ["memref::MemRefDialect", "scf::SCFDialect"];
}

def ArraySplitSharedFills : Pass<"array-split-shared-fills"> {
  let summary = "Give each op that starts from a fill its own fill, and "
                "each result a loop carries its own empty destination "
                "(before bufferization).";
  let description = [{
    A `linalg.fill` of a `tensor.empty` (or a reshape of one) whose result several ops take as
    their destination (CSE merges the identical initial values of a layer
    norm's mean and variance, say) gets a copy right before each of those
    ops but the first in the fill's block, and before every one in a
    nested region (a loop body's reduction whose fill CSE merged with one
    before the loop). One-shot bufferization would otherwise fill one
    buffer and copy it for every other op that writes into it in place
    (every iteration, in a loop); separate fills are one cheap write each,
    which a row kernel then keeps in registers (no copy breaks the row
    group) and a reduction kernel folds into its result.

    Likewise a loop body's op whose result the loop carries (the operand of
    the body's `scf.yield`, or of a while loop's `scf.condition`) and whose
    destination is a `tensor.empty` made outside the body (CSE or hoisting
    put the one empty there) gets an empty of its own right before it: with
    the outer one, every iteration would write its one buffer and the loop
    would copy that into a new buffer to carry it (a device copy per
    iteration for a CG loop's `r.r`); with its own, the loop carries the
    op's new buffer as it is.

    ```mlir
    // Before
    %z = linalg.fill ins(%c0 : f64) outs(%e : tensor<8x1xf64>)
    %mean = linalg.generic ... outs(%z : tensor<8x1xf64>)
    %var = linalg.generic ... outs(%z : tensor<8x1xf64>)
    // After: the second reduction has a fill of its own
    %z1 = linalg.fill ins(%c0 : f64) outs(%e1 : tensor<8x1xf64>)
    %var = linalg.generic ... outs(%z1 : tensor<8x1xf64>)
    ```
  }];
  let dependentDialects = ["linalg::LinalgDialect", "tensor::TensorDialect"];
}

def ArrayExpandIntToHalfFloat : Pass<"array-expand-int-to-half-float"> {
  let summary = "Convert integers to float16/bfloat16 through float32, as "
                "NumPy does.";
  let description = [{
    Rewrites `arith.sitofp` and `arith.uitofp` whose result is `f16` or
    `bf16` (scalars or vectors) into a conversion to `f32` followed by
    `arith.truncf`. NumPy (and `ml_dtypes` for bfloat16) converts integers
    to 16-bit floats through float32, rounding twice; `astype` lowers that
    way, but arith's canonicalization folds the pair into one conversion,
    which rounds once, and which the CPU target cannot link for bf16 (the
    x86 backend calls `__truncsfbf2`, which libgcc lacks). Both pipelines
    run this pass after their last canonicalization of arith code: before
    `arith-expand` on the CPU, before `convert-gpu-to-nvvm` in GPU modules.

    ```mlir
    // Before
    %0 = arith.sitofp %x : i32 to bf16
    // After
    %0 = arith.sitofp %x : i32 to f32
    %1 = arith.truncf %0 : f32 to bf16
    ```
  }];
  let dependentDialects = ["arith::ArithDialect"];
}

#endif // ARRAYC_DIALECT_ARRAY_TRANSFORMS_PASSES_TD
