// libjpeg's error handling for the decoder and the test encoder: no message printed,
// no exit(); an error (or a warning) jumps back into the call that started the work.
#include "image_decoders.h"

/// Replaces the default error_exit (which prints and calls exit()): jump back into the
/// decode (or encode) call, which cleans up and returns an error.
void portal_jpeg_error_exit(j_common_ptr cinfo) {
    struct portal_jpeg_error *error = (struct portal_jpeg_error *)cinfo->err;
    longjmp(error->jump, 1);
}

/// Warnings (level -1: e.g. "premature end of data", after which libjpeg pads the rest
/// with grey) are treated as errors; trace messages (level >= 0) are ignored. Nothing is
/// ever printed.
void portal_jpeg_emit_message(j_common_ptr cinfo, int level) {
    if (level < 0) portal_jpeg_error_exit(cinfo);
}

void portal_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }
