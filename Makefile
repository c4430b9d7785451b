# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
# What building and running needs, with the fonts text falls back to (DejaVu, its italics and obliques in
# -extra, with Greek, Cyrillic, Arabic and Hebrew; WenQuanYi for CJK; Noto Color Emoji), and SDL2 for
# `run --window` (its headers to build; the library, which it pulls in, is opened only for a window), and
# libmicrohttpd, which parses the HTTP that `lectern admin` serves to a paired phone, and libsystemd's sd-bus,
# which the kiosk talks to iwd (Wi-Fi) through.
DEBS := pkg-config libdrm-dev libinput-dev libudev-dev libfreetype-dev libharfbuzz-dev libxml2-dev \
        libcurl4-openssl-dev libsqlite3-dev libpng-dev libwebp-dev libjpeg62-turbo-dev libgif-dev libqrencode-dev \
        libsdl2-dev libmicrohttpd-dev libsystemd-dev fonts-dejavu-core fonts-dejavu-extra fonts-wqy-microhei fonts-noto-color-emoji
# What the tests add: pixman (blends are compared with it), binutils (strip), QEMU with busybox and kmod (the
# end-to-end test boots a kernel with a virtual display), and Python with venv (the feed oracle installs
# feedparser into a virtualenv; the CLI test serves feeds on loopback), mmdebstrap and e2fsprogs (the appliance
# image), systemd (systemd-analyze scores the unit), zbar-tools (zbarimg reads the QR codes drawn back), and
# libjpeg-turbo's tools (cjpeg makes the fuzz seeds, djpeg is the decode benchmark's reference), libxml2's
# xmllint (the feed parse benchmark's floor: a bare recovering parse of the same files), and a desktop
# for the window test: Xvfb, xdotool (finds the window, clicks) and x11-apps (xwd takes the window's picture);
# sqlite3 and curl, with which the sync test looks into a store and asks the servers for their state; a phone's
# browser for the admin page's test: Debian's Chromium, its chromedriver and Selenium (the Wi-Fi test drives the
# same browser through the simulated phone, and reads the hotspot's QR codes with zbarimg).
TEST_DEBS := $(PI_DEBS) qemu-system-arm libpixman-1-dev binutils qemu-system-x86 busybox-static kmod python3 python3-venv mmdebstrap e2fsprogs systemd \
             zbar-tools libjpeg-turbo-progs libxml2-utils xvfb xdotool x11-apps sqlite3 curl chromium chromium-driver python3-selenium
# What the Raspberry Pi image needs on the build machine: mmdebstrap (the compiler's root, the arm64 sysroot
# and the image's tree), qemu-user with binfmt (the arm64 packages' scripts), the file system tools, mtools (the
# FAT partition without mounting it), sfdisk and readelf; the test boots the image in qemu-system-aarch64.
PI_DEBS := mmdebstrap qemu-user-static binfmt-support e2fsprogs dosfstools mtools fdisk binutils systemd
RELEASE_FLAGS := -c release --static-swift-stdlib

# Building the appliance image writes device nodes and file owners: root, or sudo.
AS_ROOT := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
IMAGE_DIR := .build-appliance/image

.PHONY: deps test-deps pi-deps release run test bench fuzz image boot pi-image

deps:
	@scripts/install-deps.sh $(DEBS)

test-deps:
	@scripts/install-deps.sh $(DEBS) $(TEST_DEBS)

pi-deps:
	@scripts/install-deps.sh $(PI_DEBS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# On a machine with a DRM device this drives the panel; without one it draws headless and writes PNGs.
run: release
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern" run

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/test-cli.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-window.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-feed-oracle.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-sync.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-admin.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-phone-browser.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-store-durability.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	scripts/test-fuzz-short.sh
	$(SWIFT) build $(RELEASE_FLAGS)
	scripts/test-footprint.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"
	scripts/test-unit-security.sh
	scripts/qemu-e2e.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"
	$(AS_ROOT) scripts/appliance-e2e.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"
	$(AS_ROOT) scripts/test-wifi.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"
	$(AS_ROOT) scripts/pi-e2e.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"

# The release rasterizer against cairo, pixman and ThorVG, BENCH_ROUNDS alternating rounds (see docs/development.md,
# "Benchmarks"); the reference benchmark is found beside the repository or at LECTERN_BENCH_REFERENCE.
# Figures only: BENCH_FLAGS=--strict makes a missed goal fail. Not part of `make test`, which times nothing.
BENCH_ROUNDS ?= 3
BENCH_FLAGS ?=

bench: release
	scripts/bench-raster.sh $(BENCH_FLAGS) "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern-bench" $(BENCH_ROUNDS)

# Every fuzz target in turn for FUZZ_SECONDS each, growing its corpus under .build/fuzz (see docs/development.md).
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= jpeg png webp gif any blocks feed admin layout

fuzz: deps
	@for target in $(FUZZ_TARGETS); do \
	  echo "== fuzz $$target for $(FUZZ_SECONDS) s"; \
	  scripts/fuzz.sh $$target $(FUZZ_SECONDS) || exit 1; \
	done

# The appliance for an amd64 virtual machine (board/qemu-x86_64), and booting it in QEMU: a window with
# $DISPLAY, else VNC on localhost:5900.
image: test-deps release
	$(AS_ROOT) board/qemu-x86_64/build-image.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern" $(IMAGE_DIR)

boot:
	board/qemu-x86_64/run.sh $(IMAGE_DIR)

# The Raspberry Pi appliance (board/raspberrypi): the arm64 binary cross-built from Debian's packages, then the
# SD-card image around it. Downloads are kept in /var/cache/lectern-pi (LECTERN_PI_CACHE), so a second run only
# compiles; the last lines name the two files.
pi-image: pi-deps
	$(AS_ROOT) board/raspberrypi/cross-build.sh .build-pi
	$(AS_ROOT) board/raspberrypi/build-image.sh .build-pi/lectern .build-pi/lectern-rpi.img
	@echo "arm64 binary: .build-pi/lectern"
	@echo "SD-card image: .build-pi/lectern-rpi.img"
