#include "portal_image.h"

// stdio.h first: jpeglib.h uses FILE without including it.
#include <stdio.h>
#include <jpeglib.h>
#include <png.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// ---- Size caps ------------------------------------------------------------------------

/// Whether a source image of `width` × `height` may be decoded (see PORTAL_IMAGE_MAX_*).
static int source_size_allowed(unsigned long width, unsigned long height) {
    return width >= 1 && height >= 1 && width <= PORTAL_IMAGE_MAX_SOURCE && height <= PORTAL_IMAGE_MAX_SOURCE &&
           width * height <= (unsigned long)PORTAL_IMAGE_MAX_PIXELS;
}

// ---- JPEG (libjpeg-turbo) -------------------------------------------------------------

/// libjpeg's error manager plus the place to jump back to.
struct portal_jpeg_error {
    struct jpeg_error_mgr base;
    jmp_buf jump;
};

/// Replaces the default error_exit (which prints and calls exit()): jump back into
/// decode_jpeg, which cleans up and returns an error.
static void portal_jpeg_error_exit(j_common_ptr cinfo) {
    struct portal_jpeg_error *error = (struct portal_jpeg_error *)cinfo->err;
    longjmp(error->jump, 1);
}

/// Warnings (level -1: e.g. "premature end of data", after which libjpeg pads the rest
/// with grey) are treated as errors; trace messages (level >= 0) are ignored. Nothing is
/// ever printed.
static void portal_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) portal_jpeg_error_exit(cinfo);
}

static void portal_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

