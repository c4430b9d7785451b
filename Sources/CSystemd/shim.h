#pragma once
// sd-bus, for talking to iwd (the Wi-Fi daemon) on the system bus. Only its non-variadic calls are usable from
// Swift (sd_bus_message_append and friends are variadic): messages are built and read one value at a time.
#include <systemd/sd-bus.h>
