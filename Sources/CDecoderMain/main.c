// lightbox-decoder: the helper process Lightbox decodes images in (see
// Sources/CDecoding/server.c).
#include "CDecoding.h"

int main(int argc, char **argv) { return lb_decoder_main(argc, argv); }
