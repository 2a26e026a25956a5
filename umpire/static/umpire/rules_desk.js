// The rules desk's lists, with no round trip: "Add a …" copies the list's template entry, numbered after the
// last, and "Remove" takes an entry out. Without this script both are submits the server answers (the page
// comes back with the entry added or gone). Listeners sit on the document, so they outlive a swapped #main.
(function () {
  "use strict";
  var NEW = "__new__";  // the template entry's index, as umpire.rules_forms.NEW

  function entriesOf(list) { return list.querySelector(":scope > [data-entries]"); }

  function recount(list) {
    var count = entriesOf(list).children.length;
    list.querySelector(":scope > summary [data-count]").textContent = String(count);
    var max = Number(list.dataset.max || 0);
    list.querySelector(":scope > [data-add]").disabled = max > 0 && count >= max;
  }

  function addEntry(list) {
    var path = list.dataset.list;
    var next = Number(list.dataset.next);
    var template = list.querySelector(":scope > template[data-template]");
    // every name, id and label of the copy (and of lists inside it) starts with the list's path and the index
    var html = template.innerHTML.split(path + "." + NEW).join(path + "." + next);
    entriesOf(list).insertAdjacentHTML("beforeend", html);
    var entry = entriesOf(list).lastElementChild;
    entry.querySelector("[data-entry-marker]").value = String(next);
    list.dataset.next = String(next + 1);
    recount(list);
    var first = entry.querySelector("input:not([type=hidden]), select");
    if (first) { first.focus(); }
  }

  document.addEventListener("click", function (event) {
    var add = event.target.closest("[data-add]");
    if (add) {
      event.preventDefault();
      addEntry(add.closest("[data-list]"));
      return;
    }
    var remove = event.target.closest("[data-remove]");
    if (remove) {
      event.preventDefault();
      var list = remove.closest("[data-list]");
      remove.closest("[data-entry]").remove();
      recount(list);
    }
  });
})();
