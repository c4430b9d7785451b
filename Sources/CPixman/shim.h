#pragma once
// pixman is the reference the compositing tests compare against, bit for bit; the product never links it.
#include <pixman.h>
