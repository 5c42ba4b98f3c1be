#include <stdio.h>

/* Prints a greeting; compiled into sample/bin/hello. */
int main(void) {
    puts("hello from fsfind's sample tree");
    return 0;
}
