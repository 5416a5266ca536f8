#include "segue_png.h"

#include <png.h>
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const uint8_t *data;
    size_t size;
    size_t offset;
    segue_png_info *info;
} reader;

static void copy_message(segue_png_info *info, const char *message) {
    strncpy(info->message, message ? message : "", sizeof info->message - 1);
    info->message[sizeof info->message - 1] = 0;
}

static void on_error(png_structp png, png_const_charp message) {
    reader *r = png_get_error_ptr(png);
    copy_message(r->info, message);
    png_longjmp(png, 1);
}

static void on_warning(png_structp png, png_const_charp message) {
    reader *r = png_get_error_ptr(png);
    copy_message(r->info, message);
}

static void on_read(png_structp png, png_bytep out, size_t length) {
    reader *r = png_get_io_ptr(png);
    if (length > r->size - r->offset) png_error(png, "the file is truncated (read beyond end of data)");
    memcpy(out, r->data + r->offset, length);
    r->offset += length;
}

/// Decodes between png_create_read_struct and png_destroy_read_struct, with errors caught: the
/// whole picture into `pixels` or, with `on_strip`, `strip_rows` rows at a time into `pixels`
/// (a strip buffer), handing each strip over. The buffers outlive any longjmp.
static int decode(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size, uint32_t strip_rows,
                  segue_png_strip_fn on_strip, void *context, segue_png_info *info) {
    memset(info, 0, sizeof *info);
    reader r = {data, size, 0, info};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, on_error, on_warning);
    if (!png) {
        copy_message(info, "out of memory");
        return 0;
    }
    png_infop header = png_create_info_struct(png);
    // Volatile: assigned between setjmp and a longjmp, read after it.
    png_bytep *volatile rows = NULL;
    if (!header || setjmp(png_jmpbuf(png))) {
        free(rows);
        png_destroy_read_struct(&png, header ? &header : NULL, NULL);
        if (!info->message[0]) copy_message(info, "out of memory");
        return 0;
    }
    png_set_read_fn(png, &r, on_read);
    png_read_info(png, header);
    info->width = png_get_image_width(png, header);
    info->height = png_get_image_height(png, header);
    info->bit_depth = png_get_bit_depth(png, header);
    info->color_type = png_get_color_type(png, header);
    info->interlaced = png_get_interlace_type(png, header) != PNG_INTERLACE_NONE;
    if (!pixels) {
        png_destroy_read_struct(&png, &header, NULL);
        info->message[0] = 0;  // a warning about a later chunk is not this call's business
        return 1;
    }
    if (on_strip) {
        if (info->interlaced) png_error(png, "an interlaced PNG decodes whole (Adam7 fills every row on each pass)");
        if (strip_rows == 0 || (size_t)info->width * strip_rows * 4 != pixels_size) png_error(png, "the strip buffer does not fit the image");
    } else if ((size_t)info->width * info->height * 4 != pixels_size) {
        png_error(png, "the pixel buffer does not fit the image");
    }

    int color = info->color_type;
    if (color == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(png);
    if (color == PNG_COLOR_TYPE_GRAY && info->bit_depth < 8) png_set_expand_gray_1_2_4_to_8(png);
    int has_alpha = (color & PNG_COLOR_MASK_ALPHA) != 0;
    if (png_get_valid(png, header, PNG_INFO_tRNS)) {
        png_set_tRNS_to_alpha(png);
        has_alpha = 1;
    }
    if (!(color & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(png);
    // Rounds (v * 255 + 32767) / 65535, where png_set_strip_16 would drop the low byte.
    if (info->bit_depth == 16) png_set_scale_16(png);
    if (!has_alpha) png_set_add_alpha(png, 0xffff, PNG_FILLER_AFTER);
    // Adam7: png_read_image runs the seven passes, each widening the same rows.
    png_set_interlace_handling(png);
    png_read_update_info(png, header);
    if (png_get_rowbytes(png, header) != (size_t)info->width * 4) png_error(png, "unexpected row size after conversion");

    if (on_strip) {
        size_t row_bytes = (size_t)info->width * 4;
        for (uint32_t y = 0; y < info->height; y += strip_rows) {
            uint32_t count = info->height - y < strip_rows ? info->height - y : strip_rows;
            for (uint32_t i = 0; i < count; i++) png_read_row(png, pixels + i * row_bytes, NULL);
            if (!on_strip(context, y, count, pixels)) png_error(png, "the strip's receiver stopped the decode");
        }
    } else {
        rows = malloc(sizeof(png_bytep) * info->height);
        if (!rows) png_error(png, "out of memory");
        for (uint32_t y = 0; y < info->height; y++) rows[y] = pixels + (size_t)y * info->width * 4;
        png_read_image(png, rows);
    }
    png_read_end(png, NULL);
    free(rows);
    png_destroy_read_struct(&png, &header, NULL);
    return 1;
}

int segue_png_read_info(const uint8_t *data, size_t size, segue_png_info *info) {
    return decode(data, size, NULL, 0, 0, NULL, NULL, info);
}

int segue_png_decode_rgba8(const uint8_t *data, size_t size, uint8_t *pixels, size_t pixels_size, segue_png_info *info) {
    if (!pixels) {
        memset(info, 0, sizeof *info);
        copy_message(info, "no pixel buffer");
        return 0;
    }
    return decode(data, size, pixels, pixels_size, 0, NULL, NULL, info);
}

int segue_png_decode_rgba8_strips(const uint8_t *data, size_t size, uint8_t *strip, uint32_t strip_rows,
                                  segue_png_strip_fn on_strip, void *context, segue_png_info *info) {
    if (!strip || !on_strip) {
        memset(info, 0, sizeof *info);
        copy_message(info, "no strip buffer");
        return 0;
    }
    segue_png_info header;
    if (!decode(data, size, NULL, 0, 0, NULL, NULL, &header)) {
        *info = header;
        return 0;
    }
    return decode(data, size, strip, (size_t)header.width * strip_rows * 4, strip_rows, on_strip, context, info);
}

/* Reads a PNG's header chunks (no pixels) and hands them to `read`; 0 when libpng refuses the
 * stream. The one place the header-only entry points set libpng up and its longjmp lands. */
typedef void (*header_reader)(png_structp png, png_infop header, void *context);

static int read_header(const uint8_t *data, size_t size, header_reader read, void *context) {
    segue_png_info info;
    memset(&info, 0, sizeof info);
    reader r = {data, size, 0, &info};
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &r, on_error, on_warning);
    if (!png) return 0;
    png_infop header = png_create_info_struct(png);
    if (!header || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, header ? &header : NULL, NULL);
        return 0;
    }
    png_set_read_fn(png, &r, on_read);
    png_read_info(png, header);
    read(png, header, context);
    png_destroy_read_struct(&png, &header, NULL);
    return 1;
}

