#ifndef PORTAL_IMAGE_H
#define PORTAL_IMAGE_H
// Image decoding for pictures (cards and the detail pane). In C because libjpeg reports errors
// by calling a handler that must not return (the default one calls exit()), and Swift
// cannot setjmp: here the handler longjmps back into the decode call, which returns an
// error code instead. Nothing here knows ncurses or the UI.

#include <stddef.h>

/// Results of the calls below; anything but PORTAL_IMAGE_OK means "no image".
enum {
    PORTAL_IMAGE_OK = 0,
    /// The bytes are neither JPEG (FF D8 FF) nor PNG (89 50 4E 47 0D 0A 1A 0A).
    PORTAL_IMAGE_UNKNOWN_FORMAT = 1,
    /// The decoder rejected the data: corrupt, truncated, or an unsupported variant.
    PORTAL_IMAGE_CORRUPT = 2,
    /// A null pointer or a size below 1 (or above PORTAL_IMAGE_MAX_TARGET).
    PORTAL_IMAGE_BAD_ARGUMENT = 3,
    /// The image is larger than PORTAL_IMAGE_MAX_SOURCE in either dimension, or has more
    /// than PORTAL_IMAGE_MAX_PIXELS pixels, or would need more than
    /// PORTAL_IMAGE_MAX_MEMORY of decoder memory. Refused from the header, before any
    /// pixel memory is allocated.
    PORTAL_IMAGE_TOO_LARGE = 4,
    PORTAL_IMAGE_NO_MEMORY = 5,
};

/// The largest target size accepted, in pixels per side.
#define PORTAL_IMAGE_MAX_TARGET 1024
/// The largest source image accepted, in pixels per side.
#define PORTAL_IMAGE_MAX_SOURCE 8192
/// The most pixels a decode may hold at once (2048 × 2048): an avatar is a few hundred
/// pixels a side, and this bounds what one decode can cost whatever the file claims (a
/// 200 KB PNG can claim 8192 × 8192). A PNG is decoded whole (3 bytes a pixel, 12 MiB
/// at the cap), so its source is capped; so is a progressive JPEG, which keeps every DCT
/// coefficient of the image until its last scan (up to 6 bytes a pixel). A single-scan
/// JPEG streams and is decoded already scaled, so only its scaled size is capped.
#define PORTAL_IMAGE_MAX_PIXELS (2048 * 2048)
/// libjpeg's own allocation limit, a backstop behind the pixel cap.
#define PORTAL_IMAGE_MAX_MEMORY (64L * 1024 * 1024)

/// Decodes a JPEG or PNG image held in `bytes` (the format is sniffed from the first
/// bytes, never taken from a name or a content type) to 8-bit RGBA, keeping a PNG's alpha
/// (a JPEG is opaque), and box-filters it (alpha-weighted) to the largest size within
/// `max_w` × `max_h` that keeps its aspect ratio, never enlarging it. A JPEG is decoded at
/// the size kept: libjpeg's DCT scaling (scale_num / 8) gives the smallest image at least
/// the box, so a big baseline JPEG costs a fraction of its full size. Images over the caps
/// above are refused before their pixels are allocated. A JPEG that the decoder can only
/// read with a warning (e.g. truncated data it would pad with grey) counts as corrupt.
/// `out_rgba` must hold max_w * max_h * 4 bytes; the size written goes to *out_w, *out_h.
/// Never prints, never exits. Returns PORTAL_IMAGE_OK or an error code.
int portal_decode_picture(const unsigned char *bytes, size_t length, int max_w, int max_h,
                          unsigned char *out_rgba, int *out_w, int *out_h);

/// Box-filters an RGBA image, each colour weighted by its alpha (a transparent pixel's
/// colour does not bleed into its neighbours). Returns PORTAL_IMAGE_OK or
/// PORTAL_IMAGE_BAD_ARGUMENT.
int portal_scale_rgba(const unsigned char *src, int src_w, int src_h, unsigned char *dst, int dst_w,
                      int dst_h);

/// For tests that need hostile images without storing them: encodes a flat mid-grey
/// `width` × `height` image as PNG (`format` 0) or JPEG (`format` 1; `progressive` 1 for
/// a progressive one) into a malloc'ed buffer the caller frees (*out, *out_length). Rows
/// are streamed from one row buffer, so a huge PNG costs only its compressed size; a
/// progressive JPEG costs the encoder its full coefficient buffer while encoding.
/// Returns PORTAL_IMAGE_OK or an error code.
int portal_encode_flat_image(int format, int width, int height, int progressive, unsigned char **out,
                             size_t *out_length);

/// For tests: a `width` × `height` PNG of one colour, like `portal_encode_flat_image`.
int portal_encode_solid_png(int width, int height, unsigned char red, unsigned char green, unsigned char blue,
                            unsigned char **out, size_t *out_length);

/* Gives freed heap memory back to the system (malloc_trim(0) on glibc, every arena);
 * 1 if some was given back, 0 otherwise or where there is no such call. */
int portal_image_release_freed_memory(void);

#endif
