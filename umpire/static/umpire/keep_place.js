// Pages that keep their place: a page whose <main> carries hx-boost="true" sends its forms through htmx,
// which swaps in the answer's #main and leaves the window where it was (the settings are in base.html).
// A form refused (400) comes back in place, with what was typed and each error beside its field.
// An answer that belongs to another page is a full load: the server turns its redirect into HX-Redirect
// (umpire.keep_place), so each page still opens with its own live socket and scripts.
(function () {
  "use strict";

  // Links are never swapped in: another page needs its own socket, which only a full load opens.
  document.addEventListener("htmx:confirm", function (event) {
    var link = event.detail.elt;
    if (link.tagName === "A") {
      event.preventDefault();
      window.location.assign(link.href);
    }
  });

  function inView(element) {
    var box = element.getBoundingClientRect();
    return box.top >= 0 && box.top < window.innerHeight;
  }

  // The step the umpire is on (data-current-step) is brought into view when a swap left it out of sight.
  document.addEventListener("htmx:afterSettle", function () {
    var step = document.querySelector("#main [data-current-step]");
    if (step && !inView(step)) { step.scrollIntoView({ block: "start" }); }
  });
})();
