# Lightbox: a GTK 4 photo browser.
#
#   make deps       install the Debian packages needed to build and run
#   make build      swift build -c release (Swift runtime linked in statically)
#   make run        build, then open your Pictures folder (or the samples)
#   make test       install test packages, build with tests, run scripts/test.sh
#   make test-orca  only the screen reader tests (Tests/Orca), on .build/debug/lightbox
#   make orca-transcript  what Orca says for everyday jobs, into ORCA_TRANSCRIPT
#   make screenshots  the metainfo's screenshots, taken from the release build (Resources/screenshots)
#   make guard      release build, then check its key figures against Tools/Bench/guard.json
#   make bench      release build, then benchmark it (QUICK=1: about two minutes)
#   make fuzz       libFuzzer over the project's own parsers, C and Swift (FUZZ_SECONDS each)
#   make soak       10,000 photos, 1,000 acted on for SOAK_SECONDS (600) while another process changes them
#   make fuzz-replay  every kept C fuzz input once, under the sanitizers (part of make test)
#   make install    install into $(DESTDIR)$(PREFIX) (run `make build` first)
#   make deb        a Debian package of the release build, in .build/
#   make pot        the translation template po/lightbox.pot, from the sources
#   make po-update  merge the template into every po/LANG.po
#   make uninstall  remove what `make install` put there
#   make clean      remove the build folder

APP_ID      := org.lightboxphotos.Lightbox
VERSION     := 0.1.0

PREFIX      ?= /usr/local
BINDIR      ?= $(PREFIX)/bin
# lightbox-decoder is the app's own helper, not a command: it goes where
# Debian keeps such programs, and the app looks for it there.
LIBEXECDIR  ?= $(PREFIX)/libexec/lightbox
DATADIR     ?= $(PREFIX)/share
DESTDIR     ?=

SWIFT       ?= swift
# The Swift runtime and Foundation are linked in statically: the binary
# runs without the toolchain's libraries and starts about 10 ms sooner
# (fewer shared objects to map and relocate; see Tools/Bench/README.md). lld,
# which the toolchain ships, links it without the warning GNU gold prints
# for a libc call inside the static Foundation. Its relative relocations
# are packed (DT_RELR, glibc 2.36 and later): 2 MB of relocation entries
# read at every start become 16 kB. Each function gets a section of its own,
# and the functions start-up runs go first, in Resources/link/startup-order.txt
# (scripts/update-startup-order.py): start-up then maps 3 MB less of the
# binary (Tools/Bench/README.md). Changing these flags needs a clean release
# build: SwiftPM does not compile again for them. The executables export no
# symbols (Resources/link/exports.map).
STARTUP_ORDER = -Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections \
                -Xlinker --symbol-ordering-file=$(CURDIR)/Resources/link/startup-order.txt -Xlinker --no-warn-symbol-ordering
SWIFT_FLAGS ?= -c release -j 2 --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs \
               $(STARTUP_ORDER) -Xlinker --version-script=$(CURDIR)/Resources/link/exports.map
SWIFT_TEST_FLAGS ?= --build-tests -j 2
# Where `swift build $(SWIFT_FLAGS)` leaves the binary.
BUILD_DIR   ?= .build/release
# Folder for `make run`; empty means Pictures, or the samples.
FOLDER      ?=
# `make bench QUICK=1`: a reduced benchmark run.
QUICK       ?=

# A gtk4.pc without the compiler flags SwiftPM rejects (see the script).
PKGCONFIG_DIR := $(CURDIR)/.build-pkgconfig
export PKG_CONFIG_PATH := $(PKGCONFIG_DIR)$(if $(PKG_CONFIG_PATH),:$(PKG_CONFIG_PATH))

INSTALL         ?= install
INSTALL_PROGRAM ?= $(INSTALL) -m 755
INSTALL_DATA    ?= $(INSTALL) -m 644

APPS_DIR     = $(DATADIR)/applications
METAINFO_DIR = $(DATADIR)/metainfo
ICONS_DIR    = $(DATADIR)/icons/hicolor
SCHEMAS_DIR  = $(DATADIR)/glib-2.0/schemas
MAN_DIR      = $(DATADIR)/man/man1

