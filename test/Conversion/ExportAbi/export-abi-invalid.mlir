// RUN: array-opt %s -array-export-abi -split-input-file -verify-diagnostics -o /dev/null

// The C names must not collide with the program's own symbols.
module {
  // expected-error @below {{the symbol name 'prog_f' is one of the library's C functions; rename it}}
  llvm.func @prog_f() {
    llvm.return
  }
  llvm.func @f() attributes {arrayrt.export = #arrayrt.export<kind = library, prefix = "prog", signature = () -> (), arg_names = []>} {
    llvm.return
  }
}

// -----

// expected-error @below {{array-export-abi: a module exports either one entry point or library functions}}
module {
  llvm.func @f() attributes {arrayrt.export = #arrayrt.export<kind = entry, prefix = "", signature = () -> (), arg_names = []>} {
    llvm.return
  }
  llvm.func @g() attributes {arrayrt.export = #arrayrt.export<kind = library, prefix = "p", signature = () -> (), arg_names = []>} {
    llvm.return
  }
}

// -----

// The function is not lowered as its signature says.
module {
  // expected-error @below {{array-export-abi: @f is not lowered as its export signature '(tensor<4xf32>) -> ()' says (expected memref descriptors and scalars)}}
  llvm.func @f(%x: f32) attributes {arrayrt.export = #arrayrt.export<kind = library, prefix = "p", signature = (tensor<4xf32>) -> (), arg_names = ["x"]>} {
    llvm.return
  }
}

// -----

// expected-error @below {{'arrayrt.export' is for functions}}
module attributes {arrayrt.export = #arrayrt.export<kind = entry, prefix = "", signature = () -> (), arg_names = []>} {
}

// -----

// expected-error @below {{has 0 arguments and 0 results but its 'arrayrt.export' signature '(tensor<4xf32>) -> ()'}}
func.func @f() attributes {arrayrt.export = #arrayrt.export<kind = entry, prefix = "", signature = (tensor<4xf32>) -> (), arg_names = ["x"]>} {
  return
}

// -----

// expected-error @below {{a library function needs a C name prefix, an entry point has none}}
func.func @f() attributes {arrayrt.export = #arrayrt.export<kind = library, prefix = "", signature = () -> (), arg_names = []>} {
  return
}

// -----

// expected-error @below {{has 0 argument names for 1 arguments}}
func.func @f(%x: tensor<4xf32>) attributes {arrayrt.export = #arrayrt.export<kind = entry, prefix = "", signature = (tensor<4xf32>) -> (), arg_names = []>} {
  return
}
