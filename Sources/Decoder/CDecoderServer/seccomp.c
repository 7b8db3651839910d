// The decoder's seccomp filter, installed once gdk-pixbuf and gexiv2 are
// warmed up (their loaders, loaders.cache and exiv2's tables are read by
// then). It refuses what a decoder that a hostile file took over could
// use to do harm: opening files for writing or changing the file system,
// sockets, running programs, new processes (threads stay allowed: some
// loaders use them), tracing or signalling other processes, new
// namespaces or mounts, io_uring (whose operations seccomp cannot see),
// typing into the app's terminal.
// Everything else is allowed: a list of what is allowed would break with
// every new loader or libc, and the sandbox already hides the files and
// the network. Refused calls fail with EPERM, so a loader gets an error
// rather than killing the decoder; a foreign architecture kills it.
#define _GNU_SOURCE
#include "server.h"

#include <errno.h>
#include <fcntl.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <sched.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define LB_AUDIT_ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define LB_AUDIT_ARCH AUDIT_ARCH_AARCH64
#endif

// Refused outright. Calls only some architectures have are guarded.
static const long lb_denied[] = {
    __NR_socket, __NR_socketpair, __NR_connect, __NR_bind, __NR_listen, __NR_accept, __NR_accept4,
    __NR_execve, __NR_execveat, __NR_ptrace, __NR_process_vm_readv, __NR_process_vm_writev,
    __NR_unlinkat, __NR_renameat2, __NR_mkdirat, __NR_linkat, __NR_symlinkat, __NR_fchmod,
    __NR_fchmodat, __NR_fchown, __NR_fchownat, __NR_truncate, __NR_mknodat, __NR_utimensat,
    __NR_setxattr, __NR_lsetxattr, __NR_fsetxattr, __NR_removexattr, __NR_lremovexattr,
    __NR_fremovexattr, __NR_mount, __NR_umount2, __NR_pivot_root, __NR_chroot, __NR_unshare, __NR_setns,
    __NR_bpf, __NR_perf_event_open, __NR_keyctl, __NR_add_key, __NR_request_key, __NR_init_module,
    __NR_finit_module, __NR_delete_module, __NR_kexec_load, __NR_reboot, __NR_swapon, __NR_swapoff,
    __NR_acct, __NR_userfaultfd, __NR_io_uring_setup, __NR_io_uring_enter, __NR_io_uring_register,
    __NR_tkill, __NR_name_to_handle_at, __NR_open_by_handle_at, __NR_fanotify_init, __NR_kcmp,
    __NR_pidfd_getfd, __NR_open_tree, __NR_move_mount, __NR_fsopen, __NR_fsconfig, __NR_fsmount,
    __NR_fspick, __NR_mount_setattr, __NR_setrlimit,
#ifdef __NR_fork
    __NR_fork, __NR_vfork, __NR_creat, __NR_unlink, __NR_rename, __NR_renameat, __NR_mkdir, __NR_rmdir,
    __NR_link, __NR_symlink, __NR_chmod, __NR_chown, __NR_lchown, __NR_mknod, __NR_utime, __NR_utimes,
    __NR_futimesat,
#endif
#ifdef __NR_kexec_file_load
    __NR_kexec_file_load,
#endif
};

// Refused as unknown, so the C library falls back to the older call the
// filter can inspect (clone3 and openat2 pass their flags in memory).
static const long lb_unknown[] = {__NR_clone3, __NR_openat2};

#define LB_STMT(code, k) ((struct sock_filter)BPF_STMT(code, k))
#define LB_JUMP(code, k, jt, jf) ((struct sock_filter)BPF_JUMP(code, k, jt, jf))
#define LB_ARG(i) ((uint32_t)offsetof(struct seccomp_data, args[i]))  // low half on little-endian
#define LB_ERRNO(e) LB_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (e))
#define LB_ALLOW LB_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW)

typedef struct {
    struct sock_filter code[256];
    unsigned short length;
} LbProgram;

static void lb_emit(LbProgram *p, struct sock_filter instruction) {
    if (p->length < 256) p->code[p->length] = instruction;
    p->length++;
}

