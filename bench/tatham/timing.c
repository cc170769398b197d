/*
 * timing.c: times one of Simon Tatham's puzzles in process, for bench/versus.py.
 *
 * Linked against a game's own source (keen.c or solo.c) and the collection's shared
 * files by build.sh; only the game's published interface (struct game) is called.
 *
 *   <program> gen <params> <count> [first-seed]
 *       makes <count> puzzles, seeds first-seed, first-seed+1, ...; prints one line per
 *       puzzle: "<seed> <cpu-ms>", the CPU time of the generator's one call.
 *   <program> solve
 *       reads game ids ("<params>:<description>") from standard input, one a line;
 *       prints one line per puzzle: "<cpu-ms> ok <answer>" or "<cpu-ms> <why not>", the
 *       CPU time of the game's own solver (no stored answer given) and what it found.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "puzzles.h"

static double cpu_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return ts.tv_sec * 1e3 + ts.tv_nsec / 1e6;
}

static game_params *params_from(const char *text)
{
    game_params *params = thegame.default_params();
    thegame.decode_params(params, text);
    const char *err = thegame.validate_params(params, true);
    if (err) {
        fprintf(stderr, "%s: %s\n", text, err);
        exit(2);
    }
    return params;
}

static int generate(const char *text, int count, int first)
{
    game_params *params = params_from(text);
    for (int i = 0; i < count; i++) {
        char seed[32];
        snprintf(seed, sizeof seed, "%d", first + i);
        random_state *rs = random_new(seed, strlen(seed));
        char *aux = NULL;
        double start = cpu_ms();
        char *desc = thegame.new_desc(params, rs, &aux, false);
        double took = cpu_ms() - start;
        printf("%s %.4f\n", seed, took);
        fflush(stdout);
        sfree(desc);
        sfree(aux);
        random_free(rs);
    }
    thegame.free_params(params);
    return 0;
}

static int solve(void)
{
    char line[8192];
    while (fgets(line, sizeof line, stdin)) {
        line[strcspn(line, "\r\n")] = '\0';
        char *desc = strchr(line, ':');
        if (!desc) {
            printf("0 no-colon\n");
            continue;
        }
        *desc++ = '\0';
        game_params *params = params_from(line);
        const char *err = thegame.validate_desc(params, desc);
        if (err) {
            printf("0 invalid\n");
            thegame.free_params(params);
            continue;
        }
        game_state *state = thegame.new_game(NULL, params, desc);
        const char *why = NULL;
        double start = cpu_ms();
        char *answer = thegame.solve(state, state, NULL, &why);
        double took = cpu_ms() - start;
        if (answer)
            printf("%.4f ok %s\n", took, answer);
        else
            printf("%.4f unsolved\n", took);
        fflush(stdout);
        sfree(answer);
        thegame.free_game(state);
        thegame.free_params(params);
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (argc >= 4 && !strcmp(argv[1], "gen"))
        return generate(argv[2], atoi(argv[3]), argc > 4 ? atoi(argv[4]) : 0);
    if (argc == 2 && !strcmp(argv[1], "solve"))
        return solve();
    fprintf(stderr, "usage: %s gen <params> <count> [first-seed] | %s solve\n", argv[0], argv[0]);
    return 2;
}

/* Drawing is never called here, but some copies of the sources (the Android port's)
 * reach for a drawing call the null front end lacks; a weak empty one lets them link,
 * and the collection's own wins where it has one. */
__attribute__((weak)) void draw_thick_polygon(drawing *dr, float thickness, int *coords, int npoints,
                                              int fillcolour, int outlinecolour)
{
}
