"""``python -m tricktaker.cli``: the ``tricktaker`` command."""

import sys

from tricktaker.cli import main

sys.exit(main())