/// Decodes into a malloc'ed RGB buffer; the caller frees *out_pixels. The DCT scaler
/// shrinks by up to 8 while staying at or above the target size (cheaper and a better
/// start for the box filter).
static int decode_jpeg(const unsigned char *bytes, size_t length, int target_w, int target_h,
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
        (multiple_scans && !source_size_allowed(cinfo.image_width, cinfo.image_height))) {
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
    if (!source_size_allowed(cinfo.output_width, cinfo.output_height)) {
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

// ---- PNG (libpng's simplified API, which handles its own longjmp) ---------------------

static int decode_png(const unsigned char *bytes, size_t length, unsigned char **out_pixels, int *out_w,
                      int *out_h) {
    png_image image;
    memset(&image, 0, sizeof image);
    image.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_memory(&image, bytes, length)) return PORTAL_IMAGE_CORRUPT;
    // The header alone says how big the image claims to be; refuse before allocating.
    if (!source_size_allowed(image.width, image.height)) {
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

// ---- RGBA pictures -------------------------------------------------------------------

int portal_scale_rgba(const unsigned char *src, int src_w, int src_h, unsigned char *dst, int dst_w,
                      int dst_h) {
    if (src == NULL || dst == NULL || src_w < 1 || src_h < 1 || dst_w < 1 || dst_h < 1) {
        return PORTAL_IMAGE_BAD_ARGUMENT;
    }
    for (int dy = 0; dy < dst_h; dy++) {
        int y0 = (int)((int64_t)dy * src_h / dst_h);
        int y1 = (int)((int64_t)(dy + 1) * src_h / dst_h);
        if (y1 <= y0) y1 = y0 + 1;
        for (int dx = 0; dx < dst_w; dx++) {
            int x0 = (int)((int64_t)dx * src_w / dst_w);
            int x1 = (int)((int64_t)(dx + 1) * src_w / dst_w);
            if (x1 <= x0) x1 = x0 + 1;
            // Colours weighted by alpha, so a transparent pixel's colour does not bleed in.
            uint64_t sum[3] = {0, 0, 0};
            uint64_t alpha = 0;
            for (int y = y0; y < y1; y++) {
                const unsigned char *row = src + ((size_t)y * (size_t)src_w + (size_t)x0) * 4;
                for (int x = x0; x < x1; x++, row += 4) {
                    sum[0] += (uint64_t)row[0] * row[3];
                    sum[1] += (uint64_t)row[1] * row[3];
                    sum[2] += (uint64_t)row[2] * row[3];
                    alpha += row[3];
                }
            }
            uint64_t count = (uint64_t)(y1 - y0) * (uint64_t)(x1 - x0);
            unsigned char *out = dst + ((size_t)dy * (size_t)dst_w + (size_t)dx) * 4;
            for (int c = 0; c < 3; c++) out[c] = alpha ? (unsigned char)((sum[c] + alpha / 2) / alpha) : 0;
            out[3] = (unsigned char)((alpha + count / 2) / count);
        }
    }
    return PORTAL_IMAGE_OK;
}

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
        status = decode_jpeg(bytes, length, max_w, max_h, &pixels, &width, &height);
        channels = 3;
    } else if (length >= sizeof png_magic && memcmp(bytes, png_magic, sizeof png_magic) == 0) {
        status = decode_png(bytes, length, &pixels, &width, &height);
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

// ---- Encoding flat images (for tests) -------------------------------------------------

/// Grows a malloc'ed buffer as libpng writes into it.
struct portal_png_sink {
    unsigned char *bytes;
    size_t length;
    size_t capacity;
    int failed;
};

static void portal_png_write(png_structp png, png_bytep data, png_size_t length) {
    struct portal_png_sink *sink = png_get_io_ptr(png);
    if (sink->failed) return;
    if (sink->length + length > sink->capacity) {
        size_t capacity = sink->capacity ? sink->capacity : 4096;
        while (capacity < sink->length + length) capacity *= 2;
        unsigned char *grown = realloc(sink->bytes, capacity);
        if (grown == NULL) {
            sink->failed = 1;
            return;
        }
        sink->bytes = grown;
        sink->capacity = capacity;
    }
    memcpy(sink->bytes + sink->length, data, length);
    sink->length += length;
}

static void portal_png_flush(png_structp png) { (void)png; }

static int encode_png(int width, int height, const unsigned char *row, unsigned char **out, size_t *out_length) {
    struct portal_png_sink sink = {NULL, 0, 0, 0};
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    if (png == NULL) return PORTAL_IMAGE_NO_MEMORY;
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(sink.bytes);
        return PORTAL_IMAGE_CORRUPT;
    }
    png_set_write_fn(png, &sink, portal_png_write, portal_png_flush);
    png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGB, PNG_INTERLACE_NONE,
                 PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    // Flat rows: no filter search needed, and the fastest compression still packs a
    // flat image about a thousand to one.
    png_set_filter(png, 0, PNG_FILTER_NONE);
    png_set_compression_level(png, 1);
    png_write_info(png, info);
    for (int y = 0; y < height; y++) png_write_row(png, row);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    if (sink.failed) {
        free(sink.bytes);
        return PORTAL_IMAGE_NO_MEMORY;
    }
    *out = sink.bytes;
    *out_length = sink.length;
    return PORTAL_IMAGE_OK;
}

static int encode_jpeg(int width, int height, int progressive, unsigned char *row, unsigned char **out,
                       size_t *out_length) {
    struct jpeg_compress_struct cinfo;
    struct portal_jpeg_error error;
    unsigned char *volatile bytes = NULL;
    unsigned long length = 0;
    memset(&cinfo, 0, sizeof cinfo);
    cinfo.err = jpeg_std_error(&error.base);
    error.base.error_exit = portal_jpeg_error_exit;
    error.base.output_message = portal_jpeg_output_message;
    if (setjmp(error.jump)) {
        jpeg_destroy_compress(&cinfo);
        free(bytes);
        return PORTAL_IMAGE_CORRUPT;
    }
    jpeg_create_compress(&cinfo);
    unsigned char *buffer = NULL;
    jpeg_mem_dest(&cinfo, &buffer, &length);
    cinfo.image_width = (JDIMENSION)width;
    cinfo.image_height = (JDIMENSION)height;
    cinfo.input_components = 3;
    cinfo.in_color_space = JCS_RGB;
    jpeg_set_defaults(&cinfo);
    if (progressive) jpeg_simple_progression(&cinfo);
    jpeg_start_compress(&cinfo, TRUE);
    while (cinfo.next_scanline < cinfo.image_height) {
        JSAMPROW rows[1] = {row};
        jpeg_write_scanlines(&cinfo, rows, 1);
    }
    jpeg_finish_compress(&cinfo);
    bytes = buffer;
    jpeg_destroy_compress(&cinfo);
    *out = bytes;
    *out_length = length;
    return PORTAL_IMAGE_OK;
}

int portal_encode_flat_image(int format, int width, int height, int progressive, unsigned char **out,
                             size_t *out_length) {
    if (out == NULL || out_length == NULL || width < 1 || height < 1 || width > 65500 || height > 65500) {
        return PORTAL_IMAGE_BAD_ARGUMENT;
    }
    unsigned char *row = malloc((size_t)width * 3);
    if (row == NULL) return PORTAL_IMAGE_NO_MEMORY;
    memset(row, 0x80, (size_t)width * 3);
    int status = format == 0 ? encode_png(width, height, row, out, out_length)
                             : encode_jpeg(width, height, progressive, row, out, out_length);
    free(row);
    return status;
}

int portal_encode_solid_png(int width, int height, unsigned char red, unsigned char green, unsigned char blue,
                            unsigned char **out, size_t *out_length) {
    if (out == NULL || out_length == NULL || width < 1 || height < 1 || width > 65500 || height > 65500) {
        return PORTAL_IMAGE_BAD_ARGUMENT;
    }
    unsigned char *row = malloc((size_t)width * 3);
    if (row == NULL) return PORTAL_IMAGE_NO_MEMORY;
    for (int x = 0; x < width; x++) {
        row[x * 3] = red;
        row[x * 3 + 1] = green;
        row[x * 3 + 2] = blue;
    }
    int status = encode_png(width, height, row, out, out_length);
    free(row);
    return status;
}

#if defined(__GLIBC__)
#include <malloc.h>
#endif

int portal_image_release_freed_memory(void) {
#if defined(__GLIBC__)
    return malloc_trim(0);
#else
    return 0;
#endif
}
