#include "lb-intl.h"

#include <libintl.h>
#include <limits.h>
#include <locale.h>
#include <stdio.h>
#include <string.h>

int lb_intl_init(const char *domain, const char *localedir) {
    int known = setlocale(LC_ALL, "") != NULL;
    if (localedir != NULL) bindtextdomain(domain, localedir);
    bind_textdomain_codeset(domain, "UTF-8");
    return known;
}

const char *lb_dgettext(const char *domain, const char *msgid) {
    return dgettext(domain, msgid);
}

const char *lb_dngettext(const char *domain, const char *singular, const char *plural, unsigned long n) {
    return dngettext(domain, singular, plural, n);
}

void lb_locale_name(LbLocaleCategory category, char *buffer, unsigned long size) {
    int which = category == LB_LOCALE_NUMERIC ? LC_NUMERIC : category == LB_LOCALE_TIME ? LC_TIME : LC_MESSAGES;
    const char *name = setlocale(which, NULL);
    if (size == 0) return;
    buffer[0] = '\0';
    if (name != NULL && strlen(name) < size) strcpy(buffer, name);
}

// The C and POSIX locales group no digits; Lightbox writes them the
// English way, as its untranslated strings are English.
static int numeric_locale_is_c(void) {
    const char *name = setlocale(LC_NUMERIC, NULL);
    if (name == NULL) return 1;
    size_t length = strcspn(name, ".@");
    return (length == 1 && name[0] == 'C') || (length == 5 && strncmp(name, "POSIX", 5) == 0);
}

void lb_format_integer(long long value, char *buffer, unsigned long size) {
    if (size == 0) return;
    const struct lconv *conv = localeconv();
    int english = numeric_locale_is_c();
    const char *separator = english ? "," : conv->thousands_sep;
    const char *grouping = english ? "\3" : conv->grouping;
    size_t separator_length = strlen(separator);

    // Digits from the right, a separator each time the current group is
    // full; the last group size repeats, CHAR_MAX ends the grouping.
    char digits[24];
    int count = snprintf(digits, sizeof digits, "%llu",
                         value < 0 ? 0ULL - (unsigned long long)value : (unsigned long long)value);
    char reversed[128];
    size_t out = 0;
    int in_group = 0, group = (grouping[0] > 0 && grouping[0] != CHAR_MAX) ? grouping[0] : 0;
    for (int i = count - 1; i >= 0; i--) {
        if (group > 0 && in_group == group && separator_length > 0 && out + separator_length < sizeof reversed) {
            for (size_t s = separator_length; s > 0; s--) reversed[out++] = separator[s - 1];
            in_group = 0;
            if (grouping[1] != '\0') {
                grouping++;
                group = (grouping[0] > 0 && grouping[0] != CHAR_MAX) ? grouping[0] : 0;
            }
        }
        if (out + 1 < sizeof reversed) reversed[out++] = digits[i];
        in_group++;
    }
    if (value < 0 && out + 1 < sizeof reversed) reversed[out++] = '-';
    if (out >= size) out = size - 1;
    for (size_t i = 0; i < out; i++) buffer[i] = reversed[out - 1 - i];
    buffer[out] = '\0';
}

void lb_format_decimal(double value, int digits, char *buffer, unsigned long size) {
    if (size == 0) return;
    // printf writes the point of LC_NUMERIC ("2,8" in German); C's is "."
    // as in English.
    snprintf(buffer, size, "%.*f", digits, value);
}
