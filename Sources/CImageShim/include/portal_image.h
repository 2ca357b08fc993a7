#ifndef PORTAL_IMAGE_H
#define PORTAL_IMAGE_H
// Image decoding for the avatar in the detail pane. In C because libjpeg reports errors
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
    /// The image is larger than PORTAL_IMAGE_MAX_SOURCE in either dimension.
    PORTAL_IMAGE_TOO_LARGE = 4,
    PORTAL_IMAGE_NO_MEMORY = 5,
};

/// The largest target size accepted, in pixels per side.
#define PORTAL_IMAGE_MAX_TARGET 1024
/// The largest source image accepted, in pixels per side.
#define PORTAL_IMAGE_MAX_SOURCE 8192

/// Decodes a JPEG or PNG image held in `bytes` (the format is sniffed from the first
/// bytes, never taken from a name or a content type), converts it to 8-bit RGB and
/// box-filters it to exactly `target_w` × `target_h` pixels, written row by row to
/// `out_rgb` (which must hold target_w * target_h * 3 bytes). A JPEG that the decoder
/// can only read with a warning (e.g. truncated data it would pad with grey) counts as
/// corrupt. Never prints, never exits. Returns PORTAL_IMAGE_OK or an error code; on an
/// error `out_rgb` is left unspecified.
int portal_decode_image(const unsigned char *bytes, size_t length, int target_w, int target_h,
                        unsigned char *out_rgb);

/// Box-filters an RGB image of `src_w` × `src_h` to `dst_w` × `dst_h`: each target pixel
/// is the rounded average of the source pixels whose box it covers (at least one). Works
/// for enlarging too (each box is then one pixel). Returns PORTAL_IMAGE_OK or
/// PORTAL_IMAGE_BAD_ARGUMENT.
int portal_scale_rgb(const unsigned char *src, int src_w, int src_h, unsigned char *dst, int dst_w,
                     int dst_h);

#endif
