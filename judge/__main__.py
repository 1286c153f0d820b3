"""`python -m judge` runs the CLI."""

import sys

from judge.cli.main import main

sys.exit(main())
