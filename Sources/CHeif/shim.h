#include <libheif/heif.h>
#include <stddef.h>
#include <string.h>

// libheif's primary image as Segue reads it: the C side keeps the context, handle and image
// (and libheif's error structs) so Swift sees plain ints.
typedef struct {
    struct heif_context *context;
    struct heif_image_handle *handle;
    struct heif_image *image;
    int width, height;  // the displayed size (libheif applies the file's irot/imir)
} segue_heif;

// Opens the primary image of `data` (which must outlive the reader). 0 on success.
static inline int segue_heif_open(const void *data, size_t size, segue_heif *reader) {
    memset(reader, 0, sizeof *reader);
    reader->context = heif_context_alloc();
    if (!reader->context) return 1;
    if (heif_context_read_from_memory_without_copy(reader->context, data, size, NULL).code != heif_error_Ok) return 2;
    if (heif_context_get_primary_image_handle(reader->context, &reader->handle).code != heif_error_Ok) return 3;
    reader->width = heif_image_handle_get_width(reader->handle);
    reader->height = heif_image_handle_get_height(reader->handle);
    return 0;
}

// The size of the raw ICC profile (0 when the image has none, or its colour is nclx).
static inline size_t segue_heif_icc_size(const segue_heif *reader) {
    enum heif_color_profile_type type = heif_image_handle_get_color_profile_type(reader->handle);
    if (type != heif_color_profile_type_prof && type != heif_color_profile_type_rICC) return 0;
    return heif_image_handle_get_raw_color_profile_size(reader->handle);
}

static inline int segue_heif_icc(const segue_heif *reader, void *buffer) {
    return heif_image_handle_get_raw_color_profile(reader->handle, buffer).code == heif_error_Ok ? 0 : 1;
}

// The image's nclx colour (H.273 code points) when it has one: its primaries' and white's
// chromaticities (`xy`: white x, y, then red, green, blue x, y, as libheif derives them from the
// primaries' code point) and its transfer characteristic. 1 when there is an nclx profile.
static inline int segue_heif_nclx(const segue_heif *reader, double xy[8], int *primaries, int *transfer) {
    struct heif_color_profile_nclx *nclx = NULL;
    if (heif_image_handle_get_nclx_color_profile(reader->handle, &nclx).code != heif_error_Ok || !nclx) return 0;
    double values[8] = {nclx->color_primary_white_x, nclx->color_primary_white_y, nclx->color_primary_red_x,
                        nclx->color_primary_red_y, nclx->color_primary_green_x, nclx->color_primary_green_y,
                        nclx->color_primary_blue_x, nclx->color_primary_blue_y};
    memcpy(xy, values, sizeof values);
    *primaries = (int)nclx->color_primaries;
    *transfer = (int)nclx->transfer_characteristics;
    heif_nclx_color_profile_free(nclx);
    return 1;
}

// The first Exif block's size (0 when none) and its bytes (a 4-byte offset, then TIFF data).
static inline size_t segue_heif_exif_size(const segue_heif *reader) {
    heif_item_id id;
    if (heif_image_handle_get_list_of_metadata_block_IDs(reader->handle, "Exif", &id, 1) < 1) return 0;
    return heif_image_handle_get_metadata_size(reader->handle, id);
}

static inline int segue_heif_exif(const segue_heif *reader, void *buffer) {
    heif_item_id id;
    if (heif_image_handle_get_list_of_metadata_block_IDs(reader->handle, "Exif", &id, 1) < 1) return 1;
    return heif_image_handle_get_metadata(reader->handle, id, buffer).code == heif_error_Ok ? 0 : 1;
}

// Decodes to 8-bit RGBA (straight alpha, opaque without an alpha plane) into `pixels`
// (width * height * 4 bytes, the size `segue_heif_open` reported). 0 on success.
static inline int segue_heif_decode_rgba(segue_heif *reader, unsigned char *pixels, size_t size) {
    if (heif_decode_image(reader->handle, &reader->image, heif_colorspace_RGB, heif_chroma_interleaved_RGBA, NULL).code != heif_error_Ok)
        return 1;
    int width = heif_image_get_width(reader->image, heif_channel_interleaved);
    int height = heif_image_get_height(reader->image, heif_channel_interleaved);
    if (width != reader->width || height != reader->height || (size_t)width * (size_t)height * 4 != size) return 2;
    int stride = 0;
    const uint8_t *plane = heif_image_get_plane_readonly(reader->image, heif_channel_interleaved, &stride);
    if (!plane) return 3;
    for (int y = 0; y < height; y++) memcpy(pixels + (size_t)y * width * 4, plane + (size_t)y * stride, (size_t)width * 4);
    return 0;
}

static inline void segue_heif_close(segue_heif *reader) {
    if (reader->image) heif_image_release(reader->image);
    if (reader->handle) heif_image_handle_release(reader->handle);
    if (reader->context) heif_context_free(reader->context);
    memset(reader, 0, sizeof *reader);
}
