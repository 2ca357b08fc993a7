#ifndef PORTAL_IMAGE_DECODERS_H
#define PORTAL_IMAGE_DECODERS_H
// What the image files share among themselves (not part of the target's interface):
// the size cap every decoder checks, libjpeg's error handling, and the two decoders
// `portal_decode_picture` picks between.

#include "portal_image.h"

// stdio.h first: jpeglib.h uses FILE without including it.
#include <stdio.h>
#include <jpeglib.h>
#include <setjmp.h>

/// Whether a source image of `width` × `height` may be decoded (see PORTAL_IMAGE_MAX_*).
static inline int portal_image_source_size_allowed(unsigned long width, unsigned long height) {
    return width >= 1 && height >= 1 && width <= PORTAL_IMAGE_MAX_SOURCE && height <= PORTAL_IMAGE_MAX_SOURCE &&
           width * height <= (unsigned long)PORTAL_IMAGE_MAX_PIXELS;
}

/// libjpeg's error manager plus the place to jump back to.
struct portal_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

/// Replaces libjpeg's default error_exit (which prints and calls exit()): jumps back to
/// the `jump` of the `struct portal_jpeg_error` that is `cinfo->err`.
void portal_jpeg_error_exit(j_common_ptr cinfo);

/// Warnings (level -1) are errors (`portal_jpeg_error_exit`); trace messages are ignored.
void portal_jpeg_emit_message(j_common_ptr cinfo, int level);

/// Prints nothing.
void portal_jpeg_output_message(j_common_ptr cinfo);

/// Decodes a JPEG into a malloc'ed RGB buffer (3 bytes a pixel) the caller frees, at the
/// smallest DCT scale that still covers `target_w` × `target_h`. Returns PORTAL_IMAGE_*.
int portal_image_decode_jpeg(const unsigned char *bytes, size_t length, int target_w, int target_h,
                             unsigned char **out_pixels, int *out_w, int *out_h);

/// Decodes a PNG into a malloc'ed RGBA buffer the caller frees. Returns PORTAL_IMAGE_*.
int portal_image_decode_png(const unsigned char *bytes, size_t length, unsigned char **out_pixels, int *out_w,
                            int *out_h);

#endif
