#ifndef PORTAL_PICTURE_H
#define PORTAL_PICTURE_H
// Pictures drawn for a terminal by libchafa: as symbols (half, quadrant and sextant
// blocks, each cell a character with a foreground and a background colour) or as the
// bytes of a pixel protocol (sixel, kitty). A shim so that Swift sees plain C types and
// no glib: only this file's .c includes chafa.h. The input is always decoded RGBA pixels,
// never bytes from the network.

#include <stddef.h>
#include <stdint.h>

/// One cell of a symbol rendering.
typedef struct {
    /// The Unicode scalar drawn (U+0020 for a cell of background only).
    uint32_t symbol;
    /// Colours: a palette index 0…255 (256-colour mode) or 0xRRGGBB (24-bit mode);
    /// -1 where the picture is transparent (the terminal's own colour shows).
    int32_t foreground;
    int32_t background;
} portal_picture_cell;

enum {
    PORTAL_PICTURE_OK = 0,
    PORTAL_PICTURE_BAD_ARGUMENT = 1,
    PORTAL_PICTURE_FAILED = 2,
};

enum {
    PORTAL_PICTURE_SIXEL = 1,
    PORTAL_PICTURE_KITTY = 2,
};

/// The most cells per side a picture is drawn in, and pixels per cell side.
#define PORTAL_PICTURE_MAX_CELLS 256
#define PORTAL_PICTURE_MAX_CELL_PIXELS 64

/// Renders `width` × `height` RGBA pixels (rows of width * 4 bytes) into `columns` ×
/// `rows` cells, row by row into `out` (columns * rows cells), in 24-bit colour when
/// `truecolor` is 1, else the xterm 256-colour palette without its 16 system colours
/// (which terminals redefine): indices 16…255.
int portal_picture_symbols(const uint8_t *rgba, int width, int height, int columns, int rows, int truecolor,
                           portal_picture_cell *out);

/// Renders the pixels for `columns` × `rows` cells of `cell_width` × `cell_height` pixels
/// as a sixel (`protocol` PORTAL_PICTURE_SIXEL) or kitty graphics (PORTAL_PICTURE_KITTY)
/// sequence, into a malloc'ed buffer the caller frees with `portal_picture_free`.
int portal_picture_pixels(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                          int cell_height, int protocol, uint8_t **out, size_t *out_length);

void portal_picture_free(void *bytes);

#endif
