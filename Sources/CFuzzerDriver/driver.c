#include "cfuzzerdriver.h"

/* Weak: resolved only when libFuzzer is linked in (-sanitize=fuzzer); null in ordinary builds. */
extern int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size))
    __attribute__((weak));

int cropsim_fuzz_run_driver(int *argc, char ***argv, cropsim_fuzz_callback callback) {
    if (!LLVMFuzzerRunDriver) return -1;
    return LLVMFuzzerRunDriver(argc, argv, callback);
}
