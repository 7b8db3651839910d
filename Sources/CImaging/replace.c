#define _GNU_SOURCE  // renameat2, before any header
#include "CImaging.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sendfile.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

// A file whose metadata changes is never written in place: a process
// killed meanwhile would leave half a photo. The new bytes (made by a
// decoder process, see metadata-edit.c) go into a hidden file beside it,
// which takes the original's owner, mode and extended attributes, is
// flushed to disk and renamed over the original: the folder then holds
// the old file or the new one, whatever instant the process dies at.

static const char lb_temp_marker[] = ".lightbox-";

static int lb_fail(char **error_out, int code, const char *what) {
    *error_out = g_strdup_printf("%s: %s", what, g_strerror(code));
    return code;
}

// Copies the first `length` bytes of `from` into `to` (both open), at
// offsets of its own: `from` may be a decoder's memfd, whose file position
// the decoder shares and could move under the copy. In the kernel where it
// can (copy_file_range on one file system, a reflink on some; sendfile from
// a memfd), else through a buffer. ENODATA when `from` is shorter.
static int lb_copy_bytes(int from, int to, off_t length) {
    off_t done = 0;
    while (done < length) {
        off_t at = done;
        ssize_t count = copy_file_range(from, &at, to, NULL, (size_t)(length - done), 0);
        if (count < 0 && errno == EINTR) continue;
        if (count <= 0) break;
        done += count;
    }
    if (done == length) return 0;
    if (done == 0 && (errno == EXDEV || errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP)) {
        while (done < length) {
            off_t at = done;
            ssize_t count = sendfile(to, from, &at, (size_t)(length - done));
            if (count < 0 && errno == EINTR) continue;
            if (count <= 0) break;
            done += count;
        }
        if (done == length) return 0;
    }
    char buffer[1 << 16];
    while (done < length) {
        size_t want = length - done < (off_t)sizeof buffer ? (size_t)(length - done) : sizeof buffer;
        ssize_t count = pread(from, buffer, want, done);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) return errno;
        if (count == 0) return ENODATA;
        if (pwrite(to, buffer, (size_t)count, done) != count) return errno ? errno : EIO;
        done += count;
    }
    return 0;
}

// Copies the extended attributes (ACLs, SELinux labels, tags other tools
// keep there). A file system without them has none to lose.
static int lb_copy_xattrs(const char *from, int to) {
    ssize_t size = listxattr(from, NULL, 0);
    if (size < 0) return errno == ENOTSUP ? 0 : errno;
    if (size == 0) return 0;
    char *names = g_malloc(size);
    size = listxattr(from, names, size);
    int result = size < 0 ? errno : 0;
    for (ssize_t at = 0; result == 0 && at < size; at += (ssize_t)strlen(names + at) + 1) {
        const char *name = names + at;
        ssize_t length = getxattr(from, name, NULL, 0);
        if (length < 0) {
            result = errno;
            break;
        }
        char *value = g_malloc(length ? length : 1);
        length = getxattr(from, name, value, length);
        if (length < 0 || fsetxattr(to, name, value, length, 0) != 0) result = errno;
        g_free(value);
    }
    g_free(names);
    return result;
}

struct LbReplacement {
    char *path, *folder, *temporary;
};

// Fills the temporary (open as `fd`) and gives it the owner, group and
// mode of `like`, and the extended attributes of `path` when `like` is it.
static int lb_fill(int fd, const char *path, const char *like, int contents, int64_t length, char **error_out) {
    struct stat info;
    if (stat(like, &info) != 0) return lb_fail(error_out, errno, "Cannot read the file");
    bool same = strcmp(path, like) == 0;
    // A new sidecar takes the photo's read and write bits, not its execute bits.
    if (!same) info.st_mode &= 0666;
    int code = lb_copy_bytes(contents, fd, (off_t)length);
    if (code) return lb_fail(error_out, code, "Cannot write the copy");
    struct stat now;
    if (fstat(fd, &now) != 0) code = errno;
    if (!code && now.st_size != length) code = EIO;
    if (!code && (now.st_uid != info.st_uid || now.st_gid != info.st_gid)
        && fchown(fd, info.st_uid, info.st_gid) != 0) code = errno;
    if (!code && same) code = lb_copy_xattrs(path, fd);
    if (!code && fchmod(fd, info.st_mode & 07777) != 0) code = errno;
    if (!code && fsync(fd) != 0) code = errno;
    return code ? lb_fail(error_out, code, "Cannot keep the file's owner, permissions or attributes") : 0;
}

