# The two commands of the README: `make run` and `make test`. Both install what is missing first.
SWIFT ?= swift
# Build and run needs, the fonts text falls back to, and for the tests: pixman (blends are compared with it),
# QEMU with busybox and kmod (the end-to-end test boots a kernel with a virtual display).
DEBS := pkg-config libdrm-dev libinput-dev libudev-dev libfreetype-dev libharfbuzz-dev libxml2-dev \
        libcurl4-openssl-dev libsqlite3-dev libpng-dev libpixman-1-dev fonts-dejavu-core binutils \
        qemu-system-x86 busybox-static kmod python3
RELEASE_FLAGS := -c release --static-swift-stdlib

.PHONY: deps build release run test

deps:
	@scripts/install-deps.sh $(DEBS)

release: deps
	$(SWIFT) build $(RELEASE_FLAGS)

# On a machine with a DRM device this drives the panel; without one it draws headless and writes PNGs.
run: release
	"$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern" run

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	scripts/test-cli.sh "$$($(SWIFT) build --show-bin-path)/lectern"
	$(SWIFT) build $(RELEASE_FLAGS)
	scripts/test-footprint.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"
	scripts/qemu-e2e.sh "$$($(SWIFT) build $(RELEASE_FLAGS) --show-bin-path)/lectern"
