"""`pip install .` (not editable) gives a working `loremaster` with the knowledge base inside."""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import venv

from helpers import REPO


def _fresh_environment_with_our_dependencies(env_dir):
    """A new environment without loremaster, whose dependencies come from ours.

    Only the wheel is under test: reinstalling textual, whoosh and the rest from the
    package index would triple the test's time and test pip, not us. A `.pth` line puts
    our site-packages after the new environment's own. A bare path does not run the
    `.pth` files inside it, so our editable install stays out and `judge` can only come
    from the wheel.
    """
    venv.EnvBuilder(with_pip=False).create(env_dir)
    python = env_dir / "bin" / "python"
    own = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (env_dir / own).mkdir(parents=True, exist_ok=True)
    ours = sysconfig.get_path("purelib")
    (env_dir / own / "loremaster-test-dependencies.pth").write_text(ours + "\n")
    return python


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
    python = _fresh_environment_with_our_dependencies(env_dir)
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(python), "install", "--no-deps", "-q"]
        + [str(wheel)],
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
        [str(python), "-c", "import judge.base.paths as p; print(p.kb_root())"],
        cwd=outside,
        capture_output=True,
        text=True,
        check=True,
    )
    assert str(env_dir) in located.stdout
