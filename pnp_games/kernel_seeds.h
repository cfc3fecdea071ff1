/* The seeds of a game as generator/play/seeds.py derives them, for the compiled game kernels (setup.py):
 * derive_seed(*parts) is the first 8 bytes of the SHA-256 of repr(parts), read big-endian, shifted
 * right by one. A kernel that derives the seeds of a batch itself plays it without a Python call per
 * game. Only the parts a kernel needs are written out: a name and one or two whole numbers (each in
 * int64 range), whose repr is "('name', 12, -3)"; with a name of at most 6 characters such a text
 * (at most 54 bytes) always fits one SHA-256 block. */
#ifndef PNP_KERNEL_SEEDS_H
#define PNP_KERNEL_SEEDS_H

#include <stdint.h>
#include <string.h>

static const uint32_t pnp_sha256_k[64] = {
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2};

static inline uint32_t pnp_rotr(uint32_t x, int n) { return (x >> n) | (x << (32 - n)); }

/* The first 8 bytes of SHA-256(text) as a big-endian number (FIPS 180-4; a text of at most 55 bytes
 * is one padded block). */
static uint64_t pnp_sha256_head(const char *text, size_t len) {
    unsigned char block[64];
    uint32_t w[64], h[8] = {0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a,
                            0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19};
    uint32_t a, b, c, d, e, f, g, hh, t1, t2;
    int i;
    memset(block, 0, sizeof block);
    memcpy(block, text, len);
    block[len] = 0x80;
    block[62] = (unsigned char)((len * 8) >> 8);
    block[63] = (unsigned char)(len * 8);
    for (i = 0; i < 16; i++)
        w[i] = (uint32_t)block[4 * i] << 24 | (uint32_t)block[4 * i + 1] << 16
             | (uint32_t)block[4 * i + 2] << 8 | (uint32_t)block[4 * i + 3];
    for (i = 16; i < 64; i++)
        w[i] = w[i - 16] + (pnp_rotr(w[i - 15], 7) ^ pnp_rotr(w[i - 15], 18) ^ (w[i - 15] >> 3)) + w[i - 7]
             + (pnp_rotr(w[i - 2], 17) ^ pnp_rotr(w[i - 2], 19) ^ (w[i - 2] >> 10));
    a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4]; f = h[5]; g = h[6]; hh = h[7];
    for (i = 0; i < 64; i++) {
        t1 = hh + (pnp_rotr(e, 6) ^ pnp_rotr(e, 11) ^ pnp_rotr(e, 25)) + ((e & f) ^ (~e & g)) + pnp_sha256_k[i] + w[i];
        t2 = (pnp_rotr(a, 2) ^ pnp_rotr(a, 13) ^ pnp_rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c));
        hh = g; g = f; f = e; e = d + t1; d = c; c = b; b = a; a = t1 + t2;
    }
    return (uint64_t)(h[0] + a) << 32 | (uint64_t)(h[1] + b);
}

/* ``x`` in decimal as Python's repr writes it, at ``out``; returns the end. */
static char *pnp_decimal(char *out, int64_t x) {
    char digits[20];
    int n = 0;
    uint64_t u = x < 0 ? (uint64_t)0 - (uint64_t)x : (uint64_t)x;
    if (x < 0)
        *out++ = '-';
    do {
        digits[n++] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    while (n)
        *out++ = digits[--n];
    return out;
}

/* derive_seed(name, x) (nparts 1) or derive_seed(name, x, y) (nparts 2); the kernels' names ("game",
 * "agent", "dice") are at most 6 characters (a longer one gives 0). */
static uint64_t pnp_derive_seed(const char *name, int nparts, int64_t x, int64_t y) {
    char text[64], *end = text;
    size_t len = strlen(name);
    if (len > 6)
        return 0;
    *end++ = '(';
    *end++ = '\'';
    memcpy(end, name, len);
    end += len;
    memcpy(end, "', ", 3);
    end = pnp_decimal(end + 3, x);
    if (nparts == 2) {
        memcpy(end, ", ", 2);
        end = pnp_decimal(end + 2, y);
    }
    *end++ = ')';
    return pnp_sha256_head(text, (size_t)(end - text)) >> 1;
}

#endif
