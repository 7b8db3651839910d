// Metadata read with gexiv2: what the decoder answers a metadata request
// with (and the benchmarks' in-process path).
#include "CMetadata.h"
#include "lb-internal.h"

#include <gexiv2/gexiv2.h>
#include <string.h>

char *lb_tag_text(GExiv2Metadata *metadata, const char *tag) {
    GError *error = NULL;
    if (!gexiv2_metadata_try_has_tag(metadata, tag, &error)) {
        g_clear_error(&error);
        return NULL;
    }
    char *value = gexiv2_metadata_try_get_tag_string(metadata, tag, &error);
    g_clear_error(&error);
    if (value) g_strstrip(value);
    if (value && (!*value || !g_utf8_validate(value, -1, NULL))) g_clear_pointer(&value, g_free);
    return value;
}

// XMP language alternatives read as `lang="x-default" Text`.
static char *lb_plain_title(char *value) {
    if (value && g_str_has_prefix(value, "lang=")) {
        char *space = strchr(value, ' ');
        char *plain = g_strdup(space ? space + 1 : "");
        g_free(value);
        value = plain;
    }
    if (value && !*value) g_clear_pointer(&value, g_free);
    return value;
}

// Formats whose decoding turns the picture by the container's own
// transforms, not by EXIF's orientation.
static bool lb_transforms_itself(const char *mime) {
    return mime && (strcmp(mime, "image/heic") == 0 || strcmp(mime, "image/heif") == 0
                    || strcmp(mime, "image/avif") == 0);
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
    out->date_taken = lb_tag_text(metadata, "Exif.Photo.DateTimeOriginal");
    out->make = lb_tag_text(metadata, "Exif.Image.Make");
    out->model = lb_tag_text(metadata, "Exif.Image.Model");
    out->title = lb_plain_title(lb_tag_text(metadata, "Xmp.dc.title"));
    if (!out->title) out->title = lb_tag_text(metadata, "Iptc.Application2.ObjectName");
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
    g_object_unref(metadata);
    return true;
}
