#pragma once
#include <libinput.h>
#include <libudev.h>
