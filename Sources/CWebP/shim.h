// libwebp's simple decoding API: header probe, features, decode into a caller's buffer.
#include <webp/decode.h>

// WebPGetFeatures is a static inline wrapper over a versioned symbol; this keeps the version
// check where the header puts it.
static inline int segue_webp_features(const uint8_t *data, size_t size, WebPBitstreamFeatures *features) {
    return WebPGetFeatures(data, size, features) == VP8_STATUS_OK;
}
