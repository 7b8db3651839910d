// CImaging: image decoding, thumbnail writing and file helpers in C (with
// gdk-pixbuf), behind functions whose arguments Swift imports as plain
// values, and the metadata types CMetadata fills. The Swift module Imaging
// wraps these; nothing else calls them.
#pragma once

#include <stdint.h>
#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

// ---- Probing -------------------------------------------------------------

// Reads only the header. Returns false when no loader recognizes the file.
// `mime` receives a newly allocated MIME type (free with lb_free).
bool lb_image_probe(const char *path, int *width, int *height, char **mime);

// ---- Decoding ------------------------------------------------------------

typedef struct LbImage LbImage;

// Decodes `path` so that it fits in `max_size`×`max_size` (never upscaling),
// letting the loader scale while decoding (JPEG decodes at 1/2, 1/4, 1/8),
// then applies the EXIF orientation. Images declaring more than
// `max_pixels` pixels are refused before any pixel is decoded. A JPEG, PNG
// or WebP whose structure stops short of its end (see integrity.h) is
// refused as damaged, though gdk-pixbuf would fill in the missing rows.
// Returns NULL with a newly allocated message in `error` on failure (free
// with lb_free).
// `original_width`/`original_height` receive the declared size.
LbImage *lb_image_decode(const char *path, int max_size, int64_t max_pixels,
                         int *original_width, int *original_height, char **error);
void lb_image_free(LbImage *image);

// lb_image_decode on a file already open for reading at `fd` (read from
// where it stands; not closed). `mime` (may be NULL) receives the format's
// MIME type (free with lb_free).
LbImage *lb_image_decode_fd(int fd, int max_size, int64_t max_pixels, int *original_width,
                            int *original_height, char **mime, char **error);

// What lb_image_decode_into decoded.
typedef struct {
    int width, height, stride;                // the RGBA rows written
    int original_width, original_height;      // the size the file declared
    char *mime;                               // free with lb_free
    bool from_sensor;                         // a RAW developed from its sensor data (not a preview)
    bool incomplete;                          // a RAW cut short, shown from the preview it kept
} LbDecodeInfo;

// Asked for the memory the RGBA rows go to (`stride` bytes a row, height
// rows); NULL when there is none.
typedef uint8_t *(*LbRowsTarget)(void *context, int width, int height, size_t stride);

// Decodes like lb_image_decode_fd, then writes the pixels into the memory
// `target` gives (lightbox-decoder's shared memory): 8-bit RGBA, or with
// `premultiplied` the display layout of lb_pixels_premultiply, so a photo
// window needs no second pass over its pixels. Returns false with `error`
// set (free with lb_free).
bool lb_image_decode_into(int fd, int max_size, int64_t max_pixels, bool premultiplied, LbRowsTarget target,
                          void *context, LbDecodeInfo *info, char **error);

// An image over RGBA rows in `length` bytes of memory mapped at `address`,
// which it unmaps (munmap) when freed. The rows are never written.
LbImage *lb_image_wrap_mapping(void *address, size_t length, int width, int height, int stride);

int lb_image_width(const LbImage *image);
int lb_image_height(const LbImage *image);
// Pixels as 8-bit RGBA rows of `lb_image_stride` bytes.
const uint8_t *lb_image_rgba(const LbImage *image);
int lb_image_stride(const LbImage *image);

// Converts straight-alpha RGBA rows of `stride` bytes to premultiplied
// 32-bit ARGB words in native byte order (cairo's ARGB32, GDK's default
// memory format), `width` words a row, into `out`.
void lb_pixels_premultiply(const uint8_t *rgba, int width, int height, int stride, uint32_t *out);

// The pixels at `in` (4 bytes each, `stride` bytes a row) turned a quarter
// clockwise or counter-clockwise into `out` (`height` × `width` pixels,
// rows without padding): how a photo window shows a rotation at once.
void lb_pixels_turn(const uint32_t *in, int width, int height, int stride, bool clockwise, uint32_t *out);

// What a picture's pixels say of its exposure: a histogram of each channel
// and of the luminance (Rec. 709 luma), how many pixels have a channel at
// its white level (255), and how many are darker than `dark_below` (a luma
// level). `argb32`: the pixels are premultiplied ARGB32 words in native
// byte order (what a photo window keeps), else RGBA bytes.
typedef struct {
    uint32_t red[256], green[256], blue[256], luminance[256];
    uint64_t pixels, clipped_any, dark;
} LbExposure;

void lb_pixels_exposure(const uint8_t *pixels, int width, int height, int stride, bool argb32, int dark_below,
                        LbExposure *out);

