#include "segue_jpeg.h"

#include <setjmp.h>
#include <stdio.h>
#include <string.h>
#include <jpeglib.h>
#include <jerror.h>

typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    segue_jpeg_result *result;
} error_handler;

// TurboJPEG's own handlers, so that the messages and what counts as a warning are its.
static void output_message(j_common_ptr cinfo) {
    error_handler *handler = (error_handler *)cinfo->err;
    (*cinfo->err->format_message)(cinfo, handler->result->message);
}

static void error_exit(j_common_ptr cinfo) {
    error_handler *handler = (error_handler *)cinfo->err;
    (*cinfo->err->output_message)(cinfo);
    handler->result->failed = 1;
    longjmp(handler->jump, 1);
}

static void emit_message(j_common_ptr cinfo, int level) {
    error_handler *handler = (error_handler *)cinfo->err;
    // libjpeg's default shows the first warning only (through output_message) and counts them.
    if (level < 0) {
        if (cinfo->err->num_warnings == 0) (*cinfo->err->output_message)(cinfo);
        cinfo->err->num_warnings++;
        handler->result->warned = 1;
    } else if (cinfo->err->trace_level >= level) {
        (*cinfo->err->output_message)(cinfo);
    }
}

int segue_jpeg_decode_rgba8_strips(const uint8_t *data, size_t size, uint32_t width, uint8_t *strip, uint32_t strip_rows,
                                   segue_jpeg_strip_fn on_strip, void *context, segue_jpeg_result *result) {
    memset(result, 0, sizeof *result);
    struct jpeg_decompress_struct cinfo;
    error_handler handler;
    handler.result = result;
    cinfo.err = jpeg_std_error(&handler.manager);
    handler.manager.error_exit = error_exit;
    handler.manager.output_message = output_message;
    handler.manager.emit_message = emit_message;
    jpeg_create_decompress(&cinfo);
    if (setjmp(handler.jump)) {
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    jpeg_mem_src(&cinfo, data, (unsigned long)size);
    jpeg_read_header(&cinfo, TRUE);
    cinfo.out_color_space = JCS_EXT_RGBA;
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_width != width || strip_rows == 0) {
        strncpy(result->message, "the strip buffer does not fit the image", sizeof result->message - 1);
        result->failed = 1;
        jpeg_destroy_decompress(&cinfo);
        return 0;
    }
    result->width = cinfo.output_width;
    result->height = cinfo.output_height;
    size_t row_bytes = (size_t)width * 4;
    JSAMPROW rows[64];
    while (cinfo.output_scanline < cinfo.output_height) {
        uint32_t y = cinfo.output_scanline;
        uint32_t count = cinfo.output_height - y < strip_rows ? cinfo.output_height - y : strip_rows;
        uint32_t done = 0;
        while (done < count) {
            uint32_t ask = count - done < 64 ? count - done : 64;
            for (uint32_t i = 0; i < ask; i++) rows[i] = strip + (size_t)(done + i) * row_bytes;
            JDIMENSION read = jpeg_read_scanlines(&cinfo, rows, ask);
            // A memory source never suspends; no rows would mean a loop without end.
            if (read == 0) ERREXIT(&cinfo, JERR_INPUT_EMPTY);
            done += read;
        }
        if (!on_strip(context, y, count, strip)) {
            strncpy(result->message, "the strip's receiver stopped the decode", sizeof result->message - 1);
            result->failed = 1;
            jpeg_destroy_decompress(&cinfo);
            return 0;
        }
    }
    jpeg_finish_decompress(&cinfo);
    jpeg_destroy_decompress(&cinfo);
    return 1;
}
