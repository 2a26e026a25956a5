"""Forms that keep the page's place (keep_place.js): the server's half.

A form sent through htmx expects an answer for the page it sits on. When the view's answer belongs to another
page (a redirect elsewhere, or a GET of another address) the browser is told to load that page whole, with
HX-Redirect, before anything reads the answer: the page opens with its own scripts and live socket, and the
messages a view left for it are still waiting there. An answer swapped in keeps the address bar where it was
unless it came by a redirect back to the page."""

from urllib.parse import urlsplit

from django_htmx.http import HttpResponseClientRedirect


class KeepPlaceMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if not request.htmx:
            return self.get_response(request)
        here = urlsplit(request.htmx.current_url or "").path
        if request.method == "GET" and request.path != here:
            return HttpResponseClientRedirect(request.get_full_path())
        response = self.get_response(request)
        elsewhere = response.get("Location")
        if response.status_code in (301, 302, 303) and elsewhere and urlsplit(elsewhere).path != here:
            return HttpResponseClientRedirect(elsewhere)
        if request.method != "GET":
            # the address a form posted to is no page to come back to: reloaded, it would answer 405
            response.headers.setdefault("HX-Push-Url", "false")
        return response
