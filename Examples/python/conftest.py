"""The plugin from this checkout (Examples/iap-pytest) when it is not installed with pip, and
the bundled catalog whichever folder pytest runs from."""
import pathlib
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]

try:
    import iap_pytest  # noqa: F401  (installed: its entry point provides the fixtures)
except ImportError:
    sys.path.insert(0, str(ROOT / "Examples" / "iap-pytest"))
    from iap_pytest.plugin import *  # noqa: F401,F403


@pytest.fixture(scope="session")
def iap_catalog():
    return str(ROOT / "catalog.plist")
