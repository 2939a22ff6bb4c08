//===- SharedLibrary.cpp - libarrayrt.so ----------------------------------===//
//
// The shared runtime is libarrayrt.a linked whole (CMakeLists.txt); this
// file only gives the target a source of its own.
//
//===----------------------------------------------------------------------===//

#include "arrayrt/arrayrt.h"
