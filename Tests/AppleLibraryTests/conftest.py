"""Fixtures of the checks made with Apple's App Store Server Library: a store of its own for each
test (servers it starts are stopped after it) and a receiver of App Store Server Notifications.
"""
import pytest

from support import Receiver, Store


@pytest.fixture
def store(tmp_path):
    store = Store(tmp_path)
    yield store
    for server in store.servers:
        server.stop()


@pytest.fixture
def receiver():
    receiver = Receiver()
    yield receiver
    receiver.server.shutdown()
    receiver.server.server_close()


