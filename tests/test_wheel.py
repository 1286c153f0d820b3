"""`pip install .` (not editable) gives a working `loremaster` with the knowledge base inside."""

from __future__ import annotations

import subprocess
import sys
import venv

from helpers import REPO


def test_wheel_installs_into_a_fresh_environment_and_shows_an_entry(tmp_path):
    dist = tmp_path / "dist"
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(REPO)],
        check=True,
        capture_output=True,
        timeout=600,
    )
    (wheel,) = dist.glob("loremaster-*.whl")
    env_dir = tmp_path / "env"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", str(wheel)],
        check=True,
        capture_output=True,
        timeout=900,
    )
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    result = subprocess.run(
        [str(env_dir / "bin" / "loremaster"), "show", "rr/engagement-check"],
        cwd=outside,
        capture_output=True,
        text=True,
        timeout=120,
        env={"PATH": "/usr/bin:/bin", "LOREMASTER_CACHE_DIR": str(tmp_path / "cache")},
    )
    assert result.returncode == 0, result.stderr
    assert "Engagement Check" in result.stdout
    located = subprocess.run(
        [str(python), "-c", "import judge.paths as p; print(p.kb_root())"],
        cwd=outside,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(env_dir) in located.stdout
