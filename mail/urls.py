from django.urls import path

from . import mailbox_views, paper_views, posting_time_views, views

app_name = "mail"

urlpatterns = [
    path("events/<slug:slug>/post/", views.post_room, name="post"),
    path("events/<slug:slug>/post/find/", views.find, name="find"),
    path("events/<slug:slug>/post/all/", views.whole_post, name="whole-post"),
    path("events/<slug:slug>/post/settings/", views.settings, name="settings"),
    path("events/<slug:slug>/post/tables/<int:table_id>/", views.tray, name="tray"),
    path("events/<slug:slug>/post/tables/<int:table_id>/post-letter/", views.post_letter, name="post-letter"),
    path("events/<slug:slug>/post/tables/<int:table_id>/pick-up/", views.pick_up, name="pick-up"),
    path("events/<slug:slug>/post/tables/<int:table_id>/leave/", views.leave, name="leave"),
    path(
        "events/<slug:slug>/post/tables/<int:table_id>/from-runners/",
        views.leave_from_runners,
        name="leave-from-runners",
    ),
    path("events/<slug:slug>/post/letters/<int:pk>/", views.letter, name="letter"),
    path("events/<slug:slug>/post/letters/<int:pk>/deliver/", views.deliver, name="deliver"),
    path("events/<slug:slug>/post/letters/<int:pk>/forward/", views.forward, name="forward"),
    path("events/<slug:slug>/post/letters/<int:pk>/return/", views.return_to_sender, name="return"),
    path("events/<slug:slug>/post/letters/<int:pk>/rule/", views.rule, name="rule"),
    path("events/<slug:slug>/post/letters/<int:pk>/settle/", views.settle, name="settle"),
    path("events/<slug:slug>/post/couriers/<int:character_id>/", views.courier, name="courier"),
    path("events/<slug:slug>/post/mailboxes/", mailbox_views.mailboxes, name="mailboxes"),
    path(
        "events/<slug:slug>/post/mailboxes/<int:character_id>/issue/", mailbox_views.issue_mailbox, name="mailbox-issue"
    ),
    path("events/<slug:slug>/post/mailboxes/issue/", mailbox_views.issue_mailboxes, name="mailboxes-issue"),
    path("post/<slug:slug>/mailbox/", mailbox_views.mailbox, name="mailbox"),
    path("events/<slug:slug>/post/posting-times/", posting_time_views.posting_times, name="posting-times"),
    path(
        "events/<slug:slug>/post/posting-times/default/",
        posting_time_views.set_default_posting_times,
        name="posting-times-default",
    ),
    path(
        "events/<slug:slug>/post/posting-times/<int:route_id>/",
        posting_time_views.set_posting_time,
        name="posting-time-set",
    ),
    path("events/<slug:slug>/post/letters/<int:pk>/cover.pdf", paper_views.letter_cover_pdf, name="letter-cover"),
    path("events/<slug:slug>/post/tables/<int:table_id>/stationery.pdf", paper_views.stationery_pdf, name="stationery"),
]
