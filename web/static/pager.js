// A past phase's page: the left and right arrow keys step to the earlier and later phase (not while the map,
// which pans with them, or a text box has the keyboard).
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var inside = event.target && event.target.closest && event.target.closest("figure.map, input, textarea, select");
    if (inside) { return; }
    var rel = event.key === "ArrowLeft" ? "prev" : event.key === "ArrowRight" ? "next" : null;
    var link = rel && document.querySelector('#pager a[rel="' + rel + '"]');
    if (link) { window.location.href = link.href; }
  });
})();
