// libFuzzer's driver, for a harness that has a main function of its own.
#ifndef CXJS_FUZZ_H
#define CXJS_FUZZ_H

#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer with the given command line, calling `callback` for every input
/// (LLVM's FuzzerInterface.h). Provided by libclang_rt.fuzzer when linked with -sanitize=fuzzer.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
