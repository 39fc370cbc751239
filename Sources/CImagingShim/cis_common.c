#include "cimaging.h"

#include <stdlib.h>
#include <unistd.h>

void cis_free(void *pointer) { free(pointer); }

FILE *cis_open_stream(int fd) {
    int copy = dup(fd);
    if (copy < 0) return NULL;
    FILE *file = fdopen(copy, "rb");
    if (file == NULL) close(copy);
    return file;
}
