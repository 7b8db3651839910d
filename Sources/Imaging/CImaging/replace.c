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
// flushed to disk and swapped with the original: the folder then holds
// the old file or the new one, whatever instant the process dies at.
//
// Other programs rename, delete and save files in the same folder while
// this happens. The file read is held open from before its bytes were
// read (the caller's descriptor) and is what every step compares with,
// by device and inode, never the name alone: only the file read is ever
// replaced, and a name another program renamed away is never brought back.

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
static int lb_copy_xattrs(int from, int to) {
    ssize_t size = flistxattr(from, NULL, 0);
    if (size < 0) return errno == ENOTSUP ? 0 : errno;
    if (size == 0) return 0;
    char *names = g_malloc(size);
    size = flistxattr(from, names, size);
    int result = size < 0 ? errno : 0;
    for (ssize_t at = 0; result == 0 && at < size; at += (ssize_t)strlen(names + at) + 1) {
        const char *name = names + at;
        ssize_t length = fgetxattr(from, name, NULL, 0);
        if (length < 0) {
            result = errno;
            break;
        }
        char *value = g_malloc(length ? length : 1);
        length = fgetxattr(from, name, value, length);
        if (length < 0 || fsetxattr(to, name, value, length, 0) != 0) result = errno;
        g_free(value);
    }
    g_free(names);
    return result;
}

struct LbReplacement {
    char *path;            // as the caller named it
    char *folder_path;     // its folder's
    char *name;            // its last component, in `folder`
    char *temporary;       // the copy's path; NULL once the name is no longer the copy's
    char *temporary_name;  // its last component, in `folder`
    char *like;            // the file `like_fd` was opened from: `path` itself, or a new sidecar's photo
    int folder;            // the folder, opened once: the copy and the file it replaces are always side by side
    int like_fd;           // a duplicate of the caller's descriptor of `like`
    bool replacing;        // `path`'s file is replaced (else a new file is made there)
    dev_t copy_dev;        // the copy, to know it again by before removing anything
    ino_t copy_ino;
};

static LbReplacementHook lb_hook;
static void *lb_hook_context;

void lb_replacement_set_test_hook(LbReplacementHook hook, void *context) {
    __atomic_store_n(&lb_hook_context, context, __ATOMIC_SEQ_CST);
    __atomic_store_n(&lb_hook, hook, __ATOMIC_SEQ_CST);
}

static void lb_run_hook(const LbReplacement *replacement) {
    LbReplacementHook hook = __atomic_load_n(&lb_hook, __ATOMIC_SEQ_CST);
    if (hook) hook(replacement->path, __atomic_load_n(&lb_hook_context, __ATOMIC_SEQ_CST));
}

