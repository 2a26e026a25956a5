// The rules desk: a form built from the procedure's input description, the dice rolled by
// the console or typed in from the table, and the result with its whole working.
(function () {
  "use strict";
  var script = document.currentScript;
  var description = JSON.parse(document.getElementById("procedure-description").textContent);
  var lastRun = null;

  function csrfToken() {
    var match = document.cookie.match(/csrftoken=([^;]+)/);
    return match ? match[1] : "";
  }

  function element(tag, attrs, children) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      if (attrs[key] !== undefined && attrs[key] !== null) { el.setAttribute(key, attrs[key]); }
    });
    (children || []).forEach(function (child) {
      el.append(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return el;
  }

  function label(name) { return name.replace(/_/g, " "); }

  // Each builder returns {el, read}: read() gives the field's value, or undefined to leave it out.
  function buildField(field, path) {
    var editor = buildType(field, path, field.default);
    var title = element("span", { class: "field-name" }, [label(field.name) + (field.required ? "" : " (optional)")]);
    var help = field.help ? element("small", { class: "muted" }, [field.help]) : "";
    var wrapper = element(field.type === "object" || field.type === "list" ? "fieldset" : "label",
      { class: "field", "data-path": path }, [title, editor.el, help]);
    return { el: wrapper, name: field.name, read: editor.read };
  }

  function buildType(spec, path, initial) {
    if (spec.type === "object") { return buildObject(spec.fields, path + "."); }
    if (spec.type === "list") { return buildList(spec, path); }
    if (spec.type === "boolean") {
      var box = element("input", { type: "checkbox" });
      box.checked = initial === true;
      return { el: box, read: function () { return box.checked; } };
    }
    if (spec.type === "choice") {
      var select = element("select", {}, [element("option", { value: "" }, ["–"])].concat(
        spec.choices.map(function (c) { return element("option", { value: c }, [label(String(c))]); })));
      if (initial !== undefined) { select.value = initial; }
      return { el: select, read: function () { return select.value === "" ? undefined : select.value; } };
    }
    var input = element("input", spec.type === "integer"
      ? { type: "number", inputmode: "numeric", step: 1, min: spec.min, max: spec.max }
      : { type: "text" });
    if (initial !== undefined && initial !== null) { input.value = initial; }
    return {
      el: input,
      read: function () {
        if (input.value === "") { return undefined; }
        return spec.type === "integer" ? Number(input.value) : input.value;
      }
    };
  }

  function buildObject(fields, prefix) {
    var parts = fields.map(function (f) { return buildField(f, prefix + f.name); });
    var box = element("div", { class: "object" }, parts.map(function (p) { return p.el; }));
    return {
      el: box,
      read: function () {
        var value = {};
        parts.forEach(function (p) { var v = p.read(); if (v !== undefined) { value[p.name] = v; } });
        return value;
      }
    };
  }

  function buildList(spec, path) {
    var items = [];
    var holder = element("div", { class: "list-items" });
    var add = element("button", { type: "button" }, ["Add"]);
    function addItem() {
      if (spec.max_items && items.length >= spec.max_items) { return; }
      var item = buildType(spec.items, path + "." + items.length);
      var remove = element("button", { type: "button", class: "remove" }, ["Remove"]);
      var row = element("div", { class: "list-item" }, [item.el, remove]);
      var entry = { row: row, read: item.read };
      remove.addEventListener("click", function () { items.splice(items.indexOf(entry), 1); row.remove(); });
      items.push(entry);
      holder.append(row);
    }
    add.addEventListener("click", addItem);
    addItem();
    return {
      el: element("div", {}, [holder, add]),
      read: function () { return items.map(function (i) { return i.read(); }); }
    };
  }

  var form = buildObject(description.input, "");
  document.getElementById("case-fields").append(form.el);

  function showError(error) {
    var box = document.getElementById("rules-error");
    box.textContent = (error.field ? label(error.field) + ": " : "") + error.message;
    box.hidden = false;
    document.querySelectorAll(".field.has-error").forEach(function (el) { el.classList.remove("has-error"); });
    var target = error.field && document.querySelector('[data-path="' + error.field + '"]');
    if (target) { target.classList.add("has-error"); target.scrollIntoView({ block: "center" }); }
  }

  function showResult(result) {
    document.getElementById("rules-error").hidden = true;
    // the cells the event's data tables filled in, which the umpire did not type
    document.getElementById("rules-filled").textContent = (result.filled || []).join(" ");
    var outcome = document.getElementById("rules-outcome");
    outcome.replaceChildren();
    Object.keys(result.outcome).forEach(function (key) {
      var value = result.outcome[key];
      outcome.append(element("dt", {}, [label(key)]),
        element("dd", {}, [typeof value === "object" ? JSON.stringify(value) : String(value)]));
    });
    var rows = result.working.map(function (line) {
      return element("tr", { class: "line-" + line.kind }, [
        element("td", {}, [line.text]),
        element("td", { class: "num" }, [line.value === null ? "" : String(line.value)]),
        element("td", { class: "muted" }, [line.rule])
      ]);
    });
    document.getElementById("rules-working").replaceChildren.apply(document.getElementById("rules-working"), rows);
    document.getElementById("rules-result").hidden = false;
    document.getElementById("saved").hidden = true;
  }

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", body: JSON.stringify(body),
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrfToken() }
    }).then(function (r) { return r.json().then(function (data) { return { ok: r.ok, data: data }; }); });
  }

  document.getElementById("rules-form").addEventListener("submit", function (e) {
    e.preventDefault();
    var atTable = document.querySelector('input[name="dice-mode"]:checked').value === "table";
    var typed = document.getElementById("table-dice").value.trim();
    var url = script.dataset.run + (atTable ? "?dice=" + encodeURIComponent(typed) : "");
    var runCase = form.read();
    post(url, runCase).then(function (reply) {
      if (!reply.ok) { showError(reply.data.error); return; }
      lastRun = { case: runCase, result: reply.data, byConsole: !atTable };
      showResult(reply.data);
    });
  });

  document.getElementById("save-form").addEventListener("submit", function (e) {
    e.preventDefault();
    post(script.dataset.save, {
      case: lastRun.case,
      dice: lastRun.result.dice.map(function (d) { return d.value; }),
      rolled_by_console: lastRun.byConsole,
      seed: lastRun.result.seed,
      table: document.getElementById("save-table").value || null,
      note: document.getElementById("save-note").value
    }).then(function (reply) {
      if (!reply.ok) { showError(reply.data.error); return; }
      document.getElementById("saved-pdf").href = reply.data.pdf;
      document.getElementById("saved-notes").textContent = (reply.data.notes || []).join(" ");
      document.getElementById("saved").hidden = false;
    });
  });
})();
