import sys

from supastack.cli import main

sys.exit(main())