static bool lb_same_file(const struct stat *a, const struct stat *b) {
    return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

// Bytes unchanged: the same size and modification time (a file written in
// place keeps its inode, so identity alone does not tell).
static bool lb_same_bytes(const struct stat *a, const struct stat *b) {
    return a->st_size == b->st_size && a->st_mtim.tv_sec == b->st_mtim.tv_sec
        && a->st_mtim.tv_nsec == b->st_mtim.tv_nsec;
}

// Fills the temporary (open as `fd`) and gives it the owner, group and
// mode of `like` (open as `like_fd`), and its extended attributes when it
// is the file being replaced. Read from the descriptor, not the name: the
// name may meanwhile be another file's, whose attributes are not this one's.
static int lb_fill(int fd, int like_fd, bool replacing, int contents, int64_t length, char **error_out) {
    struct stat info;
    if (fstat(like_fd, &info) != 0) return lb_fail(error_out, errno, "Cannot read the file");
    // A new sidecar takes the photo's read and write bits, not its execute bits.
    if (!replacing) info.st_mode &= 0666;
    int code = lb_copy_bytes(contents, fd, (off_t)length);
    if (code) return lb_fail(error_out, code, "Cannot write the copy");
    struct stat now;
    if (fstat(fd, &now) != 0) code = errno;
    if (!code && now.st_size != length) code = EIO;
    if (!code && (now.st_uid != info.st_uid || now.st_gid != info.st_gid)
        && fchown(fd, info.st_uid, info.st_gid) != 0) code = errno;
    if (!code && replacing) code = lb_copy_xattrs(like_fd, fd);
    if (!code && fchmod(fd, info.st_mode & 07777) != 0) code = errno;
    if (!code && fsync(fd) != 0) code = errno;
    return code ? lb_fail(error_out, code, "Cannot keep the file's owner, permissions or attributes") : 0;
}

// Creates the hidden copy's file in the folder, exclusively, under a name
// no other file has: ".NAME.lightbox-PID-XXXXXX".
static int lb_create_temporary(LbReplacement *replacement) {
    static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    for (int attempt = 0; attempt < 100; attempt++) {
        char suffix[7];
        for (int i = 0; i < 6; i++) suffix[i] = letters[g_random_int_range(0, (int)sizeof letters - 1)];
        suffix[6] = '\0';
        char *name = g_strdup_printf(".%s%s%ld-%s", replacement->name, lb_temp_marker, (long)getpid(), suffix);
        int fd = openat(replacement->folder, name, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0600);
        if (fd >= 0) {
            replacement->temporary_name = name;
            replacement->temporary = g_build_filename(replacement->folder_path, name, NULL);
            return fd;
        }
        int code = errno;
        g_free(name);
        if (code != EEXIST) {
            errno = code;
            return -1;
        }
    }
    errno = EEXIST;
    return -1;
}

LbReplacement *lb_replacement_new(const char *path, const char *like, int like_fd, int contents, int64_t length,
                                  int *code, char **error_out) {
    LbReplacement *replacement = g_new0(LbReplacement, 1);
    replacement->path = g_strdup(path);
    replacement->name = g_path_get_basename(path);
    replacement->like = g_strdup(like);
    replacement->replacing = strcmp(path, like) == 0;
    replacement->like_fd = fcntl(like_fd, F_DUPFD_CLOEXEC, 0);
    replacement->folder_path = g_path_get_dirname(path);
    replacement->folder = open(replacement->folder_path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    int fd = -1;
    if (replacement->like_fd < 0 || replacement->folder < 0) {
        *code = lb_fail(error_out, errno, "Cannot read the file");
    } else if ((fd = lb_create_temporary(replacement)) < 0) {
        *code = lb_fail(error_out, errno, "Cannot create a file beside it");
    } else {
        struct stat copy;
        *code = fstat(fd, &copy) == 0 ? 0 : lb_fail(error_out, errno, "Cannot write the copy");
        replacement->copy_dev = copy.st_dev;
        replacement->copy_ino = copy.st_ino;
        if (*code == 0) *code = lb_fill(fd, replacement->like_fd, replacement->replacing, contents, length, error_out);
        close(fd);
    }
    if (*code) {
        lb_replacement_discard(replacement);
        return NULL;
    }
    return replacement;
}

const char *lb_replacement_temporary(const LbReplacement *replacement) { return replacement->temporary; }

// Whether `name` in the folder is the copy this replacement made.
static bool lb_is_copy(const LbReplacement *replacement, const char *name) {
    struct stat info;
    return fstatat(replacement->folder, name, &info, AT_SYMLINK_NOFOLLOW) == 0
        && info.st_dev == replacement->copy_dev && info.st_ino == replacement->copy_ino;
}

void lb_replacement_discard(LbReplacement *replacement) {
    // Only ever the copy itself: after an undone swap that another rename
    // overtook, the hidden name may hold someone else's file (see lb_undo).
    if (replacement->temporary && replacement->folder >= 0 && lb_is_copy(replacement, replacement->temporary_name))
        unlinkat(replacement->folder, replacement->temporary_name, 0);
    if (replacement->folder >= 0) close(replacement->folder);
    if (replacement->like_fd >= 0) close(replacement->like_fd);
    g_free(replacement->temporary);
    g_free(replacement->temporary_name);
    g_free(replacement->like);
    g_free(replacement->folder_path);
    g_free(replacement->name);
    g_free(replacement->path);
    g_free(replacement);
}

// Swaps back after a swap that took out a file other than the one read:
// the name gets back what it held, the hidden name the copy (removed by
// lb_replacement_discard). Were the name moved again in between (a second
// rename within microseconds), the other file is put back under the name
// if that is free; failing that it stays under the hidden name, never
// removed, since it is not Lightbox's.
static void lb_undo(LbReplacement *replacement) {
    if (renameat2(replacement->folder, replacement->temporary_name, replacement->folder, replacement->name,
                  RENAME_EXCHANGE) == 0)
        return;
    renameat2(replacement->folder, replacement->temporary_name, replacement->folder, replacement->name,
              RENAME_NOREPLACE);
}

// Replacing on a file system without RENAME_EXCHANGE (some network and
// FUSE ones): a plain rename, which cannot tell what it replaced. The file
// read can: held open, its link count drops when the rename took its
// name. When it did not, the rename brought the old name back (the file
// was moved away) or replaced another file: the copy is taken away again.
static int lb_replace_by_rename(LbReplacement *replacement, const struct stat *before) {
    if (renameat(replacement->folder, replacement->temporary_name, replacement->folder, replacement->name) != 0)
        return errno;
    g_clear_pointer(&replacement->temporary, g_free);
    struct stat after;
    if (fstat(replacement->like_fd, &after) == 0 && after.st_nlink < before->st_nlink) return 0;
    if (lb_is_copy(replacement, replacement->name)) unlinkat(replacement->folder, replacement->name, 0);
    return LB_REPLACEMENT_MOVED;
}

// Swaps the copy with the file read, in one step (renameat2 RENAME_EXCHANGE),
// then looks at what came out: the name may have been given to another
// file between the last check and the swap (a rename, another program's
// save). Only when it is the file read, unchanged, does the swap stand;
// otherwise it is undone at once. A plain rename would instead bring back
// a name another program had just renamed away, or drop the file it had
// just put there.
static int lb_swap(LbReplacement *replacement, const struct stat *before) {
    struct stat now;
    // Written in place since its bytes were read: the same photo, changed;
    // tried again later.
    if (fstat(replacement->like_fd, &now) != 0) return errno;
    if (!lb_same_bytes(&now, before)) return EBUSY;
    // The name must still be the file read: a file renamed away is not
    // followed (the name would come back as a stray copy), and a file put
    // in its place (renamed there, or saved by another program through a
    // rename of its own) is not the one the copy was made from.
    if (fstatat(replacement->folder, replacement->name, &now, AT_SYMLINK_NOFOLLOW) != 0)
        return errno == ENOENT ? LB_REPLACEMENT_MOVED : errno;
    if (!lb_same_file(&now, before)) return LB_REPLACEMENT_MOVED;
    lb_run_hook(replacement);
    if (renameat2(replacement->folder, replacement->temporary_name, replacement->folder, replacement->name,
                  RENAME_EXCHANGE) != 0) {
        if (errno == ENOENT) return LB_REPLACEMENT_MOVED;
        if (errno == EINVAL || errno == ENOSYS) return lb_replace_by_rename(replacement, before);
        return errno;
    }
    struct stat out, read;
    bool taken_out = fstatat(replacement->folder, replacement->temporary_name, &out, AT_SYMLINK_NOFOLLOW) == 0
        && lb_same_file(&out, before);
    bool unchanged = fstat(replacement->like_fd, &read) == 0 && lb_same_bytes(&read, before);
    if (!taken_out || !unchanged) {
        lb_undo(replacement);
        return taken_out ? EBUSY : LB_REPLACEMENT_MOVED;
    }
    // The hidden name holds the old file now: removed, the copy stands.
    unlinkat(replacement->folder, replacement->temporary_name, 0);
    g_clear_pointer(&replacement->temporary, g_free);
    return 0;
}

// Whether `like` (the photo a new sidecar belongs to) is still the file
// opened; through a symbolic link, as it was opened (a linked photo gets a
// sidecar of its own beside the link).
static bool lb_still_there(const LbReplacement *replacement, const struct stat *before) {
    struct stat now;
    return stat(replacement->like, &now) == 0 && lb_same_file(&now, before);
}

// Gives a new sidecar its name, never replacing a file another tool made
// meanwhile (RENAME_NOREPLACE, or a hard link where that is missing, which
// refuses an existing name too), and only while its photo is still there:
// a sidecar for a photo renamed away meanwhile would be a stray file under
// the photo's old name. The photo is looked at again afterwards, and the
// sidecar taken back if it moved in between.
static int lb_create(LbReplacement *replacement, const struct stat *before) {
    if (before && !lb_still_there(replacement, before)) return LB_REPLACEMENT_MOVED;
    lb_run_hook(replacement);
    if (renameat2(replacement->folder, replacement->temporary_name, replacement->folder, replacement->name,
                  RENAME_NOREPLACE) != 0) {
        if (errno != EINVAL && errno != ENOSYS) return errno;
        if (linkat(replacement->folder, replacement->temporary_name, replacement->folder, replacement->name, 0) != 0)
            return errno;
        unlinkat(replacement->folder, replacement->temporary_name, 0);
    }
    g_clear_pointer(&replacement->temporary, g_free);
    if (before && !lb_still_there(replacement, before)) {
        if (lb_is_copy(replacement, replacement->name)) unlinkat(replacement->folder, replacement->name, 0);
        return LB_REPLACEMENT_MOVED;
    }
    return 0;
}

int lb_replacement_commit(LbReplacement *replacement, const struct stat *before, char **error_out) {
    int code = !replacement->replacing ? lb_create(replacement, before)
        : before                       ? lb_swap(replacement, before)
                                       : EINVAL;
    int result = 0;
    if (code == LB_REPLACEMENT_MOVED) {
        *error_out = g_strdup("It was moved or replaced while the metadata was written");
        result = code;
    } else if (code == EBUSY) {
        // Another program wrote the file since its bytes were read: its
        // change is not overwritten; the write is tried again later.
        result = lb_fail(error_out, EBUSY, "It changed while the metadata was written");
    } else if (code) {
        result = lb_fail(error_out, code, "Cannot replace it");
    } else {
        // The rename itself must reach the disk.
        fsync(replacement->folder);
    }
    lb_replacement_discard(replacement);
    return result;
}

int lb_open_path_only(const char *path) { return open(path, O_PATH | O_CLOEXEC); }

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
