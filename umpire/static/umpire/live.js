// Live pages: one websocket, reconnecting; gaps in the sequence numbers bring a
// fresh snapshot; the clock counts down on the server's time, never the device's.
//
// <script src="live.js" data-socket="/ws/…" data-refresh="world.changed …"
//         data-initial="initial-state-element-id" data-revocable="what to say once closed">
// With data-revocable, a socket closed with 4403 (its code was replaced), or a poll answered 404,
// empties #main, stops the clock, marks the body "revoked", says so in #live-status and stops
// reconnecting: what the page showed is no longer the holder's to read, and a countdown left
// running would tell the hall a time that Control may since have paused.
// While the socket is down (Redis stopped, the Wi-Fi gone) #live-status says live updates are
// interrupted and the page polls its own address instead, taking the clock from the
// data-initial element and #main from the fresh page, until the socket opens again.
// A socket closed with 4429 (too many wrong codes from this address) shows the server's
// words and tries again once the wait it names is over.
// Elements marked data-clock="countdown|month|turn|phase|state|winter-land|winter-sea"
// are kept up to date; the body gets the classes clock-<state> (held among them), clock-warn, clock-last,
// tax-turn and clock-holding; #announcements is filled with what Control has published.
// Every event heard is also dispatched on the document as "live:event" (its payload in detail), and
// "live:missed" when a snapshot says some may have gone unheard.
(function () {
  "use strict";
  var script = document.currentScript;
  var refreshOn = (script.dataset.refresh || "").split(" ").filter(Boolean);
  var status = document.getElementById("live-status");
  var lastSeq = {};
  var counted = null; // the socket whose messages lastSeq counts
  var retry = 1000;
  var refusal = null; // the server's "refused" message before a 4429 close
  var clock = null;
  var offset = 0; // server time minus this device's time, in ms
  var POLL_MS = 10000; // a hall of 300 phones polling at this rate is 30 pages a second
  var INTERRUPTED = "Live updates interrupted: this page checks for changes every 10 seconds " +
    "and reconnects by itself.";
  var polling = null;
  var ticking = null; // the countdown's redraw, stopped once the page's code is revoked
  var missed = false; // whether events may have gone unheard since the page last had them all
  var ended = false;

  function fromPage(page) {
    var holder = script.dataset.initial && page.getElementById(script.dataset.initial);
    if (!holder) { return; }
    var data = JSON.parse(holder.textContent);
    setClock(data.clock);
    showAnnouncements(data.announcements);
  }

  function setClock(state) {
    if (!state) { return; }
    clock = state;
    offset = Date.parse(state.now) - Date.now();
    render();
  }

  function secondsLeft() {
    if (!clock) { return null; }
    if (clock.state === "running") {
      return Math.max(0, (Date.parse(clock.ends_at) - (Date.now() + offset)) / 1000);
    }
    return clock.seconds_left;
  }

  function mmss(seconds) {
    var whole = Math.ceil(seconds);
    var m = Math.floor(whole / 60), s = whole % 60;
    return m + ":" + (s < 10 ? "0" : "") + s;
  }

  function phasesNow(left) {
    var elapsed = (clock.turn_seconds - (left === null ? clock.turn_seconds : left)) / 60;
    return clock.phases.filter(function (p) {
      return p.starts <= elapsed && (p.ends === null || elapsed < p.ends) && (clock.tax_turn || !p.tax_turns_only);
    }).map(function (p) { return p.name; });
  }

  // the projector's server-rendered lines say the same (umpire/clock_words.py, STATE_LINES)
  var STATE_WORDS = {
    scheduled: "Not started", running: "Running", paused: "PAUSED", held: "Waiting for Control", finished: "Game over"
  };
  var HOLDING_WORDS = "Waiting for Control"; // running, its time up, and the next turn Control's to start

  function render() {
    if (!clock) { return; }
    var left = secondsLeft();
    var holding = clock.state === "running" && left === 0 && !clock.auto_advance;
    var text = {
      countdown: left === null ? "–" : mmss(left),
      month: clock.month,
      turn: "Turn " + clock.turn + " of " + clock.turns,
      phase: clock.state === "held" ? "Game held: waiting for Control"
        : holding ? "Turn over: waiting for Control" : phasesNow(left).join(" · "),
      state: holding ? HOLDING_WORDS : STATE_WORDS[clock.state],
      "winter-land": clock.winter_on_land.join(", ") || "none",
      "winter-sea": clock.winter_at_sea.join(", ") || "none"
    };
    document.querySelectorAll("[data-clock]").forEach(function (el) {
      var value = text[el.dataset.clock];
      if (value !== undefined && el.textContent !== value) { el.textContent = value; }
    });
    var body = document.body.classList;
    ["scheduled", "running", "paused", "held", "finished"].forEach(function (s) { body.toggle("clock-" + s, clock.state === s); });
    body.toggle("clock-warn", clock.state === "running" && left !== null && left <= 300 && left > 60);
    body.toggle("clock-last", clock.state === "running" && left !== null && left <= 60);
    body.toggle("clock-holding", holding);
    body.toggle("tax-turn", clock.tax_turn);
  }

  function showAnnouncements(items) {
    var list = document.getElementById("announcements");
    if (!list || !items) { return; }
    list.replaceChildren.apply(list, items.map(function (item) {
      var li = document.createElement("li");
      li.textContent = item.text;
      return li;
    }));
  }

  // The page's fetches of itself are numbered. An answer to one begun before the page heard a change to what it
  // shows (an announcement, a snapshot, an event it refreshes on) may be older than that change, and answers can
  // come back out of order: neither is shown over what the page knows, and a stale one is fetched again.
  var begun = 0; // the page's fetches of itself so far
  var shownFetch = 0; // the fetch whose answer the page shows
  var changedAfter = 0; // the last fetch begun before the page heard its latest change

  function fetchPage(then) {
    var number = ++begun;
    return fetch(window.location.href, { credentials: "same-origin" })
      .then(function (r) {
        if (r.status === 404 && script.dataset.revocable) { revoked(); }
        return r.ok ? r.text() : null;
      })
      .then(function (html) { if (html) { then(new DOMParser().parseFromString(html, "text/html"), number); } });
  }

  function heardChange() { changedAfter = begun; }

  // Whether fetch `number`'s answer may be shown. One begun before the latest change is asked for `again`, unless
  // a later fetch is already on its way or waiting its turn.
  function upToDate(number, again) {
    if (number < shownFetch) { return false; }
    if (number <= changedAfter) {
      if (number === begun && !refreshing) { again(); }
      return false;
    }
    shownFetch = number;
    return true;
  }

  function typingInMain() {
    var typing = document.activeElement;
    var inMain = typing && /^(INPUT|TEXTAREA|SELECT)$/.test(typing.tagName) && typing.closest("#main");
    return inMain ? typing : null;
  }

  // A form sent through htmx (keep_place.js) is answered with a fresh #main of its own: a refresh landing
  // while that answer is on its way would swap it into a detached #main, and lose what the form did.
  var answerAwaited = false, refreshWaiting = false;
  document.addEventListener("htmx:beforeRequest", function () { answerAwaited = true; });
  document.addEventListener("htmx:afterSettle", answered);
  document.addEventListener("htmx:afterRequest", function (e) { if (!e.detail.successful) { answered(); } });

  function answered() {
    answerAwaited = false;
    if (refreshWaiting) { refreshWaiting = false; refreshMain(); }
  }

  function replaceMain(page, number) {
    if (answerAwaited) { refreshWaiting = true; return; } // fetched before the form was sent: fetch again after
    if (!upToDate(number, refreshMain)) { return; }
    var fresh = page.getElementById("main");
    if (!fresh || ended || typingInMain()) { return; }
    var current = document.getElementById("main");
    var told = current.querySelector(".messages");
    if (told && !fresh.querySelector(".messages")) { fresh.prepend(told); } // what the last form did stays said
    current.replaceWith(fresh);
    if (window.htmx) { window.htmx.process(fresh); }
  }

  // A turn's end reaches every screen in the hall at once, and each page that shows the turn's work would
  // fetch itself again in the same instant: the server answered the last of them a second or more later.
  // Each waits a moment of its own, up to REFRESH_SPREAD_MS, so the pages come in turn; the events heard
  // meanwhile (the clock, then the letters it brought) share the one fetch. The clock itself is redrawn at once.
  var REFRESH_SPREAD_MS = 1000;
  var refreshing = null;

  function refreshSoon() {
    if (refreshing) { return; }
    refreshing = setTimeout(function () { refreshing = null; refreshMain(); }, Math.random() * REFRESH_SPREAD_MS);
  }

  function refreshMain() {
    var typing = typingInMain();
    if (typing) {
      // never throw away what an umpire is typing: refresh once he leaves the field
      typing.addEventListener("blur", refreshMain, { once: true });
      return;
    }
    if (answerAwaited) { refreshWaiting = true; return; }
    fetchPage(replaceMain);
  }

  function poll() {
    fetchPage(function (page, number) {
      if (ended || !upToDate(number, poll)) { return; }
      fromPage(page);
      if (refreshOn.length) { replaceMain(page, number); }
    }).catch(function () {}); // the server itself is out of reach: the next poll tries again
  }

  function interrupted(words) {
    missed = true;
    if (status) { status.textContent = words; status.hidden = false; }
    if (!polling) { polling = setInterval(poll, POLL_MS); }
  }

  function resumed() {
    if (status) { status.hidden = true; }
    clearInterval(polling);
    polling = null;
  }

  function onEvent(event) {
    if (event.type === "clock.changed") { setClock(event.clock); }
    if (event.type === "announcements.changed") {
      showAnnouncements(event.showing);
      heardChange();
    }
    if (event.type === "clock.warning") {
      document.body.classList.add("clock-flash");
      setTimeout(function () { document.body.classList.remove("clock-flash"); }, 3000);
    }
    if (refreshOn.indexOf(event.type) !== -1) {
      heardChange();
      refreshSoon();
    }
    // a page that updates part of itself (the cast grid) listens for these rather than reloading #main
    document.dispatchEvent(new CustomEvent("live:event", { detail: event }));
  }

  function onMessage(socket, message) {
    if (message.type === "refused") {
      refusal = message;
      return;
    }
    if (message.type === "snapshot") {
      var stale = missed || Object.keys(lastSeq).length > 0;
      lastSeq = latest(message.seq, socket === counted ? lastSeq : {});
      counted = socket;
      missed = false;
      setClock(message.clock);
      showAnnouncements(message.announcements);
      heardChange();
      if (stale && refreshOn.length) { refreshMain(); }
      if (stale) { document.dispatchEvent(new CustomEvent("live:missed")); }
      return;
    }
    var last = lastSeq[message.group] || 0;
    lastSeq[message.group] = Math.max(last, message.seq);
    if (message.seq > last + 1) {
      socket.send(JSON.stringify({ type: "snapshot" }));
    } else {
      onEvent(message.event);
    }
  }

  // A message is sent before its number is committed, so a snapshot read meanwhile counts one fewer
  // than this socket may have heard already: on the same socket the higher number stands, or the next
  // message would look like a gap. A new socket takes the snapshot's numbers as they are.
  function latest(snapshot, heard) {
    var numbers = {};
    Object.keys(snapshot).forEach(function (group) {
      numbers[group] = Math.max(snapshot[group], heard[group] || 0);
    });
    return numbers;
  }

  function revoked() {
    ended = true;
    clearInterval(polling);
    clearInterval(ticking);
    clock = null;
    document.body.classList.add("revoked");
    var main = document.getElementById("main");
    if (main) { main.replaceChildren(); }
    if (status) { status.textContent = script.dataset.revocable; status.hidden = false; }
  }

  function connect() {
    if (ended) { return; }
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + script.dataset.socket);
    socket.onopen = function () { resumed(); retry = 1000; };
    socket.onmessage = function (e) { onMessage(socket, JSON.parse(e.data)); };
    socket.onclose = function (e) {
      if (e.code === 4403 && script.dataset.revocable) { return revoked(); }
      if (e.code === 4429 && refusal) { return refusedForTries(); }
      interrupted(INTERRUPTED);
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }

  function refusedForTries() {
    // polling would be refused too: wait as long as the server says, then try once more
    if (status) { status.textContent = refusal.reason; status.hidden = false; }
    setTimeout(connect, refusal.wait * 1000);
    refusal = null;
  }

  fromPage(document);
  ticking = setInterval(render, 200);
  connect();
})();
