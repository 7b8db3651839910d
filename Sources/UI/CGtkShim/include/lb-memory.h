// The process's heap (glibc malloc), for Swift: mallopt and its constants
// live in <malloc.h>, which Swift's Glibc module does not bring in.
#pragma once

// Blocks larger than `bytes` get a mapping of their own, given back to the
// system when freed. Fixing the threshold also stops glibc from raising it
// to the size of the largest block freed so far.
void lb_memory_map_blocks_over(int bytes);
