// Metadata edits made on a file held in memory: the decoder process runs
// this on bytes the app handed it, so exiv2 parses an untrusted photo only
// inside the sandbox, where it cannot open or write a file (seccomp.c).
#include "CMetadata.h"
#include "exiv2-setup.h"
#include "tag-text.h"

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

static bool lb_has(GExiv2Metadata *metadata, const char *tag) {
    GError *error = NULL;
    bool has = gexiv2_metadata_try_has_tag(metadata, tag, &error);
    g_clear_error(&error);
    return has;
}

// Removes `tag` (all its values); nothing to do when it is not there.
static bool lb_remove(GExiv2Metadata *metadata, const char *tag, GError **error) {
    gexiv2_metadata_try_clear_tag(metadata, tag, error);
    return *error == NULL;
}

// `value` into `tag`, or the tag removed for "".
static bool lb_set_text(GExiv2Metadata *metadata, const char *tag, const char *value, GError **error) {
    if (!*value) return lb_remove(metadata, tag, error);
    return gexiv2_metadata_try_set_tag_string(metadata, tag, value, error);
}

// `value` as the x-default entry of a language alternative (other
// languages stay), or the whole tag removed for "".
static bool lb_set_lang_alt(GExiv2Metadata *metadata, const char *tag, const char *value, GError **error) {
    if (!*value) return lb_remove(metadata, tag, error);
    // A tool that wrote the property as plain text left a value that
    // would take the new text, prefix and all, as text: it goes first.
    if (lb_has(metadata, tag)) {
        char *current = gexiv2_metadata_try_get_tag_string(metadata, tag, error);
        bool plain = current && !g_str_has_prefix(current, "lang=");
        g_free(current);
        g_clear_error(error);
        if (plain && !lb_remove(metadata, tag, error)) return false;
    }
    // exiv2 reads a leading `lang="…"` as the language, once: with it, a
    // text that itself starts with `lang=` stays text.
    char *entry = g_strdup_printf("lang=\"x-default\" %s", value);
    bool ok = gexiv2_metadata_try_set_tag_string(metadata, tag, entry, error);
    g_free(entry);
    return ok;
}

// `values` as `tag`'s values (an XMP array of the type exiv2 knows the
// tag by, or a repeated IPTC dataset); the tag removed when there are none.
static bool lb_set_list(GExiv2Metadata *metadata, const char *tag, GPtrArray *values, GError **error) {
    if (!lb_remove(metadata, tag, error)) return false;
    if (!values->len) return true;
    g_ptr_array_add(values, NULL);
    bool ok = gexiv2_metadata_try_set_tag_multiple(metadata, tag, (const gchar **)values->pdata, error);
    g_ptr_array_remove_index(values, values->len - 1);
    return ok;
}

// The colour label into Xmp.xmp.Label, and into digiKam's and darktable's
// own tags where the file has them, so that those tools show the same.
static bool lb_apply_label(GExiv2Metadata *metadata, const char *label, GError **error) {
    int colour = lb_colour_index(label);
    // Lightroom compares the names as it writes them.
    if (!lb_set_text(metadata, "Xmp.xmp.Label", colour >= 0 ? lb_colour_name(colour) : label, error)) return false;
    if (lb_has(metadata, "Xmp.digiKam.ColorLabel")) {
        // digiKam's numbers for red, yellow, green, blue and magenta; 0 is none.
        static const char *const numbers[LB_COLOURS] = {"1", "3", "4", "5", "6"};
        const char *number = colour >= 0 ? numbers[colour] : "0";
        if (!gexiv2_metadata_try_set_tag_string(metadata, "Xmp.digiKam.ColorLabel", number, error)) return false;
    }
    if (lb_has(metadata, "Xmp.darktable.colorlabels")) {
        if (!lb_remove(metadata, "Xmp.darktable.colorlabels", error)) return false;
        // darktable's is a sequence, which exiv2 makes only as an empty
        // array and then an item; a label it has no colour for is none.
        char number[4];
        g_snprintf(number, sizeof number, "%d", colour);
        if (colour >= 0
            && (!gexiv2_metadata_try_set_xmp_tag_struct(metadata, "Xmp.darktable.colorlabels", GEXIV2_STRUCTURE_XA_SEQ,
                                                        error)
                || !gexiv2_metadata_try_set_tag_string(metadata, "Xmp.darktable.colorlabels[1]", number, error)))
            return false;
    }
    return true;
}

