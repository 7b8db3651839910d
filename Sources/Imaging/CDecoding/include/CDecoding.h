// CDecoding: images decoded in helper processes. The app side starts a
// lightbox-decoder (in a bubblewrap sandbox when it can), hands it files
// as open descriptors and takes pixels back in sealed shared memory (the
// decoder side is CDecoderServer). Swift's Imaging.DecoderPool keeps a few
// of these alive and is the only caller.
#pragma once

#include "CImaging.h"
// The wire protocol, which the decoder side (CDecoderServer) speaks too.
#include "lb-decoder-protocol.h"

#include <stdbool.h>
#include <stdint.h>

// ---- App side (client.c) ----------------------------------------------------

typedef struct LbDecoder LbDecoder;

typedef struct {
    const char *executable;           // the lightbox-decoder program
    const char *bwrap;                // bubblewrap, or NULL to run without a sandbox
    const char *const *environment;   // "NAME=value" strings for the decoder, NULL-terminated
    const char *const *visible_paths; // folders the sandbox shows read-only, NULL-terminated
    int64_t memory_limit;             // bytes of address space (RLIMIT_AS)
    int cpu_seconds;                  // CPU time for one request (RLIMIT_CPU)
} LbDecoderConfig;

// How a request went.
typedef enum {
    LB_DECODER_OK,
    LB_DECODER_FAILED,         // the decoder says why the file cannot be read (`message`)
    LB_DECODER_UNREADABLE,     // the app could not open the file (`error_code`)
    LB_DECODER_CRASHED,        // the decoder died on the file
    LB_DECODER_TIMED_OUT,      // it ran past the time or CPU limit and was stopped
    LB_DECODER_OUT_OF_MEMORY,  // it ran past the memory limit
    LB_DECODER_NONSENSE,       // its answer broke the protocol; it was stopped
    LB_DECODER_LOST,           // it was gone before the request was sent (not the file's doing)
} LbDecoderStatus;

// Starts a decoder and waits (at most `timeout_ms`) for it to say it is
// ready. NULL with `error` set (free with lb_free) when it cannot start.
// Call it from a thread that lives as long as the decoder: the decoder is
// killed when the thread that started it ends (PR_SET_PDEATHSIG).
LbDecoder *lb_decoder_start(const LbDecoderConfig *config, int timeout_ms, char **error);

// Stops (SIGKILL) and reaps the decoder, and frees it.
void lb_decoder_stop(LbDecoder *decoder);

// Whether the decoder is still there (its end of the socket is open).
bool lb_decoder_alive(const LbDecoder *decoder);

// How decoded pixels are laid out.
typedef enum {
    LB_PIXELS_RGBA = 0,           // answered as `image`
    LB_PIXELS_PREMULTIPLIED = 1,  // answered as `rows`, lb_pixels_premultiply's layout
} LbPixelFormat;

// What a request answers. Free with lb_decoder_result_clear.
typedef struct {
    LbImage *image;                        // decode, RGBA: the pixels, in the decoder's memfd
    void *rows;                            // decode, premultiplied: mapped read-only (munmap)
    size_t rows_length;
    int stride;                            // decode, premultiplied
    int original_width, original_height;   // decode: the declared size
    bool from_sensor;                      // decode: a RAW developed from its sensor data, not a preview
    bool incomplete;                       // decode: a RAW file cut short, shown from its preview
    int width, height;                     // probe: the declared size; decode, premultiplied: the rows
    char *mime;                            // decode, probe
    bool has_metadata;                     // metadata: false when the file has none readable
    LbMetadata metadata;
    bool has_sensor;                       // sensor: `sensor` holds the counts
    LbExposure sensor;
    bool has_edited;                       // edit: `edited_fd` is a sealed memfd holding the new file
    int edited_fd;
    int64_t edited_length;
    char *message;                         // LB_DECODER_FAILED: why
    int error_code;                        // LB_DECODER_UNREADABLE: errno
} LbDecoderResult;

// What a request asks for (the protocol's kinds, protocol.h).
typedef enum {
    LB_REQUEST_DECODE = 1,    // the pixels, in shared memory
    LB_REQUEST_METADATA = 2,  // EXIF/XMP/IPTC through gexiv2
    LB_REQUEST_PROBE = 3,     // the format and declared size
    LB_REQUEST_EDIT = 4,      // the file with metadata changed (lb_decoder_edit)
    LB_REQUEST_SENSOR = 5,    // a RAW's sensor data counted for its exposure
} LbRequestKind;

// Opens `path` read-only and asks the decoder for `kind`, waiting at most
// `timeout_ms`; `hints` are LB_HINT_* bits (lb-decoder-protocol.h). After
// anything but OK, FAILED and UNREADABLE the decoder is dead or killed:
// stop it and start another.
LbDecoderStatus lb_decoder_request(LbDecoder *decoder, LbRequestKind kind, const char *path, int max_size,
                                   int64_t max_pixels, LbPixelFormat format, uint32_t hints, int timeout_ms,
                                   LbDecoderResult *result);
void lb_decoder_result_clear(LbDecoderResult *result);

// Sends `path` (opened read-only; NULL for a new XMP sidecar, which starts
// from an empty XMP packet) to the decoder, which makes `edit` with gexiv2
// and answers the whole new file in a sealed memfd (`result->edited_fd`,
// closed by lb_decoder_result_clear).
// The decoder never gets a descriptor it could write to. The same
// statuses as lb_decoder_request.
LbDecoderStatus lb_decoder_edit(LbDecoder *decoder, const char *path, const LbMetadataEdit *edit, int timeout_ms,
                                LbDecoderResult *result);

// lb_decoder_edit on a file the caller opened read-only (`fd`, a regular
// file, not closed here): the caller knows which file the edit was made
// from, whatever its name holds by the time the new file is put in place.
LbDecoderStatus lb_decoder_edit_file(LbDecoder *decoder, int fd, const LbMetadataEdit *edit, int timeout_ms,
                                     LbDecoderResult *result);

// Sends `request` (its magic and sequence set here) and `payload`
// (`length` bytes) exactly as given, with a duplicate of the open file
// `fd`: for the tests of what a decoder refuses. The app never calls it.
LbDecoderStatus lb_decoder_send_raw(LbDecoder *decoder, int fd, const LbRequest *request, const void *payload,
                                    size_t length, int timeout_ms, LbDecoderResult *result);

// Whether bubblewrap at `bwrap` can make a sandbox here (user namespaces
// allowed). When not, `reason` receives what it said (free with lb_free).
bool lb_sandbox_available(const char *bwrap, char **reason);
