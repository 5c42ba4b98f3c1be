// CRC-32C with the SSE4.2 `crc32` instruction (x86-64) or the ARMv8 CRC extension, both of
// which compute exactly the Castagnoli CRC the index format specifies. Swift cannot reach these
// instructions, hence this file; the table-driven Swift code remains the fallback.
#include "CCRC32C.h"

#include <string.h>

#if defined(__x86_64__)
#include <nmmintrin.h>

int fsfind_crc32c_available(void) {
    __builtin_cpu_init();
    return __builtin_cpu_supports("sse4.2") ? 1 : 0;
}

__attribute__((target("sse4.2")))
uint32_t fsfind_crc32c_update(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    uint64_t c = ~crc;
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        c = _mm_crc32_u64(c, word);
        p += 8;
        length -= 8;
    }
    uint32_t c32 = (uint32_t)c;
    while (length > 0) {
        c32 = _mm_crc32_u8(c32, *p);
        p += 1;
        length -= 1;
    }
    return ~c32;
}

#elif defined(__aarch64__) && defined(__ARM_FEATURE_CRC32)
#include <arm_acle.h>

int fsfind_crc32c_available(void) { return 1; }

uint32_t fsfind_crc32c_update(uint32_t crc, const void *bytes, size_t length) {
    const unsigned char *p = bytes;
    uint32_t c = ~crc;
    while (length >= 8) {
        uint64_t word;
        memcpy(&word, p, 8);
        c = __crc32cd(c, word);
        p += 8;
        length -= 8;
    }
    while (length > 0) {
        c = __crc32cb(c, *p);
        p += 1;
        length -= 1;
    }
    return ~c;
}

#else

int fsfind_crc32c_available(void) { return 0; }

uint32_t fsfind_crc32c_update(uint32_t crc, const void *bytes, size_t length) {
    (void)bytes;
    (void)length;
    return crc;
}

#endif
