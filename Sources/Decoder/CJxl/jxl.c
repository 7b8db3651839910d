// JPEG XL files: see CJxl.h. Everything here runs inside the sandboxed
// decoder, on a file the app opened: libjxl parses bytes from an untrusted
// file, and the decoder's limits (memory, CPU time, seccomp) cover it as
// they cover gdk-pixbuf's loaders. Its threads are the seccomp filter's
// kind (clone with CLONE_THREAD); they count against the same CPU limit.
#include "CJxl.h"
#include "lb-pixbuf.h"

#include <jxl/decode.h>
#include <jxl/resizable_parallel_runner.h>

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

// Read a chunk at a time: the decoder holds only what libjxl has not
// consumed yet (at most a frame's section) and the next chunk.
#define LB_JXL_CHUNK (1 << 20)
// A probe needs the header alone: the first few hundred bytes, or more
// when the container puts boxes (EXIF, XMP) first.
#define LB_JXL_PROBE_CHUNK (64 << 10)
// A decoder is one of several the app runs at once: a few threads each.
#define LB_JXL_MAX_THREADS 4
// The address space libjxl 0.7 may want a pixel while decoding a frame:
// a modular picture keeps each channel whole in 32-bit integers (twice,
// when squeezed), a VarDCT one much less; then the 8-bit output. A 48 MP
// picture peaked at 6 (VarDCT), 15 (lossless) and 32 bytes a pixel (lossy
// modular with alpha, decoded on two threads). A picture that would need
// more than the decoder has is refused before its pixels are decoded:
// libjxl aborts the process when an allocation fails.
#define LB_JXL_BYTES_PER_CHANNEL 8

static const char *lb_damaged = "The image is damaged or incomplete.";

// The file as libjxl reads it: what it has not consumed yet, then what
// follows in the file.
typedef struct {
    int fd;
    size_t chunk;
    uint8_t *bytes;
    size_t capacity, length;
    off_t offset;      // where the next read starts
    bool end;          // the whole file has been given
    int error_number;  // why reading failed (ENOMEM: no room for more)
    JxlSignature signature;
} LbJxlInput;

static void lb_jxl_input_clear(LbJxlInput *input) { g_free(input->bytes); }

// Gives `decoder` what it left of the last input and the next chunk of the
// file; false when there is nothing more (the whole file was given) or it
// cannot be read.
static bool lb_jxl_feed(JxlDecoder *decoder, LbJxlInput *input) {
    size_t left = JxlDecoderReleaseInput(decoder);
    if (input->end || left > input->length) return false;
    memmove(input->bytes, input->bytes + (input->length - left), left);
    input->length = left;
    if (input->capacity - input->length < input->chunk) {
        // libjxl consumes a section only when it has all of it.
        size_t capacity = MAX(input->capacity * 2, input->length + input->chunk);
        uint8_t *bytes = g_try_realloc(input->bytes, capacity);
        if (!bytes) {
            input->error_number = ENOMEM;
            return false;
        }
        input->bytes = bytes;
        input->capacity = capacity;
    }
    ssize_t count;
    do count = pread(input->fd, input->bytes + input->length, input->chunk, input->offset);
    while (count < 0 && errno == EINTR);
    if (count < 0) {
        input->error_number = errno;
        return false;
    }
    if (input->offset == 0) input->signature = JxlSignatureCheck(input->bytes, (size_t)count);
    input->offset += count;
    input->length += (size_t)count;
    input->end = count == 0;
    if (JxlDecoderSetInput(decoder, input->bytes, input->length) != JXL_DEC_SUCCESS) return false;
    if (input->end) JxlDecoderCloseInput(decoder);
    return true;
}

