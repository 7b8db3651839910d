#include "lb-memory.h"

#include <malloc.h>

void lb_memory_map_blocks_over(int bytes) {
    mallopt(M_MMAP_THRESHOLD, bytes);
}