// A copy of the pixels, in their layout with rows of `width` × 4 bytes in
// `out`, where a pixel with a channel at its white level is red and one
// darker than `dark_below` blue: the clipping a photo window marks.
void lb_pixels_mark_exposure(const uint8_t *pixels, int width, int height, int stride, bool argb32, int dark_below,
                             uint8_t *out);

// Focus peaking: paints green, in `out` (rows of `width` × 4 bytes in the
// pixels' layout, filled by the caller: a copy, or one already marked),
// the pixels where the luma's 3 × 3 Sobel gradient (|gx| + |gy|, up to
// 2040) reaches `threshold`: the sharp edges.
void lb_pixels_mark_peaking(const uint8_t *pixels, int width, int height, int stride, bool argb32, int threshold,
                            uint8_t *out);

// How sharp the pixels inside [left, right) × [top, bottom) are: the root
// mean square of their luma's Laplacian (0 for a flat area; a picture in
// focus scores several times one blurred by a few pixels). Comparable
// between pictures of about the same size.
double lb_pixels_sharpness(const uint8_t *pixels, int width, int height, int stride, bool argb32, int left, int top,
                           int right, int bottom);

// A copy scaled to fit `max_size` × `max_size` (bilinear), or a copy at the
// same size when it already fits. NULL when memory runs out.
LbImage *lb_image_scaled(const LbImage *image, int max_size);

// Writes the image as PNG to `path`. The keys/values pairs, when given,
// become tEXt chunks (`count` pairs). Returns false with `error` set.
bool lb_image_save_png(const LbImage *image, const char *path, const char *const *keys,
                       const char *const *values, int count, char **error);

// ---- Metadata ------------------------------------------------------------

// What the camera's maker notes say of where it focused
// (LbMetadata.focus).
enum {
    LB_FOCUS_UNKNOWN = 0,  // nothing read: no maker notes, or none this reads
    LB_FOCUS_MANUAL = 1,   // focused by hand: no point
    LB_FOCUS_AREAS = 2,    // focus_areas hold the areas in focus
    LB_FOCUS_NAMED = 3,    // only a named point: focus_region
};
// The most areas a photo's focus is told with (a 61-point body may have
// all of them in focus).
#define LB_MAX_FOCUS_AREAS 64

// An area the camera focused on: its centre and size as fractions of the
// frame as stored, before the EXIF orientation is applied; a size of 0 is
// a point (the camera gave no size).
typedef struct {
    float x, y, width, height;
} LbFocusArea;

typedef struct {
    int pixel_width, pixel_height;  // 0 when unknown
    int orientation;                // EXIF 1..8, 0 when unknown
    char *date_taken;               // "YYYY:MM:DD HH:MM:SS" or NULL
    char *make, *model, *title;     // NULL when absent
    int exposure_numerator, exposure_denominator;  // 0/0 when absent
    double f_number;                // 0 when absent
    double focal_length;            // millimetres, 0 when absent
    int iso;                        // 0 when absent
    bool has_rating;                // whether the file states a rating
    int rating;                     // -1 rejected, 0 unrated, 1..5 stars
    char *label;                    // the colour label ("Red", or another tool's own text); NULL when none
    char *caption;                  // the description; NULL when none (or a camera's boilerplate)
    char *keywords;                 // paths one a line, levels joined by '|'; NULL when none
    int focus;                      // LB_FOCUS_*
    // The frame the maker note measures the areas in (its size in its own
    // units, for its shape: landscape or portrait), 0 × 0 when it gives
    // none; the areas are fractions of it already.
    int focus_frame_width, focus_frame_height;
    int focus_count;
    LbFocusArea focus_areas[LB_MAX_FOCUS_AREAS];
    // LB_FOCUS_NAMED: where the named point is in the frame as stored, a
    // third of it each way, 1 upper left … 5 centre … 9 lower right.
    int focus_region;
} LbMetadata;

// Free the strings of an LbMetadata (lb_metadata_read, CMetadata).
void lb_metadata_clear(LbMetadata *metadata);

// What a metadata edit changes (lb_decoder_edit, made by CMetadata). The
// strings are UTF-8; for the label, title and caption NULL leaves the
// file's as it is and "" removes them. Keyword paths have their levels
// joined by '|' ("Places|Brittany|Finistère"); a flat keyword is a path
// of one level. lb_metadata_edit says which tags each goes into.
typedef struct {
    bool set_rating;
    int rating;              // -1 rejected, 0 unrated, 1..5: Xmp.xmp.Rating
    bool exif_rating;        // also Exif.Image.Rating and RatingPercent
    bool set_orientation;
    int orientation;         // 1..8, EXIF's Orientation (and XMP's tiff:Orientation)
    const char *label;       // "Red", "Yellow", "Green", "Blue", "Purple" or any other text
    const char *title;
    const char *caption;
    const char *const *keywords_added;
    int added_count;
    const char *const *keywords_removed;
    int removed_count;
} LbMetadataEdit;

