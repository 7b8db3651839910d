// CDecoderServer: lightbox-decoder, the helper process images are decoded
// and photos' metadata parsed in (server.c), with its limits (limits.c)
// and seccomp filter (seccomp.c). The app links only the client side
// (CDecoding); the parsers (CImaging's decoding, CMetadata) run here.
#pragma once

// lightbox-decoder's main: `lightbox-decoder --socket FD --memory BYTES --cpu SECONDS`.
int lb_decoder_main(int argc, char **argv);