// Why the file stopped being decoded, for the person.
static char *lb_jxl_input_error(const LbJxlInput *input) {
    if (input->error_number == ENOMEM) return g_strdup("There is not enough memory for the image.");
    if (input->error_number) return g_strdup_printf("The file cannot be read: %s.", g_strerror(input->error_number));
    if (input->offset == 0 || input->signature == JXL_SIG_INVALID)
        return g_strdup("The file is not an image Lightbox can read.");
    return g_strdup(lb_damaged);
}

// A decoder for `events`, its orientation applied (libjxl's default, said
// here so it stays so).
static JxlDecoder *lb_jxl_decoder(int events) {
    JxlDecoder *decoder = JxlDecoderCreate(NULL);
    if (decoder
        && (JxlDecoderSubscribeEvents(decoder, events) != JXL_DEC_SUCCESS
            || JxlDecoderSetKeepOrientation(decoder, JXL_FALSE) != JXL_DEC_SUCCESS)) {
        JxlDecoderDestroy(decoder);
        decoder = NULL;
    }
    return decoder;
}

// The address space the decoder uses now, in bytes; 0 when unknown.
static uint64_t lb_address_space_used(void) {
    FILE *statm = fopen("/proc/self/statm", "re");
    unsigned long long pages = 0;
    if (statm) {
        if (fscanf(statm, "%llu", &pages) != 1) pages = 0;
        fclose(statm);
    }
    long page = sysconf(_SC_PAGESIZE);
    return (uint64_t)pages * (uint64_t)(page > 0 ? page : 4096);
}

// The size `basic` states as it is shown (libjxl gives it turned when it
// applies the orientation); false with a message when it is none, or, for
// `decoding`, too large for `max_pixels` or the memory the decoder has.
static bool lb_jxl_size(const JxlBasicInfo *basic, bool decoding, int64_t max_pixels, int *width, int *height,
                        char **error_out) {
    if (basic->xsize == 0 || basic->ysize == 0 || basic->xsize > INT32_MAX || basic->ysize > INT32_MAX) {
        *error_out = g_strdup(lb_damaged);
        return false;
    }
    *width = (int)basic->xsize;
    *height = (int)basic->ysize;
    if (!decoding) return true;
    uint64_t pixels = (uint64_t)basic->xsize * basic->ysize;
    if (max_pixels > 0 && pixels > (uint64_t)max_pixels) {
        *error_out = g_strdup_printf("The image is too large (%d × %d pixels).", *width, *height);
        return false;
    }
    struct rlimit memory;
    if (getrlimit(RLIMIT_AS, &memory) != 0 || memory.rlim_cur == RLIM_INFINITY) return true;
    uint64_t channels = (uint64_t)basic->num_color_channels + basic->num_extra_channels;
    uint64_t output = basic->alpha_bits > 0 ? 4 : 3;
    uint64_t used = lb_address_space_used(), limit = (uint64_t)memory.rlim_cur;
    if (used >= limit || pixels > (limit - used) / (channels * LB_JXL_BYTES_PER_CHANNEL + output)) {
        *error_out = g_strdup("There is not enough memory for the image.");
        return false;
    }
    return true;
}

// The decoder's threads, made once and kept between requests (a decoder
// serves one request at a time); NULL when there are none, and libjxl
// works on the calling thread.
static void *lb_jxl_runner(void) {
    static void *runner;
    if (!runner) runner = JxlResizableParallelRunnerCreate(NULL);
    return runner;
}

// Colours in sRGB where the file lets the decoder choose (a lossy picture
// made from one with an ICC profile would otherwise come out in linear
// sRGB); other files come in their own colours, as gdk-pixbuf's do.
static void lb_jxl_prefer_srgb(JxlDecoder *decoder, const JxlBasicInfo *basic) {
    if (basic->uses_original_profile) return;
    JxlColorEncoding srgb = {
        .color_space = basic->num_color_channels == 1 ? JXL_COLOR_SPACE_GRAY : JXL_COLOR_SPACE_RGB,
        .white_point = JXL_WHITE_POINT_D65,
        .primaries = JXL_PRIMARIES_SRGB,
        .transfer_function = JXL_TRANSFER_FUNCTION_SRGB,
        .rendering_intent = JXL_RENDERING_INTENT_PERCEPTUAL,
    };
    // Only a preference: libjxl keeps its own choice when it cannot.
    (void)JxlDecoderSetPreferredColorProfile(decoder, &srgb);
}