LbReplacement *lb_replacement_new(const char *path, const char *like, int contents, int64_t length, int *code,
                                  char **error_out) {
    LbReplacement *replacement = g_new0(LbReplacement, 1);
    replacement->path = g_strdup(path);
    replacement->folder = g_path_get_dirname(path);
    char *name = g_path_get_basename(path);
    replacement->temporary = g_strdup_printf("%s/.%s%s%ld-XXXXXX", replacement->folder, name, lb_temp_marker,
                                             (long)getpid());
    g_free(name);
    int fd = g_mkstemp_full(replacement->temporary, O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
        *code = lb_fail(error_out, errno, "Cannot create a file beside it");
        g_free(replacement->temporary);
        replacement->temporary = NULL;
        lb_replacement_discard(replacement);
        return NULL;
    }
    *code = lb_fill(fd, path, like, contents, length, error_out);
    close(fd);
    if (*code) {
        lb_replacement_discard(replacement);
        return NULL;
    }
    return replacement;
}

const char *lb_replacement_temporary(const LbReplacement *replacement) { return replacement->temporary; }

void lb_replacement_discard(LbReplacement *replacement) {
    if (replacement->temporary) unlink(replacement->temporary);
    g_free(replacement->temporary);
    g_free(replacement->folder);
    g_free(replacement->path);
    g_free(replacement);
}

// Puts the finished copy in place of `path`. Swapping the two names in one
// step fails when the photo was moved or deleted meanwhile, where a plain
// rename would bring it back under its old name; the old file, now under
// the temporary name, is then removed. A new sidecar never replaces one
// another tool created meanwhile. File systems without these (some network
// ones) get a plain rename.
static int lb_replace(const char *temporary, const char *path, bool create) {
    unsigned flags = create ? RENAME_NOREPLACE : RENAME_EXCHANGE;
    if (renameat2(AT_FDCWD, temporary, AT_FDCWD, path, flags) == 0) {
        if (!create) unlink(temporary);
        return 0;
    }
    if (errno != EINVAL && errno != ENOSYS) return errno;
    if (!create && access(path, F_OK) != 0) return errno;
    return rename(temporary, path) == 0 ? 0 : errno;
}

int lb_replacement_commit(LbReplacement *replacement, const struct stat *before, char **error_out) {
    struct stat now;
    int result = 0;
    // Another program wrote the file since its bytes were read: its change
    // is not overwritten; the write is tried again later.
    if (before && stat(replacement->path, &now) == 0
        && (now.st_ino != before->st_ino || now.st_dev != before->st_dev || now.st_size != before->st_size
            || now.st_mtim.tv_sec != before->st_mtim.tv_sec || now.st_mtim.tv_nsec != before->st_mtim.tv_nsec))
        result = lb_fail(error_out, EBUSY, "It changed while the metadata was written");
    if (result == 0) {
        int code = lb_replace(replacement->temporary, replacement->path, before == NULL);
        if (code) result = lb_fail(error_out, code, "Cannot replace it");
    }
    if (result == 0) {
        // The temporary's name is gone (renamed, or the old file under it removed).
        g_free(replacement->temporary);
        replacement->temporary = NULL;
        // The rename itself must reach the disk.
        int folder_fd = open(replacement->folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (folder_fd >= 0) {
            fsync(folder_fd);
            close(folder_fd);
        }
    }
    lb_replacement_discard(replacement);
    return result;
}

bool lb_replacement_is_stale(const char *name) {
    // ".NAME.lightbox-PID-XXXXXX", left by a process that is gone.
    const char *marker = g_strrstr(name, lb_temp_marker);
    if (name[0] != '.' || !marker) return false;
    const char *digits = marker + sizeof lb_temp_marker - 1;
    char *end = NULL;
    long pid = strtol(digits, &end, 10);
    if (end == digits || pid <= 0 || *end != '-' || strlen(end + 1) != 6) return false;
    if (pid == (long)getpid()) return false;  // ours, being written
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}
