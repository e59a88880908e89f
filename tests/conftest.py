import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("dev", max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("ci" if os.environ.get("CI") else "dev")


def pytest_configure(config):
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        from tests.browser.site_build import share_between_processes

        share_between_processes()  # pytest-xdist's controller: its workers share one build of the site
    if getattr(config.option, "loadscopereorder", None):
        # pytest-xdist would hand out the files by their number of tests, most first: keep the order
        # made below instead (the site's tests after the others, the longest of them first)
        config.option.loadscopereorder = False
    config.addinivalue_line("markers", "after_build: a test that loads the machine itself (builds of its own, many "
                                       "processes): its file runs after the site is built, not beside the build")


#: the files on the site that take longest (each a minute or more), started first so that the two
#: processes end together rather than one running the last long file alone
LONGEST = ("test_play_live.py", "test_a11y.py", "test_lite_many_chapters.py", "test_jupyterlite.py")


def pytest_collection_modifyitems(config, items):
    """Test files with a test that needs the built site run after the others (the longest of them
    first), and the site is built while the others run; files with a test marked ``after_build``
    (it loads the machine itself) run last of all."""
    from tests.browser.site_build import SITE_FIXTURES, start_in_background

    # whole files move (pytest-xdist's --dist loadfile gives a file to one process, in the order
    # of its first test: a file with one test on the site waits for the site whichever runs first)
    site_files = {item.path for item in items if SITE_FIXTURES & set(getattr(item, "fixturenames", ()))}
    late_files = {item.path for item in items if item.get_closest_marker("after_build") is not None} - site_files
    needs = [item for item in items if item.path in site_files]
    rank = {name: i for i, name in enumerate(LONGEST)}
    needs.sort(key=lambda item: rank.get(item.path.name, len(LONGEST)))  # stable: the others keep their order
    late = [item for item in items if item.path in late_files]
    if not needs or len(needs) + len(late) == len(items) or config.getoption("collectonly"):
        return
    chosen = set(map(id, needs + late))
    items[:] = [item for item in items if id(item) not in chosen] + needs + late
    start_in_background()


def pytest_unconfigure(config):
    from tests.browser.site_build import stop_background

    stop_background()
