// FreeType's load flags are macros built from shifts and casts, which Swift does not import:
// they are re-exported here as constants.
#include <ft2build.h>
#include FT_FREETYPE_H
#include FT_OUTLINE_H

static const FT_Int32 segue_ft_load_no_hinting = FT_LOAD_NO_HINTING;
static const FT_Int32 segue_ft_load_no_bitmap = FT_LOAD_NO_BITMAP;
static const FT_Long segue_ft_face_flag_scalable = FT_FACE_FLAG_SCALABLE;
