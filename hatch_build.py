"""Build hook: compiles the Kill The Kings clairvoyant solver (`_clairvoyant.c`) with the
system C compiler.

The `hard` bot's search calls that solver thousands of times a decision; in Python it would be
about fifty times slower. No compiler, or a failed build, is not an error: the package
installs as pure Python and `hard` falls back to its rollout search (it says so in `bots.py`).
The library is plain C loaded with ctypes, so it needs no Python headers.
"""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
import sysconfig
from pathlib import Path

from hatchling.builders.hooks.plugin.interface import BuildHookInterface

SOURCE = Path("src/cutthroat/games/kill_the_kings/_clairvoyant.c")
# The extra dot keeps Python from taking it for an extension module when it walks the package.
LIBRARY = SOURCE.with_name(
    "_clairvoyant.ctypes.dll" if sys.platform == "win32" else "_clairvoyant.ctypes.so")


class CustomBuildHook(BuildHookInterface):
    def initialize(self, version: str, build_data: dict) -> None:
        root = Path(self.root)
        source, library = root / SOURCE, root / LIBRARY
        compiler = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
        command = [*shlex.split(compiler), "-O2", "-shared", "-fPIC", "-o", str(library),
                   str(source)]
        try:
            subprocess.run(command, check=True, capture_output=True, text=True)
        except (OSError, subprocess.CalledProcessError) as error:
            detail = getattr(error, "stderr", "") or str(error)
            self.app.display_warning(
                f"cutthroat: the Kill The Kings solver was not compiled ({detail.strip()[:200]}); "
                "the hard bot will use its slower rollout search")
            return
        # An editable install imports from src/, where the library now lies. A wheel carries
        # it (it is git-ignored, so it must be named) and is tagged for this platform.
        if version == "standard":
            build_data["pure_python"] = False
            build_data["infer_tag"] = True
            build_data["artifacts"].append(LIBRARY.as_posix())
