import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_collection_modifyitems(config, items):
    """Tests that need the built site run last, and the site is built while the others run."""
    from tests.browser.site_build import SITE_FIXTURES, start_in_background

    needs = [item for item in items if SITE_FIXTURES & set(getattr(item, "fixturenames", ()))]
    if not needs or len(needs) == len(items) or config.getoption("collectonly"):
        return
    chosen = set(map(id, needs))
    items[:] = [item for item in items if id(item) not in chosen] + needs
    start_in_background()


def pytest_unconfigure(config):
    from tests.browser.site_build import stop_background

    stop_background()
