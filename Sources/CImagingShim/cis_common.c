#include "cimaging.h"

#include <stdlib.h>

void cis_free(void *pointer) { free(pointer); }