// The edit's keyword paths, as Lightbox keeps them (lb_keyword_path).
static GPtrArray *lb_edit_paths(const char *const *paths, int count) {
    GPtrArray *result = g_ptr_array_new_with_free_func(g_free);
    for (int i = 0; paths && i < count; i++) {
        char *path = paths[i] ? lb_keyword_path(paths[i], '|') : NULL;
        if (path) g_ptr_array_add(result, path);
    }
    return result;
}

// Removes every `text` from `values`.
static void lb_remove_value(GPtrArray *values, const char *text) {
    for (int at; values && (at = lb_find(values, text)) >= 0;) g_ptr_array_remove_index(values, (guint)at);
}

// Keywords added and removed, kept in step as Lightroom keeps them: the
// paths in lr:hierarchicalSubject (and digiKam's TagsList, where the file
// has one), their leaves as flat keywords in dc:subject and, where the
// file has IPTC, its Keywords. A removed path's levels leave the flat
// lists unless a remaining path still has them (Lightroom puts a path's
// parents there too); a keyword only in the flat lists leaves them.
static bool lb_apply_keywords(GExiv2Metadata *metadata, const LbMetadataEdit *edit, bool iptc, GError **error) {
    bool had_lightroom = lb_has(metadata, "Xmp.lr.hierarchicalSubject");
    bool had_digikam = lb_has(metadata, "Xmp.digiKam.TagsList");
    // The paths as read: Lightroom's, else digiKam's, which a new
    // lr:hierarchicalSubject must not leave behind.
    GPtrArray *written = lb_tag_values(metadata, had_lightroom ? "Xmp.lr.hierarchicalSubject" : "Xmp.digiKam.TagsList",
                                       false);
    GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < written->len; i++) {
        char *path = lb_keyword_path(written->pdata[i], had_lightroom ? '|' : '/');
        if (path && lb_find(paths, path) < 0) g_ptr_array_add(paths, path);
        else g_free(path);
    }
    g_ptr_array_unref(written);
    GPtrArray *keywords = iptc ? lb_tag_values(metadata, "Iptc.Application2.Keywords", true) : NULL;
    // IPTC's keywords become XMP's where XMP has none (the guidelines'
    // reconciliation), or reading XMP first would lose them.
    GPtrArray *subject = lb_tag_values(metadata, "Xmp.dc.subject", false);
    if (keywords && !lb_has(metadata, "Xmp.dc.subject"))
        for (guint i = 0; i < keywords->len; i++) g_ptr_array_add(subject, g_strdup(keywords->pdata[i]));

    GPtrArray *removed = lb_edit_paths(edit->keywords_removed, edit->removed_count);
    GPtrArray *added = lb_edit_paths(edit->keywords_added, edit->added_count);
    for (guint i = 0; i < removed->len; i++) lb_remove_value(paths, removed->pdata[i]);
    for (guint i = 0; i < added->len; i++) {
        const char *path = added->pdata[i], *leaf = lb_keyword_leaf(path);
        if (lb_find(paths, path) < 0) g_ptr_array_add(paths, g_strdup(path));
        if (lb_find(subject, leaf) < 0) g_ptr_array_add(subject, g_strdup(leaf));
        if (keywords && lb_find(keywords, leaf) < 0) g_ptr_array_add(keywords, g_strdup(leaf));
    }
    for (guint i = 0; i < removed->len; i++) {
        gchar **levels = g_strsplit(removed->pdata[i], "|", -1);
        for (gchar **level = levels; *level; level++) {
            if (lb_is_level(paths, *level)) continue;
            lb_remove_value(subject, *level);
            lb_remove_value(keywords, *level);
        }
        g_strfreev(levels);
    }

    bool ok = lb_set_list(metadata, "Xmp.lr.hierarchicalSubject", paths, error)
        && lb_set_list(metadata, "Xmp.dc.subject", subject, error)
        && (!keywords || lb_set_list(metadata, "Iptc.Application2.Keywords", keywords, error));
    if (ok && had_digikam) {
        GPtrArray *tags = g_ptr_array_new_with_free_func(g_free);
        for (guint i = 0; i < paths->len; i++) g_ptr_array_add(tags, g_strdelimit(g_strdup(paths->pdata[i]), "|", '/'));
        ok = lb_set_list(metadata, "Xmp.digiKam.TagsList", tags, error);
        g_ptr_array_unref(tags);
    }
    g_ptr_array_unref(added);
    g_ptr_array_unref(removed);
    g_ptr_array_unref(subject);
    if (keywords) g_ptr_array_unref(keywords);
    g_ptr_array_unref(paths);
    return ok;
}

