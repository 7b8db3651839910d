// The app's side of a decoder: start it, send it a file, wait for the
// answer within a time limit, and check the answer before believing any
// of it. A decoder that dies, overruns or breaks the protocol is killed
// at once; the caller starts another.
#define _GNU_SOURCE
#include "CDecoding.h"
#include "lb-decoder-protocol.h"
#include "replies.h"
#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <glib.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct LbDecoder {
    pid_t pid;
    int socket;
    uint32_t sequence;
    bool killed;
};

static int64_t lb_now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

static void lb_kill(LbDecoder *decoder) {
    if (!decoder->killed && decoder->pid > 0) kill(decoder->pid, SIGKILL);
    decoder->killed = true;
}

// Waits until a packet is there or `deadline` passes: 1 ready, 0 timed out.
static int lb_wait_readable(int socket, int64_t deadline) {
    for (;;) {
        int64_t left = deadline - lb_now_ms();
        if (left <= 0) return 0;
        struct pollfd watch = {.fd = socket, .events = POLLIN};
        int n = poll(&watch, 1, left > INT32_MAX ? INT32_MAX : (int)left);
        if (n > 0) return 1;
        if (n < 0 && errno != EINTR) return 1;  // let the read say what is wrong
    }
}

// Receives the reply to request `sequence` of `kind`: its payload into
// `payload` (LB_MAX_PAYLOAD bytes), its descriptor into `fd`.
static LbDecoderStatus lb_receive_reply(LbDecoder *decoder, uint32_t kind, int64_t deadline, LbReplyHeader *header,
                                        char *payload, int *fd) {
    *fd = -1;
    if (!lb_wait_readable(decoder->socket, deadline)) return LB_DECODER_TIMED_OUT;
    char packet[sizeof(LbReplyHeader) + LB_MAX_PAYLOAD];
    size_t length;
    int error = lb_receive_packet(decoder->socket, packet, sizeof packet, &length, fd);
    if (error == EPIPE || error == ECONNRESET) return LB_DECODER_CRASHED;
    if (error != 0 || length < sizeof *header) return LB_DECODER_NONSENSE;
    memcpy(header, packet, sizeof *header);
    if (header->magic != LB_REPLY_MAGIC || header->kind != kind || header->sequence != decoder->sequence ||
        header->length != length - sizeof *header) {
        return LB_DECODER_NONSENSE;
    }
    memcpy(payload, packet + sizeof *header, header->length);
    switch (header->status) {
    case LB_REPLY_OK:
    case LB_REPLY_FAILED: return LB_DECODER_OK;
    case LB_REPLY_OUT_OF_MEMORY: return LB_DECODER_OUT_OF_MEMORY;
    case LB_REPLY_CPU_LIMIT: return LB_DECODER_TIMED_OUT;
    default: return LB_DECODER_NONSENSE;
    }
}

LbDecoder *lb_decoder_start(const LbDecoderConfig *config, int timeout_ms, char **error) {
    *error = NULL;
    int pair[2];
    if (socketpair(AF_UNIX, SOCK_SEQPACKET | SOCK_CLOEXEC, 0, pair) != 0) {
        *error = g_strdup_printf("no socket for the decoder: %s", g_strerror(errno));
        return NULL;
    }
    pid_t pid = lb_spawn(config, config->bwrap != NULL, pair[1], -1, false);
    int spawn_error = errno;
    close(pair[1]);
    if (pid < 0) {
        close(pair[0]);
        *error = g_strdup_printf("%s cannot be started: %s", config->bwrap ? config->bwrap : config->executable,
                                 g_strerror(spawn_error));
        return NULL;
    }
    LbDecoder *decoder = g_new0(LbDecoder, 1);
    decoder->pid = pid;
    decoder->socket = pair[0];
    LbReplyHeader header;
    char payload[LB_MAX_PAYLOAD];
    int fd;
    LbDecoderStatus status = lb_receive_reply(decoder, LB_KIND_HELLO, lb_now_ms() + timeout_ms, &header, payload, &fd);
    if (fd >= 0) close(fd);
    if (status != LB_DECODER_OK || header.status != LB_REPLY_OK) {
        *error = g_strdup(status == LB_DECODER_TIMED_OUT ? "the decoder did not start in time"
                                                         : "the decoder stopped while starting");
        lb_decoder_stop(decoder);
        return NULL;
    }
    return decoder;
}

void lb_decoder_stop(LbDecoder *decoder) {
    if (!decoder) return;
    lb_kill(decoder);
    close(decoder->socket);
    while (waitpid(decoder->pid, NULL, 0) < 0 && errno == EINTR) {
    }
    g_free(decoder);
}

