// On every page: a deadline in the reader's own time, with a countdown; a question before a grave action
// (a form with data-confirm="..." is sent only if the reader says yes).
(function () {
  "use strict";

  function local(date) {
    var how = { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit", timeZoneName: "short" };
    try { return date.toLocaleString(undefined, how); } catch (e) { return date.toString(); }
  }

  function remaining(ms) {
    if (ms <= 0) { return "passed: the results come within seconds; reload to see them"; }
    var minutes = Math.floor(ms / 60000);
    var days = Math.floor(minutes / 1440), hours = Math.floor((minutes % 1440) / 60);
    return (days ? days + " d " : "") + (days || hours ? hours + " h " : "") + (minutes % 60) + " min left";
  }

  document.querySelectorAll("time.local-time").forEach(function (el) {
    var when = new Date(el.getAttribute("datetime"));
    if (!isNaN(when)) { el.title = el.textContent; el.textContent = local(when); }
  });
  var counters = document.querySelectorAll(".countdown[data-until]");
  function tick() {
    counters.forEach(function (el) { el.textContent = "(" + remaining(new Date(el.dataset.until) - Date.now()) + ")"; });
  }
  if (counters.length) { tick(); setInterval(tick, 20000); }

  document.addEventListener("submit", function (event) {
    var question = event.target.dataset ? event.target.dataset.confirm : null;
    if (question && !window.confirm(question)) { event.preventDefault(); }
  }, true);
})();
