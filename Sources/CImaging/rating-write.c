#define _GNU_SOURCE  // renameat2, before any header
#include "CImaging.h"
#include "lb-internal.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

// gexiv2 (exiv2) saves a file by truncating it and writing it anew: a
// process killed meanwhile would leave half a photo. So the rating is
// written into a copy, a hidden file beside the photo, which is checked,
// flushed to disk and renamed over the photo: the folder then holds the
// old file or the new one, whatever instant the process dies at.

static const char lb_temp_marker[] = ".lightbox-";

static int lb_fail(char **error_out, int code, const char *what) {
    *error_out = g_strdup_printf("%s: %s", what, g_strerror(code));
    return code;
}

// Copies every byte of `from` into `to` (both open): in the kernel where
// the file system can (no trip through user space; a reflink on some),
// else through a buffer.
static int lb_copy_bytes(int from, int to) {
    for (;;) {
        ssize_t count = copy_file_range(from, NULL, to, NULL, 1 << 30, 0);
        if (count == 0) return 0;
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) break;
    }
    if (errno != EXDEV && errno != EINVAL && errno != ENOSYS && errno != EOPNOTSUPP) return errno;
    char buffer[1 << 16];
    for (;;) {
        ssize_t count = read(from, buffer, sizeof buffer);
        if (count < 0 && errno == EINTR) continue;
        if (count < 0) return errno;
        if (count == 0) return 0;
        for (ssize_t done = 0; done < count;) {
            ssize_t written = write(to, buffer + done, (size_t)(count - done));
            if (written < 0 && errno == EINTR) continue;
            if (written < 0) return errno;
            done += written;
        }
    }
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

// An XMP sidecar with nothing in it yet, for gexiv2 to fill.
static const char lb_empty_packet[] =
    "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
    " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
    "  <rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"/>\n"
    " </rdf:RDF>\n"
    "</x:xmpmeta>\n"
    "<?xpacket end=\"w\"?>\n";

static bool lb_set_tags(const char *path, const LbRatingWrite *request, char **error_out) {
    lb_exiv2_init();
    GExiv2Metadata *metadata = gexiv2_metadata_new();
    GError *error = NULL;
    char stars[8], percent[8], exif_stars[8];
    int rating = request->rating < 0 ? -1 : request->rating > 5 ? 5 : request->rating;
    g_snprintf(stars, sizeof stars, "%d", rating);
    // EXIF's Rating is unsigned: a rejected photo is unrated there.
    g_snprintf(exif_stars, sizeof exif_stars, "%d", rating < 0 ? 0 : rating);
    g_snprintf(percent, sizeof percent, "%d", lb_rating_percent(rating));
    bool ok = gexiv2_metadata_open_path(metadata, path, &error)
        && gexiv2_metadata_try_set_tag_string(metadata, "Xmp.xmp.Rating", stars, &error);
    if (ok && request->exif)
        ok = gexiv2_metadata_try_set_tag_string(metadata, "Exif.Image.Rating", exif_stars, &error)
            && gexiv2_metadata_try_set_tag_string(metadata, "Exif.Image.RatingPercent", percent, &error);
    if (ok) ok = gexiv2_metadata_save_file(metadata, path, &error);
    if (!ok) *error_out = g_strdup(error ? error->message : "The metadata could not be written.");
    g_clear_error(&error);
    g_object_unref(metadata);
    return ok;
}

// Whether two files' image data is the same (lb_image_data_equal).
static bool lb_same_image_data(const char *a, const char *b, char **error_out) {
    char *error = NULL;
    int same = lb_image_data_equal(a, b, &error);
    if (same != 1) *error_out = error ? error : g_strdup("Writing the metadata would have changed the image itself.");
    else g_free(error);
    return same == 1;
}

// Fills the temporary file (already created, open as `fd`) and gives it
// the target's owner, group, extended attributes and mode.
static int lb_prepare(const char *path, const char *temporary, int fd, const LbRatingWrite *request,
                      struct stat *copied, char **error_out) {
    struct stat info;
    int source = -1;
    if (request->create) {
        // A new sidecar takes the photo's owner and read/write bits.
        if (stat(request->mode_from, &info) != 0) return lb_fail(error_out, errno, "Cannot read the photo");
        info.st_mode &= 0666;
        size_t length = sizeof lb_empty_packet - 1;
        if (write(fd, lb_empty_packet, length) != (ssize_t)length)
            return lb_fail(error_out, errno ? errno : EIO, "Cannot write");
    } else {
        source = open(path, O_RDONLY | O_CLOEXEC);
        if (source < 0 || fstat(source, &info) != 0) {
            int code = errno;
            if (source >= 0) close(source);
            return lb_fail(error_out, code, "Cannot read the file");
        }
        int code = lb_copy_bytes(source, fd);
        close(source);
        if (code) return lb_fail(error_out, code, "Cannot copy the file");
        *copied = info;
    }
    if (!lb_set_tags(temporary, request, error_out)) return -1;
    if (!request->sidecar && !lb_same_image_data(path, temporary, error_out)) return -2;
    // After the save: exiv2 may have replaced the file it was given.
    int fresh = open(temporary, O_RDWR | O_CLOEXEC);
    if (fresh < 0) return lb_fail(error_out, errno, "Cannot reopen the copy");
    int code = 0;
    struct stat now;
    if (fstat(fresh, &now) != 0) code = errno;
    if (!code && (now.st_uid != info.st_uid || now.st_gid != info.st_gid)
        && fchown(fresh, info.st_uid, info.st_gid) != 0) code = errno;
    if (!code && !request->create) code = lb_copy_xattrs(path, fresh);
    if (!code && fchmod(fresh, info.st_mode & 07777) != 0) code = errno;
    if (!code && fsync(fresh) != 0) code = errno;
    close(fresh);
    return code ? lb_fail(error_out, code, "Cannot keep the file's owner, permissions or attributes") : 0;
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

int lb_rating_write(const char *path, const LbRatingWrite *request, char **error_out) {
    char *folder = g_path_get_dirname(path), *name = g_path_get_basename(path);
    char *temporary = g_strdup_printf("%s/.%s%s%ld-XXXXXX", folder, name, lb_temp_marker, (long)getpid());
    int result = 0;
    int fd = g_mkstemp_full(temporary, O_RDWR | O_CLOEXEC, 0600);
    if (fd < 0) {
        result = lb_fail(error_out, errno, "Cannot create a file beside it");
    } else {
        struct stat copied, now;
        result = lb_prepare(path, temporary, fd, request, &copied, error_out);
        close(fd);
        // Another program wrote the file while the copy was made: its
        // change is not overwritten; the write is tried again later.
        if (result == 0 && !request->create && stat(path, &now) == 0
            && (now.st_ino != copied.st_ino || now.st_size != copied.st_size
                || now.st_mtim.tv_sec != copied.st_mtim.tv_sec || now.st_mtim.tv_nsec != copied.st_mtim.tv_nsec))
            result = lb_fail(error_out, EBUSY, "It changed while the rating was written");
        if (result == 0) {
            int code = lb_replace(temporary, path, request->create);
            if (code) result = lb_fail(error_out, code, "Cannot replace it");
        }
        if (result != 0) unlink(temporary);
    }
    if (result == 0) {
        // The rename itself must reach the disk.
        int folder_fd = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
        if (folder_fd >= 0) {
            fsync(folder_fd);
            close(folder_fd);
        }
    }
    g_free(temporary);
    g_free(folder);
    g_free(name);
    return result;
}

bool lb_rating_is_stale_temporary(const char *name) {
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
