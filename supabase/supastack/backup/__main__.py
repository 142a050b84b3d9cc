"""`python -m supastack.backup [--workdir DIR] [--data-dir DIR] backup|restore FILE`."""
import argparse
import os
import sys

from supastack.backup.commands import add_commands, run
from supastack.core.config import load_settings


def main(argv: list[str] | None = None) -> int:
    os.umask(0o077)          # restored objects, keys and archives: the owner's only
    parser = argparse.ArgumentParser(prog="python -m supastack.backup")
    parser.add_argument("--workdir", help="project folder (config.toml, migrations/, seed.sql)")
    parser.add_argument("--data-dir", help="data folder (default: <workdir>/.data)")
    add_commands(parser.add_subparsers(dest="command", required=True))
    args = parser.parse_args(argv)
    return run(args.command, load_settings(args.workdir, args.data_dir), args)


if __name__ == "__main__":
    sys.exit(main())
