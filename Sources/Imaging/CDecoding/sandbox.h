// Starting decoder processes (sandbox.c), for client.c.
#pragma once

#include "CDecoding.h"

#include <stdbool.h>
#include <sys/types.h>

// Starts the decoder (or, with `check`, `decoder --check`) with
// `child_socket` as its fd 3, in bubblewrap when `sandboxed`; standard
// output and error go to `output` when it is >= 0. The pid, or -1 with
// errno set.
pid_t lb_spawn(const LbDecoderConfig *config, bool sandboxed, int child_socket, int output, bool check);
