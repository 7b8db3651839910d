// Reading a folder's entries with their stat data, for the folder scanner:
// readdir and fstatat relative to the open folder, so Swift never holds a
// dirent and the kernel resolves only the entry's name.
#include "CImaging.h"

#include <dirent.h>
#include <fcntl.h>
#include <glib.h>
#include <sys/stat.h>

struct LbDirectory {
    DIR *dir;
};

LbDirectory *lb_directory_open(const char *path) {
    DIR *dir = opendir(path);
    if (!dir) return NULL;
    LbDirectory *directory = g_new0(LbDirectory, 1);
    directory->dir = dir;
    return directory;
}

static LbEntryKind lb_kind(mode_t mode) {
    if (S_ISREG(mode)) return LB_ENTRY_FILE;
    if (S_ISDIR(mode)) return LB_ENTRY_DIRECTORY;
    return LB_ENTRY_OTHER;
}

bool lb_directory_next(LbDirectory *directory, LbEntry *entry) {
    int fd = dirfd(directory->dir);
    struct dirent *item;
    while ((item = readdir(directory->dir))) {
        if (item->d_name[0] == '.') {
            // Hidden entries are skipped, except a rating write's
            // temporary file whose process is gone: the scan removes it.
            if (!lb_replacement_is_stale(item->d_name)) continue;
            entry->name = item->d_name;
            entry->kind = LB_ENTRY_STALE_TEMPORARY;
            entry->size = 0;
            entry->modification_time = 0;
            return true;
        }
        struct stat own;
        if (fstatat(fd, item->d_name, &own, AT_SYMLINK_NOFOLLOW) != 0) continue;
        entry->name = item->d_name;
        if (S_ISLNK(own.st_mode)) {
            struct stat target;
            if (fstatat(fd, item->d_name, &target, 0) != 0) {
                entry->kind = LB_ENTRY_BROKEN_LINK;
                entry->size = 0;
                entry->modification_time = own.st_mtim.tv_sec;
                return true;
            }
            own = target;
        }
        entry->kind = lb_kind(own.st_mode);
        entry->size = own.st_size;
        entry->modification_time = own.st_mtim.tv_sec;
        return true;
    }
    return false;
}

void lb_directory_close(LbDirectory *directory) {
    if (!directory) return;
    closedir(directory->dir);
    g_free(directory);
}
