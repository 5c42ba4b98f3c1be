// The process's arguments for Swift's `CommandLine`, taken from the C library at start.
//
// The Swift runtime's own definition of these two functions (stdlib/public/stubs/CommandLine.cpp)
// comes with a start-up initialiser that finds `argv` by reading `/proc/self/maps` line by line
// with sscanf: seven system calls, the kernel's rendering of the process's ~100 mappings and about
// 140,000 instructions on every start of the statically linked `fsfind`, before `main`. Defined
// here, in an object the link always includes, the linker no longer takes the runtime's from
// libswiftCore.a (benchmarks/RESULTS.md, "Start-up: no conformance scans"). glibc passes argc,
// argv and the environment to every `.init_array` function of the program and of its libraries,
// which is where the runtime's older versions took them too. Where the runtime is a shared
// library (debug builds, tests), whichever definition the loader binds gives the same answer.
#include <stddef.h>

static char *fsfind_no_arguments[] = {NULL};
static char **fsfind_argv = fsfind_no_arguments;
static int fsfind_argc = 0;
static char **fsfind_override_argv = NULL;
static int fsfind_override_argc = 0;

static void fsfind_capture_arguments(int argc, char **argv, char **environment) {
    (void)environment;
    if (argv != NULL) {
        fsfind_argv = argv;
        fsfind_argc = argc;
    }
}

__attribute__((section(".init_array"), used)) static void (*fsfind_capture_arguments_entry)(
    int, char **, char **) = fsfind_capture_arguments;

// What `CommandLine.arguments` reads; `_swift_stdlib_overrideUnsafeArgvArgc`'s values win.
char **_swift_stdlib_getUnsafeArgvArgc(int *count) {
    if (fsfind_override_argv != NULL) {
        *count = fsfind_override_argc;
        return fsfind_override_argv;
    }
    *count = fsfind_argc;
    return fsfind_argv;
}

// The runtime's hook for a host that starts Swift code with arguments of its own.
void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc) {
    fsfind_override_argv = argv;
    fsfind_override_argc = argc;
}
