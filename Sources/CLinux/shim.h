#pragma once
// Linux interfaces the Glibc module leaves out.
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/inotify.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <linux/uinput.h>
#include <linux/netlink.h>
#include <string.h>

// ioctl is variadic and cannot be called from Swift: these wrappers give it fixed signatures.
static inline int lectern_ioctl_int(int fd, unsigned long request, int value) { return ioctl(fd, request, value); }
static inline int lectern_ioctl_none(int fd, unsigned long request) { return ioctl(fd, request); }

// uinput, for the virtual touchscreen that end-to-end tests drive.
static inline int lectern_uinput_enable(int fd, int type, int code) {
    int bit = type == EV_KEY ? UI_SET_KEYBIT : type == EV_ABS ? UI_SET_ABSBIT : -1;
    if (bit < 0 || ioctl(fd, UI_SET_EVBIT, type) < 0) return -1;
    return ioctl(fd, (unsigned long)bit, code);
}
static inline int lectern_uinput_direct(int fd) { return ioctl(fd, UI_SET_PROPBIT, INPUT_PROP_DIRECT); }
static inline int lectern_uinput_axis(int fd, int code, int minimum, int maximum, int resolution) {
    struct uinput_abs_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.code = (unsigned short)code;
    setup.absinfo.minimum = minimum;
    setup.absinfo.maximum = maximum;
    setup.absinfo.resolution = resolution;
    return ioctl(fd, UI_ABS_SETUP, &setup);
}
static inline int lectern_uinput_create(int fd, const char *name) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = 0x1209;
    setup.id.product = 0x7ec7;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    if (ioctl(fd, UI_DEV_SETUP, &setup) < 0) return -1;
    return ioctl(fd, UI_DEV_CREATE);
}
static inline int lectern_uinput_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }
static inline int lectern_uinput_emit(int fd, int type, int code, int value) {
    struct input_event event;
    memset(&event, 0, sizeof event);
    event.type = (unsigned short)type;
    event.code = (unsigned short)code;
    event.value = value;
    return write(fd, &event, sizeof event) == (ssize_t)sizeof event ? 0 : -1;
}

// A background thread's own nice value (on Linux a thread's priority is its own): a worker lowers itself so the
// loop's frames come first when the cores are busy.
#include <sys/resource.h>
#include <sys/syscall.h>
static inline int lectern_lower_thread_priority(int nice) {
    return setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), nice);
}