DESKTOP_SRC  = Resources/$(APP_ID).desktop
METAINFO_SRC = Resources/$(APP_ID).metainfo.xml
ICON_SRC     = Resources/icons/hicolor/scalable/apps/$(APP_ID).svg
SYMBOLIC_SRC = Resources/icons/hicolor/symbolic/apps/$(APP_ID)-symbolic.svg

.PHONY: all deps deps-test deps-bench build run test guard test-orca orca-transcript screenshots bench soak fuzz fuzz-c fuzz-replay install uninstall deb clean help print-photo-extensions locale pot po-update schemas

all: build

help:
	@sed -n '3,/^$$/{/^#   /s/^# \{0,1\}//p}' $(firstword $(MAKEFILE_LIST))

deps:
	scripts/install-deps.sh

deps-test:
	scripts/install-deps.sh --test

deps-bench:
	scripts/install-deps.sh --bench

$(PKGCONFIG_DIR)/gdk-pixbuf-2.0.pc: scripts/swiftpm-pkgconfig.sh
	scripts/swiftpm-pkgconfig.sh "$(PKGCONFIG_DIR)"

build: $(PKGCONFIG_DIR)/gdk-pixbuf-2.0.pc locale schemas
	$(SWIFT) build $(SWIFT_FLAGS)

# The GSettings schema, compiled where a build run from the source tree (and
# the tests) find it: .build/schemas, beside .build/debug and .build/release.
SCHEMA_SRC := Resources/$(APP_ID).gschema.xml
SCHEMA_DIR := .build/schemas

schemas: $(SCHEMA_DIR)/gschemas.compiled

$(SCHEMA_DIR)/gschemas.compiled: $(SCHEMA_SRC)
	@mkdir -p $(SCHEMA_DIR)
	cp $(SCHEMA_SRC) $(SCHEMA_DIR)/
	glib-compile-schemas --strict $(SCHEMA_DIR)

# Translations (see po/README.md). The compiled catalogs go to .build/locale,
# where a build run from the source tree finds them (beside .build/debug and
# .build/release), and `make install` takes them from.
LINGUAS    := $(shell sed 's/\#.*//' po/LINGUAS 2>/dev/null)
LOCALE_DIR := .build/locale
MO_FILES   := $(foreach lang,$(LINGUAS),$(LOCALE_DIR)/$(lang)/LC_MESSAGES/lightbox.mo)

locale: $(MO_FILES)

$(LOCALE_DIR)/%/LC_MESSAGES/lightbox.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<

pot:
	scripts/update-pot.sh po/lightbox.pot

po-update: pot
	for lang in $(LINGUAS); do msgmerge --quiet --update --backup=none po/$$lang.po po/lightbox.pot || exit 1; done

run: deps build
	BUILD_DIR="$(BUILD_DIR)" scripts/run.sh $(if $(FOLDER),"$(FOLDER)")

# The tools the tests use are installed while the build compiles (it needs
# only what `make deps` installs), and the E2E suite's reference decoders
# (PyPI wheels in .build/e2e-reference-decoders): on a fresh machine that
# hides most of the time apt and pip take. Their log follows the build's. Not root, sudo may ask for
# a password: then they are installed first.
test: deps $(PKGCONFIG_DIR)/gdk-pixbuf-2.0.pc locale schemas
	@if [ "$$(id -u)" -ne 0 ]; then scripts/install-deps.sh --test || exit 1; fi; \
	mkdir -p .build; { scripts/install-deps.sh --test && { /usr/bin/python3 Tests/E2E/reference_decoders.py prepare \
		|| echo "(the E2E test of real files makes them itself, and says why if it cannot)"; }; } \
		>.build/install-test.log 2>&1 & installing=$$!; \
	$(SWIFT) build $(SWIFT_TEST_FLAGS); built=$$?; \
	wait $$installing; installed=$$?; \
	echo "--- scripts/install-deps.sh --test (run during the build)"; cat .build/install-test.log; \
	[ $$built -eq 0 ] && [ $$installed -eq 0 ]
	SWIFT="$(SWIFT)" scripts/test.sh

# The screen reader suite alone (it is part 8 of `make test`), on the debug
# build that `make test` makes; it builds nothing.
ORCA_BIN        ?= .build/debug/lightbox
ORCA_TRANSCRIPT ?= $(or $(TMPDIR),/tmp)/lightbox-orca-transcript.md

