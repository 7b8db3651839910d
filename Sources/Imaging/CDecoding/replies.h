// Checking and unpacking a decoder's replies (replies.c), for client.c.
#pragma once

#include "CDecoding.h"
#include "lb-decoder-protocol.h"

#include <stddef.h>

// A FAILED reply: its reason into `result->message`. NONSENSE when it is
// not short, valid UTF-8 text, or came with a descriptor.
LbDecoderStatus lb_read_failure(const char *payload, size_t length, int fd, LbDecoderResult *result);

// An OK reply to `request`: the image, probe or metadata into `result`.
// Takes `fd` (closes it, or keeps it as the image's memory). NONSENSE when
// anything in it is out of bounds.
LbDecoderStatus lb_read_answer(int kind, const LbRequest *request, const char *payload, size_t length, int fd,
                               LbDecoderResult *result);
