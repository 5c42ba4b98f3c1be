import FSFindCommandLine

Entrypoint.main()
