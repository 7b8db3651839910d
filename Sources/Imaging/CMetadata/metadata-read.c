// Metadata read with gexiv2: what the decoder answers a metadata request
// with (and the benchmarks' in-process path).
#include "CMetadata.h"
#include "exiv2-setup.h"
#include "focus.h"
#include "rating.h"
#include "tag-text.h"

#include <gexiv2/gexiv2.h>
#include <string.h>

// An IPTC dataset's text, trimmed: UTF-8, or Latin-1 from files written
// before IPTC declared character sets. NULL when absent or blank.
static char *lb_iptc_text(GExiv2Metadata *metadata, const char *tag) {
    GError *error = NULL;
    if (!gexiv2_metadata_try_has_tag(metadata, tag, &error)) {
        g_clear_error(&error);
        return NULL;
    }
    char *raw = gexiv2_metadata_try_get_tag_string(metadata, tag, &error);
    g_clear_error(&error);
    char *text = raw ? lb_utf8(raw, true) : NULL;
    g_free(raw);
    if (text) g_strstrip(text);
    if (text && !*text) g_clear_pointer(&text, g_free);
    return text;
}

// The colour label: Xmp.xmp.Label as written (Lightroom's and Bridge's
// colour names, or a tool's own text), else digiKam's number (when it
// names one of the five), else the first of darktable's (which allows
// several).
static char *lb_label(GExiv2Metadata *metadata) {
    char *label = lb_tag_text(metadata, "Xmp.xmp.Label");
    if (label) return label;
    char *digikam = lb_tag_text(metadata, "Xmp.digiKam.ColorLabel");
    if (digikam) {
        // digiKam: 0 none, 1 red, 2 orange, 3 yellow, 4 green, 5 blue,
        // 6 magenta, 7 gray, 8 black, 9 white. Orange and the grays have
        // no counterpart in the other tools' five.
        static const int colours[] = {-1, 0, -1, 1, 2, 3, 4};
        char *end = NULL;
        gint64 number = g_ascii_strtoll(digikam, &end, 10);
        bool whole = end && *end == 0 && end != digikam;
        g_free(digikam);
        if (whole && number >= 0 && number < (gint64)G_N_ELEMENTS(colours) && colours[number] >= 0)
            return g_strdup(lb_colour_name(colours[number]));
    }
    GPtrArray *darktable = lb_tag_values(metadata, "Xmp.darktable.colorlabels", false);
    for (guint i = 0; !label && i < darktable->len; i++) {
        char *end = NULL;
        gint64 number = g_ascii_strtoll(darktable->pdata[i], &end, 10);
        if (end && end != darktable->pdata[i] && *end == 0 && number >= 0 && number < LB_COLOURS)
            label = g_strdup(lb_colour_name((int)number));
    }
    g_ptr_array_unref(darktable);
    return label;
}

// Whether a description is what a camera writes when nobody wrote one.
static bool lb_is_boilerplate(const char *text) {
    static const char *const stock[] = {
        "OLYMPUS DIGITAL CAMERA", "SONY DSC", "KONICA MINOLTA DIGITAL CAMERA", "MINOLTA DIGITAL CAMERA",
        "SAMSUNG DIGITAL CAMERA", "KODAK DIGITAL STILL CAMERA", "DIGITAL CAMERA", "EXIF_JPEG_PICTURE",
        "DEFAULT",
    };
    // Drones and action cameras name the file ("DCIM\100MEDIA\DJI_0001.JPG").
    if (g_ascii_strncasecmp(text, "DCIM\\", 5) == 0 || g_ascii_strncasecmp(text, "DCIM/", 5) == 0) return true;
    // Some pad it with spaces, or set it in another case.
    gchar **words = g_strsplit_set(text, " \t", -1);
    GString *collapsed = g_string_new(NULL);
    for (gchar **word = words; *word; word++) {
        if (!**word) continue;
        if (collapsed->len) g_string_append_c(collapsed, ' ');
        g_string_append(collapsed, *word);
    }
    g_strfreev(words);
    bool found = false;
    for (size_t i = 0; !found && i < G_N_ELEMENTS(stock); i++) found = g_ascii_strcasecmp(collapsed->str, stock[i]) == 0;
    g_string_free(collapsed, TRUE);
    return found;
}

// `text` unless it is a camera's boilerplate (then freed).
static char *lb_unless_boilerplate(char *text) {
    if (text && lb_is_boilerplate(text)) g_clear_pointer(&text, g_free);
    return text;
}

// The caption: XMP's description, else IPTC's, else EXIF's, as the
// Metadata Working Group orders them; a camera's stock text is none.
static char *lb_caption(GExiv2Metadata *metadata) {
    char *caption = lb_unless_boilerplate(lb_lang_alt_text(metadata, "Xmp.dc.description"));
    if (!caption) caption = lb_unless_boilerplate(lb_iptc_text(metadata, "Iptc.Application2.Caption"));
    if (!caption) caption = lb_unless_boilerplate(lb_tag_text(metadata, "Exif.Image.ImageDescription"));
    return caption;
}

