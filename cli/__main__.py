"""`python -m cli` runs the CLI (what `loremaster` runs)."""

import sys

from cli.main import main

sys.exit(main())
