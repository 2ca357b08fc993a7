// Giving freed heap memory back to the system after a burst of decodes.
#include "portal_image.h"

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int portal_image_release_freed_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
