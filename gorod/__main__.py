import sys

from gorod.cli import main

sys.exit(main())
