#pragma once
// libjpeg reports a fatal error by calling error_exit, whose default calls exit(). The only way back is a
// longjmp, which Swift cannot take, so every libjpeg call that can fail goes through a function here that sets
// the jump point and returns 0 (success) or -1 (failure, with the library's message kept).
#include <setjmp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <jpeglib.h>

typedef struct lectern_jpeg {
    struct jpeg_decompress_struct cinfo;
    struct jpeg_error_mgr errors;
    struct jpeg_progress_mgr progress;
    jmp_buf jump;
    int created;
    int max_scans;
    char message[JMSG_LENGTH_MAX];
} lectern_jpeg;

static inline void lectern_jpeg_error_exit(j_common_ptr cinfo) {
    lectern_jpeg *j = (lectern_jpeg *)cinfo->client_data;
    (*cinfo->err->format_message)(cinfo, j->message);
    longjmp(j->jump, 1);
}

// Corrupt data only warns (libjpeg fills what is missing); warnings would go to stderr, so they are dropped.
static inline void lectern_jpeg_output_message(j_common_ptr cinfo) { (void)cinfo; }

// A progressive file can hold thousands of tiny scans, each a pass over the whole coefficient buffer: a small
// file that costs minutes. Past max_scans it is treated as an error.
static inline void lectern_jpeg_progress(j_common_ptr cinfo) {
    lectern_jpeg *j = (lectern_jpeg *)cinfo->client_data;
    j_decompress_ptr d = (j_decompress_ptr)cinfo;
    if (d->input_scan_number > j->max_scans) {
        snprintf(j->message, sizeof j->message, "more than %d progressive scans", j->max_scans);
        longjmp(j->jump, 1);
    }
}

static inline lectern_jpeg *lectern_jpeg_new(int max_scans) {
    lectern_jpeg *j = (lectern_jpeg *)calloc(1, sizeof(lectern_jpeg));
    if (j == NULL) return NULL;
    j->max_scans = max_scans;
    j->cinfo.err = jpeg_std_error(&j->errors);
    j->errors.error_exit = lectern_jpeg_error_exit;
    j->errors.output_message = lectern_jpeg_output_message;
    j->cinfo.client_data = j;
    if (setjmp(j->jump)) return j;
    jpeg_create_decompress(&j->cinfo);
    j->created = 1;
    j->progress.progress_monitor = lectern_jpeg_progress;
    j->cinfo.progress = &j->progress;
    return j;
}

static inline void lectern_jpeg_free(lectern_jpeg *j) {
    if (j == NULL) return;
    if (j->created) jpeg_destroy_decompress(&j->cinfo);
    free(j);
}

/// Reads the markers up to the first scan; the caller's bytes must outlive the decoder.
static inline int lectern_jpeg_read_header(lectern_jpeg *j, const unsigned char *data, unsigned long size) {
    if (!j->created) return -1;
    if (setjmp(j->jump)) return -1;
    jpeg_mem_src(&j->cinfo, data, size);
    jpeg_read_header(&j->cinfo, TRUE);
    return 0;
}

/// Starts decoding at scale_num/8 of full size into out_color_space.
static inline int lectern_jpeg_start(lectern_jpeg *j, unsigned int scale_num, J_COLOR_SPACE out_color_space) {
    if (setjmp(j->jump)) return -1;
    j->cinfo.scale_num = scale_num;
    j->cinfo.scale_denom = 8;
    j->cinfo.out_color_space = out_color_space;
    jpeg_start_decompress(&j->cinfo);
    return 0;
}

/// Reads the next output row into `row`, which holds output_width * output_components bytes.
static inline int lectern_jpeg_read_row(lectern_jpeg *j, unsigned char *row) {
    if (setjmp(j->jump)) return -1;
    JSAMPROW rows[1] = { row };
    return jpeg_read_scanlines(&j->cinfo, rows, 1) == 1 ? 0 : -1;
}
