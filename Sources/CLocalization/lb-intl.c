#include "lb-intl.h"

#include <libintl.h>
#include <locale.h>
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