typedef struct {
    uint8_t *out;
    size_t out_size;
    size_t found;
} icc_request;

static void read_icc(png_structp png, png_infop header, void *context) {
    icc_request *request = context;
    png_charp name = NULL;
    int compression = 0;
    png_bytep profile = NULL;
    png_uint_32 length = 0;
    if (png_get_iCCP(png, header, &name, &compression, &profile, &length) & PNG_INFO_iCCP) {
        request->found = length;
        if (request->out && request->out_size == length) memcpy(request->out, profile, length);
    }
}

size_t segue_png_icc(const uint8_t *data, size_t size, uint8_t *out, size_t out_size) {
    icc_request request = {out, out_size, 0};
    return read_header(data, size, read_icc, &request) ? request.found : 0;
}

static void read_color(png_structp png, png_infop header, void *context) {
    segue_png_color_info *out = context;
    out->has_srgb = png_get_valid(png, header, PNG_INFO_sRGB) != 0;
    out->has_iccp = png_get_valid(png, header, PNG_INFO_iCCP) != 0;
    png_fixed_point gamma = 0;
    if (png_get_gAMA_fixed(png, header, &gamma) & PNG_INFO_gAMA) {
        out->has_gama = 1;
        out->gama = gamma / 100000.0;
    }
    png_fixed_point c[8];
    if (png_get_cHRM_fixed(png, header, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7]) & PNG_INFO_cHRM) {
        out->has_chrm = 1;
        for (int i = 0; i < 8; i++) out->chrm[i] = c[i] / 100000.0;
    }
}

int segue_png_color(const uint8_t *data, size_t size, segue_png_color_info *out) {
    memset(out, 0, sizeof *out);
    return read_header(data, size, read_color, out);
}