test-orca: deps-test
	LIGHTBOX_BIN="$(ORCA_BIN)" Tests/Orca/run.sh

# A Markdown report of what Orca says, step by step, for everyday jobs (no
# assertions): compare it before and after an accessibility change.
orca-transcript: deps-test
	LIGHTBOX_BIN="$(ORCA_BIN)" Tests/Orca/run.sh --transcript "$(ORCA_TRANSCRIPT)"

# The AppStream metainfo's screenshots (Tests/E2E/test_screenshots.py, which
# `make test` runs too, into its own folder): the release build installed
# into a scratch prefix as `make test` installs it, the screenshot test alone
# run on it, its PNGs written to SCREENSHOTS_DIR. Commit them.
SCREENSHOTS_DIR  ?= Resources/screenshots
SCREENSHOTS_ROOT := $(CURDIR)/.build/screenshots-install

screenshots: deps-test build
	rm -rf "$(SCREENSHOTS_ROOT)"
	$(MAKE) --no-print-directory install PREFIX=/usr DESTDIR="$(SCREENSHOTS_ROOT)"
	glib-compile-schemas --strict "$(SCREENSHOTS_ROOT)/usr/share/glib-2.0/schemas"
	env -u NO_AT_BRIDGE XDG_DATA_DIRS="$(SCREENSHOTS_ROOT)/usr/share:$${XDG_DATA_DIRS:-/usr/local/share:/usr/share}" \
		LIGHTBOX_BIN="$(SCREENSHOTS_ROOT)/usr/bin/lightbox" LIGHTBOX_SCREENSHOTS_DIR="$(SCREENSHOTS_DIR)" \
		Tests/E2E/run.sh -k ScreenshotTests
	rm -rf "$(SCREENSHOTS_ROOT)"

# The performance guard alone (part 9 of `make test`): the release build's
# start-up, stepping and big folders against Tools/Bench/guard.json, about
# two minutes (its files are made once in .build/guard-library).
guard: deps-test build
	python3 Tools/Bench/guard.py

# Not part of `make test`. The photo library is made once in Tools/Bench/library/.
bench: deps deps-bench build
	python3 Tools/Bench/run.py $(if $(QUICK),--quick)

# Not part of `make test`. A soak (scripts/soak.py): SOAK_PHOTOS (10000)
# generated photos; lightbox-soak (PhotoListLogic over the app's index,
# rating queue, sandboxed decoders and thumbnail cache) rates, rejects,
# rotates, copies and moves SOAK_DRIVE (1000) of them for SOAK_SECONDS
# (600) while scripts/soak-churn.py renames, deletes, rewrites and
# re-rates them with exiftool; then every file is checked against both
# journals. Exits non-zero on any loss. Work folder: SOAK_DIR (.build/soak).
# A short try: make soak SOAK_SECONDS=60 SOAK_PHOTOS=1000
SOAK_SECONDS ?= 600
SOAK_PHOTOS  ?= 10000
SOAK_DRIVE   ?= 1000

soak: deps-test $(PKGCONFIG_DIR)/gdk-pixbuf-2.0.pc
	$(SWIFT) build -j 2 --product lightbox-decoder
	$(SWIFT) build -j 2 --product lightbox-soak
	SOAK_SECONDS=$(SOAK_SECONDS) SOAK_PHOTOS=$(SOAK_PHOTOS) SOAK_DRIVE=$(SOAK_DRIVE) python3 scripts/soak.py

