#ifndef FSFIND_CCRC32C_H
#define FSFIND_CCRC32C_H

#include <stddef.h>
#include <stdint.h>

/// 1 when this CPU has a CRC-32C instruction fsfind_crc32c_update can use, else 0.
int fsfind_crc32c_available(void);

/// Continues the finished CRC-32C `crc` over `length` bytes at `bytes` with the CPU's CRC-32C
/// instruction. Call only when fsfind_crc32c_available() returned 1.
uint32_t fsfind_crc32c_update(uint32_t crc, const void *bytes, size_t length);

#endif
