// The declaration in CFuzzer.h is all this target offers: libFuzzer
// defines the function. (SwiftPM wants a source file in every C target.)
#include "CFuzzer.h"
