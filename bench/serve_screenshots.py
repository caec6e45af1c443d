"""The two pictures of `tutor serve` in the README and the docs, made again: docs/serve-practice.png and
docs/serve-class.png.

    python bench/serve_screenshots.py

They are taken by the browser test (tests/test_serve_browser.py, headless /usr/bin/chromium) during the
student's journey: the kernel-PCA page after η was given for the variances (the preview and the named
mistake), and the lecturer's view counting that mistake. This runs that test with $TUTOR_SCREENSHOTS set
to a temporary folder and copies the two pictures into docs/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PICTURES = ("serve-practice.png", "serve-class.png")


def main() -> int:
    with tempfile.TemporaryDirectory(prefix="tutor-shots-") as folder:
        test = "tests/test_serve_browser.py::test_a_students_journey_from_a_named_mistake_to_full_marks_and_the_lecturers_view"
        done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", test], cwd=ROOT,
                              env=os.environ | {"TUTOR_SCREENSHOTS": folder})
        missing = [name for name in PICTURES if not (Path(folder) / name).exists()]
        if done.returncode or missing:
            print("serve_screenshots: the browser test failed or was skipped; nothing copied", file=sys.stderr)
            return 1
        for name in PICTURES:
            shutil.copyfile(Path(folder) / name, ROOT / "docs" / name)
            print(f"docs/{name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
