/* Kill The Kings: the clairvoyant round solver, compiled for the `hard` bot's search.
 *
 * Given the order of the cards still in the deck, it returns the most kings a player who knew
 * that order could still kill this round. The `hard` bot samples deck orders consistent with what
 * it knows and asks this solver about each candidate move (perfect-information Monte Carlo).
 * `clairvoyant.py` holds the same search in Python (the reference the tests compare against);
 * this one also skips lines that cannot beat the best found so far (`alpha`), and is about fifty
 * times faster: 7 ms for a whole round from its first card, on the development machine.
 *
 * A card is rank * 2 + red (rank 1..12). A column is packed in one byte: n << 5 | rank << 1 | red,
 * with n the cards under its king and rank/red those of its last card (the king's when n = 0).
 * Columns and reserve cards are unordered; the memo key sorts them.
 *
 * Build: cc -O2 -shared -fPIC -o _clairvoyant.ctypes.so _clairvoyant.c (hatch_build.py does this).
 */
#include <stdint.h>
#include <string.h>

#define TBITS 20
#define TSIZE (1u << TBITS)

typedef struct { uint64_t key; uint32_t gen; int16_t exact; int16_t val; } Entry;

static Entry table[TSIZE];      /* memo: exact values or upper bounds; an entry counts only in its generation */
static uint32_t generation = 1; /* bumped for every new deck order */
static int deck[64];
static int ndeck;

static inline int fits(int col, int x) {
    int n = col >> 5, r = (col >> 1) & 15, k = col & 1;
    return n < 5 && (x & 1) != k && (x >> 1) < r;
}

static inline int put(int col, int x) { return (((col >> 5) + 1) << 5) | ((x >> 1) << 1) | (x & 1); }

static inline int kills(const int *cols) {
    int s = 0;
    for (int a = 0; a < 4; a++) s += (cols[a] >> 5) == 5;
    return s;
}

static uint64_t pack(const int *cols, const int *res, int nres, int i) {
    int c[4], r[4] = {0, 0, 0, 0};
    memcpy(c, cols, sizeof c);
    for (int a = 0; a < nres; a++) r[a] = res[a];
    for (int a = 1; a < 4; a++) {
        int v = c[a], b = a - 1;
        while (b >= 0 && c[b] > v) { c[b + 1] = c[b]; b--; }
        c[b + 1] = v;
        v = r[a]; b = a - 1;
        while (b >= 0 && r[b] > v) { r[b + 1] = r[b]; b--; }
        r[b + 1] = v;
    }
    uint64_t key = (uint64_t)i;
    for (int a = 0; a < 4; a++) key = (key << 8) | (uint64_t)c[a];
    for (int a = 0; a < 4; a++) key = (key << 5) | (uint64_t)r[a];
    return key + 1;
}

/* The deck is spent: only reserve plays are left. */
static int end_kills(int *cols, const int *res, int nres) {
    int best = kills(cols);
    if (best == 4 || nres == 0) return best;
    for (int j = 0; j < nres; j++) {
        int y = res[j];
        int dup = 0;
        for (int d = 0; d < j; d++) dup |= res[d] == y;
        if (dup) continue;
        int rest[4], m = 0;
        for (int a = 0; a < nres; a++) if (a != j) rest[m++] = res[a];
        for (int c = 0; c < 4; c++) {
            if (!fits(cols[c], y)) continue;
            int save = cols[c];
            cols[c] = put(save, y);
            int v = end_kills(cols, rest, m);
            cols[c] = save;
            if (v > best) { best = v; if (best == 4) return 4; }
        }
    }
    return best;
}

/* Most kings killable from here; deck[i] is the next card. With must_draw the next act is the
 * draw (the candidate move "draw now"); otherwise reserve plays may come first.
 * Values above `alpha` are exact; a value <= alpha only says the true one is no higher (the
 * caller already has alpha, so it need not know more). The memo keeps which kind it stored. */
