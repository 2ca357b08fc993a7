#include "portal_picture.h"

#include <chafa.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/// One thread per canvas: pictures are small, several are drawn at once on the
/// interpreter's threads, and chafa's own pool only adds hand-offs there.
static pthread_once_t threads_once = PTHREAD_ONCE_INIT;
static void one_thread_each(void) { chafa_set_n_threads(1); }

static int valid(const uint8_t *rgba, int width, int height, int columns, int rows) {
    return rgba != NULL && width >= 1 && height >= 1 && width <= 8192 && height <= 8192 && columns >= 1 &&
           rows >= 1 && columns <= PORTAL_PICTURE_MAX_CELLS && rows <= PORTAL_PICTURE_MAX_CELLS;
}

/// A canvas of `columns` × `rows` cells holding the picture.
static ChafaCanvas *draw(const uint8_t *rgba, int width, int height, int columns, int rows, ChafaPixelMode pixel_mode,
                         ChafaCanvasMode canvas_mode, int cell_width, int cell_height) {
    pthread_once(&threads_once, one_thread_each);
    ChafaCanvasConfig *config = chafa_canvas_config_new();
    chafa_canvas_config_set_geometry(config, columns, rows);
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
    chafa_canvas_config_set_pixel_mode(config, pixel_mode);
    chafa_canvas_config_set_canvas_mode(config, canvas_mode);
    // Half, quadrant and sextant blocks plus solid and blank cells: shapes every
    // terminal font of the last decade draws, and no letters or lines that read as text.
    ChafaSymbolMap *symbols = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_HALF | CHAFA_SYMBOL_TAG_QUAD | CHAFA_SYMBOL_TAG_SEXTANT |
                                              CHAFA_SYMBOL_TAG_SOLID | CHAFA_SYMBOL_TAG_SPACE);
    chafa_canvas_config_set_symbol_map(config, symbols);
    chafa_canvas_config_set_work_factor(config, 1.0f);
    if (canvas_mode != CHAFA_CANVAS_MODE_TRUECOLOR && pixel_mode == CHAFA_PIXEL_MODE_SYMBOLS) {
        // 240 colours: match in a perceptual colour space.
        chafa_canvas_config_set_color_space(config, CHAFA_COLOR_SPACE_DIN99D);
    }
    ChafaCanvas *canvas = chafa_canvas_new(config);
    chafa_symbol_map_unref(symbols);
    chafa_canvas_config_unref(config);
    if (canvas != NULL) {
        chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, rgba, width, height, width * 4);
    }
    return canvas;
}

int portal_picture_symbols(const uint8_t *rgba, int width, int height, int columns, int rows, int truecolor,
                           portal_picture_cell *out) {
    if (!valid(rgba, width, height, columns, rows) || out == NULL) return PORTAL_PICTURE_BAD_ARGUMENT;
    ChafaCanvas *canvas = draw(rgba, width, height, columns, rows, CHAFA_PIXEL_MODE_SYMBOLS,
                               truecolor ? CHAFA_CANVAS_MODE_TRUECOLOR : CHAFA_CANVAS_MODE_INDEXED_240, 8, 16);
    if (canvas == NULL) return PORTAL_PICTURE_FAILED;
    for (int y = 0; y < rows; y++) {
        for (int x = 0; x < columns; x++) {
            portal_picture_cell *cell = &out[y * columns + x];
            gint fg = -1, bg = -1;
            // Raw colours are palette indices in 256-colour mode, packed RGB in 24-bit;
            // a negative one (or an index past 255) is transparent.
            chafa_canvas_get_raw_colors_at(canvas, x, y, &fg, &bg);
            cell->symbol = (uint32_t)chafa_canvas_get_char_at(canvas, x, y);
            cell->foreground = (fg < 0 || (!truecolor && fg > 255)) ? -1 : fg;
            cell->background = (bg < 0 || (!truecolor && bg > 255)) ? -1 : bg;
        }
    }
    chafa_canvas_unref(canvas);
    return PORTAL_PICTURE_OK;
}

int portal_picture_pixels(const uint8_t *rgba, int width, int height, int columns, int rows, int cell_width,
                          int cell_height, int protocol, uint8_t **out, size_t *out_length) {
    if (!valid(rgba, width, height, columns, rows) || out == NULL || out_length == NULL || cell_width < 1 ||
        cell_height < 1 || cell_width > PORTAL_PICTURE_MAX_CELL_PIXELS ||
        cell_height > PORTAL_PICTURE_MAX_CELL_PIXELS ||
        (protocol != PORTAL_PICTURE_SIXEL && protocol != PORTAL_PICTURE_KITTY)) {
        return PORTAL_PICTURE_BAD_ARGUMENT;
    }
    ChafaCanvas *canvas = draw(rgba, width, height, columns, rows,
                               protocol == PORTAL_PICTURE_SIXEL ? CHAFA_PIXEL_MODE_SIXELS : CHAFA_PIXEL_MODE_KITTY,
                               CHAFA_CANVAS_MODE_TRUECOLOR, cell_width, cell_height);
    if (canvas == NULL) return PORTAL_PICTURE_FAILED;
    // The fallback terminal description knows the sixel and kitty sequences; which one
    // the terminal speaks was decided by the caller (the probe or --pictures).
    ChafaTermInfo *info = chafa_term_db_get_fallback_info(chafa_term_db_get_default());
    GString *printed = chafa_canvas_print(canvas, info);
    chafa_term_info_unref(info);
    chafa_canvas_unref(canvas);
    if (printed == NULL) return PORTAL_PICTURE_FAILED;
    if (printed->len == 0) {
        g_string_free(printed, TRUE);
        return PORTAL_PICTURE_FAILED;
    }
    uint8_t *bytes = malloc(printed->len);
    if (bytes == NULL) {
        g_string_free(printed, TRUE);
        return PORTAL_PICTURE_FAILED;
    }
    memcpy(bytes, printed->str, printed->len);
    *out = bytes;
    *out_length = printed->len;
    g_string_free(printed, TRUE);
    return PORTAL_PICTURE_OK;
}

void portal_picture_free(void *bytes) { free(bytes); }
