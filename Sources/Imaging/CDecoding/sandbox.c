// Starting a decoder: in a bubblewrap sandbox, or (where user namespaces
// are not allowed) as a plain child process. Either way it gets nothing
// of the app but its end of the socket (fd 3), /dev/null for input, the
// app's standard error for GLib's warnings, and the environment the app
// chose for it.
#define _GNU_SOURCE
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <spawn.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

// The decoder's end of the socket, in the decoder.
#define LB_CHILD_SOCKET 3

static void lb_add(GPtrArray *argv, const char *argument) { g_ptr_array_add(argv, g_strdup(argument)); }

static void lb_add_bind(GPtrArray *argv, const char *option, const char *path) {
    lb_add(argv, option);
    lb_add(argv, path);
    lb_add(argv, path);
}

// The top-level folders of a merged-/usr system are links into /usr: the
// same links in the sandbox, or the folders themselves where they are real.
static void lb_add_system_folder(GPtrArray *argv, const char *path) {
    char target[256];
    ssize_t length = readlink(path, target, sizeof target - 1);
    if (length > 0) {
        target[length] = 0;
        lb_add(argv, "--symlink");
        lb_add(argv, target);
        lb_add(argv, path);
    } else {
        lb_add_bind(argv, "--ro-bind-try", path);
    }
}

// bubblewrap's arguments: no network, IPC, PID or user namespace of the
// app's, no capabilities, dies with the app, and a file system of /usr
// (read-only: libraries, loader modules, fonts), the linker cache,
// fontconfig's settings, a private /proc and /dev, and the folders asked
// for. No home, no /tmp, no /run. The app's session, not a new one: a new
// session would be a scheduling group of its own (see the decoder's
// main); the decoder's seccomp filter refuses typing into the terminal.
static void lb_add_sandbox(GPtrArray *argv, const LbDecoderConfig *config) {
    lb_add(argv, config->bwrap);
    const char *flags[] = {"--unshare-all", "--die-with-parent", "--cap-drop", "ALL"};
    for (size_t i = 0; i < G_N_ELEMENTS(flags); i++) lb_add(argv, flags[i]);
    lb_add_bind(argv, "--ro-bind", "/usr");
    const char *system[] = {"/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin"};
    for (size_t i = 0; i < G_N_ELEMENTS(system); i++) lb_add_system_folder(argv, system[i]);
    lb_add_bind(argv, "--ro-bind-try", "/etc/ld.so.cache");
    lb_add_bind(argv, "--ro-bind-try", "/etc/fonts");
    lb_add(argv, "--proc");
    lb_add(argv, "/proc");
    lb_add(argv, "--dev");
    lb_add(argv, "/dev");
    for (const char *const *path = config->visible_paths; path && *path; path++) {
        if (!g_str_has_prefix(*path, "/usr/")) lb_add_bind(argv, "--ro-bind-try", *path);
    }
    // The program itself, where it is outside /usr (a build folder).
    if (!g_str_has_prefix(config->executable, "/usr/")) lb_add_bind(argv, "--ro-bind", config->executable);
    lb_add(argv, "--chdir");
    lb_add(argv, "/");
    lb_add(argv, "--");
}

static GPtrArray *lb_arguments(const LbDecoderConfig *config, bool sandboxed, bool check) {
    GPtrArray *argv = g_ptr_array_new_with_free_func(g_free);
    if (sandboxed) lb_add_sandbox(argv, config);
    lb_add(argv, config->executable);
    if (check) {
        lb_add(argv, "--check");
    } else {
        g_ptr_array_add(argv, g_strdup_printf("--socket=%d", LB_CHILD_SOCKET));
        g_ptr_array_add(argv, g_strdup_printf("--memory=%" G_GINT64_FORMAT, config->memory_limit));
        g_ptr_array_add(argv, g_strdup_printf("--cpu=%d", config->cpu_seconds));
        // bubblewrap ties the sandbox to the app; a plain child does it itself.
        if (!sandboxed) g_ptr_array_add(argv, g_strdup_printf("--parent=%d", (int)getpid()));
    }
    g_ptr_array_add(argv, NULL);
    return argv;
}

pid_t lb_spawn(const LbDecoderConfig *config, bool sandboxed, int child_socket, int output, bool check) {
    GPtrArray *argv = lb_arguments(config, sandboxed, check);
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    if (output >= 0) {
        posix_spawn_file_actions_adddup2(&actions, output, 1);
        posix_spawn_file_actions_adddup2(&actions, output, 2);
    }
    if (child_socket >= 0) posix_spawn_file_actions_adddup2(&actions, child_socket, LB_CHILD_SOCKET);
    // Nothing else of the app's: GTK's, the index's and the other
    // decoders' descriptors stay behind even where they lack O_CLOEXEC.
    posix_spawn_file_actions_addclosefrom_np(&actions, LB_CHILD_SOCKET + 1);
    pid_t pid = -1;
    char *const *environment = (char *const *)config->environment;
    char *empty[] = {NULL};
    int error = posix_spawn(&pid, (char *)argv->pdata[0], &actions, NULL, (char *const *)argv->pdata,
                            environment ? environment : empty);
    posix_spawn_file_actions_destroy(&actions);
    g_ptr_array_unref(argv);
    if (error != 0) {
        errno = error;
        return -1;
    }
    return pid;
}

bool lb_sandbox_available(const char *bwrap, char **reason) {
    *reason = NULL;
    if (!bwrap || access(bwrap, X_OK) != 0) {
        *reason = g_strdup("bubblewrap (bwrap) is not installed");
        return false;
    }
    // Start /usr/bin/true in the same kind of sandbox and keep what bwrap says.
    int output[2];
    if (pipe2(output, O_CLOEXEC) != 0) {
        *reason = g_strdup(g_strerror(errno));
        return false;
    }
    LbDecoderConfig probe = {.executable = "/usr/bin/true", .bwrap = bwrap};
    GPtrArray *argv = lb_arguments(&probe, true, true);
    g_ptr_array_remove_index(argv, argv->len - 2);  // true takes no --check
    pid_t pid = -1;
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&actions, output[1], 1);
    posix_spawn_file_actions_adddup2(&actions, output[1], 2);
    char *empty[] = {NULL};
    int error = posix_spawn(&pid, (char *)argv->pdata[0], &actions, NULL, (char *const *)argv->pdata, empty);
    posix_spawn_file_actions_destroy(&actions);
    g_ptr_array_unref(argv);
    close(output[1]);
    char said[512] = {0};
    size_t used = 0;
    ssize_t n;
    while (used < sizeof said - 1 && (n = read(output[0], said + used, sizeof said - 1 - used)) != 0) {
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) break;
        used += (size_t)n;
    }
    close(output[0]);
    int status = 0;
    if (error == 0) {
        while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {
        }
    }
    if (error == 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0) return true;
    g_strstrip(said);
    *reason = g_strdup(error ? g_strerror(error) : *said ? said : "bubblewrap could not make a sandbox");
    return false;
}
