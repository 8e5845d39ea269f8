import sys

from tianluo.cli import main

sys.exit(main())
