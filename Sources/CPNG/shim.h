// libpng's simplified API reports errors through png_image.message, so no setjmp shim is needed.
#include <png.h>
