// JPEG decoding (libjpeg-turbo), scaled by the DCT while decoding and capped before any
// pixel memory is allocated.
#include "image_decoders.h"

#include <stdlib.h>
#include <string.h>

/// Decodes into a malloc'ed RGB buffer; the caller frees *out_pixels. The DCT scaler
/// shrinks by up to 8 while staying at or above the target size (cheaper and a better
/// start for the box filter).
int portal_image_decode_jpeg(const unsigned char *bytes, size_t length, int target_w, int target_h,
                             unsigned char **out_pixels, int *out_w, int *out_h) {
    struct jpeg_decompress_struct cinfo;
    struct portal_jpeg_error error;
    // Changed after setjmp and read after a longjmp: must be volatile.
    unsigned char *volatile pixels = NULL;
    volatile int status = PORTAL_IMAGE_CORRUPT;

    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = portal_jpeg_error_exit;
    error.base.emit_message = portal_jpeg_emit_message;
    error.base.output_message = portal_jpeg_output_message;
    if (setjmp(error.jump)) {
        jpeg_destroy_decompress(&cinfo);
        free(pixels);
        return status;
    }
    jpeg_create_decompress(&cinfo);
    jpeg_mem_src(&cinfo, bytes, (unsigned long)length);
    if (jpeg_read_header(&cinfo, TRUE) != JPEG_HEADER_OK) longjmp(error.jump, 1);
    // A JPEG in several scans (progressive) is buffered whole as DCT coefficients, at
    // full size whatever the scaling: it gets the pixel cap. A single-scan one streams
    // and is decoded scaled: only its sides are capped, and the scaled output below.
    int multiple_scans = jpeg_has_multiple_scans(&cinfo);
    if (cinfo.image_width > PORTAL_IMAGE_MAX_SOURCE || cinfo.image_height > PORTAL_IMAGE_MAX_SOURCE ||
        (multiple_scans && !portal_image_source_size_allowed(cinfo.image_width, cinfo.image_height))) {
        status = PORTAL_IMAGE_TOO_LARGE;
        longjmp(error.jump, 1);
    }
    // A backstop: an allocation past this fails (libjpeg has no backing store here)
    // instead of growing the process.
    cinfo.mem->max_memory_to_use = PORTAL_IMAGE_MAX_MEMORY;
    cinfo.out_color_space = JCS_RGB;
    // Decode at the size drawn: the smallest DCT scale n/8 whose output still covers the
    // target (1/8 for a 300-pixel avatar drawn 20 wide).
    cinfo.scale_denom = 8;
    for (unsigned num = 1; num <= 8; num++) {
        cinfo.scale_num = num;
        jpeg_calc_output_dimensions(&cinfo);
        if (cinfo.output_width >= (unsigned)target_w && cinfo.output_height >= (unsigned)target_h) break;
    }
    if (!portal_image_source_size_allowed(cinfo.output_width, cinfo.output_height)) {
        status = PORTAL_IMAGE_TOO_LARGE;
        longjmp(error.jump, 1);
    }
    jpeg_start_decompress(&cinfo);
    if (cinfo.output_components != 3 || cinfo.output_width < 1 || cinfo.output_height < 1) {
        longjmp(error.jump, 1);
    }
    size_t stride = (size_t)cinfo.output_width * 3;
    pixels = malloc(stride * cinfo.output_height);
    if (pixels == NULL) {
        status = PORTAL_IMAGE_NO_MEMORY;
        longjmp(error.jump, 1);
    }
    while (cinfo.output_scanline < cinfo.output_height) {
        JSAMPROW row = pixels + stride * cinfo.output_scanline;
        if (jpeg_read_scanlines(&cinfo, &row, 1) != 1) longjmp(error.jump, 1);
    }
    jpeg_finish_decompress(&cinfo);
    *out_w = (int)cinfo.output_width;
    *out_h = (int)cinfo.output_height;
    jpeg_destroy_decompress(&cinfo);
    *out_pixels = pixels;
    return PORTAL_IMAGE_OK;
}
