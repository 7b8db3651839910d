// lightbox-decoder: the helper process Lightbox decodes images in (see
// Sources/Decoder/CDecoderServer/server.c).
#include "CDecoderServer.h"

int main(int argc, char **argv) { return lb_decoder_main(argc, argv); }
