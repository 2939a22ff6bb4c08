//===- ExportAbi.cpp - Tables, packed entry points and C functions --------===//
//
// array-export-abi: on the LLVM dialect, for each function with an
// #arrayrt.export, the packed entry point and the signature table of
// runtime/include/arrayrt/abi.h, and for a library its C functions. The
// layouts built here are those of that header's structs:
//
//   arrayrt_abi_value_t     {ptr name, i32 dtype, i32 rank, ptr shape}
//   arrayrt_abi_function_t  {ptr name, ptr location, i32 flags,
//                            i32 num_args, i32 num_results,
//                            ptr args, ptr results, ptr packed}
//   arrayrt_abi_module_t    {i32 abi_version, i32 num_functions,
//                            ptr functions, ptr prefix}
//
//===----------------------------------------------------------------------===//

#include "arrayc/Conversion/Passes.h"

#include "../ArrayrtToCalls/RuntimeCalls.h"
#include "arrayc/Dialect/Arrayrt/IR/ArrayrtOps.h"
#include "arrayrt/abi.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"

namespace mlir::array {
#define GEN_PASS_DEF_ARRAYEXPORTABI
#include "arrayc/Conversion/Passes.h.inc"
} // namespace mlir::array

using namespace mlir;
using arrayrt::ArrayrtDialect;
using arrayrt::ExportAttr;
using arrayrt::ExportKind;

namespace {

/// The name of the global that holds an executable's @main table; the C
/// main of libarrayrt_main.a declares it.
constexpr StringLiteral kProgramTable = "arrayc_program";

/// `file:line:col` of `loc`, or "" without one.
std::string formatLocation(Location loc) {
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc))
    return (fileLoc.getFilename().getValue() + ":" + Twine(fileLoc.getLine()) +
            ":" + Twine(fileLoc.getColumn()))
        .str();
  if (auto nameLoc = dyn_cast<NameLoc>(loc))
    return formatLocation(nameLoc.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = formatLocation(inner); !text.empty())
        return text;
  return "";
}

/// Builds the globals and functions of one module's exports.
class AbiEmitter {
public:
  AbiEmitter(ModuleOp module, bool cuda)
      : module(module), symbols(module), b(module.getContext()), cuda(cuda),
        loc(module.getLoc()) {
    MLIRContext *context = module.getContext();
    ptrType = LLVM::LLVMPointerType::get(context);
    i8Type = IntegerType::get(context, 8);
    i16Type = IntegerType::get(context, 16);
    i32Type = IntegerType::get(context, 32);
    i64Type = IntegerType::get(context, 64);
    valueType = LLVM::LLVMStructType::getLiteral(
        context, {ptrType, i32Type, i32Type, ptrType});
    functionType = LLVM::LLVMStructType::getLiteral(
        context, {ptrType, ptrType, i32Type, i32Type, i32Type, ptrType, ptrType,
                  ptrType});
    moduleType = LLVM::LLVMStructType::getLiteral(
        context, {i32Type, i32Type, ptrType, ptrType});
    b.setInsertionPointToEnd(module.getBody());
  }

  /// Emits the packed entry point and the table of `func`; returns the
  /// table's global.
  FailureOr<LLVM::GlobalOp> emitFunction(LLVM::LLVMFuncOp func,
                                         ExportAttr exported,
                                         StringRef tableName,
                                         LLVM::Linkage linkage);

  /// Emits a library's module table and C functions over `tables`.
  LogicalResult emitLibrary(ArrayRef<LLVM::LLVMFuncOp> funcs,
                            ArrayRef<LLVM::GlobalOp> tables, StringRef prefix);

private:
  LLVM::GlobalOp stringGlobal(StringRef text);
  LLVM::GlobalOp shapeGlobal(ArrayRef<int64_t> shape);
  /// A global of `type` whose initializer `build` returns.
  LLVM::GlobalOp structGlobal(StringRef name, Type type, LLVM::Linkage linkage,
                              function_ref<Value(OpBuilder &)> build);
  Value constI32(OpBuilder &at, int64_t value) {
    return LLVM::ConstantOp::create(at, loc, i32Type,
                                    at.getI32IntegerAttr(value));
  }
  Value addressOf(OpBuilder &at, LLVM::GlobalOp global) {
    return LLVM::AddressOfOp::create(at, loc, global);
  }
  Value nullPointer(OpBuilder &at) {
    return LLVM::ZeroOp::create(at, loc, ptrType);
  }
  /// `arrayrt_abi_value_t` entries for `types` named `names`, as an array
  /// global (null for none).
  Value valueArray(OpBuilder &at, StringRef name, TypeRange types,
                   ArrayRef<std::string> names);
  FailureOr<LLVM::LLVMFuncOp> emitPacked(LLVM::LLVMFuncOp func,
                                         FunctionType signature);
  /// A new external function `name`, failing when the module has one.
  FailureOr<LLVM::LLVMFuncOp> defineFunction(StringRef name, Type result,
                                             ArrayRef<Type> params);
  LLVM::LLVMFuncOp runtimeFunction(StringRef name, Type result,
                                   ArrayRef<Type> params);
  /// Stores `value` at `array[index]` (an array of pointers).
  void storeSlot(OpBuilder &at, Value array, int64_t index, Value value);

