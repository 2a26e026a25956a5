"""Wrong tries (codes typed for a page, passwords typed to sign in) counted in Django's cache.

With REDIS_URL the cache is Redis (settings.CACHES), so every process of the console counts into one tally and
a guesser gains nothing by landing on another worker. Should Redis stop answering, each process counts in its
own memory until it answers again: a guesser is still slowed, and nobody is refused a page for want of Redis.
"""

import logging
import math
import time

from django.core.cache import caches
from redis.exceptions import RedisError

logger = logging.getLogger(__name__)


def note_try(key, *, limit, window, lockout):
    """Count a wrong try under `key`; the `limit`th within one `window` (seconds) locks `key` for `lockout`."""
    tries = _in_cache(lambda cache: _count(cache, f"tries:{key}:{int(time.time() // window)}", window))
    if tries >= limit:
        _in_cache(lambda cache: cache.set(f"locked:{key}", time.time() + lockout, timeout=lockout))


def seconds_locked(key):
    """How long `key` stays locked; 0 if it is not."""
    until = _in_cache(lambda cache: cache.get(f"locked:{key}"))
    return max(0, math.ceil(until - time.time())) if until else 0


def _count(cache, key, window):
    cache.add(key, 0, timeout=window)
    try:
        return cache.incr(key)
    except ValueError:  # expired between the add and the incr
        cache.set(key, 1, timeout=window)
        return 1


def _in_cache(operation):
    try:
        return operation(caches["default"])
    except RedisError as error:
        logger.warning("The shared cache does not answer (%s): wrong tries are counted in this process", error)
        return operation(caches["local"])
