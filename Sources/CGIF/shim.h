#pragma once
// giflib reports failures through return codes, so Swift drives it directly; no shim code is needed.
#include <gif_lib.h>