bool lb_decoder_alive(const LbDecoder *decoder) {
    if (decoder->killed) return false;
    // An idle decoder has nothing to say: anything readable is its end.
    struct pollfd watch = {.fd = decoder->socket, .events = POLLIN};
    return poll(&watch, 1, 0) == 0;
}

static LbDecoderStatus lb_open(const char *path, int *fd, LbDecoderResult *result) {
    // O_NONBLOCK: opening a FIFO must not wait for a writer. The file is
    // only ever read, by the decoder.
    *fd = open(path, O_RDONLY | O_CLOEXEC | O_NOCTTY | O_NONBLOCK);
    if (*fd < 0) {
        result->error_code = errno;
        return LB_DECODER_UNREADABLE;
    }
    struct stat info;
    if (fstat(*fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        close(*fd);
        *fd = -1;
        result->message = g_strdup("This is not a regular file.");
        return LB_DECODER_FAILED;
    }
    return LB_DECODER_OK;
}

// Sends `request` with `file` (closed here) and `strings` (`length`
// bytes of payload, in the same packet) and reads the answer into `result`.
static LbDecoderStatus lb_exchange(LbDecoder *decoder, LbRequest *request, int file, const void *strings,
                                   size_t length, int timeout_ms, LbDecoderResult *result) {
    if (!lb_decoder_alive(decoder)) {
        close(file);
        lb_kill(decoder);
        return LB_DECODER_LOST;
    }
    request->magic = LB_REQUEST_MAGIC;
    request->sequence = ++decoder->sequence;
    int sent = lb_send_packet(decoder->socket, request, sizeof *request, strings, length, file);
    close(file);
    if (sent != 0) {
        lb_kill(decoder);
        return LB_DECODER_LOST;
    }
    LbReplyHeader header;
    char payload[LB_MAX_PAYLOAD];
    int fd;
    LbDecoderStatus status =
        lb_receive_reply(decoder, request->kind, lb_now_ms() + timeout_ms, &header, payload, &fd);
    if (status == LB_DECODER_OK) {
        status = header.status == LB_REPLY_FAILED
            ? lb_read_failure(payload, header.length, fd, result)
            : lb_read_answer((int)request->kind, request, payload, header.length, fd, result);
    } else if (fd >= 0) {
        close(fd);
    }
    if (status != LB_DECODER_OK && status != LB_DECODER_FAILED) {
        lb_decoder_result_clear(result);
        lb_kill(decoder);
    }
    return status;
}

LbDecoderStatus lb_decoder_request(LbDecoder *decoder, LbRequestKind kind, const char *path, int max_size,
                                   int64_t max_pixels, LbPixelFormat format, uint32_t hints, int timeout_ms,
                                   LbDecoderResult *result) {
    memset(result, 0, sizeof *result);
    int file;
    LbDecoderStatus opened = lb_open(path, &file, result);
    if (opened != LB_DECODER_OK) return opened;
    LbRequest request = {.kind = (uint32_t)kind, .max_size = max_size, .max_pixels = max_pixels,
                         .format = (uint32_t)format, .hints = hints};
    return lb_exchange(decoder, &request, file, NULL, 0, timeout_ms, result);
}

// An XMP sidecar with nothing in it yet, for a new sidecar's edit.
static const char lb_empty_packet[] =
    "<?xpacket begin=\"\xEF\xBB\xBF\" id=\"W5M0MpCehiHzreSzNTczkc9d\"?>\n"
    "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\">\n"
    " <rdf:RDF xmlns:rdf=\"http://www.w3.org/1999/02/22-rdf-syntax-ns#\">\n"
    "  <rdf:Description rdf:about=\"\" xmlns:xmp=\"http://ns.adobe.com/xap/1.0/\"/>\n"
    " </rdf:RDF>\n"
    "</x:xmpmeta>\n"
    "<?xpacket end=\"w\"?>\n";

// Metadata grows a file by a packet or a segment, never by more than this.
#define LB_EDIT_GROWTH (16 << 20)

// Appends `text` and its NUL to `payload`.
static void lb_append_string(GByteArray *payload, const char *text) {
    g_byte_array_append(payload, (const guint8 *)text, (guint)strlen(text) + 1);
}

// Sends `file` (closed here) with an edit request, its strings in the
// request's payload (see LbRequest). An edit whose strings do not fit
// fails here, before the decoder sees it.
static LbDecoderStatus lb_send_edit(LbDecoder *decoder, int file, const LbMetadataEdit *edit, int timeout_ms,
                                    LbDecoderResult *result) {
    struct stat info;
    if (fstat(file, &info) != 0) {
        result->error_code = errno;
        close(file);
        return LB_DECODER_UNREADABLE;
    }
    int added = edit->keywords_added ? edit->added_count : 0;
    int removed = edit->keywords_removed ? edit->removed_count : 0;
    if (added < 0 || added > LB_MAX_EDIT_KEYWORDS || removed < 0 || removed > LB_MAX_EDIT_KEYWORDS) {
        close(file);
        result->message = g_strdup("There are too many keywords to write at once.");
        return LB_DECODER_FAILED;
    }
    LbRequest request = {.kind = LB_KIND_EDIT, .rating = edit->rating, .orientation = edit->orientation,
                         .max_bytes = (int64_t)info.st_size + LB_EDIT_GROWTH, .added_count = added,
                         .removed_count = removed};
    request.edits = (edit->set_rating ? LB_EDIT_RATING : 0) | (edit->exif_rating ? LB_EDIT_EXIF_RATING : 0)
        | (edit->set_orientation ? LB_EDIT_ORIENTATION : 0) | (edit->label ? LB_EDIT_LABEL : 0)
        | (edit->title ? LB_EDIT_TITLE : 0) | (edit->caption ? LB_EDIT_CAPTION : 0);
    GByteArray *payload = g_byte_array_new();
    const char *texts[] = {edit->label, edit->title, edit->caption};
    for (size_t i = 0; i < G_N_ELEMENTS(texts); i++)
        if (texts[i]) lb_append_string(payload, texts[i]);
    // A NULL path is sent empty, which writes nothing.
    for (int i = 0; i < added; i++) lb_append_string(payload, edit->keywords_added[i] ? edit->keywords_added[i] : "");
    for (int i = 0; i < removed; i++)
        lb_append_string(payload, edit->keywords_removed[i] ? edit->keywords_removed[i] : "");
    if (payload->len > LB_MAX_REQUEST_PAYLOAD) {
        g_byte_array_free(payload, TRUE);
        close(file);
        result->message = g_strdup("The text to write is too long.");
        return LB_DECODER_FAILED;
    }
    request.payload_length = payload->len;
    LbDecoderStatus status = lb_exchange(decoder, &request, file, payload->data, payload->len, timeout_ms, result);
    g_byte_array_free(payload, TRUE);
    return status;
}

LbDecoderStatus lb_decoder_send_raw(LbDecoder *decoder, int fd, const LbRequest *request, const void *payload,
                                    size_t length, int timeout_ms, LbDecoderResult *result) {
    memset(result, 0, sizeof *result);
    int file = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (file < 0) {
        result->error_code = errno;
        return LB_DECODER_UNREADABLE;
    }
    LbRequest copy = *request;
    return lb_exchange(decoder, &copy, file, payload, length, timeout_ms, result);
}

LbDecoderStatus lb_decoder_edit(LbDecoder *decoder, const char *path, const LbMetadataEdit *edit, int timeout_ms,
                                LbDecoderResult *result) {
    memset(result, 0, sizeof *result);
    int file;
    if (path) {
        LbDecoderStatus opened = lb_open(path, &file, result);
        if (opened != LB_DECODER_OK) return opened;
    } else {
        size_t length = sizeof lb_empty_packet - 1;
        file = memfd_create("lightbox-sidecar", MFD_CLOEXEC);
        if (file < 0 || write(file, lb_empty_packet, length) != (ssize_t)length) {
            result->error_code = errno ? errno : EIO;
            if (file >= 0) close(file);
            return LB_DECODER_UNREADABLE;
        }
    }
    return lb_send_edit(decoder, file, edit, timeout_ms, result);
}

LbDecoderStatus lb_decoder_edit_file(LbDecoder *decoder, int fd, const LbMetadataEdit *edit, int timeout_ms,
                                     LbDecoderResult *result) {
    memset(result, 0, sizeof *result);
    // The decoder gets a duplicate, closed once sent; the caller keeps its own.
    int file = fcntl(fd, F_DUPFD_CLOEXEC, 0);
    if (file < 0) {
        result->error_code = errno;
        return LB_DECODER_UNREADABLE;
    }
    // Never anything the decoder could write to.
    struct stat info;
    if (fstat(file, &info) == 0 && (!S_ISREG(info.st_mode) || (fcntl(file, F_GETFL) & O_ACCMODE) != O_RDONLY)) {
        close(file);
        result->message = g_strdup("This is not a regular file opened for reading only.");
        return LB_DECODER_FAILED;
    }
    return lb_send_edit(decoder, file, edit, timeout_ms, result);
}

void lb_decoder_result_clear(LbDecoderResult *result) {
    lb_image_free(result->image);
    if (result->rows) munmap(result->rows, result->rows_length);
    g_free(result->mime);
    g_free(result->message);
    if (result->has_metadata) lb_metadata_clear(&result->metadata);
    if (result->has_edited) close(result->edited_fd);
    memset(result, 0, sizeof *result);
}
