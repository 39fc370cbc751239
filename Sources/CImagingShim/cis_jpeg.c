// libjpeg-turbo behind setjmp. libjpeg's default error_exit calls exit(): every decompressor and
// compressor here gets an error manager whose error_exit formats the message and longjmps back
// into the C function that made the call.
#include "cimaging.h"

#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jpeglib.h>
#include <jerror.h>

typedef struct jpeg_failure {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
    char text[JMSG_LENGTH_MAX];
} jpeg_failure;

static void set_message(cis_message *message, const char *text) {
    snprintf(message->text, sizeof message->text, "%s", text);
}

static void on_error_exit(j_common_ptr cinfo) {
    jpeg_failure *failure = (jpeg_failure *)cinfo->err;
    if (cinfo->err->msg_code == JERR_NO_BACKING_STORE) {
        // libjpeg-turbo has no backing store: this is `max_memory_to_use` refusing a whole-image buffer.
        snprintf(failure->text, sizeof failure->text, "the whole-image buffer is over the decoder memory limit");
    } else {
        (*cinfo->err->format_message)(cinfo, failure->text);
    }
    longjmp(failure->jump, 1);
}

/// Warnings (level -1) that do not mean lost pixel data: an unknown Adobe transform code (the
/// color space is then guessed as libjpeg always does), a newer JFIF version, a malformed ICC
/// chunk (the profile is ignored and the image taken as sRGB).
static int is_metadata_warning(int code) {
    return code == JWRN_ADOBE_XFORM || code == JWRN_JFIF_MAJOR || code == JWRN_BOGUS_ICC;
}

/// Every other warning is corrupt data: libjpeg-turbo would fill what it could not decode with
/// gray ("Premature end of JPEG file", "Corrupt JPEG data: premature end of data segment",
/// "bad Huffman code", extraneous bytes, a broken progression), so a file patched to claim a
/// larger size, or cut short, would render as a gray avatar. Those are errors here (R11.4).
static void on_emit_message(j_common_ptr cinfo, int level) {
    if (level >= 0) return;
    if (!is_metadata_warning(cinfo->err->msg_code)) on_error_exit(cinfo);
    cinfo->err->num_warnings += 1;
}

static void on_output_message(j_common_ptr cinfo) { (void)cinfo; }

static void install_failure(jpeg_failure *failure) {
    jpeg_std_error(&failure->manager);
    failure->manager.error_exit = on_error_exit;
    failure->manager.emit_message = on_emit_message;
    failure->manager.output_message = on_output_message;
}

struct cis_jpeg_reader {
    struct jpeg_decompress_struct cinfo;
    jpeg_failure failure;
    FILE *file;
    JOCTET *icc;
    /// APP1 and APP2 payload bytes kept so far (see `save_metadata_marker`).
    size_t metadata_bytes;
    int created;
    /// Set after a longjmp: libjpeg's state is undefined then, so no further call may touch it.
    int failed;
};

static const uint8_t exif_prefix[6] = {'E', 'x', 'i', 'f', 0, 0};

/// The next byte of the file. The stdio source never suspends; at the end of the file it warns
/// (an error here) before inserting a fake EOI.
static JOCTET next_byte(j_decompress_ptr cinfo) {
    struct jpeg_source_mgr *src = cinfo->src;
    if (src->bytes_in_buffer == 0 && !(*src->fill_input_buffer)(cinfo)) ERREXIT(cinfo, JERR_CANT_SUSPEND);
    src->bytes_in_buffer--;
    return *src->next_input_byte++;
}

