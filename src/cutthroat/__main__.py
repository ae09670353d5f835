from cutthroat.cli import main

raise SystemExit(main())
