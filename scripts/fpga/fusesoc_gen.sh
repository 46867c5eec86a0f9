#!/bin/sh
# simty.core's generator command: scripts/fpga/fusesoc_gen.py under the project's
# .venv (PyYAML, pinned with fusesoc in scripts/setup/requirements.txt).
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/../../.venv/bin/python" "$here/fusesoc_gen.py" "$@"
