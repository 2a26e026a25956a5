"""The console's sessions: Django's, kept in the database, each row naming its user (`BrowserSession`).

Every page a user signed in asks for read his session and then, in a query of its own, his user: two round trips
to PostgreSQL, one of the three every such page made before its own (issue 34). The session is read with its
user, and a page's request keeps the user (`umpire.request_roles`), where the sign-in backend takes him from
(`umpire.sign_in_tries`): his password, activity and session hash are checked as before, on the row just read.

A session's data still says who is signed in on it; the user column follows the data each time the session is
saved, and the backend takes the kept user only where the two agree.
"""

from django.contrib.auth import SESSION_KEY, get_user_model
from django.contrib.sessions.backends import db

from umpire.models import BrowserSession
from umpire.request_roles import keep_signed_in_user


class SessionStore(db.SessionStore):
    # Its name is Django's store's, whose name salts each session's signature: a session saved before keeps working.

    @classmethod
    def get_model_class(cls):
        return BrowserSession

    def _get_session_from_db(self):
        session = super()._get_session_from_db()
        if session is not None and session.user is not None:
            keep_signed_in_user(session.user)
        return session

    def create_model_instance(self, data):
        session = super().create_model_instance(data)
        session.user_id = user_id_in(data)
        return session


def user_id_in(data):
    """The id of the user a session's data says is signed in, or None."""
    user_id = data.get(SESSION_KEY)
    return None if user_id is None else get_user_model()._meta.pk.to_python(user_id)
