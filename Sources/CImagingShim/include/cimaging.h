// The only C in CropImaging: libpng and libjpeg report errors by longjmp, which Swift cannot
// survive, so every library call happens inside one of these functions, under a setjmp that turns
// the longjmp into a return code plus the library's own message. Nothing here calls exit or abort.
#ifndef CIMAGING_H
#define CIMAGING_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <lcms2.h>

#define CIS_MESSAGE_SIZE 256

/// The library's message when a call fails (return value != 0).
typedef struct cis_message {
    char text[CIS_MESSAGE_SIZE];
} cis_message;

/// Color models, valued by their channel count (alpha not included).
typedef enum cis_color_model { CIS_GRAY = 1, CIS_RGB = 3, CIS_CMYK = 4 } cis_color_model;

/// Frees buffers the encoders return.
void cis_free(void *pointer);

/// A stdio stream over a duplicate of `fd` (the caller keeps and closes its own descriptor), read
/// from where `fd` is positioned. The caller opened `fd` and checked that it is a regular file.
FILE *cis_open_stream(int fd);

// MARK: PNG decoding

/// The longest side libpng accepts in IHDR (`png_set_user_limits`). The pixel limit is checked in
/// Swift; this bounds a single row (100 000 px of 16-bit RGBA is 800 KB) for thin strips.
#define CIS_PNG_MAX_SIDE 100000
/// The largest chunk payload libpng may allocate (`png_set_chunk_malloc_max`): an iCCP profile
/// after inflating, eXIf, cICP. Larger ones are dropped with a benign error (the image decodes,
/// untagged or upright). Chunks the avatar does not use are skipped unbuffered at any length.
#define CIS_PNG_MAX_CHUNK_BYTES (1024 * 1024)
/// How many ancillary chunks libpng may keep (`png_set_chunk_cache_max`); only cICP and eXIf are.
#define CIS_PNG_MAX_KEPT_CHUNKS 8

typedef struct cis_png_reader cis_png_reader;

/// What the PNG header and the chunks before the first IDAT say. Pointers stay valid until
/// `cis_png_close`.
typedef struct cis_png_info {
    uint32_t width;
    uint32_t height;
    int interlaced;
    /// Samples per pixel of the rows `cis_png_read_row` returns: 1 gray, 2 gray+alpha, 3 RGB, 4 RGBA.
    int channels;
    /// 8 or 16; 16-bit samples come in host byte order.
    int bit_depth;
    size_t row_bytes;

    int has_srgb;
    int has_gamma;
    /// The file gamma as stored (e.g. 0.45455): decoded = encoded ^ (1 / gamma).
    double gamma;
    int has_chrm;
    double white_x, white_y, red_x, red_y, green_x, green_y, blue_x, blue_y;
    const uint8_t *icc;
    uint32_t icc_length;
    int has_cicp;
    uint8_t cicp[4];
    const uint8_t *exif;
    uint32_t exif_length;
} cis_png_info;

/// Reads the chunks up to the first IDAT from the regular file open on `fd` (which stays the
/// caller's) and sets the transforms that give 8- or 16-bit gray/RGB rows with alpha where the file has any (palette, tRNS and low bit depths expanded).
int cis_png_open(int fd, cis_png_reader **reader, cis_png_info *info, cis_message *message);
/// Reads the next row (interlaced files are decoded whole on the first call, then served by row);
/// `row` NULL decodes the row without copying it out.
int cis_png_read_row(cis_png_reader *reader, uint8_t *row, cis_message *message);
/// Decodes the next `count` rows without copying them out: rows above a crop.
int cis_png_skip_rows(cis_png_reader *reader, uint32_t count, cis_message *message);
void cis_png_close(cis_png_reader *reader);

// MARK: PNG encoding

typedef struct cis_png_write_params {
    uint32_t width;
    uint32_t height;
    /// PNG_COLOR_TYPE_GRAY (0), RGB (2), GRAY_ALPHA (4) or RGBA (6).
    int color_type;
    /// 8 or 16; 16-bit samples are given in host byte order.
    int bit_depth;
    int interlaced;
    const uint8_t *icc;
    size_t icc_length;
    const uint8_t *exif;
    size_t exif_length;
    /// The row filters libpng may choose from (`PNG_FILTER_NONE` … `PNG_FILTER_PAETH`, or'ed), or 0
    /// for libpng's default: every filter tried on every row, the cheapest kept (5 filters' work).
    int filters;
} cis_png_write_params;

typedef struct cis_png_writer cis_png_writer;

/// A PNG encoder fed rows as they are made, so a large image is never held whole: `begin` writes
/// the header, `rows` takes the next `count` rows (`stride` bytes apart; an interlaced image
/// takes every row once per pass, `cis_png_encode` does that), `finish` hands out the file as a
/// malloc'ed buffer freed with `cis_free`. Once a call fails, every later one does; `free` always.
int cis_png_writer_begin(const cis_png_write_params *params, cis_png_writer **writer, cis_message *message);
int cis_png_writer_rows(cis_png_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count,
                        cis_message *message);
int cis_png_writer_finish(cis_png_writer *writer, uint8_t **output, size_t *output_length, cis_message *message);
void cis_png_writer_free(cis_png_writer *writer);

