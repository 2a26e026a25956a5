// Live updates for a console page: reconnects, spots dropped messages by their
// sequence numbers, and re-fetches the page's main section when it is stale.
(function () {
  "use strict";
  var script = document.currentScript;
  var eventId = script.dataset.event;
  var refreshOn = (script.dataset.refresh || "").split(" ");
  var status = document.getElementById("live-status");
  var lastSeq = {};
  var retry = 1000;

  function refreshMain() {
    fetch(window.location.href, { credentials: "same-origin" })
      .then(function (r) { return r.text(); })
      .then(function (html) {
        var fresh = new DOMParser().parseFromString(html, "text/html").getElementById("main");
        if (fresh) { document.getElementById("main").replaceWith(fresh); }
      });
  }

  function onMessage(socket, message) {
    if (message.type === "snapshot") {
      var stale = Object.keys(lastSeq).length > 0;
      lastSeq = message.seq;
      if (stale) { refreshMain(); }
      return;
    }
    var expected = (lastSeq[message.group] || 0) + 1;
    lastSeq[message.group] = message.seq;
    if (message.seq !== expected) {
      socket.send(JSON.stringify({ type: "snapshot" }));
    } else if (refreshOn.indexOf(message.event.type) !== -1) {
      refreshMain();
    }
  }

  function connect() {
    var scheme = window.location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + window.location.host + "/ws/events/" + eventId + "/");
    socket.onopen = function () { status.hidden = true; retry = 1000; };
    socket.onmessage = function (e) { onMessage(socket, JSON.parse(e.data)); };
    socket.onclose = function () {
      status.hidden = false;
      setTimeout(connect, retry);
      retry = Math.min(retry * 2, 15000);
    };
  }
  connect();
})();