  ModuleOp module;
  SymbolTable symbols;
  OpBuilder b;
  bool cuda;
  Location loc;
  Type ptrType, i8Type, i16Type, i32Type, i64Type;
  LLVM::LLVMStructType valueType, functionType, moduleType;
  llvm::StringMap<LLVM::GlobalOp> strings, shapes;
  unsigned counter = 0;
};

LLVM::GlobalOp AbiEmitter::stringGlobal(StringRef text) {
  LLVM::GlobalOp &global = strings[text];
  if (global)
    return global;
  std::string bytes = text.str();
  bytes.push_back('\0');
  auto type = LLVM::LLVMArrayType::get(i8Type, bytes.size());
  global = LLVM::GlobalOp::create(
      b, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
      "__arrayc_abi_str" + std::to_string(counter++), b.getStringAttr(bytes),
      /*alignment=*/0);
  symbols.insert(global);
  return global;
}

LLVM::GlobalOp AbiEmitter::shapeGlobal(ArrayRef<int64_t> shape) {
  std::string key;
  for (int64_t size : shape)
    key += std::to_string(size) + ",";
  LLVM::GlobalOp &existing = shapes[key];
  if (existing)
    return existing;
  auto type = LLVM::LLVMArrayType::get(i64Type, shape.size());
  auto value = DenseElementsAttr::get(
      RankedTensorType::get({static_cast<int64_t>(shape.size())}, i64Type),
      shape);
  auto global = LLVM::GlobalOp::create(
      b, loc, type, /*isConstant=*/true, LLVM::Linkage::Private,
      "__arrayc_abi_shape" + std::to_string(counter++), value,
      /*alignment=*/8);
  symbols.insert(global);
  existing = global;
  return global;
}

LLVM::GlobalOp
AbiEmitter::structGlobal(StringRef name, Type type, LLVM::Linkage linkage,
                         function_ref<Value(OpBuilder &)> build) {
  auto global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                       linkage, name, Attribute(),
                                       /*alignment=*/8);
  symbols.insert(global);
  OpBuilder at(module.getContext());
  at.setInsertionPointToStart(at.createBlock(&global.getInitializerRegion()));
  LLVM::ReturnOp::create(at, loc, build(at));
  return global;
}

Value AbiEmitter::valueArray(OpBuilder &at, StringRef name, TypeRange types,
                             ArrayRef<std::string> names) {
  if (types.empty())
    return nullPointer(at);
  auto arrayType = LLVM::LLVMArrayType::get(valueType, types.size());
  LLVM::GlobalOp global = structGlobal(
      (name + "_" + Twine(counter++)).str(), arrayType, LLVM::Linkage::Private,
      [&](OpBuilder &init) -> Value {
        Value array = LLVM::UndefOp::create(init, loc, arrayType);
        for (auto [index, type] : llvm::enumerate(types)) {
          auto tensor = dyn_cast<RankedTensorType>(type);
          Type element = tensor ? tensor.getElementType() : type;
          std::optional<arrayrt_dtype_t> dtype =
              element.isIndex() ? ARRAYRT_DTYPE_I64
                                : arrayrt::getDtype(element);
          int64_t rank = tensor ? tensor.getRank() : ARRAYRT_ABI_SCALAR;
          Value shape = nullPointer(init);
          if (tensor && tensor.getRank() > 0) {
            SmallVector<int64_t> sizes;
            for (int64_t size : tensor.getShape())
              sizes.push_back(ShapedType::isDynamic(size) ? ARRAYRT_ABI_DYNAMIC
                                                          : size);
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(init.getBlock()->getParentOp());
            shape = addressOf(init, shapeGlobal(sizes));
          }
          Value entry = LLVM::UndefOp::create(init, loc, valueType);
          LLVM::GlobalOp nameGlobal;
          {
            OpBuilder::InsertionGuard guard(b);
            b.setInsertionPoint(init.getBlock()->getParentOp());
            nameGlobal = stringGlobal(names[index]);
          }
          Value fields[] = {addressOf(init, nameGlobal),
                            constI32(init, dtype.value_or(ARRAYRT_DTYPE_I1)),
                            constI32(init, rank), shape};
          for (auto [field, value] : llvm::enumerate(fields))
            entry = LLVM::InsertValueOp::create(
                init, loc, entry, value,
                ArrayRef<int64_t>{static_cast<int64_t>(field)});
          array = LLVM::InsertValueOp::create(
              init, loc, array, entry,
              ArrayRef<int64_t>{static_cast<int64_t>(index)});
        }
        return array;
      });
  return addressOf(at, global);
}

