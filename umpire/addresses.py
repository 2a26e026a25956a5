"""Pages' addresses, each worked out once by a process.

Reversing an address cost Django more than most of a page's queries (issue 34): a menu bar has twenty, a
console a link for each panel and row, the hall one for each table. An address depends only on the page's
name, its arguments, the script prefix the server answers under and the URLconf, so all four are the key:
a server behind another prefix, or a test's own URLconf, never gets another's address.
"""

from functools import lru_cache

from django.conf import settings
from django.urls import get_script_prefix, get_urlconf, reverse


def address(name, *args):
    """reverse(name, args=args), worked out once a process for each page and arguments."""
    return path_of(name, args, get_script_prefix(), get_urlconf(settings.ROOT_URLCONF))


@lru_cache(maxsize=4096)
def path_of(name, args, script_prefix, urlconf):
    return reverse(name, args=args, urlconf=urlconf)