// IPTC text is written in UTF-8, and Iptc.Envelope.CharacterSet says so
// (else readers take it for Latin-1 and accents break). What the file's
// IPTC already holds in another character set (Latin-1, the only one in
// use before UTF-8) is turned into UTF-8 first, or the declaration would
// make it wrong.
static bool lb_iptc_in_utf8(GExiv2Metadata *metadata, GError **error) {
    static const char utf8[] = "\x1b%G";
    char *declared = lb_has(metadata, "Iptc.Envelope.CharacterSet")
        ? gexiv2_metadata_try_get_tag_string(metadata, "Iptc.Envelope.CharacterSet", error)
        : NULL;
    g_clear_error(error);
    bool already = declared && strcmp(declared, utf8) == 0;
    g_free(declared);
    if (already) return true;
    gchar **tags = gexiv2_metadata_get_iptc_tags(metadata);
    bool ok = true;
    for (gchar **tag = tags; ok && tag && *tag; tag++) {
        GError *ignored = NULL;
        const char *type = gexiv2_metadata_try_get_tag_type(*tag, &ignored);
        g_clear_error(&ignored);
        if (!g_str_has_prefix(*tag, "Iptc.Application2.") || g_strcmp0(type, "String") != 0) continue;
        gchar **values = gexiv2_metadata_try_get_tag_multiple(metadata, *tag, &ignored);
        g_clear_error(&ignored);
        bool all_utf8 = true;
        for (gchar **value = values; value && *value; value++) all_utf8 = all_utf8 && g_utf8_validate(*value, -1, NULL);
        if (!all_utf8) {
            GPtrArray *converted = g_ptr_array_new_with_free_func(g_free);
            for (gchar **value = values; *value; value++) g_ptr_array_add(converted, lb_utf8(*value, true));
            ok = lb_set_list(metadata, *tag, converted, error);
            g_ptr_array_unref(converted);
        }
        g_strfreev(values);
    }
    g_strfreev(tags);
    return ok && gexiv2_metadata_try_set_tag_string(metadata, "Iptc.Envelope.CharacterSet", utf8, error);
}

// A trimmed copy of an edit's text.
static char *lb_trimmed(const char *text) { return g_strstrip(g_strdup(text)); }

// The label, title, caption and keywords `edit` asks for, set on
// `metadata` as the Metadata Working Group's guidelines have it: XMP
// always; IPTC where the file has IPTC, EXIF's ImageDescription where the
// file has one, so that readers of either see the same. A sidecar holds
// XMP only.
static bool lb_apply_text(GExiv2Metadata *metadata, const LbMetadataEdit *edit, GError **error) {
    bool keywords = edit->added_count > 0 || edit->removed_count > 0;
    if (!edit->label && !edit->title && !edit->caption && !keywords) return true;
    bool sidecar = g_strcmp0(gexiv2_metadata_get_mime_type(metadata), "application/rdf+xml") == 0;
    bool iptc = !sidecar && gexiv2_metadata_has_iptc(metadata);
    bool exif_description = !sidecar && lb_has(metadata, "Exif.Image.ImageDescription");
    bool ok = true;
    if (iptc && (edit->title || edit->caption || keywords)) ok = lb_iptc_in_utf8(metadata, error);
    if (ok && edit->label) {
        char *label = lb_trimmed(edit->label);
        ok = lb_apply_label(metadata, label, error);
        g_free(label);
    }
    if (ok && edit->title) {
        char *title = lb_trimmed(edit->title);
        ok = lb_set_lang_alt(metadata, "Xmp.dc.title", title, error)
            && (!iptc || lb_set_text(metadata, "Iptc.Application2.ObjectName", title, error));
        g_free(title);
    }
    if (ok && edit->caption) {
        char *caption = lb_trimmed(edit->caption);
        ok = lb_set_lang_alt(metadata, "Xmp.dc.description", caption, error)
            && (!iptc || lb_set_text(metadata, "Iptc.Application2.Caption", caption, error))
            && (!exif_description || lb_set_text(metadata, "Exif.Image.ImageDescription", caption, error));
        g_free(caption);
    }
    if (ok && keywords) ok = lb_apply_keywords(metadata, edit, iptc, error);
    return ok;
}

// The rating and orientation tags `edit` asks for, then its text
// (lb_apply_text), set on `metadata`.
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
    return lb_apply_text(metadata, edit, error);
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