// Call `nr` is refused when its argument `arg` has any bit of `mask`.
static void lb_deny_bits(LbProgram *p, long nr, int arg, uint32_t mask) {
    lb_emit(p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 4));
    lb_emit(p, LB_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG(arg)));
    lb_emit(p, LB_JUMP(BPF_JMP | BPF_JSET | BPF_K, mask, 0, 1));
    lb_emit(p, LB_ERRNO(EPERM));
    lb_emit(p, LB_ALLOW);
}

// Call `nr` is allowed only when its argument `arg` is one of `a`, `b`.
static void lb_allow_only(LbProgram *p, long nr, int arg, uint32_t a, uint32_t b) {
    lb_emit(p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)nr, 0, 5));
    lb_emit(p, LB_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG(arg)));
    lb_emit(p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, a, 2, 0));
    lb_emit(p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, b, 1, 0));
    lb_emit(p, LB_ERRNO(EPERM));
    lb_emit(p, LB_ALLOW);
}

bool lb_seccomp_install(char **error) {
#ifndef LB_AUDIT_ARCH
    *error = "no seccomp filter for this architecture";
    return false;
#else
    LbProgram p = {.length = 0};
    lb_emit(&p, LB_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, arch)));
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, LB_AUDIT_ARCH, 1, 0));
    lb_emit(&p, LB_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS));
    lb_emit(&p, LB_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)));
#ifdef __x86_64__
    // x32 calls (numbers with bit 30 set) would get around the list.
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JGE | BPF_K, 0x40000000u, 0, 1));
    lb_emit(&p, LB_ERRNO(EPERM));
#endif
    for (size_t i = 0; i < sizeof lb_denied / sizeof lb_denied[0]; i++) {
        lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)lb_denied[i], 0, 1));
        lb_emit(&p, LB_ERRNO(EPERM));
    }
    for (size_t i = 0; i < sizeof lb_unknown / sizeof lb_unknown[0]; i++) {
        lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)lb_unknown[i], 0, 1));
        lb_emit(&p, LB_ERRNO(ENOSYS));
    }
    // Each check below ends in a return, so none needs the number again.
    const uint32_t writing = O_WRONLY | O_RDWR | O_CREAT | O_TRUNC | O_APPEND;
#ifdef __NR_open
    lb_deny_bits(&p, __NR_open, 1, writing);
#endif
    lb_deny_bits(&p, __NR_openat, 2, writing);
    // A process, not a thread.
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)__NR_clone, 0, 4));
    lb_emit(&p, LB_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG(0)));
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JSET | BPF_K, CLONE_THREAD, 1, 0));
    lb_emit(&p, LB_ERRNO(EPERM));
    lb_emit(&p, LB_ALLOW);
    // Typing into the terminal the app was started from, which is the
    // decoder's too (it stays in the app's session): pushing input, and a
    // virtual console's paste.
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (uint32_t)__NR_ioctl, 0, 5));
    lb_emit(&p, LB_STMT(BPF_LD | BPF_W | BPF_ABS, LB_ARG(1)));
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, TIOCSTI, 1, 0));
    lb_emit(&p, LB_JUMP(BPF_JMP | BPF_JEQ | BPF_K, TIOCLINUX, 0, 1));
    lb_emit(&p, LB_ERRNO(EPERM));
    lb_emit(&p, LB_ALLOW);
    // Signals and limits for itself only (abort() signals its own thread;
    // the per-request CPU limit is set with prlimit on pid 0).
    uint32_t self = (uint32_t)getpid();
    lb_allow_only(&p, __NR_kill, 0, self, 0);
    lb_allow_only(&p, __NR_tgkill, 0, self, self);
    lb_allow_only(&p, __NR_prlimit64, 0, 0, self);
    lb_allow_only(&p, __NR_pidfd_open, 0, self, self);
    lb_emit(&p, LB_ALLOW);
    if (p.length > 256) {
        *error = "the seccomp filter is too long";
        return false;
    }
    struct sock_fprog program = {.len = p.length, .filter = p.code};
    // Required to install a filter without privileges; it also keeps
    // set-user-ID programs from gaining any.
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
        syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &program) != 0) {
        *error = "the kernel refused the seccomp filter";
        return false;
    }
    return true;
#endif
}
