// Text in metadata as both reading and editing see it: a tag's text,
// language alternatives, repeated values, IPTC's older character sets,
// keyword paths and colour labels. CMetadata's bottom layer (tag-text.h).
#include "tag-text.h"

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

static const char *const lb_colours[LB_COLOURS] = {"Red", "Yellow", "Green", "Blue", "Purple"};

const char *lb_colour_name(int index) { return index >= 0 && index < LB_COLOURS ? lb_colours[index] : NULL; }

int lb_colour_index(const char *label) {
    for (int i = 0; i < LB_COLOURS; i++)
        if (g_ascii_strcasecmp(label, lb_colours[i]) == 0) return i;
    return -1;
}

char *lb_utf8(const char *bytes, bool latin1) {
    if (g_utf8_validate(bytes, -1, NULL)) return g_strdup(bytes);
    if (!latin1) return NULL;
    // Latin-1's bytes are the first 256 code points.
    GString *text = g_string_sized_new(strlen(bytes) * 2);
    for (const unsigned char *byte = (const unsigned char *)bytes; *byte; byte++) g_string_append_unichar(text, *byte);
    return g_string_free(text, FALSE);
}

// `text` trimmed, or NULL (freed) when nothing is left.
static char *lb_non_blank(char *text) {
    if (text) g_strstrip(text);
    if (text && !*text) g_clear_pointer(&text, g_free);
    return text;
}

char *lb_lang_alt_text(GExiv2Metadata *metadata, const char *tag) {
    char *value = lb_tag_text(metadata, tag);
    // exiv2 writes a language alternative as `lang="LANG" TEXT` entries
    // joined by ", ". A tool that wrote the property as plain text has no
    // such prefix: its text is the text.
    if (!value || !g_str_has_prefix(value, "lang=\"")) return value;
    // How many entries there are tells whether ", lang=\"" inside the text
    // starts another one: with one entry it is the text's own.
    GError *error = NULL;
    gchar **entries = gexiv2_metadata_try_get_tag_multiple(metadata, tag, &error);
    g_clear_error(&error);
    guint left = entries ? g_strv_length(entries) : 1;
    g_strfreev(entries);
    const char *chosen = NULL, *at = value;
    size_t chosen_length = 0;
    while (at && g_str_has_prefix(at, "lang=\"")) {
        const char *language = at + strlen("lang=\"");
        const char *quote = strchr(language, '"');
        if (!quote) break;
        const char *text = quote[1] == ' ' ? quote + 2 : quote + 1;
        const char *next = left > 1 ? strstr(text, ", lang=\"") : NULL;
        size_t length = next ? (size_t)(next - text) : strlen(text);
        bool is_default = quote - language == 9 && strncmp(language, "x-default", 9) == 0;
        if (!chosen || is_default) {
            chosen = text;
            chosen_length = length;
        }
        if (is_default) break;
        at = next ? next + 2 : NULL;
        left--;
    }
    char *text = chosen ? g_strndup(chosen, chosen_length) : NULL;
    g_free(value);
    return lb_non_blank(text);
}

GPtrArray *lb_tag_values(GExiv2Metadata *metadata, const char *tag, bool iptc) {
    GPtrArray *values = g_ptr_array_new_with_free_func(g_free);
    GError *error = NULL;
    if (!gexiv2_metadata_try_has_tag(metadata, tag, &error)) {
        g_clear_error(&error);
        return values;
    }
    gchar **raw = gexiv2_metadata_try_get_tag_multiple(metadata, tag, &error);
    g_clear_error(&error);
    for (gchar **value = raw; value && *value; value++) {
        char *text = lb_utf8(*value, iptc);
        if (!text) continue;
        // A keyword is one line of the wire's keyword text.
        char *to = text;
        for (const char *from = text; *from; from++)
            if (*from != '\n' && *from != '\r') *to++ = *from;
        *to = 0;
        text = lb_non_blank(text);
        if (text) g_ptr_array_add(values, text);
    }
    g_strfreev(raw);
    return values;
}

char *lb_keyword_path(const char *text, char separator) {
    const char separators[] = {separator, 0};
    gchar **levels = g_strsplit(text, separators, -1);
    GString *path = g_string_new(NULL);
    for (gchar **level = levels; *level; level++) {
        GString *clean = g_string_new(NULL);
        for (const char *c = *level; *c; c++)
            if (*c != '\n' && *c != '\r') g_string_append_c(clean, *c);
        g_strstrip(clean->str);
        if (*clean->str) {
            if (path->len) g_string_append_c(path, '|');
            g_string_append(path, clean->str);
        }
        g_string_free(clean, TRUE);
    }
    g_strfreev(levels);
    if (!path->len) {
        g_string_free(path, TRUE);
        return NULL;
    }
    return g_string_free(path, FALSE);
}

const char *lb_keyword_leaf(const char *path) {
    const char *bar = strrchr(path, '|');
    return bar ? bar + 1 : path;
}

bool lb_is_level(GPtrArray *paths, const char *level) {
    size_t length = strlen(level);
    for (guint i = 0; i < paths->len; i++) {
        for (const char *at = paths->pdata[i];;) {
            const char *bar = strchr(at, '|');
            size_t here = bar ? (size_t)(bar - at) : strlen(at);
            if (here == length && memcmp(at, level, length) == 0) return true;
            if (!bar) break;
            at = bar + 1;
        }
    }
    return false;
}

int lb_find(GPtrArray *values, const char *text) {
    for (guint i = 0; i < values->len; i++)
        if (strcmp(values->pdata[i], text) == 0) return (int)i;
    return -1;
}
