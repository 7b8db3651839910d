// Copying a file into a folder under a hidden temporary name, with its
// mode, times and extended attributes, flushed to disk: the first half of
// a copy no one can see half done (the caller renames it into place).
#define _GNU_SOURCE
#include "CImaging.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <glib.h>

enum { CHUNK = 1 << 20 };

static int copy_bytes(int input, int output, LbCancelCheck cancelled, void *context) {
    char *buffer = g_malloc(CHUNK);
    int failure = 0;
    for (;;) {
        if (cancelled && cancelled(context)) { failure = ECANCELED; break; }
        ssize_t count = read(input, buffer, CHUNK);
        if (count < 0) {
            if (errno == EINTR) continue;
            failure = errno;
            break;
        }
        if (count == 0) break;
        for (ssize_t written = 0; written < count;) {
            ssize_t done = write(output, buffer + written, (size_t)(count - written));
            if (done < 0) {
                if (errno == EINTR) continue;
                failure = errno;
                break;
            }
            written += done;
        }
        if (failure) break;
    }
    g_free(buffer);
    return failure;
}

// The attributes this process may read and write (user.* and the like);
// others are left behind, not an error.
static void copy_xattrs(int input, int output) {
    ssize_t size = flistxattr(input, NULL, 0);
    if (size <= 0) return;
    char *names = g_malloc((size_t)size);
    size = flistxattr(input, names, (size_t)size);
    for (ssize_t at = 0; size > 0 && at < size; at += (ssize_t)strlen(names + at) + 1) {
        ssize_t length = fgetxattr(input, names + at, NULL, 0);
        if (length < 0) continue;
        char *value = g_malloc((size_t)length + 1);
        length = fgetxattr(input, names + at, value, (size_t)length);
        if (length >= 0) fsetxattr(output, names + at, value, (size_t)length, 0);
        g_free(value);
    }
    g_free(names);
}

int lb_copy_to_temporary(const char *source, const char *folder, LbCancelCheck cancelled, void *context,
                         char **temporary_out) {
    *temporary_out = NULL;
    int input = open(source, O_RDONLY | O_CLOEXEC);
    if (input < 0) return errno;
    struct stat info;
    if (fstat(input, &info) != 0 || !S_ISREG(info.st_mode)) {
        int failure = S_ISREG(info.st_mode) ? errno : EISDIR;
        close(input);
        return failure;
    }
    char *base = g_path_get_basename(source);
    char *temporary = g_strdup_printf("%s/.%s.lightbox-copy-XXXXXX", folder, base);
    g_free(base);
    int output = mkostemp(temporary, O_CLOEXEC);
    if (output < 0) {
        int failure = errno;
        g_free(temporary);
        close(input);
        return failure;
    }
    int failure = copy_bytes(input, output, cancelled, context);
    if (!failure) {
        copy_xattrs(input, output);
        // The permission bits and times; the owner stays this process's
        // (only root could give the file away).
        struct timespec times[2] = {info.st_atim, info.st_mtim};
        if (fchmod(output, info.st_mode & 07777) != 0 || futimens(output, times) != 0 || fsync(output) != 0)
            failure = errno;
    }
    if (close(output) != 0 && !failure) failure = errno;
    close(input);
    if (failure) {
        unlink(temporary);
        g_free(temporary);
        return failure;
    }
    *temporary_out = temporary;
    return 0;
}
