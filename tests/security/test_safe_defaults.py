"""Safe by default on a hall's shared Wi-Fi: no debug pages unless asked for, the console's own 404 and 500
pages, a secret key made once and kept in var/, and with TLS on, `manage.py check --deploy` has nothing to say."""

import os
import stat
import subprocess
import sys

import pytest
from django.template.loader import render_to_string

from tests.hardening.hall import ROOT

SETTING = "from django.conf import settings; print(settings.{})"


def settings_of(tmp_path, setting, **environment):
    """A setting as a new process of the console reads it, with `environment` and its var/ in `tmp_path`."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("UMPIRE_")}
    env.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_VAR_DIR=str(tmp_path), **environment)
    code = f"import django; django.setup(); {SETTING.format(setting)}"
    return subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, check=True, capture_output=True, text=True, timeout=60
    ).stdout.strip()


@pytest.mark.slow  # a new process of the console for each reading of its settings
def test_debug_is_off_unless_asked_for(tmp_path):
    assert settings_of(tmp_path, "DEBUG") == "False"
    assert settings_of(tmp_path, "DEBUG", UMPIRE_DEBUG="1") == "True"


@pytest.mark.slow  # a new process of the console for each reading of its settings
def test_the_secret_key_is_made_once_in_var_readable_by_its_owner_alone(tmp_path):
    first, second = (settings_of(tmp_path, "SECRET_KEY") for _ in range(2))
    assert first == second == (tmp_path / "secret_key").read_text() and len(first) >= 50
    assert stat.S_IMODE((tmp_path / "secret_key").stat().st_mode) == 0o600
    assert settings_of(tmp_path, "SECRET_KEY", UMPIRE_SECRET_KEY="the environment's own") == "the environment's own"


@pytest.mark.slow  # a new process of the console for each reading of its settings
def test_with_tls_the_cookies_are_secure_and_the_deploy_check_says_nothing(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("UMPIRE_")}
    env.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_VAR_DIR=str(tmp_path), UMPIRE_TLS="lan")
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stderr
    assert "no issues" in checked.stdout
    assert settings_of(tmp_path, "SESSION_COOKIE_SECURE and settings.CSRF_COOKIE_SECURE", UMPIRE_TLS="lan") == "True"
    assert settings_of(tmp_path, "SERVED_AT", UMPIRE_TLS="lan") == "https://127.0.0.1:8000"


@pytest.mark.slow  # a new process of the console for each reading of its settings
def test_without_tls_the_deploy_check_names_the_insecure_cookies(tmp_path):
    env = {key: value for key, value in os.environ.items() if not key.startswith("UMPIRE_")}
    env.update(DJANGO_SETTINGS_MODULE="umpire.settings", UMPIRE_VAR_DIR=str(tmp_path))
    checked = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert "security.W012" in checked.stderr  # SESSION_COOKIE_SECURE: the readiness page says serve over TLS


@pytest.mark.django_db
def test_a_missing_page_is_the_consoles_own_404(client, control):
    client.force_login(control)
    response = client.get("/no/such/page/")
    assert response.status_code == 404
    assert "There is no such page" in response.content.decode() and "Umpire console" in response.content.decode()


def test_the_500_page_renders_with_no_context_and_no_database(django_db_blocker):
    with django_db_blocker.block():
        page = render_to_string("500.html")
    assert "The console failed to answer" in page and "umpire/console.css" in page


@pytest.mark.urls("tests.security.failing_urls")
def test_a_server_error_shows_the_consoles_500_page_and_nothing_of_the_fault(client):
    client.raise_request_exception = False
    response = client.get("/fails/")
    assert response.status_code == 500
    page = response.content.decode()
    assert "The console failed to answer" in page and "a fault of the console's own" not in page


def test_the_static_files_are_served_with_debug_off(client, settings):
    assert settings.DEBUG is False
    response = client.get("/static/umpire/console.css")
    assert response.status_code == 200 and b"{" in b"".join(response.streaming_content)
