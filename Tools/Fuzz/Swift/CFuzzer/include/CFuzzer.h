#pragma once
#include <stddef.h>
#include <stdint.h>

// libFuzzer's entry for programs that have their own main (SwiftPM gives
// every executable one): runs the fuzzer with the command line's options,
// calling `test_one_input` for each input. Present only when linked with
// -sanitize=fuzzer (see Tools/Fuzz/Swift/Entry/Entry.swift).
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*test_one_input)(const uint8_t *data, size_t size));
