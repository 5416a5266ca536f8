// HarfBuzz shapes with its own OpenType font functions (hb_font_create on a face read from the
// font file), so shaping does not depend on FreeType's hinting; FreeType only rasterises.
#include <hb.h>
