// A picture's bytes to RGBA of the size drawn: the format sniffed, decoded, box-filtered.
#include "image_decoders.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

int portal_decode_picture(const unsigned char *bytes, size_t length, int max_w, int max_h,
                          unsigned char *out_rgba, int *out_w, int *out_h) {
    if (bytes == NULL || out_rgba == NULL || out_w == NULL || out_h == NULL || max_w < 1 || max_h < 1 ||
        max_w > PORTAL_IMAGE_MAX_TARGET || max_h > PORTAL_IMAGE_MAX_TARGET) {
        return PORTAL_IMAGE_BAD_ARGUMENT;
    }
    static const unsigned char jpeg_magic[3] = {0xFF, 0xD8, 0xFF};
    static const unsigned char png_magic[8] = {0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A};
    unsigned char *pixels = NULL;
    int width = 0, height = 0;
    int status;
    int channels;
    if (length >= sizeof jpeg_magic && memcmp(bytes, jpeg_magic, sizeof jpeg_magic) == 0) {
        // Decoded at the smallest DCT scale that still covers the box.
        status = portal_image_decode_jpeg(bytes, length, max_w, max_h, &pixels, &width, &height);
        channels = 3;
    } else if (length >= sizeof png_magic && memcmp(bytes, png_magic, sizeof png_magic) == 0) {
        status = portal_image_decode_png(bytes, length, &pixels, &width, &height);
        channels = 4;
    } else {
        return PORTAL_IMAGE_UNKNOWN_FORMAT;
    }
    if (status != PORTAL_IMAGE_OK) return status;
    if (channels == 3) {
        unsigned char *rgba = malloc((size_t)width * (size_t)height * 4);
        if (rgba == NULL) {
            free(pixels);
            return PORTAL_IMAGE_NO_MEMORY;
        }
        for (size_t i = 0; i < (size_t)width * (size_t)height; i++) {
            rgba[i * 4] = pixels[i * 3];
            rgba[i * 4 + 1] = pixels[i * 3 + 1];
            rgba[i * 4 + 2] = pixels[i * 3 + 2];
            rgba[i * 4 + 3] = 255;
        }
        free(pixels);
        pixels = rgba;
    }
    // The largest size within the box that keeps the aspect ratio (never enlarged).
    int target_w = width, target_h = height;
    if (target_w > max_w) {
        target_h = (int)(((int64_t)target_h * max_w + width / 2) / width);
        target_w = max_w;
    }
    if (target_h > max_h) {
        target_w = (int)(((int64_t)width * max_h + height / 2) / height);
        target_h = max_h;
    }
    if (target_w < 1) target_w = 1;
    if (target_h < 1) target_h = 1;
    status = portal_scale_rgba(pixels, width, height, out_rgba, target_w, target_h);
    free(pixels);
    if (status == PORTAL_IMAGE_OK) {
        *out_w = target_w;
        *out_h = target_h;
    }
    return status;
}
