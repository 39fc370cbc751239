// Little CMS pixel formats are built by function-like macros Swift cannot import; they are
// assembled here.
#include "cimaging.h"

static cmsUInt32Number input_format(cis_color_model model, int has_alpha, int inverted_cmyk, int bytes) {
    switch (model) {
    case CIS_GRAY:
        return COLORSPACE_SH(PT_GRAY) | CHANNELS_SH(1) | EXTRA_SH(has_alpha ? 1 : 0) | BYTES_SH(bytes);
    case CIS_CMYK:
        return COLORSPACE_SH(PT_CMYK) | CHANNELS_SH(4) | BYTES_SH(bytes) | FLAVOR_SH(inverted_cmyk ? 1 : 0);
    case CIS_RGB:
    default:
        return COLORSPACE_SH(PT_RGB) | CHANNELS_SH(3) | EXTRA_SH(has_alpha ? 1 : 0) | BYTES_SH(bytes);
    }
}

/// One rendering intent for every source: relative colorimetric, with black-point compensation.
/// Matrix/shaper profiles (every RGB and gray source we build, most embedded RGB profiles) only
/// have that intent; a lookup-table profile (typically CMYK) would otherwise pick its own
/// perceptual table and shift in-gamut colors. Black-point compensation maps the profile's black
/// (a CMYK press black is far from L* 0) to sRGB's, as Photoshop's default does, instead of
/// clipping the shadows; for sources whose black is already 0 it changes nothing.
static const cmsUInt32Number intent = INTENT_RELATIVE_COLORIMETRIC;

cmsHTRANSFORM cis_lcms_transform_to_srgb(cmsHPROFILE profile, cis_color_model model, int has_alpha,
                                         int inverted_cmyk, int bytes) {
    cmsHPROFILE srgb = cmsCreate_sRGBProfile();
    if (srgb == NULL) return NULL;
    int alpha = has_alpha && model != CIS_CMYK;
    cmsUInt32Number output = COLORSPACE_SH(PT_RGB) | CHANNELS_SH(3) | EXTRA_SH(alpha ? 1 : 0) | BYTES_SH(bytes);
    cmsHTRANSFORM transform = cmsCreateTransform(profile, input_format(model, alpha, inverted_cmyk, bytes), srgb, output,
                                                 intent, cmsFLAGS_BLACKPOINTCOMPENSATION | (alpha ? cmsFLAGS_COPY_ALPHA : 0));
    cmsCloseProfile(srgb);
    return transform;
}