void lb_free(void *pointer);

// ---- File URIs and checksums (files.c) -----------------------------------

// The file:// URI of an absolute path, exactly as g_filename_to_uri makes
// it (the name the Thumbnail Managing Standard hashes). NULL when `path`
// is not absolute. Free with lb_free.
char *lb_filename_to_uri(const char *path);

// The MD5 of `text` (its bytes up to the NUL) as 32 lowercase hex digits.
// Free with lb_free.
char *lb_md5_hex(const char *text);

// Renames `from` to `to` only if `to` does not exist, in one step
// (renameat2 RENAME_NOREPLACE): 0, or the errno (EEXIST when taken; EINVAL
// where the file system cannot, such as some network file systems).
int lb_rename_noreplace(const char *from, const char *to);

// ---- Copying (copy.c) -----------------------------------------------------

// Answers whether the copy under way should stop.
typedef bool (*LbCancelCheck)(void *context);

// Copies the regular file `source` into a new hidden file in `folder`
// (".NAME.lightbox-copy-XXXXXX"), with its permission bits, times and the
// extended attributes that can be copied, flushed to disk. 0 and the
// temporary's path in `temporary_out` (free with lb_free), or the errno
// (ECANCELED when `cancelled` said so); no temporary is left on failure.
int lb_copy_to_temporary(const char *source, const char *folder, LbCancelCheck cancelled, void *context,
                         char **temporary_out);

// ---- Encoding (files.c) ---------------------------------------------------

// Writes 8-bit RGBA pixels (`stride` bytes a row) to `path` with the
// gdk-pixbuf saver `type` ("png", "jpeg"). `keys`/`values` are the saver's
// options as gdk-pixbuf names them ("tEXt::Thumb::URI", "quality"), `count`
// pairs. Returns false with a newly allocated `error` on failure.
bool lb_rgba_save(const uint8_t *rgba, int width, int height, int stride, const char *path,
                  const char *type, const char *const *keys, const char *const *values, int count,
                  char **error);


// ---- Image data (image-data.c) -----------------------------------------------

// Whether two files' image data is the same byte for byte, metadata left
// out: JPEG segments other than APPn and COM and everything from the first
// scan on; PNG IHDR, PLTE, tRNS and IDAT; WebP's bitstream chunks. Walked
// by the app itself (no decoding): 1 the same, 0 not (or not the same
// format), -1 with `error` set when one cannot be read, and
// LB_IMAGE_DATA_NOT_WALKED when both are of another format (TIFF), whose
// pixels must be compared decoded (in a decoder process).
#define LB_IMAGE_DATA_NOT_WALKED 2
int lb_image_data_equal(const char *a, const char *b, char **error);

// lb_image_data_equal over two files in memory (and its fuzzing target).
int lb_image_data_equal_bytes(const uint8_t *a, size_t a_length, const uint8_t *b, size_t b_length);

// ---- Replacing a file without ever leaving it half written (replace.c) ----

typedef struct LbReplacement LbReplacement;

// Makes ".NAME.lightbox-PID-XXXXXX" beside `path` holding the first
// `length` bytes of the open descriptor `contents` (read at offsets of its
// own, whoever else moves its position), with the owner, group and mode of
// `like` and, when `like` is `path`, its extended attributes; flushed to
// disk. `like` is `path` itself (its file is replaced) or the photo a new
// sidecar at `path` belongs to; `like_fd` is that file opened read-only
// before its bytes were read (duplicated, kept until the commit: the file
// is known by it, whatever its name comes to hold). NULL with `code` (an
// errno value) and `error` set when it cannot be made.
LbReplacement *lb_replacement_new(const char *path, const char *like, int like_fd, int contents, int64_t length,
                                  int *code, char **error);

// The temporary file's path, for checks before the commit.
const char *lb_replacement_temporary(const LbReplacement *replacement);

// What lb_replacement_commit answers when the file was moved away, or its
// name given to another file, while it was being rewritten (or, for a new
// sidecar, when its photo was): nothing was changed, and trying again
// would write into whatever the name holds now.
#define LB_REPLACEMENT_MOVED (-1)

