// The cast page. Each row is saved by fetch and replaced by the server's rendering of it, its refusal
// shown in the row. A row changed on another screen (world.changed, heard through live.js) is fetched
// again, unless its umpire is editing it: then the row says so, and he chooses. Without this script
// every row still posts as a plain form.
(function () {
  "use strict";
  var ROW_HEADER = "X-Cast-Row";
  var OWN_ECHO_MS = 5000; // a save's own world.changed comes back within this; it is not news from elsewhere
  var saving = 0;
  var heldBack = []; // changes heard while a save was on its way: its own echo, mostly
  var ownRows = {}; // row id -> when this page last saved it

  function message(row, text, className) {
    var place = row.querySelector(".row-message");
    if (!place) { return; }
    place.replaceChildren();
    var words = document.createElement(className === "problem" ? "strong" : "span");
    words.className = className;
    words.textContent = text;
    place.appendChild(words);
    return place;
  }

  function fromHtml(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    return holder.content.querySelector("tr");
  }

  function replaceRow(row, html) {
    var fresh = fromHtml(html);
    if (!fresh) { return; }
    row.replaceWith(fresh);
    fresh.querySelectorAll("textarea").forEach(grow);
  }

  function answered(row, response) {
    if (response.redirected) {
      message(row, "Not saved: you are signed out. Sign in again in another tab, then save.", "problem");
      return null;
    }
    if (response.status !== 200 && response.status !== 400) {
      message(row, "Not saved: the console answered " + response.status + ". Reload the page and try again.", "problem");
      return null;
    }
    return response.text();
  }

  function save(form) {
    var row = form.closest("tr");
    saving += 1;
    message(row, "Saving…", "muted");
    ownRows[row.id] = Date.now();
    fetch(form.action, { method: "POST", body: new FormData(form), headers: { "X-Cast-Row": "1" }, credentials: "same-origin" })
      .then(function (response) { return answered(row, response); })
      .then(function (html) { if (html) { replaceRow(row, html); } })
      .catch(function () { message(row, "Not saved: the console is out of reach. Try again in a moment.", "problem"); })
      .then(function () {
        saving -= 1;
        if (!saving) { heldBack.splice(0).forEach(changed); }
      });
  }

  function fetchRow(row, chosen) {
    fetch(row.dataset.rowUrl, { headers: { "X-Cast-Row": "1" }, credentials: "same-origin" })
      .then(function (response) { return response.ok && !response.redirected ? response.text() : null; })
      .then(function (html) {
        var current = document.getElementById(row.id);
        if (html && current && (chosen || !editing(current))) { replaceRow(current, html); }
      })
      .catch(function () {});
  }

  function editing(row) {
    return row.classList.contains("dirty") || row.contains(document.activeElement);
  }

  function changedElsewhere(row) {
    if (!editing(row)) { return fetchRow(row); }
    var place = message(row, "Changed on another screen. Saving overwrites it with this row; ", "changed-elsewhere");
    var reload = document.createElement("button");
    reload.type = "button";
    reload.textContent = "Show theirs";
    reload.addEventListener("click", function () { fetchRow(row, true); });
    if (place) { place.appendChild(reload); }
  }

  function rowFor(change) {
    if (change.model === "umpire.character") { return document.getElementById("character-" + change.record_id); }
    if (change.model === "umpire.player") { return document.getElementById("player-" + change.record_id); }
    if (change.model === "umpire.briefing") {
      return document.querySelector('tr[data-briefing="' + change.record_id + '"]');
    }
    return undefined; // not shown on this page
  }

  function notice() {
    document.getElementById("cast-notice").hidden = false;
  }

  function changed(change) {
    var row = rowFor(change);
    if (row === undefined) { return; }
    if (!row || change.action === "delete") { return notice(); } // the page's lists themselves are out of date
    if (Date.now() - (ownRows[row.id] || 0) < OWN_ECHO_MS) { // most likely this page's own save, heard back
      if (!editing(row)) { fetchRow(row); }
      return;
    }
    changedElsewhere(row);
  }

  function grow(area) {
    if (window.CSS && CSS.supports("field-sizing", "content")) { return; }
    area.style.height = "auto";
    area.style.height = area.scrollHeight + 4 + "px";
  }

  document.addEventListener("submit", function (e) {
    if (!e.target.classList.contains("row-form")) { return; }
    e.preventDefault();
    save(e.target);
  });
  document.addEventListener("input", function (e) {
    var form = e.target.form;
    if (form && form.classList.contains("row-form")) { form.closest("tr").classList.add("dirty"); }
    if (e.target.tagName === "TEXTAREA") { grow(e.target); }
  });
  document.addEventListener("live:event", function (e) {
    if (e.detail.type !== "world.changed") { return; }
    if (saving) { heldBack.push(e.detail); } else { changed(e.detail); }
  });
  document.addEventListener("live:missed", notice);
  document.getElementById("cast-reload").addEventListener("click", function (e) {
    e.preventDefault();
    window.location.reload();
  });
  document.querySelectorAll(".cast-grid textarea").forEach(grow);
})();
