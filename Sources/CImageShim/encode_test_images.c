// Encoding flat images, for tests that need hostile or plain pictures without storing them.
#include "image_decoders.h"

#include <png.h>
#include <stdlib.h>
#include <string.h>

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
