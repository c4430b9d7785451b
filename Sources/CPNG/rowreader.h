#pragma once
// libpng reports a fatal error by calling its error function, which must not return: the way back is a
// longjmp, which Swift cannot take. Every libpng call that can fail goes through a function here that sets the
// jump point and returns 0 (success) or -1 (failure, with the library's message kept).
#include <setjmp.h>
#include <stdlib.h>
#include <string.h>
#include <png.h>

typedef struct lectern_png {
    png_structp png;
    png_infop info;
    const unsigned char *data;
    size_t size;
    size_t offset;
    jmp_buf jump;
    char message[160];
} lectern_png;

static inline void lectern_png_error(png_structp png, png_const_charp message) {
    lectern_png *p = (lectern_png *)png_get_error_ptr(png);
    strncpy(p->message, message ? message : "libpng error", sizeof p->message - 1);
    longjmp(p->jump, 1);
}

// Warnings (a bad ancillary chunk, say) leave the image readable; stderr is not the place for them.
static inline void lectern_png_warning(png_structp png, png_const_charp message) { (void)png; (void)message; }

static inline void lectern_png_read(png_structp png, png_bytep out, size_t length) {
    lectern_png *p = (lectern_png *)png_get_io_ptr(png);
    if (length > p->size - p->offset) png_error(png, "the PNG data ends early");
    memcpy(out, p->data + p->offset, length);
    p->offset += length;
}

/// A reader over `data`, which must outlive it; NULL when out of memory.
static inline lectern_png *lectern_png_new(const unsigned char *data, size_t size) {
    lectern_png *p = (lectern_png *)calloc(1, sizeof(lectern_png));
    if (p == NULL) return NULL;
    p->data = data;
    p->size = size;
    p->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, p, lectern_png_error, lectern_png_warning);
    if (p->png == NULL) { free(p); return NULL; }
    p->info = png_create_info_struct(p->png);
    if (p->info == NULL) { png_destroy_read_struct(&p->png, NULL, NULL); free(p); return NULL; }
    png_set_read_fn(p->png, p, lectern_png_read);
    return p;
}

static inline void lectern_png_free(lectern_png *p) {
    if (p == NULL) return;
    png_destroy_read_struct(&p->png, &p->info, NULL);
    free(p);
}

/// Reads the chunks before the image data and asks for 8-bit straight-alpha rows of four bytes: B, G, R, A in
/// memory when `bgra` (a little-endian 0xAARRGGBB word), else A, R, G, B. Returns the number of interlace
/// passes (1 when not interlaced), or -1.
static inline int lectern_png_read_info(lectern_png *p, png_uint_32 max_side, int bgra) {
    if (setjmp(p->jump)) return -1;
    png_set_user_limits(p->png, max_side, max_side);
    png_read_info(p->png, p->info);
    png_byte type = png_get_color_type(p->png, p->info);
    png_set_expand(p->png);
    png_set_scale_16(p->png);
    if (!(type & PNG_COLOR_MASK_COLOR)) png_set_gray_to_rgb(p->png);
    int has_alpha = (type & PNG_COLOR_MASK_ALPHA) || png_get_valid(p->png, p->info, PNG_INFO_tRNS);
    if (!has_alpha) png_set_add_alpha(p->png, 0xFF, PNG_FILLER_AFTER);
    if (bgra) png_set_bgr(p->png); else png_set_swap_alpha(p->png);
    int passes = png_set_interlace_handling(p->png);
    png_read_update_info(p->png, p->info);
    if (png_get_rowbytes(p->png, p->info) != (size_t)png_get_image_width(p->png, p->info) * 4) {
        strncpy(p->message, "unexpected PNG row layout", sizeof p->message - 1);
        return -1;
    }
    return passes;
}

/// The next row of a non-interlaced image, image_width * 4 bytes.
static inline int lectern_png_read_row(lectern_png *p, unsigned char *row) {
    if (setjmp(p->jump)) return -1;
    png_read_row(p->png, row, NULL);
    return 0;
}

/// The whole of an interlaced image; `rows` holds image_height pointers to image_width * 4 bytes each.
static inline int lectern_png_read_image(lectern_png *p, unsigned char **rows) {
    if (setjmp(p->jump)) return -1;
    png_read_image(p->png, rows);
    return 0;
}