static void lb_jxl_free_pixels(guchar *pixels, gpointer unused) {
    (void)unused;
    g_free(pixels);
}

// A pixbuf for the frame, 8-bit RGB or RGBA (with straight alpha), set as
// the decoder's output; NULL with a message.
static GdkPixbuf *lb_jxl_output(JxlDecoder *decoder, const JxlBasicInfo *basic, char **error_out) {
    bool alpha = basic->alpha_bits > 0;
    int channels = alpha ? 4 : 3;
    // Rows a multiple of 4 bytes apart, as gdk-pixbuf lays them out.
    uint64_t stride = ((uint64_t)basic->xsize * (uint64_t)channels + 3) & ~(uint64_t)3;
    JxlPixelFormat format = {.num_channels = (uint32_t)channels, .data_type = JXL_TYPE_UINT8,
                             .endianness = JXL_NATIVE_ENDIAN, .align = (size_t)stride};
    size_t needed = 0;
    if (stride > INT32_MAX || JxlDecoderImageOutBufferSize(decoder, &format, &needed) != JXL_DEC_SUCCESS) {
        *error_out = g_strdup(lb_damaged);
        return NULL;
    }
    // Allocated here rather than by gdk_pixbuf_new: libjxl 0.7 wants the
    // last row padded as well, a gdk-pixbuf's last row stops at its last
    // pixel, and an RGB frame whose rows are not a multiple of 4 bytes was
    // refused as damaged (a 500 × 606 photo turned by orientation 5 or 7
    // into rows of 606 pixels).
    size_t length = MAX(needed, (size_t)(stride * basic->ysize));
    guchar *pixels = g_try_malloc(length);
    GdkPixbuf *pixbuf = pixels ? gdk_pixbuf_new_from_data(pixels, GDK_COLORSPACE_RGB, alpha, 8, (int)basic->xsize,
                                                          (int)basic->ysize, (int)stride,
                                                          lb_jxl_free_pixels, NULL)
                               : NULL;
    if (!pixbuf) {
        g_free(pixels);
        *error_out = g_strdup("There is not enough memory for the image.");
        return NULL;
    }
    if (JxlDecoderSetImageOutBuffer(decoder, &format, pixels, needed) != JXL_DEC_SUCCESS) {
        g_object_unref(pixbuf);
        *error_out = g_strdup(lb_damaged);
        return NULL;
    }
    return pixbuf;
}

