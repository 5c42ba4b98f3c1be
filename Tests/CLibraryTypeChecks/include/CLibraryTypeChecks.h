// Nothing to call: CLibraryTypeChecks exists for the static assertions in checks.c.
