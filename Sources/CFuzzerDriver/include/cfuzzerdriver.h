#ifndef CROPSIM_CFUZZERDRIVER_H
#define CROPSIM_CFUZZERDRIVER_H

#include <stddef.h>
#include <stdint.h>

typedef int (*cropsim_fuzz_callback)(const uint8_t *data, size_t size);

/* Runs libFuzzer's driver with `callback` when the binary was linked with -sanitize=fuzzer.
   Returns -1 without doing anything otherwise, so the same executable also builds and runs in an
   ordinary `swift build`. */
int cropsim_fuzz_run_driver(int *argc, char ***argv, cropsim_fuzz_callback callback);

#endif
