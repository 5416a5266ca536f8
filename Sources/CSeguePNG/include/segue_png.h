// PNG decoding through libpng's full (progressive-free, row-by-row) API. libpng reports errors
// by longjmp, which must never cross Swift frames: every libpng call and its setjmp live here.
#ifndef SEGUE_PNG_H
#define SEGUE_PNG_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;
    int color_type;
    int interlaced;
    /// libpng's error (on failure) or its last warning (on success), NUL-terminated.
    char message[200];
} segue_png_info;

/// Reads the header of the PNG in `data`. Returns 1 on success, 0 with `info->message` set.
int segue_png_read_info(const uint8_t *data, size_t size, segue_png_info *info);

/// Decodes the whole PNG in `data` to 8-bit straight RGBA into `pixels`, which must hold
/// width * height * 4 bytes (the size `segue_png_read_info` reported). Every colour type, bit
/// depth and interlacing; 16-bit samples become round(v / 257); gamma chunks are ignored, as
/// ffmpeg ignores them. Reads on to IEND, so a truncated file fails. Returns 1 on success, 0 with
/// `info->message` set.
int segue_png_decode_rgba8(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size, segue_png_info *info);

/// Receives `rows` decoded rows (8-bit straight RGBA, top row `y`) in the strip buffer; returns 0
/// to stop the decode (which then fails), 1 to go on.
typedef int (*segue_png_strip_fn)(void *context, uint32_t y, uint32_t rows, uint8_t *pixels);

/// As `segue_png_decode_rgba8`, but `strip_rows` rows at a time into `strip` (width * strip_rows *
/// 4 bytes), each strip handed to `on_strip` as it fills (the last may be shorter): the picture
/// is never held whole. Interlaced (Adam7) files are refused: every pass touches every row.
int segue_png_decode_rgba8_strips(const uint8_t *data, size_t size, uint8_t *strip, uint32_t strip_rows,
                                  segue_png_strip_fn on_strip, void *context, segue_png_info *info);

/// The size of the ICC profile in the PNG's iCCP chunk (0 when there is none or the header is
/// unreadable); with `out` of exactly that size, the profile's (inflated) bytes are copied there.
size_t segue_png_icc(const uint8_t *data, size_t size, uint8_t *out, size_t out_size);

/// What a PNG says of its colour besides its pixels: the sRGB and iCCP chunks' presence, gAMA's
/// file gamma (0.45455 for a 2.2 display gamma) and cHRM's chromaticities (white x, y, then
/// red, green, blue x, y).
typedef struct {
    int has_srgb, has_iccp, has_gama, has_chrm;
    double gama;
    double chrm[8];
} segue_png_color_info;

/// Fills `out` from the PNG's header chunks. Returns 1, or 0 when the header is unreadable.
int segue_png_color(const uint8_t *data, size_t size, segue_png_color_info *out);

#endif