static int solve(int *cols, int *res, int nres, int i, int must_draw, int alpha) {
    int killed = 0, bound = 0;
    for (int a = 0; a < 4; a++) {
        int n = cols[a] >> 5, r = (cols[a] >> 1) & 15;
        if (n == 5) { killed++; bound++; }
        else if (r - 1 >= 5 - n) bound++;  /* still finishable */
    }
    if (killed == bound || bound <= alpha) return bound;
    if (i >= ndeck) return end_kills(cols, res, nres);
    uint64_t key = 0;
    uint32_t h = 0;
    if (!must_draw) {
        key = pack(cols, res, nres, i);
        h = (uint32_t)((key * 0x9E3779B97F4A7C15ull) >> (64 - TBITS));
        for (int p = 0; p < 4; p++) {
            Entry *e = &table[(h + p) & (TSIZE - 1)];
            if (e->gen == generation && e->key == key) {
                if (e->exact || e->val <= alpha) return e->val;
                break;
            }
        }
    }
    int best = killed;
    int x = deck[i];
    int full = nres == 4;
    /* The drawn card: finishable placements by gap first, then dumps into dead columns, then
     * the reserve, then placements that ruin a live column. Order only speeds up the search. */
    int order[4], score[4], m = 0;
    for (int c = 0; c < 4; c++) {
        if (!fits(cols[c], x)) continue;
        int dup = 0;
        for (int d = 0; d < c; d++) dup |= cols[d] == cols[c];
        if (dup) continue;
        int n = cols[c] >> 5, r = (cols[c] >> 1) & 15, xr = x >> 1;
        int sc = xr >= 5 - n ? r - xr : (r - 1 < 5 - n ? 20 : 40);
        int b = m++;
        while (b > 0 && score[b - 1] > sc) { score[b] = score[b - 1]; order[b] = order[b - 1]; b--; }
        score[b] = sc;
        order[b] = c;
    }
    int reserve_done = full;
    for (int q = 0; q <= m && best < bound; q++) {
        if (!reserve_done && (q == m || score[q] >= 30)) {
            reserve_done = 1;
            res[nres] = x;
            int v = solve(cols, res, nres + 1, i + 1, 0, best > alpha ? best : alpha);
            if (v > best) best = v;
            q--;
            continue;
        }
        if (q == m) break;
        int c = order[q];
        int save = cols[c];
        cols[c] = put(save, x);
        int v = solve(cols, res, nres, i + 1, 0, best > alpha ? best : alpha);
        cols[c] = save;
        if (v > best) best = v;
    }
    /* If x fits nowhere and the reserve is full, that draw is a bust: `best` keeps the kills. */
    if (!must_draw) {
        /* Reserve plays before the draw. Playing y now only helps if it frees the spot x needs,
         * or x or another reserve card can go under y; otherwise it can wait (just in time). */
        for (int j = 0; j < nres && best < bound; j++) {
            int y = res[j];
            int dup = 0;
            for (int d = 0; d < j; d++) dup |= res[d] == y;
            if (dup) continue;
            int useful = full || ((x & 1) != (y & 1) && (x >> 1) < (y >> 1));
            for (int z = 0; z < nres && !useful; z++)
                useful = z != j && (res[z] & 1) != (y & 1) && (res[z] >> 1) < (y >> 1);
            if (!useful) continue;
            int rest[5], left = 0;
            for (int a = 0; a < nres; a++) if (a != j) rest[left++] = res[a];
            for (int c = 0; c < 4 && best < bound; c++) {
                if (!fits(cols[c], y)) continue;
                int dupc = 0;
                for (int d = 0; d < c; d++) dupc |= cols[d] == cols[c];
                if (dupc) continue;
                int save = cols[c];
                cols[c] = put(save, y);
                int v = solve(cols, rest, left, i, 0, best > alpha ? best : alpha);
                cols[c] = save;
                if (v > best) best = v;
            }
        }
        Entry *slot = &table[h];
        for (int p = 0; p < 4; p++) {
            Entry *e = &table[(h + p) & (TSIZE - 1)];
            if (e->gen != generation || e->key == key) { slot = e; break; }
        }
        slot->exact = best > alpha;
        slot->key = key;
        slot->gen = generation;
        slot->val = best;
    }
    return best;
}

/* Sets the deck order (next card first) for the following ktk_solve calls. */
void ktk_set_deck(const int *cards, int count) {
    if (count > 64) count = 64;
    memcpy(deck, cards, (size_t)count * sizeof(int));
    ndeck = count;
    if (++generation == 0) {
        memset(table, 0, sizeof table);
        generation = 1;
    }
}

/* cols: 4 packed columns; res: nres (0..4) reserve cards. */
int ktk_solve(const int *cols_in, const int *res_in, int nres, int must_draw) {
    int cols[4], res[5];
    if (nres < 0 || nres > 4) return -1;
    memcpy(cols, cols_in, sizeof cols);
    memcpy(res, res_in, (size_t)nres * sizeof(int));
    return solve(cols, res, nres, 0, must_draw, -1);
}
