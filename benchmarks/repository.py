"""A public repository's files for the benchmarks' builders (build_tournament_decks.py,
build_results.py): from a work tree or a bare git directory (read with `git show` at a named
commit), so that a build names the commit it read."""
from __future__ import annotations

import json
import re
import subprocess
from pathlib import Path

__all__ = ["Repository"]

TRAILING_COMMA = re.compile(r",(\s*[\]}])")


class Repository:
    """A repository's files, from a work tree or a git directory (at `commit`)."""

    def __init__(self, path: Path, commit: str = "HEAD"):
        self.path = path
        self.git = not (path / ".git").exists() and (path / "HEAD").is_file()
        self.commit = self._git("rev-parse", commit).strip() if self.git else self._worktree_commit()

    def _git(self, *args: str) -> str:
        return subprocess.run(["git", "--git-dir", str(self.path), *args], capture_output=True, text=True,
                              check=True).stdout

    def _worktree_commit(self) -> str:
        got = subprocess.run(["git", "-C", str(self.path), "rev-parse", "HEAD"], capture_output=True, text=True)
        return got.stdout.strip() or "unknown"

    def files(self, folder: str) -> list[str]:
        """The files under `folder`, in name order."""
        if self.git:
            return sorted(n for n in self._git("ls-tree", "-r", "--name-only", self.commit, folder + "/").split("\n")
                          if n)
        return sorted(p.relative_to(self.path).as_posix() for p in (self.path / folder).rglob("*") if p.is_file())

    def read(self, name: str):
        """The file's JSON; None for a file the tree lists whose content the copy lacks (a partial clone)."""
        if self.git:
            got = subprocess.run(["git", "--git-dir", str(self.path), "show", f"{self.commit}:{name}"],
                                 capture_output=True, text=True)
            if got.returncode and "bad object" in got.stderr:
                return None
            got.check_returncode()
            text = got.stdout
        else:
            text = (self.path / name).read_text("utf-8")
        # (a comma before a closing bracket, which the definitions' C# reader accepts)
        return json.loads(TRAILING_COMMA.sub(r"\1", text.lstrip("\ufeff")))