/// Encodes `pixels` (rows `stride` bytes apart) into a malloc'ed buffer freed with `cis_free`.
/// Writes no tIME chunk, so equal input gives equal bytes.
int cis_png_encode(const cis_png_write_params *params, const uint8_t *pixels, size_t stride,
                   uint8_t **output, size_t *output_length, cis_message *message);

// MARK: JPEG decoding

/// The most APP1 (EXIF, XMP) and APP2 (ICC) segment memory kept per file, in all: room for the
/// largest press CMYK profiles (2–3 MB) and EXIF (64 KB at most). From the first segment past it,
/// all are skipped unread.
#define CIS_JPEG_MAX_METADATA_BYTES (4 * 1024 * 1024)

typedef struct cis_jpeg_reader cis_jpeg_reader;

typedef struct cis_jpeg_info {
    uint32_t width;
    uint32_t height;
    /// Decoded as gray, RGB (YCbCr is converted) or CMYK (YCCK is converted).
    cis_color_model model;
    /// Adobe APP14 CMYK is stored inverted (Photoshop's convention).
    int inverted_cmyk;
    /// The first APP1 segment's payload (including its "Exif\0\0" prefix), or NULL.
    const uint8_t *exif;
    uint32_t exif_length;
    /// The ICC profile reassembled from its APP2 chunks, or NULL.
    const uint8_t *icc;
    uint32_t icc_length;
    /// A progressive or multi-scan file: libjpeg must hold every DCT coefficient of the image
    /// before it can return the first row.
    int multi_scan;
    /// The bytes of that coefficient buffer (0 for a single-scan file, which streams).
    uint64_t buffered_bytes;
} cis_jpeg_info;

/// Reads the markers up to the first scan from the regular file open on `fd` (which stays the
/// caller's).
int cis_jpeg_open(int fd, cis_jpeg_reader **reader, cis_jpeg_info *info, cis_message *message);
/// Starts decompression at 1/`scale_denom` size (1, 2, 4 or 8: DCT scaling) and limits every row
/// to the columns [*x, *x + *width) of the scaled image. The library widens that to whole iMCUs
/// and writes back the columns it will return, together with the scaled size. libjpeg may hold
/// at most `max_memory` bytes of whole-image buffers (`max_memory_to_use`); past that it fails
/// rather than spilling to a backing store.
int cis_jpeg_start(cis_jpeg_reader *reader, unsigned scale_denom, long max_memory, uint32_t *x, uint32_t *width,
                   uint32_t *scaled_width, uint32_t *scaled_height, cis_message *message);
/// Skips `count` rows without decoding their pixels where the library can.
int cis_jpeg_skip_rows(cis_jpeg_reader *reader, uint32_t count, cis_message *message);
int cis_jpeg_read_row(cis_jpeg_reader *reader, uint8_t *row, cis_message *message);
void cis_jpeg_close(cis_jpeg_reader *reader);

// MARK: JPEG encoding

typedef struct cis_jpeg_write_params {
    uint32_t width;
    uint32_t height;
    cis_color_model model;
    /// libjpeg quality, 1...100.
    int quality;
    const uint8_t *icc;
    size_t icc_length;
    /// Written verbatim as an APP1 segment (used for EXIF), when not NULL.
    const uint8_t *app1;
    size_t app1_length;
    int progressive;
    /// Optimal Huffman tables: a few percent smaller, but libjpeg then holds every DCT coefficient
    /// of the image (about 3 bytes per pixel at 4:2:0) until the end. Pixels are the same.
    int optimize_coding;
} cis_jpeg_write_params;

typedef struct cis_jpeg_writer cis_jpeg_writer;

/// A JPEG encoder fed rows as they are made (see `cis_png_writer_begin`); it streams when
/// `optimize_coding` and `progressive` are off, holding one row of MCUs.
int cis_jpeg_writer_begin(const cis_jpeg_write_params *params, cis_jpeg_writer **writer, cis_message *message);
int cis_jpeg_writer_rows(cis_jpeg_writer *writer, const uint8_t *pixels, size_t stride, uint32_t count,
                         cis_message *message);
int cis_jpeg_writer_finish(cis_jpeg_writer *writer, uint8_t **output, size_t *output_length, cis_message *message);
void cis_jpeg_writer_free(cis_jpeg_writer *writer);

/// Encodes 8-bit `pixels` (rows `stride` bytes apart) into a malloc'ed buffer freed with `cis_free`.
int cis_jpeg_encode(const cis_jpeg_write_params *params, const uint8_t *pixels, size_t stride,
                    uint8_t **output, size_t *output_length, cis_message *message);

// MARK: Little CMS

/// A relative-colorimetric transform with black-point compensation from `profile` to sRGB with the same sample size (`bytes`: 1 or 2), alpha copied
/// through. `model` is the input's color model; `inverted_cmyk` marks Adobe-style CMYK.
/// Returns NULL when Little CMS refuses the profile for that input.
cmsHTRANSFORM cis_lcms_transform_to_srgb(cmsHPROFILE profile, cis_color_model model, int has_alpha,
                                         int inverted_cmyk, int bytes);

#endif
