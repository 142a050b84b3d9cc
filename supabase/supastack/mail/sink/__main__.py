import sys
from pathlib import Path

from supastack.mail.sink.server import standalone

if __name__ == "__main__":
    standalone(Path(sys.argv[1]), int(sys.argv[2]) if len(sys.argv) > 2 else 0,
               int(sys.argv[3]) if len(sys.argv) > 3 else 0)
