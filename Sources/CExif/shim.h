#include <libexif/exif-data.h>

// The EXIF orientation (1...8) in `data`, a JPEG file or an EXIF block ("Exif\0\0" + TIFF);
// 0 when there is none or it is out of range. In C because ExifData's IFD array and the
// byte order it needs come through to Swift as a tuple and a macro.
static inline int segue_exif_orientation(const unsigned char *data, unsigned int size) {
    ExifData *exif = exif_data_new_from_data(data, size);
    if (!exif) return 0;
    int orientation = 0;
    ExifEntry *entry = exif_content_get_entry(exif->ifd[EXIF_IFD_0], EXIF_TAG_ORIENTATION);
    if (entry && entry->format == EXIF_FORMAT_SHORT && entry->components >= 1 && entry->data && entry->size >= 2) {
        int value = exif_get_short(entry->data, exif_data_get_byte_order(exif));
        if (value >= 1 && value <= 8) orientation = value;
    }
    exif_data_unref(exif);
    return orientation;
}
