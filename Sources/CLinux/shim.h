#pragma once
// Linux interfaces the Glibc module leaves out.
#include <sys/signalfd.h>
#include <sys/eventfd.h>
#include <sys/ioctl.h>
#include <linux/input.h>
#include <linux/kd.h>
#include <linux/vt.h>
