// gettext and the C library's locale, for Swift: glibc's <libintl.h> turns
// these calls into macros when optimizing, which Swift cannot call, and
// setlocale's answer is static storage to be copied at once.
#pragma once

// The locale from the environment (LC_ALL, LC_*, LANG) for every category,
// and `domain`'s translations from `localedir` (NULL: the system's
// folder), answered in UTF-8 whatever the locale's character set.
// Returns 0 when the environment names a locale this system lacks; the
// program then runs in the C locale and untranslated.
int lb_intl_init(const char *domain, const char *localedir);

const char *lb_dgettext(const char *domain, const char *msgid);
const char *lb_dngettext(const char *domain, const char *singular, const char *plural, unsigned long n);

// Category names for lb_locale_name().
typedef enum {
    LB_LOCALE_MESSAGES,
    LB_LOCALE_NUMERIC,
    LB_LOCALE_TIME,
} LbLocaleCategory;

// The name of the locale in force for `category` ("de_DE.UTF-8", "C"),
// copied into `buffer`; an empty string when it does not fit.
void lb_locale_name(LbLocaleCategory category, char *buffer, unsigned long size);

// `value` grouped the way LC_NUMERIC groups digits ("1,204" in English,
// "1.204" in German), as GNOME's programs write numbers through the C
// library; the C locale is written the English way.
void lb_format_integer(long long value, char *buffer, unsigned long size);

// `value` with `digits` digits after LC_NUMERIC's decimal point, ungrouped.
void lb_format_decimal(double value, int digits, char *buffer, unsigned long size);
