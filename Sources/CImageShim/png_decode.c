// PNG decoding (libpng's simplified API, which handles its own longjmp), capped from the
// header before any pixel memory is allocated.
#include "image_decoders.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

int portal_image_decode_png(const unsigned char *bytes, size_t length, unsigned char **out_pixels, int *out_w,
                            int *out_h) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) return PORTAL_IMAGE_CORRUPT;
    // The header alone says how big the image claims to be; refuse before allocating.
    if (!portal_image_source_size_allowed(image.width, image.height)) {
        png_image_free(&image);
        return PORTAL_IMAGE_TOO_LARGE;
    }
    // RGBA, keeping the alpha (a sprite is drawn over the terminal's own colour); grey and
    // palette images become RGBA too.
    image.format = PNG_FORMAT_RGBA;
    unsigned char *pixels = malloc(PNG_IMAGE_SIZE(image));
    if (pixels == NULL) {
        png_image_free(&image);
        return PORTAL_IMAGE_NO_MEMORY;
    }
    if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
        png_image_free(&image);
        free(pixels);
        return PORTAL_IMAGE_CORRUPT;
    }
    *out_w = (int)image.width;
    *out_h = (int)image.height;
    *out_pixels = pixels;
    return PORTAL_IMAGE_OK;
}
