#include <lcms2.h>

// lcms2's pixel formats are function-like macros, which Swift cannot import: the ones Segue
// uses, as constants.
static const cmsUInt32Number SEGUE_TYPE_RGB_16 = TYPE_RGB_16;

// Converts `count` RGBA8 pixels in place from the RGB ICC profile `icc` (`size` bytes) to sRGB,
// relative colorimetric intent (what browsers' engines apply to the matrix-shaper profiles
// photos carry; lcms2's perceptual adds black-point scaling to v4 profiles), alpha kept. The
// transform runs at 16 bits, a few thousand pixels at a time: lcms2's optimised 8-bit path is
// off by up to 6 levels in the darks, where sRGB's curve is steepest.
// 0: done; 1: lcms2 cannot read the profile; 2: it is not an RGB profile; 3: no transform.
static inline int segue_icc_rgba8_to_srgb(const void *icc, cmsUInt32Number size, void *pixels, cmsUInt32Number count) {
    cmsHPROFILE source = cmsOpenProfileFromMem(icc, size);
    if (!source) return 1;
    if (cmsGetColorSpace(source) != cmsSigRgbData) {
        cmsCloseProfile(source);
        return 2;
    }
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    cmsHTRANSFORM transform = srgb ? cmsCreateTransform(source, TYPE_RGB_16, srgb, TYPE_RGB_16, INTENT_RELATIVE_COLORIMETRIC, 0) : NULL;
    cmsCloseProfile(source);
    if (srgb) cmsCloseProfile(srgb);
    if (!transform) return 3;
    enum { chunk = 4096 };
    cmsUInt16Number wide[chunk * 3];
    unsigned char *rgba = (unsigned char *)pixels;
    for (cmsUInt32Number start = 0; start < count; start += chunk) {
        cmsUInt32Number n = count - start < chunk ? count - start : chunk;
        unsigned char *p = rgba + (size_t)start * 4;
        for (cmsUInt32Number i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) wide[3 * i + c] = (cmsUInt16Number)(p[4 * i + c] * 257);
        }
        cmsDoTransform(transform, wide, wide, n);
        for (cmsUInt32Number i = 0; i < n; i++) {
            for (int c = 0; c < 3; c++) p[4 * i + c] = (unsigned char)((wide[3 * i + c] * 255u + 32767u) / 65535u);
        }
    }
    cmsDeleteTransform(transform);
    return 0;
}

// The transfer curves `segue_icc_make_rgb` builds a profile with (stored value → linear).
enum {
    SEGUE_CURVE_SRGB = 0,   // IEC 61966-2-1
    SEGUE_CURVE_POWER = 1,  // value^gamma (PNG's gAMA: gamma = 1 / file gamma)
};

// An RGB matrix-shaper ICC profile from chromaticities (`xy`: white x, y, then red, green,
// blue x, y) and a curve, written into `out` (when not NULL and `*size` is large enough);
// `*size` is set to the profile's bytes. lcms2 adapts the white to D50 (Bradford), as for any
// v4 profile. 0: done; 1: lcms2 refused the primaries or curve; 2: `out` too small.
static inline int segue_icc_make_rgb(const double xy[8], int curve, double gamma, void *out, cmsUInt32Number *size) {
    cmsCIExyY white = {xy[0], xy[1], 1};
    cmsCIExyYTRIPLE primaries = {{xy[2], xy[3], 1}, {xy[4], xy[5], 1}, {xy[6], xy[7], 1}};
    cmsToneCurve *tone;
    if (curve == SEGUE_CURVE_SRGB) {
        // Parametric type 4: Y = (aX + b)^g for X >= d, else cX.
        cmsFloat64Number p[5] = {2.4, 1 / 1.055, 0.055 / 1.055, 1 / 12.92, 0.04045};
        tone = cmsBuildParametricToneCurve(NULL, 4, p);
    } else {
        tone = cmsBuildGamma(NULL, gamma);
    }
    if (!tone) return 1;
    cmsToneCurve *curves[3] = {tone, tone, tone};
    cmsHPROFILE profile = cmsCreateRGBProfile(&white, &primaries, curves);
    cmsFreeToneCurve(tone);
    if (!profile) return 1;
    cmsUInt32Number needed = 0;
    int status = cmsSaveProfileToMem(profile, NULL, &needed) ? 0 : 1;
    if (status == 0 && out) {
        if (*size < needed) status = 2;
        else if (!cmsSaveProfileToMem(profile, out, &needed)) status = 1;
    }
    *size = needed;
    cmsCloseProfile(profile);
    return status;
}
