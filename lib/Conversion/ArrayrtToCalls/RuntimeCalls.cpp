//===- RuntimeCalls.cpp - The one builder of arrayrt calls ----------------===//

#include "RuntimeCalls.h"

#include "arrayc/Dialect/Array/IR/SourceLocation.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace mlir::arrayrt;

std::optional<arrayrt_dtype_t> arrayrt::getDtype(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type)) {
    bool isUnsigned = intType.isUnsigned();
    switch (intType.getWidth()) {
    case 1:
      if (isUnsigned)
        return std::nullopt;
      return ARRAYRT_DTYPE_I1;
    case 8:
      return isUnsigned ? ARRAYRT_DTYPE_UI8 : ARRAYRT_DTYPE_I8;
    case 16:
      return isUnsigned ? ARRAYRT_DTYPE_UI16 : ARRAYRT_DTYPE_I16;
    case 32:
      return isUnsigned ? ARRAYRT_DTYPE_UI32 : ARRAYRT_DTYPE_I32;
    case 64:
      return isUnsigned ? ARRAYRT_DTYPE_UI64 : ARRAYRT_DTYPE_I64;
    default:
      return std::nullopt;
    }
  }
  if (type.isF16())
    return ARRAYRT_DTYPE_F16;
  if (type.isBF16())
    return ARRAYRT_DTYPE_BF16;
  if (type.isF32())
    return ARRAYRT_DTYPE_F32;
  if (type.isF64())
    return ARRAYRT_DTYPE_F64;
  return std::nullopt;
}

std::string arrayrt::getDtypeSuffix(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return (intType.isUnsigned() ? "ui" : "i") +
           std::to_string(intType.getWidth());
  if (type.isBF16())
    return "bf16";
  return "f" + std::to_string(type.getIntOrFloatBitWidth());
}

/// Returns the declaration of runtime function `name`, adding it to the
/// module on first use. Fails, with an error at `user`, when the module
/// already has a different symbol of that name.
static FailureOr<func::FuncOp> getOrDeclare(OpBuilder &b, Operation *user,
                                            StringRef name, FunctionType type) {
  auto module = user->getParentOfType<ModuleOp>();
  if (Operation *existing = module.lookupSymbol(name)) {
    auto func = dyn_cast<func::FuncOp>(existing);
    if (func && func.getFunctionType() == type)
      return func;
    user->emitOpError("needs runtime function @")
        << name << " of type " << type
        << ", but the module already defines that symbol differently";
    return failure();
  }
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(module.getBody());
  auto decl = func::FuncOp::create(b, module.getLoc(), name, type);
  decl.setPrivate();
  return decl;
}

Value arrayrt::getStringConstant(OpBuilder &b, Operation *user, StringRef name,
                                 StringRef text) {
  Location loc = user->getLoc();
  MLIRContext *context = b.getContext();
  auto module = user->getParentOfType<ModuleOp>();
  std::string contents = text.str();
  contents.push_back('\0');
  StringAttr value = b.getStringAttr(contents);
  LLVM::GlobalOp global;
  for (auto existing : module.getOps<LLVM::GlobalOp>()) {
    StringRef symbol = existing.getSymName();
    if (existing.getConstant() && existing.getValueAttr() == value &&
        symbol.starts_with(name) &&
        (symbol.size() == name.size() || symbol[name.size()] == '_')) {
      global = existing;
      break;
    }
  }
  if (!global) {
    // Created detached, so that the symbol table's insert makes the name
    // unique.
    OpBuilder detached(context);
    auto type =
        LLVM::LLVMArrayType::get(IntegerType::get(context, 8), contents.size());
    global = LLVM::GlobalOp::create(detached, loc, type, /*isConstant=*/true,
                                    LLVM::Linkage::Internal, name, value);
    SymbolTable(module).insert(global, module.getBody()->begin());
  }
  return LLVM::AddressOfOp::create(b, loc, global);
}

Value arrayrt::toPointer(OpBuilder &b, Location loc, Value value) {
  return UnrealizedConversionCastOp::create(
             b, loc, LLVM::LLVMPointerType::get(b.getContext()), value)
      .getResult(0);
}