// `text` added to `values` unless it is there already (then freed).
static void lb_add_new(GPtrArray *values, char *text) {
    if (text && lb_find(values, text) < 0) g_ptr_array_add(values, text);
    else g_free(text);
}

// The keywords, one path a line. Hierarchies first: Lightroom's
// lr:hierarchicalSubject, else digiKam's TagsList ('/' between levels).
// Then the flat keywords of dc:subject (or, when the file has neither XMP
// tag, IPTC's), less the levels of those paths: Lightroom puts every
// level of a path into dc:subject too, for readers that know no paths.
static char *lb_keywords(GExiv2Metadata *metadata) {
    GPtrArray *paths = g_ptr_array_new_with_free_func(g_free);
    GPtrArray *lightroom = lb_tag_values(metadata, "Xmp.lr.hierarchicalSubject", false);
    GPtrArray *hierarchy = lightroom->len ? g_ptr_array_ref(lightroom)
                                          : lb_tag_values(metadata, "Xmp.digiKam.TagsList", false);
    char separator = lightroom->len ? '|' : '/';
    for (guint i = 0; i < hierarchy->len; i++) lb_add_new(paths, lb_keyword_path(hierarchy->pdata[i], separator));
    GPtrArray *flat = lb_tag_values(metadata, "Xmp.dc.subject", false);
    if (!flat->len && !lightroom->len) {
        g_ptr_array_unref(flat);
        flat = lb_tag_values(metadata, "Iptc.Application2.Keywords", true);
    }
    GPtrArray *keywords = g_ptr_array_new_with_free_func(g_free);
    for (guint i = 0; i < paths->len; i++) g_ptr_array_add(keywords, g_strdup(paths->pdata[i]));
    for (guint i = 0; i < flat->len; i++)
        if (!lb_is_level(paths, flat->pdata[i])) lb_add_new(keywords, lb_keyword_path(flat->pdata[i], '|'));
    char *text = NULL;
    if (keywords->len) {
        g_ptr_array_add(keywords, NULL);
        text = g_strjoinv("\n", (gchar **)keywords->pdata);
    }
    g_ptr_array_unref(keywords);
    g_ptr_array_unref(flat);
    g_ptr_array_unref(hierarchy);
    g_ptr_array_unref(lightroom);
    g_ptr_array_unref(paths);
    return text;
}

// Formats whose decoding turns the picture by the container's own
// transforms, not by EXIF's orientation.
static bool lb_transforms_itself(const char *mime) {
    return mime && (strcmp(mime, "image/heic") == 0 || strcmp(mime, "image/heif") == 0
                    || strcmp(mime, "image/avif") == 0);
}

// What every format's metadata gives besides its size and orientation,
// read from `metadata` (opened already) into `out`: the date taken, the
// camera, the exposure, the rating, the label, title, caption and keywords,
// and where the camera focused.
static void lb_metadata_fields(GExiv2Metadata *metadata, LbMetadata *out) {
    GError *error = NULL;
    out->date_taken = lb_tag_text(metadata, "Exif.Photo.DateTimeOriginal");
    out->make = lb_tag_text(metadata, "Exif.Image.Make");
    out->model = lb_tag_text(metadata, "Exif.Image.Model");
    out->title = lb_lang_alt_text(metadata, "Xmp.dc.title");
    if (!out->title) out->title = lb_iptc_text(metadata, "Iptc.Application2.ObjectName");
    out->label = lb_label(metadata);
    out->caption = lb_caption(metadata);
    out->keywords = lb_keywords(metadata);
    int nom = 0, den = 0;
    if (gexiv2_metadata_try_get_exposure_time(metadata, &nom, &den, &error) && den > 0) {
        out->exposure_numerator = nom;
        out->exposure_denominator = den;
    }
    g_clear_error(&error);
    double fnumber = gexiv2_metadata_try_get_fnumber(metadata, &error);
    out->f_number = fnumber > 0 ? fnumber : 0;
    g_clear_error(&error);
    double focal = gexiv2_metadata_try_get_focal_length(metadata, &error);
    out->focal_length = focal > 0 ? focal : 0;
    g_clear_error(&error);
    int iso = gexiv2_metadata_try_get_iso_speed(metadata, &error);
    out->iso = iso > 0 ? iso : 0;
    g_clear_error(&error);
    out->has_rating = lb_rating_from(metadata, &out->rating);
    lb_focus_read(metadata, out->pixel_width, out->pixel_height, out);
}