/// Keeps APP1 (EXIF) and APP2 (ICC) segments like `jpeg_save_markers`, on the same
/// `marker_list` `jpeg_read_icc_profile` reads, but only the first CIS_JPEG_MAX_METADATA_BYTES
/// of them (list entries included, so empty segments count too): libjpeg's own saver keeps every
/// such segment, so a file of thousands of 64 KB segments would cost its whole size in memory.
/// From the first segment that does not fit, all are skipped unread (an ICC profile cut short is
/// then ignored, as a malformed one is).
static boolean save_metadata_marker(j_decompress_ptr cinfo) {
    cis_jpeg_reader *r = cinfo->client_data;
    size_t length = (size_t)next_byte(cinfo) << 8;
    length += next_byte(cinfo);
    if (length < 2) ERREXIT(cinfo, JERR_BAD_LENGTH);
    length -= 2;
    size_t cost = sizeof(struct jpeg_marker_struct) + length;
    if (cost > CIS_JPEG_MAX_METADATA_BYTES - r->metadata_bytes) {
        // Full: this segment and every later one are skipped, however small.
        r->metadata_bytes = CIS_JPEG_MAX_METADATA_BYTES;
        if (length > 0) (*cinfo->src->skip_input_data)(cinfo, (long)length);
        return TRUE;
    }
    jpeg_saved_marker_ptr saved = (*cinfo->mem->alloc_large)((j_common_ptr)cinfo, JPOOL_IMAGE, cost);
    saved->next = NULL;
    saved->marker = (UINT8)cinfo->unread_marker;
    saved->original_length = (unsigned int)length;
    saved->data_length = (unsigned int)length;
    saved->data = (JOCTET *)(saved + 1);
    for (size_t copied = 0; copied < length;) {
        struct jpeg_source_mgr *src = cinfo->src;
        if (src->bytes_in_buffer == 0 && !(*src->fill_input_buffer)(cinfo)) ERREXIT(cinfo, JERR_CANT_SUSPEND);
        size_t n = src->bytes_in_buffer < length - copied ? src->bytes_in_buffer : length - copied;
        memcpy(saved->data + copied, src->next_input_byte, n);
        src->next_input_byte += n;
        src->bytes_in_buffer -= n;
        copied += n;
    }
    jpeg_saved_marker_ptr *tail = &cinfo->marker_list;
    while (*tail != NULL) tail = &(*tail)->next;
    *tail = saved;
    r->metadata_bytes += cost;
    return TRUE;
}

/// The coefficient buffer a multi-scan decode allocates (jdcoefct.c: one virtual array per
/// component, whole iMCUs of blocks, 64 16-bit coefficients per block).
static uint64_t coefficient_bytes(j_decompress_ptr cinfo) {
    uint64_t total = 0;
    for (int i = 0; i < cinfo->num_components; i++) {
        jpeg_component_info *c = &cinfo->comp_info[i];
        uint64_t columns = (c->width_in_blocks + c->h_samp_factor - 1) / c->h_samp_factor * c->h_samp_factor;
        uint64_t rows = (c->height_in_blocks + c->v_samp_factor - 1) / c->v_samp_factor * c->v_samp_factor;
        total += columns * rows * sizeof(JBLOCK);
    }
    return total;
}

int cis_jpeg_open(int fd, cis_jpeg_reader **reader, cis_jpeg_info *info, cis_message *message) {
    *reader = NULL;
    memset(info, 0, sizeof *info);
    cis_jpeg_reader *r = calloc(1, sizeof *r);
    if (r == NULL) {
        set_message(message, "out of memory");
        return -1;
    }
    r->file = cis_open_stream(fd);
    if (r->file == NULL) {
        set_message(message, strerror(errno));
        cis_jpeg_close(r);
        return -1;
    }
    install_failure(&r->failure);
    r->cinfo.err = &r->failure.manager;
    if (setjmp(r->failure.jump)) {
        set_message(message, r->failure.text);
        cis_jpeg_close(r);
        return -1;
    }
    jpeg_create_decompress(&r->cinfo);
    r->created = 1;
    jpeg_stdio_src(&r->cinfo, r->file);
    r->cinfo.client_data = r;
    jpeg_set_marker_processor(&r->cinfo, JPEG_APP0 + 1, save_metadata_marker);
    jpeg_set_marker_processor(&r->cinfo, JPEG_APP0 + 2, save_metadata_marker);
    jpeg_read_header(&r->cinfo, TRUE);

    for (jpeg_saved_marker_ptr m = r->cinfo.marker_list; m != NULL; m = m->next) {
        if (m->marker == JPEG_APP0 + 1 && m->data_length >= sizeof exif_prefix &&
            memcmp(m->data, exif_prefix, sizeof exif_prefix) == 0) {
            info->exif = m->data;
            info->exif_length = m->data_length;
            break;
        }
    }
    unsigned int icc_length = 0;
    if (jpeg_read_icc_profile(&r->cinfo, &r->icc, &icc_length)) {
        info->icc = r->icc;
        info->icc_length = icc_length;
    }
    info->width = r->cinfo.image_width;
    info->height = r->cinfo.image_height;
    info->multi_scan = jpeg_has_multiple_scans(&r->cinfo) != 0;
    info->buffered_bytes = info->multi_scan ? coefficient_bytes(&r->cinfo) : 0;
    switch (r->cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE:
        info->model = CIS_GRAY;
        break;
    case JCS_CMYK:
    case JCS_YCCK:
        info->model = CIS_CMYK;
        info->inverted_cmyk = r->cinfo.saw_Adobe_marker;
        break;
    default:
        info->model = CIS_RGB;
        break;
    }
    *reader = r;
    return 0;
}

