// libffi, for calls to C functions by a signature declared at run time (the `ffi` object and
// the embedding API's native functions). Only ffi_call is used: its closures are not, because
// their allocator may map memory writable and executable at once (xjs is W^X).
#include <ffi.h>

// The addresses of libffi's built-in type descriptors, for Swift (which cannot take the
// address of a C global reliably).
static inline ffi_type *xjs_ffi_type_void(void) { return &ffi_type_void; }
static inline ffi_type *xjs_ffi_type_uint8(void) { return &ffi_type_uint8; }
static inline ffi_type *xjs_ffi_type_sint8(void) { return &ffi_type_sint8; }
static inline ffi_type *xjs_ffi_type_uint16(void) { return &ffi_type_uint16; }
static inline ffi_type *xjs_ffi_type_sint16(void) { return &ffi_type_sint16; }
static inline ffi_type *xjs_ffi_type_uint32(void) { return &ffi_type_uint32; }
static inline ffi_type *xjs_ffi_type_sint32(void) { return &ffi_type_sint32; }
static inline ffi_type *xjs_ffi_type_uint64(void) { return &ffi_type_uint64; }
static inline ffi_type *xjs_ffi_type_sint64(void) { return &ffi_type_sint64; }
static inline ffi_type *xjs_ffi_type_float(void) { return &ffi_type_float; }
static inline ffi_type *xjs_ffi_type_double(void) { return &ffi_type_double; }
static inline ffi_type *xjs_ffi_type_pointer(void) { return &ffi_type_pointer; }
