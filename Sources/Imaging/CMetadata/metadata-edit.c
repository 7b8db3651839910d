// Metadata edits made on a file held in memory: the decoder process runs
// this on bytes the app handed it, so exiv2 parses an untrusted photo only
// inside the sandbox, where it cannot open or write a file (seccomp.c).
#include "CMetadata.h"
#include "lb-internal.h"

#include <gexiv2/gexiv2.h>
#include <string.h>

// A stream for gexiv2_metadata_save_stream, which reads the image from
// the stream, puts the metadata into it and writes the whole new file back
// through the stream from its start, without truncating it. So reads come
// from the original bytes and writes go to a buffer of their own: the new
// file is exactly what was written, even when it is shorter than the old.
typedef struct {
    const uint8_t *original;
    gint64 length;
    GByteArray *written;
    gint64 position;
    bool overflowed;  // a write past what a GByteArray holds: the edit fails
} LbMemoryStream;

static gboolean lb_yes(void *handle) {
    (void)handle;
    return TRUE;
}

static gint64 lb_length(void *handle) { return ((LbMemoryStream *)handle)->length; }

static gint64 lb_position(void *handle) { return ((LbMemoryStream *)handle)->position; }

// `offset` is where in `buffer` to start (.NET's convention), not in the stream.
static gint32 lb_read(void *handle, void *buffer, gint32 offset, gint32 count) {
    LbMemoryStream *stream = handle;
    gint64 left = stream->length - stream->position;
    if (count < 0 || offset < 0 || left <= 0) return 0;
    gint32 n = count < left ? count : (gint32)left;
    memcpy((char *)buffer + offset, stream->original + stream->position, (size_t)n);
    stream->position += n;
    return n;
}

static void lb_write(void *handle, void *buffer, gint32 offset, gint32 count) {
    LbMemoryStream *stream = handle;
    if (count <= 0 || offset < 0) return;
    gint64 end = stream->position + count;
    if (end > G_MAXINT32) {
        stream->overflowed = true;
        return;
    }
    if (end > (gint64)stream->written->len) g_byte_array_set_size(stream->written, (guint)end);
    memcpy(stream->written->data + stream->position, (char *)buffer + offset, (size_t)count);
    stream->position = end;
}

static void lb_seek(void *handle, gint64 offset, WrapperSeekOrigin origin) {
    LbMemoryStream *stream = handle;
    gint64 base = origin == Begin ? 0 : origin == Current ? stream->position : stream->length;
    gint64 target = base + offset;
    stream->position = target < 0 ? 0 : target;
}

static void lb_flush(void *handle) { (void)handle; }

// The rating and orientation tags `edit` asks for, set on `metadata`.
static bool lb_apply(GExiv2Metadata *metadata, const LbMetadataEdit *edit, GError **error) {
    if (edit->set_rating) {
        int rating = edit->rating < 0 ? -1 : edit->rating > 5 ? 5 : edit->rating;
        char stars[8], exif_stars[8], percent[8];
        g_snprintf(stars, sizeof stars, "%d", rating);
        // EXIF's Rating is unsigned: a rejected photo is unrated there.
        g_snprintf(exif_stars, sizeof exif_stars, "%d", rating < 0 ? 0 : rating);
        g_snprintf(percent, sizeof percent, "%d", lb_rating_percent(rating));
        if (!gexiv2_metadata_try_set_tag_string(metadata, "Xmp.xmp.Rating", stars, error)) return false;
        if (edit->exif_rating
            && (!gexiv2_metadata_try_set_tag_string(metadata, "Exif.Image.Rating", exif_stars, error)
                || !gexiv2_metadata_try_set_tag_string(metadata, "Exif.Image.RatingPercent", percent, error)))
            return false;
    }
    if (edit->set_orientation) {
        if (edit->orientation < 1 || edit->orientation > 8) {
            g_set_error_literal(error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                                "The orientation must be between 1 and 8.");
            return false;
        }
        gexiv2_metadata_try_set_orientation(metadata, (GExiv2Orientation)edit->orientation, error);
        if (*error) return false;
    }
    return true;
}

bool lb_metadata_edit(const uint8_t *bytes, size_t length, const LbMetadataEdit *edit, uint8_t **edited,
                      size_t *edited_length, char **error_out) {
    *edited = NULL;
    *edited_length = 0;
    if (length > G_MAXINT32) {
        *error_out = g_strdup("The file is too large to have its metadata written.");
        return false;
    }
    lb_exiv2_init();
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    LbMemoryStream stream = {.original = bytes, .length = (gint64)length,
                             .written = g_byte_array_sized_new((guint)length + 4096)};
    ManagedStreamCallbacks callbacks = {.handle = &stream, .CanSeek = lb_yes, .CanRead = lb_yes,
                                        .CanWrite = lb_yes, .Length = lb_length, .Position = lb_position,
                                        .Read = lb_read, .Write = lb_write, .Seek = lb_seek, .Flush = lb_flush};
    bool ok = gexiv2_metadata_open_buf(metadata, bytes, (glong)length, &error) && lb_apply(metadata, edit, &error)
        && gexiv2_metadata_save_stream(metadata, &callbacks, &error);
    g_object_unref(metadata);
    if (ok && (stream.written->len == 0 || stream.overflowed)) ok = false;
    if (ok) {
        *edited_length = stream.written->len;
        *edited = g_byte_array_free(stream.written, FALSE);
    } else {
        *error_out = g_strdup(error ? error->message : "The metadata could not be written.");
        g_byte_array_free(stream.written, TRUE);
    }
    g_clear_error(&error);
    return ok;
}
