"""Git for the miner: the runner (``runner``) and the repositories it reads (``repos``)."""

from .repos import RepoHandle, import_stream, mined_repo, prepare_repo
from .runner import GIT_ENV, git_env, is_repo, resolve_branch, run_git

__all__ = ["GIT_ENV", "RepoHandle", "git_env", "import_stream", "is_repo", "mined_repo", "prepare_repo", "resolve_branch", "run_git"]
