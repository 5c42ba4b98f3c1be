// SipHash-2-4 with a 128-bit tag (Aumasson and Bernstein's reference definition), fed in pieces:
// the text store's digest of a file's bytes under the store's own secret key (see CPlatform.h).
#include "CPlatform.h"

#include <string.h>

#define ROTL(x, b) (uint64_t)(((x) << (b)) | ((x) >> (64 - (b))))

static inline void round_(uint64_t *v) {
    v[0] += v[1]; v[1] = ROTL(v[1], 13); v[1] ^= v[0]; v[0] = ROTL(v[0], 32);
    v[2] += v[3]; v[3] = ROTL(v[3], 16); v[3] ^= v[2];
    v[0] += v[3]; v[3] = ROTL(v[3], 21); v[3] ^= v[0];
    v[2] += v[1]; v[1] = ROTL(v[1], 17); v[1] ^= v[2]; v[2] = ROTL(v[2], 32);
}

static inline uint64_t load64(const uint8_t *p) {
    uint64_t value;
    memcpy(&value, p, 8);
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    value = __builtin_bswap64(value);
#endif
    return value;
}

static inline void compress(struct fsfind_siphash *state, uint64_t m) {
    state->v[3] ^= m;
    round_(state->v);
    round_(state->v);
    state->v[0] ^= m;
}

void fsfind_siphash_start(struct fsfind_siphash *state, uint64_t k0, uint64_t k1) {
    state->v[0] = k0 ^ 0x736f6d6570736575ULL;
    state->v[1] = k1 ^ 0x646f72616e646f6dULL ^ 0xee;
    state->v[2] = k0 ^ 0x6c7967656e657261ULL;
    state->v[3] = k1 ^ 0x7465646279746573ULL;
    state->length = 0;
    state->pending = 0;
}

void fsfind_siphash_add(struct fsfind_siphash *state, const void *bytes, size_t count) {
    const uint8_t *p = bytes;
    state->length += count;
    if (state->pending > 0) {
        while (count > 0 && state->pending < 8) {
            state->tail[state->pending++] = *p++;
            count--;
        }
        if (state->pending < 8) return;
        compress(state, load64(state->tail));
        state->pending = 0;
    }
    for (; count >= 8; p += 8, count -= 8) compress(state, load64(p));
    memcpy(state->tail, p, count);
    state->pending = (unsigned)count;
}

void fsfind_siphash_finish(struct fsfind_siphash *state, uint64_t tag[2]) {
    uint64_t last = (uint64_t)(state->length & 0xff) << 56;
    for (unsigned i = 0; i < state->pending; i++) last |= (uint64_t)state->tail[i] << (8 * i);
    compress(state, last);
    state->v[2] ^= 0xee;
    for (int i = 0; i < 4; i++) round_(state->v);
    tag[0] = state->v[0] ^ state->v[1] ^ state->v[2] ^ state->v[3];
    state->v[1] ^= 0xdd;
    for (int i = 0; i < 4; i++) round_(state->v);
    tag[1] = state->v[0] ^ state->v[1] ^ state->v[2] ^ state->v[3];
}
