// Packets with descriptors attached (SCM_RIGHTS), for both ends.
#define _GNU_SOURCE
#include "lb-decoder-protocol.h"

#include <errno.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

int lb_send_packet(int socket, const void *head, size_t head_length, const void *payload,
                   size_t payload_length, int fd) {
    struct iovec parts[2] = {
        {.iov_base = (void *)head, .iov_len = head_length},
        {.iov_base = (void *)payload, .iov_len = payload_length},
    };
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(sizeof(int))];
    } control;
    memset(&control, 0, sizeof control);
    struct msghdr message = {.msg_iov = parts, .msg_iovlen = payload_length ? 2 : 1};
    if (fd >= 0) {
        message.msg_control = control.bytes;
        message.msg_controllen = sizeof control.bytes;
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int));
        memcpy(CMSG_DATA(header), &fd, sizeof(int));
    }
    ssize_t sent;
    // MSG_NOSIGNAL: a decoder that died must not take the app with it (SIGPIPE).
    do sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    while (sent < 0 && errno == EINTR);
    if (sent < 0) return errno;
    return (size_t)sent == head_length + payload_length ? 0 : EMSGSIZE;
}

int lb_receive_packet(int socket, void *buffer, size_t capacity, size_t *length, int *fd) {
    *length = 0;
    *fd = -1;
    // Room for a few descriptors, so a decoder sending more than one is
    // caught (and they are closed) instead of the extra ones being dropped
    // unseen.
    union {
        struct cmsghdr align;
        char bytes[CMSG_SPACE(4 * sizeof(int))];
    } control;
    struct iovec part = {.iov_base = buffer, .iov_len = capacity};
    struct msghdr message = {
        .msg_iov = &part, .msg_iovlen = 1, .msg_control = control.bytes, .msg_controllen = sizeof control.bytes};
    ssize_t received;
    do received = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    while (received < 0 && errno == EINTR);
    if (received < 0) return errno;
    int count = 0, error = 0;
    for (struct cmsghdr *h = CMSG_FIRSTHDR(&message); h; h = CMSG_NXTHDR(&message, h)) {
        if (h->cmsg_level != SOL_SOCKET || h->cmsg_type != SCM_RIGHTS) continue;
        size_t n = (h->cmsg_len - CMSG_LEN(0)) / sizeof(int);
        for (size_t i = 0; i < n; i++) {
            int received_fd;
            memcpy(&received_fd, CMSG_DATA(h) + i * sizeof(int), sizeof(int));
            if (count++ == 0) {
                *fd = received_fd;
            } else {
                close(received_fd);
                error = EMSGSIZE;
            }
        }
    }
    if (!error && (message.msg_flags & (MSG_TRUNC | MSG_CTRUNC))) error = EMSGSIZE;
    if (error) {
        if (*fd >= 0) close(*fd);
        *fd = -1;
        return error;
    }
    if (received == 0) return EPIPE;
    *length = (size_t)received;
    return 0;
}
