"""pytest fixtures for testing a backend against `iap serve`: the server for the session, a
namespace of its own for each test (made in one call, deleted after it), Apple's
AppStoreServerAPIClient and SignedDataVerifier pointed at it, and a receiver of the App Store
Server Notifications the store posts. Installed with `pip install Examples/iap-pytest` from a
checkout of iap; the fixtures are then available to every test (entry point `pytest11`).
"""
from iap_pytest.plugin import IAPNamespace, IAPServer, NotificationReceiver

__all__ = ["IAPNamespace", "IAPServer", "NotificationReceiver"]