void AbiEmitter::storeSlot(OpBuilder &at, Value array, int64_t index,
                           Value value) {
  Value slot =
      LLVM::GEPOp::create(at, loc, ptrType, ptrType, array,
                          ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
  LLVM::StoreOp::create(at, loc, value, slot);
}

FailureOr<LLVM::LLVMFuncOp> AbiEmitter::emitPacked(LLVM::LLVMFuncOp func,
                                                   FunctionType signature) {
  MLIRContext *context = module.getContext();
  auto voidType = LLVM::LLVMVoidType::get(context);
  auto packed = LLVM::LLVMFuncOp::create(
      b, loc, ("__arrayc_packed_" + func.getSymName()).str(),
      LLVM::LLVMFunctionType::get(voidType, {ptrType, ptrType}),
      LLVM::Linkage::Internal);
  symbols.insert(packed);
  OpBuilder at(context);
  at.setInsertionPointToStart(packed.addEntryBlock(at));
  Value args = packed.getArgument(0), results = packed.getArgument(1);

  ArrayRef<Type> params = func.getFunctionType().getParams();
  auto mismatch = [&]() {
    return func.emitError("array-export-abi: @")
           << func.getSymName() << " is not lowered as its export signature "
           << signature << " says (expected memref descriptors and scalars)";
  };
  SmallVector<Value> operands;
  for (auto [index, type] : llvm::enumerate(signature.getInputs())) {
    Value slot = LLVM::GEPOp::create(
        at, loc, ptrType, ptrType, args,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    Value pointer = LLVM::LoadOp::create(at, loc, ptrType, slot);
    auto tensor = dyn_cast<RankedTensorType>(type);
    if (!tensor) {
      if (operands.size() >= params.size())
        return mismatch();
      operands.push_back(
          LLVM::LoadOp::create(at, loc, params[operands.size()], pointer));
      continue;
    }
    // { ptr allocated, ptr aligned, i64 offset, [r x i64] sizes, strides }
    int64_t rank = tensor.getRank();
    SmallVector<Type> fields = {ptrType, ptrType, i64Type};
    if (rank > 0) {
      auto sizes = LLVM::LLVMArrayType::get(i64Type, rank);
      fields.append({sizes, sizes});
    }
    auto descriptorType = LLVM::LLVMStructType::getLiteral(context, fields);
    Value descriptor = LLVM::LoadOp::create(at, loc, descriptorType, pointer);
    if (operands.size() + 3 + 2 * rank > params.size())
      return mismatch();
    for (int64_t field = 0; field < 3; ++field)
      operands.push_back(LLVM::ExtractValueOp::create(
          at, loc, descriptor, ArrayRef<int64_t>{field}));
    for (int64_t field = 3; field < 5 && rank > 0; ++field)
      for (int64_t dim = 0; dim < rank; ++dim)
        operands.push_back(LLVM::ExtractValueOp::create(
            at, loc, descriptor, ArrayRef<int64_t>{field, dim}));
  }
  if (operands.size() != params.size() ||
      llvm::any_of(llvm::zip(operands, params), [](auto pair) {
        return std::get<0>(pair).getType() != std::get<1>(pair);
      }))
    return mismatch();
  auto call = LLVM::CallOp::create(at, loc, func, operands);
  unsigned numResults = signature.getNumResults();
  for (unsigned index = 0; index < numResults; ++index) {
    Value value = call.getResult();
    if (numResults > 1)
      value = LLVM::ExtractValueOp::create(
          at, loc, value, ArrayRef<int64_t>{static_cast<int64_t>(index)});
    Value slot = LLVM::GEPOp::create(
        at, loc, ptrType, ptrType, results,
        ArrayRef<LLVM::GEPArg>{static_cast<int32_t>(index)});
    Value pointer = LLVM::LoadOp::create(at, loc, ptrType, slot);
    LLVM::StoreOp::create(at, loc, value, pointer);
  }
  LLVM::ReturnOp::create(at, loc, ValueRange());
  return packed;
}

FailureOr<LLVM::GlobalOp> AbiEmitter::emitFunction(LLVM::LLVMFuncOp func,
                                                   ExportAttr exported,
                                                   StringRef tableName,
                                                   LLVM::Linkage linkage) {
  FunctionType signature = exported.getSignature();
  FailureOr<LLVM::LLVMFuncOp> packed = emitPacked(func, signature);
  if (failed(packed))
    return failure();
  if (symbols.lookup(tableName))
    return func.emitError("array-export-abi: the symbol name '")
           << tableName << "' is taken; rename it";

  SmallVector<std::string> argNames, resultNames;
  for (Attribute name : exported.getArgNames())
    argNames.push_back(cast<StringAttr>(name).str());
  for (unsigned i = 0; i < signature.getNumResults(); ++i)
    resultNames.push_back("result" + std::to_string(i));
  int32_t flags = cuda ? ARRAYRT_ABI_CUDA : 0;
  if (exported.getKind() == ExportKind::library)
    flags |= ARRAYRT_ABI_STREAM_ORDERED;
  LLVM::GlobalOp nameGlobal = stringGlobal(func.getSymName());
  LLVM::GlobalOp locationGlobal = stringGlobal(formatLocation(func.getLoc()));
  return structGlobal(
      tableName, functionType, linkage, [&](OpBuilder &init) -> Value {
        Value table = LLVM::UndefOp::create(init, loc, functionType);
        Value fields[] = {addressOf(init, nameGlobal),
                          addressOf(init, locationGlobal),
                          constI32(init, flags),
                          constI32(init, signature.getNumInputs()),
                          constI32(init, signature.getNumResults()),
                          valueArray(init, "__arrayc_abi_args",
                                     signature.getInputs(), argNames),
                          valueArray(init, "__arrayc_abi_results",
                                     signature.getResults(), resultNames),
                          LLVM::AddressOfOp::create(init, loc, ptrType,
                                                    packed->getSymName())};
        for (auto [field, value] : llvm::enumerate(fields))
          table = LLVM::InsertValueOp::create(
              init, loc, table, value,
              ArrayRef<int64_t>{static_cast<int64_t>(field)});
        return table;
      });
}

FailureOr<LLVM::LLVMFuncOp>
AbiEmitter::defineFunction(StringRef name, Type result, ArrayRef<Type> params) {
  if (Operation *clash = symbols.lookup(name))
    return clash->emitError("the symbol name '")
           << name << "' is one of the library's C functions; rename it";
  auto func = LLVM::LLVMFuncOp::create(
      b, loc, name, LLVM::LLVMFunctionType::get(result, params));
  symbols.insert(func);
  return func;
}

LLVM::LLVMFuncOp AbiEmitter::runtimeFunction(StringRef name, Type result,
                                             ArrayRef<Type> params) {
  if (auto existing = symbols.lookup<LLVM::LLVMFuncOp>(name))
    return existing;
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto func = LLVM::LLVMFuncOp::create(
      b, loc, name, LLVM::LLVMFunctionType::get(result, params));
  symbols.insert(func);
  return func;
}

LogicalResult AbiEmitter::emitLibrary(ArrayRef<LLVM::LLVMFuncOp> funcs,
                                      ArrayRef<LLVM::GlobalOp> tables,
                                      StringRef prefix) {
  MLIRContext *context = module.getContext();
  auto functionsType = LLVM::LLVMArrayType::get(functionType, tables.size());
  LLVM::GlobalOp functions =
      structGlobal(("__arrayc_abi_functions_" + prefix).str(), functionsType,
                   LLVM::Linkage::Private, [&](OpBuilder &init) -> Value {
                     Value array =
                         LLVM::UndefOp::create(init, loc, functionsType);
                     for (auto [index, constTable] : llvm::enumerate(tables)) {
                       LLVM::GlobalOp table = constTable;
                       // A copy of each table: globals cannot load from others.
                       OpBuilder::InsertionGuard guard(init);
                       Region &region = table.getInitializerRegion();
                       IRMapping mapping;
                       Value entry;
                       for (Operation &op : region.front()) {
                         if (auto ret = dyn_cast<LLVM::ReturnOp>(op)) {
                           entry = mapping.lookup(ret.getArg());
                           break;
                         }
                         init.clone(op, mapping);
                       }
                       array = LLVM::InsertValueOp::create(
                           init, loc, array, entry,
                           ArrayRef<int64_t>{static_cast<int64_t>(index)});
                     }
                     return array;
                   });
  // The module's array holds the tables; the functions' own are copies.
  for (LLVM::GlobalOp table : tables) {
    symbols.erase(table);
  }
  LLVM::GlobalOp prefixGlobal = stringGlobal(prefix);
  LLVM::GlobalOp moduleTable =
      structGlobal(("__arrayc_abi_module_" + prefix).str(), moduleType,
                   LLVM::Linkage::Private, [&](OpBuilder &init) -> Value {
                     Value table = LLVM::UndefOp::create(init, loc, moduleType);
                     Value fields[] = {constI32(init, ARRAYRT_ABI_VERSION),
                                       constI32(init, tables.size()),
                                       addressOf(init, functions),
                                       addressOf(init, prefixGlobal)};
                     for (auto [field, value] : llvm::enumerate(fields))
                       table = LLVM::InsertValueOp::create(
                           init, loc, table, value,
                           ArrayRef<int64_t>{static_cast<int64_t>(field)});
                     return table;
                   });

  LLVM::LLVMFuncOp abiCall =
      runtimeFunction("arrayrt_abi_call", i32Type,
                      {ptrType, i32Type, ptrType, ptrType, i32Type, ptrType});
  LLVM::LLVMFuncOp lastError =
      runtimeFunction("arrayrt_abi_last_error", ptrType, {});
  LLVM::LLVMFuncOp streamWait =
      runtimeFunction("arrayrt_abi_stream_wait", i32Type, {ptrType, ptrType});

  auto body = [&](LLVM::LLVMFuncOp func) {
    auto at = OpBuilder::atBlockBegin(func.addEntryBlock(b));
    return at;
  };
  auto name = [&](StringRef suffix) { return (prefix + "_" + suffix).str(); };

  // <prefix>_module(), _last_error(), _stream_wait(), _call().
  FailureOr<LLVM::LLVMFuncOp> fn = defineFunction(name("module"), ptrType, {});
  if (failed(fn))
    return failure();
  {
    OpBuilder at = body(*fn);
    LLVM::ReturnOp::create(at, loc, addressOf(at, moduleTable));
  }
  fn = defineFunction(name("last_error"), ptrType, {});
  if (failed(fn))
    return failure();
  {
    OpBuilder at = body(*fn);
    LLVM::ReturnOp::create(
        at, loc,
        LLVM::CallOp::create(at, loc, lastError, ValueRange()).getResult());
  }
  fn = defineFunction(name("stream_wait"), i32Type, {ptrType, ptrType});
  if (failed(fn))
    return failure();
  {
    OpBuilder at = body(*fn);
    LLVM::ReturnOp::create(
        at, loc,
        LLVM::CallOp::create(at, loc, streamWait, fn->getArguments())
            .getResult());
  }
  fn = defineFunction(name("call"), i32Type,
                      {i32Type, ptrType, ptrType, i32Type, ptrType});
  if (failed(fn))
    return failure();
  {
    OpBuilder at = body(*fn);
    SmallVector<Value> operands = {addressOf(at, moduleTable)};
    llvm::append_range(operands, fn->getArguments());
    LLVM::ReturnOp::create(
        at, loc, LLVM::CallOp::create(at, loc, abiCall, operands).getResult());
  }

  // The typed functions: <prefix>_<f> and <prefix>_<f>_into.
  for (auto [index, constFunc] : llvm::enumerate(funcs)) {
    LLVM::LLVMFuncOp func = constFunc;
    auto exported =
        func->getAttrOfType<ExportAttr>(ArrayrtDialect::kExportAttrName);
    FunctionType signature = exported.getSignature();
    // The C type of each scalar: what the packed entry point loads, with
    // bool as a byte and f16/bf16 as their bits.
    SmallVector<Type> params;
    ArrayRef<Type> lowered = func.getFunctionType().getParams();
    unsigned position = 0;
    for (Type type : signature.getInputs()) {
      if (auto tensor = dyn_cast<RankedTensorType>(type)) {
        params.push_back(ptrType);
        position += 3 + 2 * tensor.getRank();
        continue;
      }
      Type scalar = lowered[position++];
      if (scalar.isInteger(1))
        scalar = i8Type;
      else if (scalar.isF16() || scalar.isBF16())
        scalar = i16Type;
      params.push_back(scalar);
    }
    params.append(signature.getNumResults(), ptrType);
    params.push_back(ptrType); // The stream.
    for (int32_t mode : {ARRAYRT_ABI_RESULTS_NEW, ARRAYRT_ABI_RESULTS_INTO}) {
      std::string cName = name(func.getSymName()) +
                          (mode == ARRAYRT_ABI_RESULTS_INTO ? "_into" : "");
      FailureOr<LLVM::LLVMFuncOp> typed =
          defineFunction(cName, i32Type, params);
      if (failed(typed))
        return failure();
      OpBuilder at = body(*typed);
      Value one =
          LLVM::ConstantOp::create(at, loc, i64Type, at.getI64IntegerAttr(1));
      auto slots = [&](unsigned count) -> Value {
        if (count == 0)
          return nullPointer(at);
        Value size = LLVM::ConstantOp::create(at, loc, i64Type,
                                              at.getI64IntegerAttr(count));
        return LLVM::AllocaOp::create(at, loc, ptrType, ptrType, size, 8);
      };
      unsigned numArgs = signature.getNumInputs();
      unsigned numResults = signature.getNumResults();
      Value argSlots = slots(numArgs), resultSlots = slots(numResults);
      for (unsigned i = 0; i < numArgs; ++i) {
        Value arg = typed->getArgument(i);
        if (!isa<RankedTensorType>(signature.getInput(i))) {
          Value value = arg;
          arg =
              LLVM::AllocaOp::create(at, loc, ptrType, value.getType(), one, 8);
          LLVM::StoreOp::create(at, loc, value, arg);
        }
        storeSlot(at, argSlots, i, arg);
      }
      for (unsigned j = 0; j < numResults; ++j)
        storeSlot(at, resultSlots, j, typed->getArgument(numArgs + j));
      Value operands[] = {addressOf(at, moduleTable),
                          constI32(at, index),
                          argSlots,
                          resultSlots,
                          constI32(at, mode),
                          typed->getArgument(numArgs + numResults)};
      LLVM::ReturnOp::create(
          at, loc,
          LLVM::CallOp::create(at, loc, abiCall, operands).getResult());
    }
  }
  (void)context;
  return success();
}

struct ArrayExportAbiPass
    : array::impl::ArrayExportAbiBase<ArrayExportAbiPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<LLVM::LLVMFuncOp> entries, libraryFuncs;
    for (auto func : module.getOps<LLVM::LLVMFuncOp>()) {
      auto exported =
          func->getAttrOfType<ExportAttr>(ArrayrtDialect::kExportAttrName);
      if (!exported)
        continue;
      (exported.getKind() == ExportKind::entry ? entries : libraryFuncs)
          .push_back(func);
    }
    if (entries.empty() && libraryFuncs.empty())
      return;
    if (entries.size() > 1 || (!entries.empty() && !libraryFuncs.empty())) {
      module.emitError("array-export-abi: a module exports either one entry "
                       "point or library functions");
      return signalPassFailure();
    }

    AbiEmitter emitter(module, cuda);
    if (!entries.empty()) {
      LLVM::LLVMFuncOp main = entries.front();
      if (failed(emitter.emitFunction(
              main,
              main->getAttrOfType<ExportAttr>(ArrayrtDialect::kExportAttrName),
              kProgramTable, LLVM::Linkage::External)))
        return signalPassFailure();
      return;
    }

    SmallVector<LLVM::GlobalOp> tables;
    StringRef prefix;
    for (LLVM::LLVMFuncOp func : libraryFuncs) {
      auto exported =
          func->getAttrOfType<ExportAttr>(ArrayrtDialect::kExportAttrName);
      if (!prefix.empty() && prefix != exported.getPrefix().getValue()) {
        func.emitError("array-export-abi: the library's functions have "
                       "different C name prefixes");
        return signalPassFailure();
      }
      prefix = exported.getPrefix().getValue();
      FailureOr<LLVM::GlobalOp> table = emitter.emitFunction(
          func, exported, ("__arrayc_abi_" + func.getSymName()).str(),
          LLVM::Linkage::Private);
      if (failed(table))
        return signalPassFailure();
      tables.push_back(*table);
    }
    if (failed(emitter.emitLibrary(libraryFuncs, tables, prefix)))
      return signalPassFailure();
  }
};

} // namespace
