#!/bin/sh
# Builds Simon Tatham's Keen and Solo generators and solvers, timed in process by
# timing.c, for bench/versus.py.
#
#   sh bench/tatham/build.sh <the collection's sources> out/tatham
#   make bench          (finds them in out/tatham; BOOKGEN_TATHAM=<folder> names another)
#
# The sources are the folder holding keen.c, solo.c and puzzles.h: a checkout of
# https://git.tartarus.org/?p=simon/puzzles.git (or of a port that keeps them, such as the
# Android one's app/src/main/jni). Built at -O3 as the collection builds its release.
set -eu
src=$1
out=$2
here=$(dirname "$0")
mkdir -p "$out"
# The Android port's headers leave these names to its own front end.
defs="-DANDROID_NO_ARROWS=0 -DANDROID_ARROWS_ONLY=1 -DANDROID_ARROWS_LEFT=2 -DANDROID_ARROWS_LEFT_RIGHT=3 -DANDROID_ARROWS_DIAGONALS=4"
common="tree234.c malloc.c misc.c random.c dsf.c divvy.c combi.c matching.c sort.c nullfe.c"
for game in keen solo; do
    extra=""
    [ "$game" = keen ] && extra="latin.c"
    files=""
    for f in $game.c $extra $common; do
        [ -f "$src/$f" ] && files="$files $src/$f"
    done
    ${CC:-cc} -O3 -w $defs -I"$src" -o "$out/$game-timing" "$here/timing.c" $files -lm
done
echo "built $out/keen-timing and $out/solo-timing"