int cis_jpeg_start(cis_jpeg_reader *r, unsigned scale_denom, long max_memory, uint32_t *x, uint32_t *width,
                   uint32_t *scaled_width, uint32_t *scaled_height, cis_message *message) {
    if (r->failed) {
        set_message(message, "the decoder already failed");
        return -1;
    }
    if (setjmp(r->failure.jump)) {
        r->failed = 1;
        set_message(message, r->failure.text);
        return -1;
    }
    switch (r->cinfo.jpeg_color_space) {
    case JCS_GRAYSCALE: r->cinfo.out_color_space = JCS_GRAYSCALE; break;
    case JCS_CMYK:
    case JCS_YCCK: r->cinfo.out_color_space = JCS_CMYK; break;
    default: r->cinfo.out_color_space = JCS_RGB; break;
    }
    r->cinfo.mem->max_memory_to_use = max_memory;
    r->cinfo.scale_num = 1;
    r->cinfo.scale_denom = scale_denom;
    jpeg_start_decompress(&r->cinfo);
    *scaled_width = r->cinfo.output_width;
    *scaled_height = r->cinfo.output_height;
    JDIMENSION offset = *x, columns = *width;
    if (offset != 0 || columns != r->cinfo.output_width) jpeg_crop_scanline(&r->cinfo, &offset, &columns);
    *x = offset;
    *width = columns;
    return 0;
}

int cis_jpeg_skip_rows(cis_jpeg_reader *r, uint32_t count, cis_message *message) {
    if (r->failed) {
        set_message(message, "the decoder already failed");
        return -1;
    }
    if (setjmp(r->failure.jump)) {
        r->failed = 1;
        set_message(message, r->failure.text);
        return -1;
    }
    while (count > 0) {
        JDIMENSION skipped = jpeg_skip_scanlines(&r->cinfo, count);
        if (skipped == 0) {
            set_message(message, "read past the last row");
            return -1;
        }
        count -= skipped;
    }
    return 0;
}

int cis_jpeg_read_row(cis_jpeg_reader *r, uint8_t *row, cis_message *message) {
    if (r->failed) {
        set_message(message, "the decoder already failed");
        return -1;
    }
    if (setjmp(r->failure.jump)) {
        r->failed = 1;
        set_message(message, r->failure.text);
        return -1;
    }
    JSAMPROW rows[1] = {row};
    if (jpeg_read_scanlines(&r->cinfo, rows, 1) != 1) {
        set_message(message, "read past the last row");
        return -1;
    }
    return 0;
}

void cis_jpeg_close(cis_jpeg_reader *r) {
    if (r == NULL) return;
    if (r->created) jpeg_destroy_decompress(&r->cinfo);
    if (r->file != NULL) fclose(r->file);
    free(r->icc);
    free(r);
}

/// The compressor and its memory destination, on the heap so that both are valid after a longjmp.
struct cis_jpeg_writer {
    struct jpeg_compress_struct cinfo;
    jpeg_failure failure;
    /// A growing buffer of our own rather than `jpeg_mem_dest`'s, which says where its data is
    /// only once compression finishes, so an unfinished writer could not free it.
    struct jpeg_destination_mgr destination;
    unsigned char *buffer;
    size_t capacity;
    size_t length;
    int created;
    /// Set after a longjmp: libjpeg's state is undefined then, so no further call may touch it.
    int failed;
};

/// The buffer is full (or not there yet): double it. libjpeg's `empty_output_buffer` contract:
/// TRUE once there is room.
static boolean destination_grow(j_compress_ptr cinfo) {
    cis_jpeg_writer *w = (cis_jpeg_writer *)cinfo;
    size_t capacity = w->capacity ? w->capacity * 2 : 65536;
    unsigned char *grown = capacity > w->capacity ? realloc(w->buffer, capacity) : NULL;
    if (grown == NULL) ERREXIT1(cinfo, JERR_OUT_OF_MEMORY, 10);
    w->destination.next_output_byte = grown + w->capacity;
    w->destination.free_in_buffer = capacity - w->capacity;
    w->buffer = grown;
    w->capacity = capacity;
    return TRUE;
}

/// libjpeg writes a byte before it checks for room, so there must be some from the start.
static void destination_init(j_compress_ptr cinfo) { destination_grow(cinfo); }

