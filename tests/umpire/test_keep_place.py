"""The server's half of keeping a page's place (umpire.keep_place): an answer htmx asked for on one page that
belongs to another page becomes a full load of that page; an answer for the same page is left to be swapped in."""

from django.http import HttpResponse, HttpResponseRedirect
from django.test import RequestFactory
from django_htmx.middleware import HtmxMiddleware

from umpire.keep_place import KeepPlaceMiddleware

BATTLE = "/events/ad69/battles/7/"


def answered(view, method, path, *, on_page=BATTLE, htmx=True):
    headers = {"HX-Request": "true", "HX-Current-URL": f"http://hall.lan{on_page}?table=3"} if htmx else {}
    request = getattr(RequestFactory(), method)(path, headers=headers)
    return HtmxMiddleware(KeepPlaceMiddleware(view))(request)


def redirect_to(address):
    return lambda request: HttpResponseRedirect(address)


def a_page(request):
    return HttpResponse("<main id=main>the page</main>")


def test_a_form_that_comes_back_to_its_own_page_is_followed_and_swapped_in():
    response = answered(redirect_to(f"{BATTLE}?step=2"), "post", f"{BATTLE}round/")
    assert response.status_code == 302
    assert response["Location"] == f"{BATTLE}?step=2"


def test_a_form_that_ends_on_another_page_loads_that_page_whole():
    response = answered(redirect_to("/events/ad69/battles/"), "post", f"{BATTLE}delete/")
    assert response.status_code == 200
    assert response["HX-Redirect"] == "/events/ad69/battles/"


def test_a_refused_form_comes_back_in_place():
    refused = answered(
        lambda request: HttpResponse("<main id=main>errors</main>", status=400), "post", f"{BATTLE}round/"
    )
    assert refused.status_code == 400
    assert "HX-Redirect" not in refused
    assert refused["HX-Push-Url"] == "false"  # the address posted to is not the page's


def test_a_search_sent_to_another_page_loads_it_whole_without_running_its_view_twice():
    ran = []

    def view(request):
        ran.append(request)
        return a_page(request)

    response = answered(view, "get", "/events/ad69/post/all/?q=Galba")
    assert response["HX-Redirect"] == "/events/ad69/post/all/?q=Galba"
    assert ran == []


def test_a_page_asked_for_without_htmx_is_untouched():
    response = answered(redirect_to("/events/ad69/battles/"), "post", f"{BATTLE}delete/", htmx=False)
    assert response.status_code == 302
    assert "HX-Redirect" not in response