// The file's first frame at its full size, or NULL with a message.
static GdkPixbuf *lb_jxl_decode(int fd, int64_t max_pixels, int *width, int *height, char **error_out) {
    JxlDecoder *decoder = lb_jxl_decoder(JXL_DEC_BASIC_INFO | JXL_DEC_COLOR_ENCODING | JXL_DEC_FULL_IMAGE);
    void *runner = lb_jxl_runner();
    // Straight alpha, as gdk-pixbuf's pictures have it.
    if (!decoder || JxlDecoderSetUnpremultiplyAlpha(decoder, JXL_TRUE) != JXL_DEC_SUCCESS
        || (runner && JxlDecoderSetParallelRunner(decoder, JxlResizableParallelRunner, runner) != JXL_DEC_SUCCESS)) {
        if (decoder) JxlDecoderDestroy(decoder);
        *error_out = g_strdup("There is not enough memory for the image.");
        return NULL;
    }
    LbJxlInput input = {.fd = fd, .chunk = LB_JXL_CHUNK};
    JxlBasicInfo basic;
    memset(&basic, 0, sizeof basic);
    GdkPixbuf *picture = NULL;
    char *error = NULL;
    bool done = false;
    while (!done && !error) {
        switch (JxlDecoderProcessInput(decoder)) {
        case JXL_DEC_NEED_MORE_INPUT:
            if (!lb_jxl_feed(decoder, &input)) error = lb_jxl_input_error(&input);
            break;
        case JXL_DEC_BASIC_INFO:
            if (JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS) {
                error = g_strdup(lb_damaged);
            } else if (lb_jxl_size(&basic, true, max_pixels, width, height, &error) && runner) {
                size_t threads = JxlResizableParallelRunnerSuggestThreads(basic.xsize, basic.ysize);
                JxlResizableParallelRunnerSetThreads(runner, MIN(threads, (size_t)LB_JXL_MAX_THREADS));
            }
            break;
        case JXL_DEC_COLOR_ENCODING:
            lb_jxl_prefer_srgb(decoder, &basic);
            break;
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
            // One buffer: an animation's later frames never come.
            if (picture) error = g_strdup(lb_damaged);
            else picture = lb_jxl_output(decoder, &basic, &error);
            break;
        case JXL_DEC_FULL_IMAGE:
            done = picture != NULL;
            if (!done) error = g_strdup(lb_damaged);
            break;
        case JXL_DEC_ERROR:
            // A file that is no JPEG XL at all (or empty) is told apart.
            error = lb_jxl_input_error(&input);
            break;
        default:
            // JXL_DEC_SUCCESS before a frame, or what was not asked for.
            error = g_strdup(lb_damaged);
            break;
        }
    }
    JxlDecoderDestroy(decoder);
    lb_jxl_input_clear(&input);
    if (error) {
        if (picture) g_object_unref(picture);
        *error_out = error;
        return NULL;
    }
    return picture;
}

bool lb_jxl_decode_into(int fd, int max_size, int64_t max_pixels, bool premultiplied, LbRowsTarget target,
                        void *context, LbDecodeInfo *info, char **error_out) {
    memset(info, 0, sizeof *info);
    GdkPixbuf *picture = lb_jxl_decode(fd, max_pixels, &info->original_width, &info->original_height, error_out);
    if (!picture) return false;
    GdkPixbuf *fitted = lb_pixbuf_fitted(picture, max_size);
    g_object_unref(picture);
    info->mime = g_strdup("image/jxl");
    bool ok = lb_pixbuf_into(fitted, premultiplied, target, context, info, error_out);
    g_object_unref(fitted);
    if (!ok) g_clear_pointer(&info->mime, g_free);
    return ok;
}

bool lb_jxl_probe(int fd, int *width, int *height, char **error_out) {
    *width = *height = 0;
    JxlDecoder *decoder = lb_jxl_decoder(JXL_DEC_BASIC_INFO);
    if (!decoder) {
        *error_out = g_strdup("There is not enough memory for the image.");
        return false;
    }
    LbJxlInput input = {.fd = fd, .chunk = LB_JXL_PROBE_CHUNK};
    char *error = NULL;
    bool found = false;
    while (!found && !error) {
        JxlBasicInfo basic;
        switch (JxlDecoderProcessInput(decoder)) {
        case JXL_DEC_NEED_MORE_INPUT:
            if (!lb_jxl_feed(decoder, &input)) error = lb_jxl_input_error(&input);
            break;
        case JXL_DEC_BASIC_INFO:
            if (JxlDecoderGetBasicInfo(decoder, &basic) != JXL_DEC_SUCCESS) error = g_strdup(lb_damaged);
            else found = lb_jxl_size(&basic, false, 0, width, height, &error);
            break;
        case JXL_DEC_ERROR:
            error = lb_jxl_input_error(&input);
            break;
        default:
            error = g_strdup(lb_damaged);
            break;
        }
    }
    JxlDecoderDestroy(decoder);
    lb_jxl_input_clear(&input);
    if (error) {
        *error_out = error;
        return false;
    }
    return true;
}
