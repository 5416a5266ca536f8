// JPEG decoding a strip of rows at a time through libjpeg-turbo's libjpeg API (TurboJPEG, which
// Segue decodes whole pictures with, has no row access). libjpeg reports errors by longjmp, which
// must never cross Swift frames: every libjpeg call and its setjmp live here.
#ifndef SEGUE_JPEG_H
#define SEGUE_JPEG_H

#include <stddef.h>
#include <stdint.h>

/// Receives `rows` decoded rows (8-bit RGBA, top row `y`) in the strip buffer; returns 0 to stop
/// the decode (which then fails), 1 to go on.
typedef int (*segue_jpeg_strip_fn)(void *context, uint32_t y, uint32_t rows, uint8_t *pixels);

typedef struct {
    uint32_t width;
    uint32_t height;
    /// libjpeg stopped with an error (`message` says which).
    int failed;
    /// libjpeg warned (a file cut short decodes on with grey rows, warning "Premature end of JPEG
    /// file"); `message` holds the first warning unless an error came after it.
    int warned;
    char message[200];
} segue_jpeg_result;

/// Decodes the JPEG in `data` at its full size to RGBA as TurboJPEG's tjDecompress2 does with no
/// flags (the same library, settings and messages), `strip_rows` rows at a time into `strip`
/// (width * strip_rows * 4 bytes, the width the caller read from the header), each strip handed
/// to `on_strip` as it fills. Returns 1 when the decode ran to its end, warnings or not.
int segue_jpeg_decode_rgba8_strips(const uint8_t *data, size_t size, uint32_t width, uint8_t *strip, uint32_t strip_rows,
                                   segue_jpeg_strip_fn on_strip, void *context, segue_jpeg_result *result);

#endif