static void destination_term(j_compress_ptr cinfo) {
    cis_jpeg_writer *w = (cis_jpeg_writer *)cinfo;
    w->length = w->capacity - w->destination.free_in_buffer;
}

/// The writer's own message after a failed call, marking it failed.
static int writer_failed(cis_jpeg_writer *w, cis_message *message) {
    w->failed = 1;
    set_message(message, w->failure.text);
    return -1;
}

int cis_jpeg_writer_begin(const cis_jpeg_write_params *p, cis_jpeg_writer **writer, cis_message *message) {
    cis_jpeg_writer *w = *writer = calloc(1, sizeof *w);
    if (w == NULL) {
        set_message(message, "out of memory");
        return -1;
    }
    install_failure(&w->failure);
    w->cinfo.err = &w->failure.manager;
    if (setjmp(w->failure.jump)) return writer_failed(w, message);
    jpeg_create_compress(&w->cinfo);
    w->created = 1;
    w->destination.init_destination = destination_init;
    w->destination.empty_output_buffer = destination_grow;
    w->destination.term_destination = destination_term;
    w->cinfo.dest = &w->destination;
    w->cinfo.image_width = p->width;
    w->cinfo.image_height = p->height;
    w->cinfo.input_components = (int)p->model;
    w->cinfo.in_color_space = p->model == CIS_GRAY ? JCS_GRAYSCALE : p->model == CIS_CMYK ? JCS_CMYK : JCS_RGB;
    jpeg_set_defaults(&w->cinfo);
    jpeg_set_quality(&w->cinfo, p->quality, TRUE);
    // Optimal Huffman tables take a second pass over the DCT coefficients, so libjpeg holds all of
    // them (about 3 bytes per pixel at 4:2:0); without, it holds one row of MCUs.
    w->cinfo.optimize_coding = p->optimize_coding ? TRUE : FALSE;
    if (p->progressive) jpeg_simple_progression(&w->cinfo);
    // An EXIF file starts with APP1; a JFIF APP0 in front of it is allowed but unusual.
    if (p->app1 != NULL) w->cinfo.write_JFIF_header = FALSE;
    jpeg_start_compress(&w->cinfo, TRUE);
    if (p->app1 != NULL) jpeg_write_marker(&w->cinfo, JPEG_APP0 + 1, p->app1, (unsigned int)p->app1_length);
    if (p->icc != NULL) jpeg_write_icc_profile(&w->cinfo, p->icc, (unsigned int)p->icc_length);
    return 0;
}

int cis_jpeg_writer_rows(cis_jpeg_writer *w, const uint8_t *pixels, size_t stride, uint32_t count,
                         cis_message *message) {
    if (w->failed || count > w->cinfo.image_height - w->cinfo.next_scanline) {
        set_message(message, w->failed ? "the encoder already failed" : "more rows than the image has");
        return -1;
    }
    if (setjmp(w->failure.jump)) return writer_failed(w, message);
    for (uint32_t y = 0; y < count; y++) {
        JSAMPROW row = (JSAMPROW)(pixels + (size_t)y * stride);
        jpeg_write_scanlines(&w->cinfo, &row, 1);
    }
    return 0;
}

int cis_jpeg_writer_finish(cis_jpeg_writer *w, uint8_t **output, size_t *output_length, cis_message *message) {
    *output = NULL;
    *output_length = 0;
    if (w->failed || w->cinfo.next_scanline < w->cinfo.image_height) {
        set_message(message, w->failed ? "the encoder already failed" : "fewer rows than the image has");
        return -1;
    }
    if (setjmp(w->failure.jump)) return writer_failed(w, message);
    jpeg_finish_compress(&w->cinfo);
    *output = w->buffer;
    *output_length = w->length;
    w->buffer = NULL;
    return 0;
}

void cis_jpeg_writer_free(cis_jpeg_writer *w) {
    if (w == NULL) return;
    if (w->created) jpeg_destroy_compress(&w->cinfo);
    free(w->buffer);
    free(w);
}

int cis_jpeg_encode(const cis_jpeg_write_params *p, const uint8_t *pixels, size_t stride,
                    uint8_t **output, size_t *output_length, cis_message *message) {
    *output = NULL;
    *output_length = 0;
    cis_jpeg_writer *w;
    int status = cis_jpeg_writer_begin(p, &w, message);
    if (status == 0) status = cis_jpeg_writer_rows(w, pixels, stride, p->height, message);
    if (status == 0) status = cis_jpeg_writer_finish(w, output, output_length, message);
    cis_jpeg_writer_free(w);
    return status;
}
