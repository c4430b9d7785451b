#pragma once
// Swift has no way to ask for a cache line ahead of use; the compiler's builtin does (prefetcht0 on x86, prfm on
// ARM). Inline, so a hot loop pays one instruction. A hint only: it never faults, whatever the address.

/// Asks for the cache line holding `p`, which is about to be written (and read, for a blend).
static inline __attribute__((always_inline)) void lectern_prefetch_for_write(const void *p) {
    __builtin_prefetch(p, 1, 3);
}