# libFuzzer, with AddressSanitizer (and UBSan for C), over every parser this
# project wrote for bytes it does not control; all of it is in Tools/Fuzz,
# and every target's seeds in Tools/Fuzz/corpus/TARGET/. C (Tools/Fuzz/C/*.c,
# built with clang): the completeness check, the image-data walker a rating
# write checks photos with, the app's checks of decoder replies, the finder
# of a JPEG's EXIF thumbnail, the walk over a JPEG XL file's boxes that
# takes out its EXIF and XMP, and the decoder's reader of TIFF-based RAW
# files' previews. Swift (Tools/Fuzz/Swift: the targets in Targets/, main in
# Entry/, built into lightbox-fuzz with -sanitize=fuzzer in .build-fuzz/):
# file names' bytes, thumbnail PNG text, profile.json and a damaged index's
# rows, whose seeds the unit tests replay (no leak checks there: the Swift
# runtime's caches and a 4 KiB leak in Foundation's reading of an empty
# file would be reported for every run). Each target runs FUZZ_SECONDS;
# what it finds goes to .build/fuzz/ (keep a fixed input in the seeds).
CLANG        ?= clang
FUZZ_SECONDS ?= 60
FUZZ_DIR      = .build/fuzz
FUZZ_FLAGS    = -g -O1 -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined -fuse-ld=lld \
                -ISources/Imaging/CImaging/include -ISources/Imaging/CImaging -ISources/Imaging/CDecoding/include -ISources/Imaging/CDecoding
SWIFT_FUZZ_TARGETS = path-bytes png-text profile index-rows

FUZZ_C_TARGETS = integrity image-data replies embedded-thumbnail jxl-boxes raw-previews

