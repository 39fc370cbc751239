// libwebp's encoder and its animation encoder (libwebpmux). libwebp reports errors by return
// codes and never longjmps, so Swift calls it directly, without a shim.
#include <webp/encode.h>
#include <webp/mux.h>
