#pragma once
#include <hb.h>
#include <hb-ot.h>
#include <hb-ft.h>