# The C targets, built as `make fuzz` runs them.
fuzz-c: $(PKGCONFIG_DIR)/gdk-pixbuf-2.0.pc
	mkdir -p $(FUZZ_DIR)
	$(CLANG) $(FUZZ_FLAGS) Tools/Fuzz/C/integrity.c Sources/Imaging/CImaging/integrity.c -o $(FUZZ_DIR)/integrity
	$(CLANG) $(FUZZ_FLAGS) Tools/Fuzz/C/embedded-thumbnail.c Sources/Imaging/CImaging/embedded-thumbnail.c Sources/Imaging/CImaging/integrity.c \
		$$(pkg-config --cflags --libs gdk-pixbuf-2.0) -o $(FUZZ_DIR)/embedded-thumbnail
	$(CLANG) $(FUZZ_FLAGS) Tools/Fuzz/C/image-data.c Sources/Imaging/CImaging/image-data.c $$(pkg-config --cflags --libs glib-2.0) \
		-o $(FUZZ_DIR)/image-data
	$(CLANG) $(FUZZ_FLAGS) Tools/Fuzz/C/replies.c Sources/Imaging/CDecoding/replies.c Sources/Imaging/CDecoding/client.c \
		Sources/Imaging/CDecoding/protocol.c Sources/Imaging/CDecoding/sandbox.c Sources/Imaging/CImaging/*.c \
		$$(pkg-config --cflags --libs gdk-pixbuf-2.0 gexiv2) -o $(FUZZ_DIR)/replies
	$(CLANG) $(FUZZ_FLAGS) -ISources/Decoder/CJxl/include -ISources/Decoder/CJxl Tools/Fuzz/C/jxl-boxes.c \
		Sources/Decoder/CJxl/jxl-boxes.c $$(pkg-config --cflags --libs libbrotlidec) -o $(FUZZ_DIR)/jxl-boxes
	$(CLANG) $(FUZZ_FLAGS) -ISources/Decoder/CRaw Tools/Fuzz/C/raw-previews.c Sources/Decoder/CRaw/tiff-raw.c -lm \
		-o $(FUZZ_DIR)/raw-previews

# Every kept C input (the seeds and each input that once failed) through
# its target once, under the same sanitizers: part of `make test`, so a
# fixed crash stays fixed. The Swift ones are replayed by FuzzCorpusTests.
fuzz-replay: fuzz-c
	for target in $(FUZZ_C_TARGETS); do \
		ls Tools/Fuzz/corpus/$$target/* >/dev/null || exit 1; \
		$(FUZZ_DIR)/$$target -runs=0 Tools/Fuzz/corpus/$$target/* 2>$(FUZZ_DIR)/$$target-replay.log \
			|| { cat $(FUZZ_DIR)/$$target-replay.log; echo "fuzz-replay: $$target failed on a kept input"; exit 1; }; \
		echo "fuzz-replay: $$target: $$(ls Tools/Fuzz/corpus/$$target | wc -l) inputs passed"; \
	done

fuzz: fuzz-c
	for target in $(FUZZ_C_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/$$target-corpus; \
		$(FUZZ_DIR)/$$target -max_total_time=$(FUZZ_SECONDS) -artifact_prefix=$(FUZZ_DIR)/$$target- \
			$(FUZZ_DIR)/$$target-corpus Tools/Fuzz/corpus/$$target || exit 1; \
	done
	$(SWIFT) build --build-path .build-fuzz --product lightbox-fuzz -j 2 -Xswiftc -use-ld=lld \
		-Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address
	for target in $(SWIFT_FUZZ_TARGETS); do \
		mkdir -p $(FUZZ_DIR)/$$target-corpus; \
		LIGHTBOX_FUZZ_TARGET=$$target SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build-fuzz/debug/lightbox-fuzz \
			-max_total_time=$(FUZZ_SECONDS) -detect_leaks=0 \
			-artifact_prefix=$(FUZZ_DIR)/$$target- $(FUZZ_DIR)/$$target-corpus Tools/Fuzz/corpus/$$target || exit 1; \
	done

# The photo file name extensions, read from the one list the app has
# (Sources/Imaging/SwiftAPI/PhotoFormat.swift): pictures gdk-pixbuf decodes, camera
# RAW files the decoder reads itself, and pictures it reads with a library
# of its own (JPEG XL, with libjxl).
PHOTO_FORMATS      := Sources/Imaging/SwiftAPI/PhotoFormat.swift
format_list         = $(shell sed -n '/$(1): \[String\] = \[/,/\]/p' $(PHOTO_FORMATS) | grep -o '"[a-z0-9]*"' | tr -d '"')
PICTURE_EXTENSIONS := $(call format_list,pictureExtensions)
RAW_EXTENSIONS     := $(call format_list,rawExtensions)
LIBRARY_EXTENSIONS := $(call format_list,libraryExtensions)
MIME_TOOL := .build-tools/pixbuf-mime-types

print-photo-extensions:
	@echo $(PICTURE_EXTENSIONS) $(RAW_EXTENSIONS) $(LIBRARY_EXTENSIONS)

$(MIME_TOOL): scripts/pixbuf-mime-types.c
	@mkdir -p $(dir $@)
	$(CC) -O2 -o $@ $< $$(pkg-config --cflags --libs gdk-pixbuf-2.0 gio-2.0)

install: $(MIME_TOOL) locale
	@for program in lightbox lightbox-decoder; do \
		if [ ! -f "$(BUILD_DIR)/$$program" ]; then \
			echo "$(BUILD_DIR)/$$program not found: run 'make build' first." >&2; exit 1; \
		fi; \
	done
	$(INSTALL) -d "$(DESTDIR)$(BINDIR)" "$(DESTDIR)$(LIBEXECDIR)" "$(DESTDIR)$(APPS_DIR)" "$(DESTDIR)$(METAINFO_DIR)" \
		"$(DESTDIR)$(ICONS_DIR)/scalable/apps" "$(DESTDIR)$(ICONS_DIR)/symbolic/apps" "$(DESTDIR)$(SCHEMAS_DIR)" \
		"$(DESTDIR)$(MAN_DIR)"
	$(INSTALL_PROGRAM) "$(BUILD_DIR)/lightbox" "$(DESTDIR)$(BINDIR)/lightbox"
	$(INSTALL_PROGRAM) "$(BUILD_DIR)/lightbox-decoder" "$(DESTDIR)$(LIBEXECDIR)/lightbox-decoder"
	@# The desktop file declares the image types the installed gdk-pixbuf
	@# loaders read, among the extensions the folder scanner shows (image
	@# types only: the WebP loader also names audio/x-riff, the RIFF
	@# container), and the types shared-mime-info gives the RAW and JPEG XL
	@# extensions (the decoder reads those itself). The metainfo provides the
	@# same types, each a <mediatype> after its <binary>.
	types=$$($(MIME_TOOL) $(PICTURE_EXTENSIONS) --guess $(RAW_EXTENSIONS) $(LIBRARY_EXTENSIONS) | grep '^image/' | sort -u | tr '\n' ';'); \
	msgfmt --desktop -d po --template $(DESKTOP_SRC) -o - \
		| sed "s|^MimeType=.*|MimeType=inode/directory;$$types|" >"$(DESTDIR)$(APPS_DIR)/$(APP_ID).desktop" && \
	chmod 644 "$(DESTDIR)$(APPS_DIR)/$(APP_ID).desktop" && \
	metainfo="$(DESTDIR)$(METAINFO_DIR)/$(APP_ID).metainfo.xml" && \
	msgfmt --xml -d po --template $(METAINFO_SRC) -o "$$metainfo.in" && \
	awk -v types="$$types" '{ print } /<binary>lightbox<\/binary>/ { n = split(types, type, ";"); \
		for (i = 1; i <= n; i++) if (type[i] != "") printf "    <mediatype>%s</mediatype>\n", type[i] }' \
		"$$metainfo.in" >"$$metainfo" && \
	rm "$$metainfo.in" && chmod 644 "$$metainfo"
	@for lang in $(LINGUAS); do \
		$(INSTALL) -d "$(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES" && \
		$(INSTALL_DATA) "$(LOCALE_DIR)/$$lang/LC_MESSAGES/lightbox.mo" "$(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/lightbox.mo" \
			|| exit 1; \
	done
	$(INSTALL_DATA) $(ICON_SRC) "$(DESTDIR)$(ICONS_DIR)/scalable/apps/$(APP_ID).svg"
	$(INSTALL_DATA) $(SYMBOLIC_SRC) "$(DESTDIR)$(ICONS_DIR)/symbolic/apps/$(APP_ID)-symbolic.svg"
	$(INSTALL_DATA) $(SCHEMA_SRC) "$(DESTDIR)$(SCHEMAS_DIR)/$(APP_ID).gschema.xml"
	@# The manual page is --help's own text (help2man), so the two never differ.
	help2man --locale=C.UTF-8 --no-info --no-discard-stderr --version-string="$(VERSION)" --name="browse, rate and cull photos" \
		--output="$(DESTDIR)$(MAN_DIR)/lightbox.1" "$(BUILD_DIR)/lightbox"
	chmod 644 "$(DESTDIR)$(MAN_DIR)/lightbox.1"
	@$(MAKE) --no-print-directory update-caches

# A Debian package of the release build, in .build/ (see scripts/make-deb.sh).
deb: build
	scripts/make-deb.sh

uninstall:
	rm -f "$(DESTDIR)$(BINDIR)/lightbox"
	rm -f "$(DESTDIR)$(LIBEXECDIR)/lightbox-decoder"
	rmdir "$(DESTDIR)$(LIBEXECDIR)" 2>/dev/null || true
	rm -f "$(DESTDIR)$(APPS_DIR)/$(APP_ID).desktop"
	rm -f "$(DESTDIR)$(METAINFO_DIR)/$(APP_ID).metainfo.xml"
	for lang in $(LINGUAS); do rm -f "$(DESTDIR)$(DATADIR)/locale/$$lang/LC_MESSAGES/lightbox.mo"; done
	rm -f "$(DESTDIR)$(ICONS_DIR)/scalable/apps/$(APP_ID).svg"
	rm -f "$(DESTDIR)$(ICONS_DIR)/symbolic/apps/$(APP_ID)-symbolic.svg"
	rm -f "$(DESTDIR)$(SCHEMAS_DIR)/$(APP_ID).gschema.xml"
	rm -f "$(DESTDIR)$(MAN_DIR)/lightbox.1"
	@$(MAKE) --no-print-directory update-caches

# Refresh the icon cache, the desktop database and the compiled schemas of a
# real install; a staged install (DESTDIR set) leaves that to the package
# manager (Debian's triggers do all three).
.PHONY: update-caches
update-caches:
	@if [ -z "$(DESTDIR)" ]; then \
		if command -v gtk4-update-icon-cache >/dev/null 2>&1; then \
			gtk4-update-icon-cache -q -t -f "$(ICONS_DIR)" || true; \
		elif command -v gtk-update-icon-cache >/dev/null 2>&1; then \
			gtk-update-icon-cache -q -t -f "$(ICONS_DIR)" || true; \
		fi; \
		if command -v update-desktop-database >/dev/null 2>&1; then \
			update-desktop-database -q "$(APPS_DIR)" || true; \
		fi; \
		if command -v glib-compile-schemas >/dev/null 2>&1 && [ -d "$(SCHEMAS_DIR)" ]; then \
			glib-compile-schemas "$(SCHEMAS_DIR)" || true; \
		fi; \
	fi

clean:
	rm -rf .build .build-tools