// Puts the temporary in place and flushes the folder. `before` is
// `like_fd` as fstat'ed before its bytes were read. Replacing: swaps the
// temporary with the file at `path` (renameat2 RENAME_EXCHANGE) only if
// that is still the file read, checked again after the swap, which is
// undone if not; LB_REPLACEMENT_MOVED when it is gone or another file,
// EBUSY when the file read was written to in place since (tried again
// later). A new file (a sidecar): never replaces one that appeared
// meanwhile (EEXIST), and LB_REPLACEMENT_MOVED when the photo it belongs
// to left its name before or just after it appeared (it is then removed
// again). Frees the replacement, removing the temporary unless it took the
// file's place. 0, LB_REPLACEMENT_MOVED or an errno value.
int lb_replacement_commit(LbReplacement *replacement, const struct stat *before, char **error);

// Called, when set, between a commit's last check and its rename, with the
// replacement's path: tests put another program's rename there. NULL (the
// app) calls nothing.
typedef void (*LbReplacementHook)(const char *path, void *context);
void lb_replacement_set_test_hook(LbReplacementHook hook, void *context);

// Opens `path` only to know the file by (O_PATH, close-on-exec): no
// permission to read it is needed. A descriptor or -1 with errno set.
int lb_open_path_only(const char *path);

// Removes the temporary and frees the replacement.
void lb_replacement_discard(LbReplacement *replacement);

// Whether `name` is a temporary file a replacement left behind in a
// process that no longer runs (so it may be removed).
bool lb_replacement_is_stale(const char *name);

// ---- Completeness (integrity.c) --------------------------------------------

// Whether the bytes of a JPEG, PNG or WebP file make a whole file, checked
// on the bytes as they are read (lb_image_decode feeds it what it reads).
// gdk-pixbuf decodes a truncated JPEG or PNG without an error, leaving the
// missing rows blank, so this is how a damaged file is told from a whole
// one: JPEG markers up to EOI (the entropy-coded data scanned, segments
// skipped by their length), PNG chunks up to IEND (its checksum is not
// needed: every pixel came before it), a WebP's whole RIFF body. Bytes
// after the end (a motion photo's video) are ignored.
typedef enum {
    LB_FORMAT_UNKNOWN,  // not yet known, or not one of the three
    LB_FORMAT_JPEG,
    LB_FORMAT_PNG,
    LB_FORMAT_WEBP,
} LbFormat;

typedef struct {
    LbFormat format;
    int state;               // where the parser is (integrity.c)
    unsigned char head[12];  // the first bytes, which say the format
    size_t head_length;
    uint64_t skip;           // bytes still to pass over
    int marker;              // JPEG: the marker whose segment is read
    unsigned char field[8];  // a length (JPEG) or chunk header (PNG) being read
    size_t field_length;
    uint64_t webp_body;      // WebP: the RIFF size
    uint64_t total;          // bytes fed
} LbIntegrity;

void lb_integrity_init(LbIntegrity *check);
void lb_integrity_feed(LbIntegrity *check, const unsigned char *bytes, size_t count);
// 1 when the bytes fed make a whole file, 0 when they stop short or are
// malformed, -1 for other formats (and for bytes too few to tell the
// format, which the decoder refuses anyway).
int lb_integrity_result(const LbIntegrity *check);

// ---- Reading folders (directory.c) ----------------------------------------

typedef struct LbDirectory LbDirectory;

typedef enum {
    LB_ENTRY_FILE,
    LB_ENTRY_DIRECTORY,
    LB_ENTRY_BROKEN_LINK,
    LB_ENTRY_OTHER,
    LB_ENTRY_STALE_TEMPORARY,  // see lb_replacement_is_stale (not stat'ed)
} LbEntryKind;

// One entry of a folder, what `stat` says of it (of a link's target, for a
// link that resolves). `name` stays valid until the next call.
typedef struct {
    const char *name;
    LbEntryKind kind;
    int64_t size;
    int64_t modification_time;
} LbEntry;

// Opens a folder for reading; NULL (with errno set) when it cannot be.
LbDirectory *lb_directory_open(const char *path);
// The next entry whose name does not start with a dot (or a stale
// temporary file of a rating write, which does), stat'ed relative to
// the open folder (no path to resolve again); false at the end. Entries
// that vanish between the listing and the stat are skipped.
bool lb_directory_next(LbDirectory *directory, LbEntry *entry);
void lb_directory_close(LbDirectory *directory);

// ---- Threads (threads.c) --------------------------------------------------

// Sets the calling thread's nice value (higher runs later). Background
// workers use it so the main thread's drawing comes first.
bool lb_thread_set_nice(int nice);