Value arrayrt::fromPointer(OpBuilder &b, Location loc, Value pointer,
                           Type type) {
  return UnrealizedConversionCastOp::create(b, loc, type, pointer).getResult(0);
}

RuntimeCall::RuntimeCall(OpBuilder &b, Operation *op)
    : b(b), op(op), loc(op->getLoc()),
      ptrType(LLVM::LLVMPointerType::get(op->getContext())) {}

Value arrayrt::getDataPointer(OpBuilder &b, Location loc, Value buffer) {
  Value address =
      memref::ExtractAlignedPointerAsIndexOp::create(b, loc, buffer);
  Value integer = arith::IndexCastOp::create(b, loc, b.getI64Type(), address);
  return LLVM::IntToPtrOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), integer);
}

RuntimeCall &RuntimeCall::add(Value value) {
  values.push_back(value);
  return *this;
}

/// The LLVM lowering of `memref.cast` to an unranked memref builds the
/// descriptor (on the stack); an unrealized cast to its LLVM struct, which
/// reconciles with that lowering, takes it apart.
RuntimeCall &RuntimeCall::addBuffer(Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  auto unranked =
      UnrankedMemRefType::get(type.getElementType(), type.getMemorySpace());
  Value erased = memref::CastOp::create(b, loc, unranked, buffer);
  auto structType = LLVM::LLVMStructType::getLiteral(b.getContext(),
                                                     {b.getI64Type(), ptrType});
  Value descriptor =
      UnrealizedConversionCastOp::create(b, loc, structType, erased)
          .getResult(0);
  add(LLVM::ExtractValueOp::create(b, loc, descriptor, 0));
  return add(LLVM::ExtractValueOp::create(b, loc, descriptor, 1));
}

RuntimeCall &RuntimeCall::addUnranked(Value buffer) {
  auto type = cast<MemRefType>(buffer.getType());
  auto unranked =
      UnrankedMemRefType::get(type.getElementType(), type.getMemorySpace());
  return add(memref::CastOp::create(b, loc, unranked, buffer));
}

RuntimeCall &RuntimeCall::addI32(int32_t value) {
  return add(arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(value)));
}

RuntimeCall &RuntimeCall::addI64(int64_t value) {
  return add(arith::ConstantOp::create(b, loc, b.getI64IntegerAttr(value)));
}

RuntimeCall &RuntimeCall::addF64(double value) {
  return add(arith::ConstantOp::create(b, loc, b.getF64FloatAttr(value)));
}

RuntimeCall &RuntimeCall::addIndex(Value index) {
  return add(arith::IndexCastOp::create(b, loc, b.getI64Type(), index));
}

RuntimeCall &RuntimeCall::addDtype(Type element) {
  return addI32(*getDtype(element));
}

RuntimeCall &RuntimeCall::addString(StringRef name, StringRef text) {
  return add(getStringConstant(b, op, name, text));
}

RuntimeCall &RuntimeCall::addLocation() {
  std::string text = array::formatSourceLocation(loc);
  if (text.empty())
    return addNull();
  return addString("arrayrt_location", text);
}

RuntimeCall &RuntimeCall::addLabel() {
  std::string text = array::formatOpLabel(loc);
  if (text.empty())
    return addNull();
  return addString("arrayrt_op_label", text);
}

RuntimeCall &RuntimeCall::addNull() {
  return add(LLVM::ZeroOp::create(b, loc, ptrType));
}

RuntimeCall &RuntimeCall::addHandle(Value handle) {
  return add(toPointer(b, loc, handle));
}

RuntimeCall &RuntimeCall::addStream(Value stream) {
  return stream ? addHandle(stream) : addNull();
}

FailureOr<func::CallOp> RuntimeCall::call(StringRef name, TypeRange results) {
  FailureOr<func::FuncOp> callee = getOrDeclare(
      b, op, name, b.getFunctionType(ValueRange(values).getTypes(), results));
  if (failed(callee))
    return failure();
  return func::CallOp::create(b, loc, *callee, values);
}
