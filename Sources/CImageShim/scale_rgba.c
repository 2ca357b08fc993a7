// The box filter that brings a decoded picture to the size drawn.
#include "portal_image.h"

#include <stdint.h>
#include <stddef.h>

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