bool lb_metadata_read(const char *path, LbMetadata *out) {
    memset(out, 0, sizeof *out);
    lb_exiv2_init();
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    if (!gexiv2_metadata_open_path(metadata, path, &error)) {
        g_clear_error(&error);
        g_object_unref(metadata);
        return false;
    }
    out->pixel_width = gexiv2_metadata_try_get_metadata_pixel_width(metadata, &error);
    g_clear_error(&error);
    out->pixel_height = gexiv2_metadata_try_get_metadata_pixel_height(metadata, &error);
    g_clear_error(&error);
    out->orientation = (int)gexiv2_metadata_try_get_orientation(metadata, &error);
    g_clear_error(&error);
    if (lb_transforms_itself(gexiv2_metadata_get_mime_type(metadata))) {
        // HEIF's own transforms (irot, imir) are authoritative and the
        // loader applies them; the EXIF orientation a phone also writes
        // is never applied again. (The size stays the coded one: the
        // transforms are in boxes exiv2 does not read, and asking the
        // loader would decode the whole picture.)
        out->orientation = 1;
    }
    lb_metadata_fields(metadata, out);
    g_object_unref(metadata);
    return true;
}

// The CRC of a PNG chunk (ISO 3309, as zlib's crc32) over its type and data.
static uint32_t lb_png_crc(const uint8_t *type, const uint8_t *data, size_t length) {
    uint32_t table[256];
    for (uint32_t n = 0; n < 256; n++) {
        uint32_t c = n;
        for (int k = 0; k < 8; k++) c = c & 1 ? 0xEDB88320u ^ (c >> 1) : c >> 1;
        table[n] = c;
    }
    uint32_t crc = 0xFFFFFFFFu;
    for (size_t i = 0; i < 4; i++) crc = table[(crc ^ type[i]) & 0xFF] ^ (crc >> 8);
    for (size_t i = 0; i < length; i++) crc = table[(crc ^ data[i]) & 0xFF] ^ (crc >> 8);
    return crc ^ 0xFFFFFFFFu;
}

static void lb_png_be32(GByteArray *png, uint32_t value) {
    uint8_t bytes[4] = {(uint8_t)(value >> 24), (uint8_t)(value >> 16), (uint8_t)(value >> 8), (uint8_t)value};
    g_byte_array_append(png, bytes, 4);
}

// A chunk of `type` holding `data` appended to `png`.
static void lb_png_chunk(GByteArray *png, const char *type, const uint8_t *data, size_t length) {
    lb_png_be32(png, (uint32_t)length);
    g_byte_array_append(png, (const guint8 *)type, 4);
    if (length) g_byte_array_append(png, data, (guint)length);
    lb_png_be32(png, lb_png_crc((const uint8_t *)type, data, length));
}

bool lb_metadata_read_exif_xmp(const uint8_t *exif, size_t exif_length, const uint8_t *xmp, size_t xmp_length,
                               LbMetadata *out) {
    memset(out, 0, sizeof *out);
    if (!exif) exif_length = 0;
    if (!xmp) xmp_length = 0;
    // A PNG chunk holds less than 2 GiB.
    if ((!exif_length && !xmp_length) || exif_length > INT32_MAX / 2 || xmp_length > INT32_MAX / 2) return false;
    // gexiv2 opens metadata from a file's bytes, so the EXIF and XMP are
    // handed to it as a PNG made in memory: a 1×1 header, the EXIF in an
    // eXIf chunk, the XMP in an iTXt chunk keyed XML:com.adobe.xmp, the
    // end. exiv2 reads both from a PNG of any size (a JPEG's APP1 segments
    // would stop at 64 KiB; from_app1_segment takes EXIF without XMP), and
    // reads them as it reads every PNG photo's, so the fields come out as
    // they do for other formats. The XMP chunk comes after the EXIF one: an
    // XMP packet inside the EXIF (TIFF tag 700) gives way to the file's own.
    static const uint8_t signature[8] = {0x89, 'P', 'N', 'G', 0x0d, 0x0a, 0x1a, 0x0a};
    static const uint8_t header[13] = {0, 0, 0, 1, 0, 0, 0, 1, 8, 0, 0, 0, 0};  // 1×1, 8-bit grey
    // The keyword and its NUL, uncompressed (0, 0), no language tag, no
    // translated keyword (each an empty text and its NUL).
    static const char xmp_key[] = "XML:com.adobe.xmp\0\0\0\0\0";
    GByteArray *png = g_byte_array_sized_new((guint)(64 + exif_length + xmp_length + sizeof xmp_key));
    g_byte_array_append(png, signature, sizeof signature);
    lb_png_chunk(png, "IHDR", header, sizeof header);
    if (exif_length) lb_png_chunk(png, "eXIf", exif, exif_length);
    if (xmp_length) {
        GByteArray *text = g_byte_array_sized_new((guint)(sizeof xmp_key + xmp_length));
        g_byte_array_append(text, (const guint8 *)xmp_key, sizeof xmp_key - 1);
        g_byte_array_append(text, xmp, (guint)xmp_length);
        lb_png_chunk(png, "iTXt", text->data, text->len);
        g_byte_array_unref(text);
    }
    lb_png_chunk(png, "IEND", NULL, 0);
    lb_exiv2_init();
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    bool opened = gexiv2_metadata_open_buf(metadata, png->data, (glong)png->len, &error);
    g_clear_error(&error);
    g_byte_array_unref(png);
    if (opened) lb_metadata_fields(metadata, out);
    g_object_unref(metadata);
    return opened;
}
